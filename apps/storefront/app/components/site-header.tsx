import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { ScreenId } from "@shop/routing";
import { AccountEntry } from "~/accounts/account-entry";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { ScreenLink } from "./screen-link";
import type SiteMenu from "./site-menu";
import type { PageMessages } from "~/i18n";
import { usePageLanguage } from "~/root-data";

/** Where the menu button leads before (or without) JavaScript: the footer's list of every section. */
export const SITE_SECTIONS_ID = "site-sections";

/** The sections on the header's own row on large screens; the menu lists them all. */
export const HEADER_SECTIONS = [
  "boxes",
  "seasonalBoxes",
  "complementaryProducts",
  "whatsInTheBox",
  "companies",
  "impact",
] as const satisfies readonly ScreenId[];

// The menu's dialog loads on the first open (decision 006): the header only holds its button.
const loadMenu = () => import("./site-menu");

function sectionLabel(messages: PageMessages, screen: ScreenId): string {
  return screen in messages.nav ? messages.nav[screen as keyof typeof messages.nav] : messages.screens[screen].title;
}

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
      <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * One row that fits the narrowest phone in any language: the logo, the language switcher (from
 * sm), the account (an icon, named by its text, until lg), the order button (from md) and the
 * menu. Large screens add the main sections on a row of their own, which wraps rather than
 * overflowing should a translation grow. The menu lists every section on every screen.
 */
export function SiteHeader() {
  const { messages } = usePageLanguage();
  const { pathname } = useLocation();
  const menuButton = useRef<HTMLButtonElement>(null);
  const [hydrated, setHydrated] = useState(false);
  // The dialog, once downloaded. It stays mounted after the first open so that closing it can
  // give focus back to the button.
  const [Menu, setMenu] = useState<typeof SiteMenu | null>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => setHydrated(true), []);
  // Whatever led to another page (a link, the browser's back button) closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  function openMenu() {
    setOpen(true);
    if (Menu) return;
    loadMenu().then(
      (module) => setMenu(() => module.default),
      (error: unknown) => {
        // Offline, or a deploy replaced the file: the footer's sections are the way on.
        console.warn("The menu could not be loaded", error);
        setOpen(false);
        document.getElementById(SITE_SECTIONS_ID)?.scrollIntoView();
      },
    );
  }

  const menuLabel = (
    <>
      <MenuIcon />
      <span className="max-sm:sr-only">{messages.nav.menu}</span>
    </>
  );
  const menuClass =
    "inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-full font-semibold text-leaf-800 hover:bg-leaf-100 sm:px-3";

  return (
    <header className="sticky top-0 z-20 border-b border-sand-200 bg-sand-50/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-30 focus:rounded focus:bg-white focus:p-2"
      >
        {messages.site.skipToContent}
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
        <Logo />
        <div className="ml-auto flex items-center gap-1 lg:gap-2">
          <LanguageSwitcher className="hidden sm:block" />
          <AccountEntry iconOnlyBelowLg />
          <ScreenLink
            screen="newOrder"
            className="hidden min-h-11 items-center rounded-full bg-carrot-500 px-4 text-sm font-bold whitespace-nowrap text-sand-900 shadow-sm hover:bg-carrot-400 md:inline-flex"
          >
            {messages.nav.newOrder}
          </ScreenLink>
          {hydrated ? (
            <button
              ref={menuButton}
              type="button"
              aria-haspopup="dialog"
              aria-expanded={open}
              onClick={openMenu}
              // Fetched early when the pointer or focus reaches the button.
              onPointerEnter={() => void loadMenu().catch(() => undefined)}
              className={menuClass}
            >
              {menuLabel}
            </button>
          ) : (
            // Before hydration the button is a link to the footer's sections.
            <a href={`#${SITE_SECTIONS_ID}`} className={menuClass}>
              {menuLabel}
            </a>
          )}
        </div>
      </div>
      <nav aria-label={messages.nav.main} className="hidden border-t border-sand-200 lg:block">
        <ul className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1 px-2 text-sm">
          {HEADER_SECTIONS.map((screen) => (
            <li key={screen}>
              <ScreenLink
                screen={screen}
                className="block rounded-lg px-3 py-2 font-semibold whitespace-nowrap text-sand-900 hover:bg-leaf-50 hover:text-leaf-800"
              >
                {sectionLabel(messages, screen)}
              </ScreenLink>
            </li>
          ))}
        </ul>
      </nav>
      {Menu ? <Menu open={open} onClose={() => setOpen(false)} returnFocusTo={menuButton} /> : null}
    </header>
  );
}
