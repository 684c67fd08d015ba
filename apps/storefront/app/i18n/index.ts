import type { Locale, ScreenId } from "@shop/routing";
import { ca, es, pt, type Messages, type ScreenText } from "./app-texts";

export type { Messages, ScreenText } from "./app-texts";

const MESSAGES: Record<Locale, Messages> = { es, ca, pt };

/** Texts of a language; anything unknown gets the Spanish texts (specification, section 2). */
export function messagesFor(locale: string): Messages {
  return (MESSAGES as Record<string, Messages>)[locale] ?? es;
}

type FlashTexts = Messages["flash"];

/**
 * The texts a page sends to the browser: everything but the other screens' descriptions and
 * lead texts, which are most of the file. Menus and the footer still get every screen's title.
 * Of the one-time notices only the one showing (besides the close button's and the footer's
 * newsletter form's words): the others were ~1.3 KB of every page's data (decision 024).
 */
export type PageMessages = Omit<Messages, "screens" | "flash"> & {
  readonly screens: Readonly<Record<ScreenId, Pick<ScreenText, "title">>>;
  /** The current screen's texts; null on a page that is no screen (an unknown path). */
  readonly screen: ScreenText | null;
  readonly flash: Pick<FlashTexts, "close" | "newsletterRequested"> & Partial<FlashTexts>;
};

/** Every screen's title, worked out once per language rather than on every request. */
const titlesOf = new WeakMap<Messages, PageMessages["screens"]>();

export function pageMessages(
  messages: Messages,
  screen: ScreenId | null,
  { flash = null }: { flash?: keyof FlashTexts | null } = {},
): PageMessages {
  let screens = titlesOf.get(messages);
  if (!screens) {
    screens = Object.fromEntries(
      Object.entries(messages.screens).map(([id, text]) => [id, { title: text.title }]),
    ) as PageMessages["screens"];
    titlesOf.set(messages, screens);
  }
  const { close, newsletterRequested } = messages.flash;
  return {
    ...messages,
    screens,
    screen: screen ? messages.screens[screen] : null,
    flash: { close, newsletterRequested, ...(flash ? { [flash]: messages.flash[flash] } : {}) },
  };
}

export { format } from "./format";
