import type { MouseEvent, RefObject } from "react";
import { NavLink } from "react-router";
import * as Dialog from "@radix-ui/react-dialog";
import { pathTo, type ScreenId } from "@shop/routing";
import { AccountEntry } from "~/accounts/account-entry";
import { PRIMARY_BUTTON } from "./button-styles";
import { LanguageSwitcher } from "./language-switcher";
import { MENU_GROUPS } from "./menu-sections";
import { ScreenLink } from "./screen-link";
import type { PageMessages } from "~/i18n";
import { usePageLanguage } from "~/root-data";

interface SiteMenuProps {
  readonly open: boolean;
  readonly onClose: () => void;
  /** The menu button, which gets focus back whenever the menu closes. */
  readonly returnFocusTo: RefObject<HTMLElement>;
}

/** A section of the menu; the page being shown is marked (aria-current), so the visitor sees where they are. */
function SectionLink({ screen, messages }: { screen: ScreenId; messages: PageMessages }) {
  const { locale } = usePageLanguage();
  return (
    <NavLink
      to={pathTo(screen, locale)}
      end
      className={({ isActive }) =>
        `flex min-h-11 items-center rounded-lg px-3 font-semibold ${
          isActive ? "bg-leaf-100 text-leaf-800" : "text-sand-900 hover:bg-leaf-50 hover:text-leaf-800"
        }`
      }
    >
      {screen === "home" ? messages.nav.home : messages.screens[screen].title}
    </NavLink>
  );
}

/**
 * Every public section in a side panel (Radix Dialog: focus moves in and is kept there, Escape and
 * a tap outside close it, the page behind is inert and does not scroll). Loaded on the first open
 * (decision 006): the header only holds the button.
 */
export default function SiteMenu({ open, onClose, returnFocusTo }: SiteMenuProps) {
  const { messages } = usePageLanguage();
  // A tapped link (a section, a language, the account) leads elsewhere: the menu has done its job.
  const closeOnLink = (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest("a[href]")) onClose();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="site-menu-overlay fixed inset-0 z-40 bg-sand-900/50" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          onClick={closeOnLink}
          className="site-menu-panel fixed inset-y-0 right-0 z-50 flex dialog-width flex-col overflow-y-auto overscroll-contain bg-sand-50 shadow-2xl"
        >
          <div className="sticky top-0 z-10 flex items-center justify-between gap-2 border-b border-sand-200 bg-sand-50 px-4 py-2">
            <Dialog.Title className="font-display text-xl font-semibold text-leaf-800">
              {messages.nav.menu}
            </Dialog.Title>
            <Dialog.Close
              className="inline-flex h-11 w-11 items-center justify-center rounded-full text-leaf-800 hover:bg-leaf-100"
              aria-label={messages.nav.closeMenu}
            >
              <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          <div className="grid gap-5 px-4 pt-4 pb-8">
            <ScreenLink screen="newOrder" className={`${PRIMARY_BUTTON} w-full text-center`}>
              {messages.nav.newOrder}
            </ScreenLink>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <AccountEntry />
              <LanguageSwitcher />
            </div>
            <nav aria-label={messages.nav.sections} className="grid gap-5">
              <ul>
                <li>
                  <SectionLink screen="home" messages={messages} />
                </li>
              </ul>
              {MENU_GROUPS.map(([group, screens]) => (
                <section key={group} aria-labelledby={`menu-${group}`}>
                  <h2 id={`menu-${group}`} className="px-3 text-xs font-bold tracking-wide text-sand-700 uppercase">
                    {messages.footer[group]}
                  </h2>
                  <ul className="mt-1 grid">
                    {screens.map((screen) => (
                      <li key={screen}>
                        <SectionLink screen={screen} messages={messages} />
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </nav>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
