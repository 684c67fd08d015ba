import { Link, useLocation, useMatches } from "react-router";
import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, pathTo } from "@shop/routing";
import { alternateParamsOf } from "~/alternates";
import { usePageLanguage, useRootData } from "~/root-data";

/**
 * Query parameters a page cannot do without, kept when the language changes: an e-mailed link's
 * token or reset code, where sign-in returns to, the sign-in method, the order of the payment and
 * order status pages, the step of the new-order flow.
 */
const KEPT_PARAMS = ["token", "code", "redirect", "method", "order", "step"];

function keptQuery(search: string): string {
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = current.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : "";
}

/** Links to the same screen (same product, same order) in every language. */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const data = useRootData();
  const { locale, messages } = usePageLanguage();
  const overrides = alternateParamsOf(useMatches());
  const query = keptQuery(useLocation().search);
  const screen = data?.screen;
  const targetOf = (option: (typeof LOCALES)[number]) => {
    if (!screen) return pathTo("home", option);
    if (overrides) return pathTo(screen.id, option, overrides[option] ?? screen.params);
    return data.alternates?.[option] ?? pathTo("home", option);
  };
  return (
    <nav aria-label={messages.nav.language} className={className}>
      <ul className="flex items-center text-sm font-semibold sm:gap-1">
        {LOCALES.map((option) => {
          const current = option === locale;
          return (
            <li key={option}>
              <Link
                to={targetOf(option) + query}
                hrefLang={LOCALE_TAGS[option]}
                lang={LOCALE_TAGS[option]}
                aria-current={current ? "true" : undefined}
                title={LOCALE_NAMES[option]}
                className={`inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-2 uppercase ${
                  current ? "bg-leaf-700 text-white" : "text-leaf-800 hover:bg-leaf-100"
                }`}
              >
                <span aria-hidden="true">{option}</span>
                <span className="sr-only">{LOCALE_NAMES[option]}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
