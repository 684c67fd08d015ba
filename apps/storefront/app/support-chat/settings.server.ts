import { SCREENS, type Locale, type ScreenId } from "@shop/routing";
import { env } from "../env.server";
import { format } from "../i18n/format";
import { SUPPORT_CHAT_POLICY } from "./policy-texts";
import { SUPPORT_CHAT_TEXTS } from "./texts";

/**
 * The chat page a screen offers (the root loader sends it to the browser), or null: no chat. The
 * order flow has none: its step buttons sit at the bottom of a phone's screen, where the launcher
 * would cover them, and its layout leaves out whatever does not help finish the order.
 */
export function supportChatFor(
  screen: { readonly id: ScreenId } | null,
  url: string | undefined = env.SUPPORT_CHAT_URL,
): string | null {
  if (!url) return null;
  return screen && SCREENS[screen.id].layout === "buy-process" ? null : url;
}

/** The cookie policy's part about the chat, in `locale`, or null while the shop has no chat. */
export function supportChatCookiePolicy(
  locale: Locale,
  url: string | undefined = env.SUPPORT_CHAT_URL,
): { heading: string; body: string } | null {
  if (!url) return null;
  const { heading, body } = SUPPORT_CHAT_POLICY[locale];
  const values = { provider: new URL(url).host, launcher: SUPPORT_CHAT_TEXTS[locale].launcher };
  return { heading, body: format(body, values) };
}
