import type { ScreenId } from "@shop/routing";
import { LogoMark } from "./logo";
import { ScreenLink } from "./screen-link";
import { usePageLanguage } from "~/root-data";
import type { Messages } from "~/i18n";

type FooterGroup = readonly [keyof Messages["footer"], readonly ScreenId[]];

const GROUPS: readonly FooterGroup[] = [
  ["shop", ["boxes", "seasonalBoxes", "complementaryProducts", "giftCardCreate", "companies", "referAFriend"]],
  ["company", ["about", "team", "farmers", "newsroom", "contact"]],
  ["sustainability", ["impact", "commitment", "foodWaste"]],
  ["legal", ["legalNotice", "cookiesPolicy", "privacyPolicy", "termsAndConditions"]],
];

export function SiteFooter() {
  const { messages } = usePageLanguage();
  return (
    <footer className="mt-16 bg-leaf-900 text-leaf-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-5">
        <div className="lg:col-span-1">
          <div className="flex items-center gap-2">
            <LogoMark />
            <span className="font-display text-xl font-semibold">{messages.site.name}</span>
          </div>
          <p className="mt-3 text-sm text-leaf-100">{messages.footer.madeFor}</p>
        </div>
        {GROUPS.map(([title, screens]) => (
          <nav key={title} aria-label={messages.footer[title]}>
            <h2 className="text-sm font-bold uppercase tracking-wide text-carrot-400">{messages.footer[title]}</h2>
            <ul className="mt-3 grid gap-1 text-sm">
              {screens.map((screen) => (
                <li key={screen}>
                  <ScreenLink
                    screen={screen}
                    className="inline-block py-1 text-leaf-50 hover:text-white hover:underline"
                  >
                    {messages.screens[screen].title}
                  </ScreenLink>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-leaf-800 px-4 py-4 text-center text-xs text-leaf-200">
        © {new Date().getFullYear()} {messages.site.name}. {messages.footer.rights}
      </p>
    </footer>
  );
}
