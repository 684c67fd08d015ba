import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import * as Dialog from "@radix-ui/react-dialog";
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from "~/components/button-styles";
import { consentTextsFor } from "./consent-texts";
import { type BannerAnswer, bannerAnswerOf, CONSENT_ASK_ATTRIBUTE, CONSENT_BANNER_ID } from "./events";
import { pageOwnTitle } from "~/page-title.client";
import { usePageLanguage } from "~/root-data";
import type { ConsentUiProps } from "./analytics";
import {
  ACCEPT_ALL,
  allowsGoogle,
  CONSENT_CATEGORIES,
  type ConsentCategory,
  type ConsentChoice,
  consentCookie,
  consentCookieValue,
  CONSENT_PATH,
  parseConsent,
  REJECT_ALL,
  serializeConsent,
  type StoredConsent,
} from "./consent";
import {
  dataLayerOf,
  forgetGoogleCookies,
  loadTagManager,
  pageViewEvent,
  pushPageView,
  startConsentMode,
  updateConsent,
} from "./tag-manager";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The server sets the cookie just written once more: Safari keeps a script's cookie 7 days at most,
 * and the choice is meant to last a year. Should this fail, the script's cookie still holds it.
 */
function keepForAYear(stored: StoredConsent) {
  const body = new URLSearchParams({ value: serializeConsent(stored) });
  fetch(CONSENT_PATH, { method: "POST", body, keepalive: true }).catch(() => undefined);
}

/** Once the banner is answered its buttons are gone: focus goes to the page's content, not to nowhere. */
function focusMain() {
  const main = document.getElementById("main");
  if (!main) return;
  main.tabIndex = -1;
  main.focus({ preventScroll: true });
}

function storedConsent(): StoredConsent | null {
  return parseConsent(consentCookieValue(document.cookie), { now: nowSeconds() });
}

/**
 * While the banner lies over the page (fixed at the bottom), the page makes room for it: as much
 * padding at its end as the banner is high, so that the end of any page can be scrolled clear of it,
 * and as much scroll padding, so that a field that takes focus is scrolled above it. Where the
 * banner is in the page's flow (the order flow), nothing is needed.
 */
function useRoomFor(host: HTMLElement | null, page: string) {
  useEffect(() => {
    // The section inside the server's node: a new language's page writes a new one.
    const banner = host?.firstElementChild;
    if (!(banner instanceof HTMLElement)) return;
    const { body, documentElement } = document;
    const makeRoom = () => {
      const over = getComputedStyle(banner).position === "fixed";
      const height = over ? `${banner.offsetHeight}px` : "";
      body.style.paddingBottom = height;
      documentElement.style.scrollPaddingBottom = height;
    };
    // The observer's first call comes with the next frame, after the browser's own layout: measuring
    // here at once would force a layout of the whole page in the middle of hydration (about 10 ms
    // on a fast machine, decision 059).
    const observer = new ResizeObserver(makeRoom);
    observer.observe(banner);
    return () => {
      observer.disconnect();
      body.style.paddingBottom = "";
      documentElement.style.scrollPaddingBottom = "";
    };
    // A new page may put the banner in its flow, or over it again (the order flow and the rest).
  }, [host, page]);
}

/** Data layers that got their consent defaults already: once per page, even if this remounts. */
const started = new WeakSet<unknown[]>();

/**
 * The same answers in the narrower dialog: less padding, so that their words keep to one line on a
 * phone. Important (`!`): PRIMARY_BUTTON's px-6 comes later in the stylesheet and would win.
 */
const DIALOG_ANSWER = `${PRIMARY_BUTTON} w-full px-2! text-base leading-tight`;

/**
 * The consent banner, the preferences dialog and the data layer's page views (docs/decisions/016).
 * Tag Manager is requested only once the visitor allows a category.
 */
