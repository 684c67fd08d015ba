import type { ScreenId } from "@shop/routing";
import { AccountEntry } from "./account-entry";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { ScreenLink } from "./screen-link";
import { usePageLanguage } from "~/root-data";

const MAIN_NAV = [
  ["boxes", "boxes"],
  ["seasonalBoxes", "seasonalBoxes"],
  ["whatsInTheBox", "whatsInTheBox"],
  ["companies", "companies"],
  ["impact", "impact"],
] as const satisfies readonly (readonly [ScreenId, string])[];

export function SiteHeader() {
  const { messages } = usePageLanguage();
  const links = MAIN_NAV.map(([screen, label]) => (
    <li key={screen}>
      <ScreenLink
        screen={screen}
        className="block rounded-lg px-3 py-2 font-semibold whitespace-nowrap text-sand-900 hover:bg-leaf-50 hover:text-leaf-800"
      >
        {messages.nav[label]}
      </ScreenLink>
    </li>
  ));
  return (
    <header className="sticky top-0 z-20 border-b border-sand-200 bg-sand-50/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2"
      >
        {messages.site.skipToContent}
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2">
        <Logo />
        <nav aria-label={messages.nav.main} className="hidden xl:block">
          <ul className="flex items-center gap-1 text-sm">{links}</ul>
        </nav>
        <div className="flex items-center gap-1">
          <LanguageSwitcher className="hidden sm:block" />
          <AccountEntry />
          <ScreenLink
            screen="newOrder"
            className="hidden min-h-11 items-center rounded-full bg-carrot-500 px-4 text-sm font-bold whitespace-nowrap text-sand-900 shadow-sm hover:bg-carrot-400 md:inline-flex"
          >
            {messages.nav.newOrder}
          </ScreenLink>
        </div>
      </div>
      {/* Phones: a native disclosure, usable before (and without) JavaScript. */}
      <details className="group border-t border-sand-200 xl:hidden">
        <summary className="mx-auto flex min-h-11 max-w-6xl cursor-pointer list-none items-center gap-2 px-4 font-semibold text-leaf-800">
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" focusable="false">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {messages.nav.menu}
        </summary>
        <nav aria-label={messages.nav.main} className="mx-auto max-w-6xl px-2 pb-3">
          <ul className="grid gap-1">{links}</ul>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2 px-2">
            <LanguageSwitcher className="sm:hidden" />
            <ScreenLink
              screen="newOrder"
              className="inline-flex min-h-11 items-center rounded-full bg-carrot-500 px-4 text-sm font-bold text-sand-900 hover:bg-carrot-400"
            >
              {messages.nav.newOrder}
            </ScreenLink>
          </div>
        </nav>
      </details>
    </header>
  );
}