export function ConsentUi({ settings, openRequests, takeEarlyAnswer }: ConsentUiProps) {
  const { locale } = usePageLanguage();
  const texts = consentTextsFor(locale);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const layer = dataLayerOf(settings.dataLayer, window as unknown as Record<string, unknown>);
  const [stored, setStored] = useState(storedConsent);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  // The server wrote the banner first in <body> (decision 054); this chunk only brings it to life.
  const [host] = useState(() => document.getElementById(CONSENT_BANNER_ID));
  useRoomFor(stored === null ? host : null, `${locale}${pathname}`);
  const focusMainOnClose = useRef(false);
  // Radix gives focus back only to its own Dialog.Trigger; this dialog opens from several places.
  const opener = useRef<Element | null>(null);
  const openDialog = () => {
    opener.current = document.activeElement;
    setDialogOpen(true);
  };

  // Consent Mode's defaults go first, before any page view (effects run in the order they are
  // written) and before Tag Manager could read the layer.
  useEffect(() => {
    if (started.has(layer)) return;
    started.add(layer);
    startConsentMode(layer);
    if (stored) {
      updateConsent(layer, stored.choice);
      if (allowsGoogle(stored.choice)) loadTagManager(settings, layer, document);
    }
    // Once per page: later choices go through choose().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // One page view per route change; the title is the new page's once React has committed it (its own,
  // even while a "come back" title stands in for it).
  useEffect(() => {
    pushPageView(layer, pageViewEvent({ url: new URL(window.location.href), title: pageOwnTitle(), language: locale }));
    // Only a new path or query is a new page view; a new language always comes with a new path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, search]);

  useEffect(() => {
    if (openRequests > 0) openDialog();
  }, [openRequests]);

  // Shown until answered; the page's first script showed it already to a visitor without a choice,
  // and a choice that reads back wrong here (too old, altered) shows it too.
  useEffect(() => {
    document.documentElement.toggleAttribute(CONSENT_ASK_ATTRIBUTE, stored === null);
  }, [stored]);

  /** Whether the visitor is still at the banner: an answer then moves the focus, otherwise it stays. */
  const atTheBanner = () => {
    const active = document.activeElement;
    return active === null || active === document.body || (host?.contains(active) ?? false);
  };

  // The banner's buttons and its link, by delegation: a new language's page writes new ones.
  const answer = useRef<(answer: BannerAnswer) => void>(() => undefined);
  answer.current = (given) => {
    if (given === "choose") openDialog();
    else choose(given === "accept" ? ACCEPT_ALL : REJECT_ALL);
  };
  useEffect(() => {
    if (!host) return;
    const onClick = (event: MouseEvent) => {
      const given = bannerAnswerOf(event);
      if (given) answer.current(given);
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      // The policy opens as any link of the shop does, without loading the page again (a new tab
      // or window with a modifier key, as the browser does).
      const plain = event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
      if (link && plain && !event.defaultPrevented) {
        event.preventDefault();
        void navigate(link.getAttribute("href") ?? "/", { replace: link.pathname === window.location.pathname });
      }
    };
    host.addEventListener("click", onClick);
    // In the same task as the listener above: no tap falls between the early one and this one.
    const early = takeEarlyAnswer();
    host.dataset.live = "";
    // A late "Choose" opens no dialog over what the visitor has gone on to do.
    if (early && (early !== "choose" || atTheBanner())) answer.current(early);
    return () => {
      host.removeEventListener("click", onClick);
      delete host.dataset.live;
    };
    // Once: the tap before this chunk came is answered on arrival, later ones by the listener.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [host]);

  function choose(choice: ConsentChoice) {
    const next = { choice, chosenAt: nowSeconds() };
    document.cookie = consentCookie(next, { secure: window.location.protocol === "https:" });
    keepForAYear(next);
    // A browser that refuses cookies drops the write silently: say so rather than claim it was saved.
    const kept = storedConsent()?.chosenAt === next.chosenAt;
    updateConsent(layer, choice);
    forgetGoogleCookies(document, choice);
    if (allowsGoogle(choice)) loadTagManager(settings, layer, document);
    if (stored === null) {
      // The dialog, when open, would give focus back to the banner's button, which is going away;
      // a visitor who has moved on (a tap answered when the chunk came) keeps their focus.
      if (dialogOpen) focusMainOnClose.current = true;
      else if (atTheBanner()) focusMain();
    }
    setStored(next);
    setDialogOpen(false);
    setAnnouncement(kept ? texts.saved : texts.notKept);
  }

  return (
    <>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <Preferences
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        initial={stored?.choice ?? REJECT_ALL}
        onChoose={choose}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (focusMainOnClose.current) focusMain();
          else if (opener.current instanceof HTMLElement) opener.current.focus();
          focusMainOnClose.current = false;
        }}
      />
    </>
  );
}

interface PreferencesProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The switches start as the visitor left them; never ticked for them before they chose (CJEU, Planet49). */
  readonly initial: ConsentChoice;
  readonly onChoose: (choice: ConsentChoice) => void;
  readonly onCloseAutoFocus: (event: Event) => void;
}

/**
 * Choosing by category in a modal dialog (Radix Dialog: focus moves in and stays, Escape closes,
 * focus returns to what opened it). Closing without saving changes nothing.
 */
function Preferences({ open, onClose, initial, onChoose, onCloseAutoFocus }: PreferencesProps) {
  const { locale, messages } = usePageLanguage();
  const texts = consentTextsFor(locale);
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const choice = Object.fromEntries(CONSENT_CATEGORIES.map((category) => [category, data.has(category)]));
    onChoose(choice as Record<ConsentCategory, boolean>);
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-sand-900/50" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] dialog-width -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl bg-sand-50 shadow-2xl"
        >
          <div className="flex items-center justify-between gap-2 border-b border-sand-200 px-4 py-2">
            <Dialog.Title className="font-display text-xl font-semibold text-leaf-800">
              {messages.footer.cookieSettings}
            </Dialog.Title>
            <Dialog.Close
              className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-leaf-800 hover:bg-leaf-100"
              aria-label={texts.dialog.close}
            >
              <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <form onSubmit={save} className="flex min-h-0 flex-col">
            <div className="grid gap-3 overflow-y-auto overscroll-contain px-4 py-4">
              <Dialog.Description className="text-sm text-sand-900">{texts.dialog.intro}</Dialog.Description>
              <div className="rounded-xl bg-white p-3 ring-1 ring-sand-200">
                <div className="flex items-center justify-between gap-3">
                  <h3 className="font-bold text-sand-900">{texts.dialog.necessary.name}</h3>
                  <span className="text-sm font-semibold text-leaf-800">{texts.dialog.necessary.state}</span>
                </div>
                <p className="mt-1 text-sm text-sand-700">{texts.dialog.necessary.description}</p>
              </div>
              {CONSENT_CATEGORIES.map((category) => (
                <div key={category} className="rounded-xl bg-white p-3 ring-1 ring-sand-200">
                  <label className="flex min-h-11 cursor-pointer items-center justify-between gap-3">
                    <span className="font-bold text-sand-900">{texts.dialog.categories[category].name}</span>
                    {/* The checkbox itself takes the taps and the focus, invisible over its drawn switch. */}
                    <span className="relative inline-flex h-7 w-12 shrink-0">
                      <input
                        type="checkbox"
                        role="switch"
                        name={category}
                        defaultChecked={initial[category]}
                        aria-describedby={`consent-${category}`}
                        className="peer absolute inset-0 z-10 m-0 h-full w-full cursor-pointer opacity-0"
                      />
                      <span
                        aria-hidden="true"
                        className="pointer-events-none h-7 w-12 rounded-full bg-sand-700 transition-colors peer-checked:bg-leaf-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-leaf-900 after:absolute after:top-1 after:left-1 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5 motion-reduce:transition-none motion-reduce:after:transition-none"
                      />
                    </span>
                  </label>
                  <p id={`consent-${category}`} className="text-sm text-sand-700">
                    {texts.dialog.categories[category].description}
                  </p>
                </div>
              ))}
            </div>
            <div className="grid grid-cols-2 gap-2 border-t border-sand-200 px-3 py-3">
              <button type="button" className={DIALOG_ANSWER} onClick={() => onChoose(REJECT_ALL)}>
                {texts.banner.rejectAll}
              </button>
              <button type="button" className={DIALOG_ANSWER} onClick={() => onChoose(ACCEPT_ALL)}>
                {texts.banner.acceptAll}
              </button>
              <button type="submit" className={`${SECONDARY_BUTTON} col-span-2 w-full`}>
                {texts.dialog.save}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
