import { Suspense } from "react";
import { onDemand } from "./on-demand";
import { Link } from "react-router";
// The module, not the index: the footer is in every page's first-load chunk (see packages/routing/src/locales.ts).
import { DELIVERY_FAQ_KEY, faqAnchor } from "@shop/domain/content";
import { pathTo, type ScreenId } from "@shop/routing";
import { CookieSettingsButton } from "~/analytics/cookie-settings-button";
import { ExternalLink } from "./external-link";
import { LogoMark } from "./logo";
import { ScreenLink } from "./screen-link";
import { usePageLanguage, useRootData } from "~/root-data";
import type { Messages } from "~/i18n";
import type { SocialNetwork } from "@shop/contracts";

type FooterGroup = readonly [keyof Messages["footer"], readonly ScreenId[]];

const GROUPS: readonly FooterGroup[] = [
  [
    "shop",
    ["boxes", "seasonalBoxes", "whatsInTheBox", "complementaryProducts", "giftCardCreate", "companies", "referAFriend"],
  ],
  ["company", ["about", "team", "farmers", "newsroom", "contact"]],
  ["sustainability", ["impact", "commitment", "foodWaste"]],
  ["legal", ["legalNotice", "cookiesPolicy", "privacyPolicy", "termsAndConditions"]],
];

/** Brand names are not translated. Kept here, not beside the contract: the footer is in every page's first load. */
const SOCIAL_NETWORK_NAMES: Readonly<Record<SocialNetwork, string>> = {
  instagram: "Instagram",
  facebook: "Facebook",
  tiktok: "TikTok",
  youtube: "YouTube",
  linkedin: "LinkedIn",
  x: "X",
  pinterest: "Pinterest",
};

/**
 * The newsletter signup is below every page's fold: it comes in its own chunk, so it adds nothing to
 * the first load that decision 006 budgets. Where the server rendered it (signed out), the chunk is
 * fetched before the page hydrates (components/on-demand.tsx); before then the form posts as plain HTML.
 */
const NewsletterSignup = onDemand(() => import("./newsletter-signup").then((module) => module.NewsletterSignup));
if (typeof document !== "undefined" && document.querySelector("[data-footer-newsletter-signup]")) {
  NewsletterSignup.holdHydration();
}

const LINK = "inline-block py-1 text-leaf-50 hover:text-white hover:underline";

export function SiteFooter() {
  const { messages, locale } = usePageLanguage();
  // The shop's details come from the CMS; without them (CMS down, not filled in) they are left out.
  const root = useRootData();
  const shop = root?.shop ?? null;
  const signedIn = Boolean(root?.user);
  const info = messages.shopInfo;
  const contact = pathTo("contact", locale);
  const owner = [
    shop?.legalName ?? messages.site.name,
    shop?.taxId ? `${info.taxId} ${shop.taxId}` : null,
    shop && shop.address.length > 0 ? shop.address.join(", ") : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <footer className="mt-16 bg-leaf-900 text-leaf-50">
      {/* On a phone the sections come first: the menu button leads here when its panel cannot open. */}
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-6">
        <div className="max-sm:order-last lg:col-span-1">
          <div className="flex items-center gap-2">
            <LogoMark />
            <span className="font-display text-xl font-semibold">{messages.site.name}</span>
          </div>
          <p className="mt-3 text-sm text-leaf-100">{messages.footer.madeFor}</p>
        </div>
        <section aria-labelledby="footer-help" className="max-sm:order-last">
          <h2 id="footer-help" className="text-sm font-bold uppercase tracking-wide text-carrot-400">
            {messages.footer.help}
          </h2>
          <ul className="mt-3 grid gap-1 text-sm">
            {shop?.email ? (
              <li>
                <a href={`mailto:${shop.email}`} className={`${LINK} [overflow-wrap:anywhere]`}>
                  {shop.email}
                </a>
              </li>
            ) : null}
            {shop?.phone ? (
              <li>
                <a href={shop.phone.href} className={`${LINK} whitespace-nowrap`}>
                  {shop.phone.text}
                </a>
              </li>
            ) : null}
            {shop?.openingHours ? <li className="py-1 text-leaf-100">{shop.openingHours}</li> : null}
            <li>
              {/* Until orders check postcodes, the FAQ answers where the shop delivers and what it costs. */}
              <Link to={`${contact}#${faqAnchor(DELIVERY_FAQ_KEY)}`} className={LINK}>
                {messages.footer.delivery}
              </Link>
            </li>
            <li>
              <Link to={`${contact}#faq`} className={LINK}>
                {messages.footer.faq}
              </Link>
            </li>
          </ul>
        </section>
        {GROUPS.map(([title, screens]) => (
          <nav key={title} aria-label={messages.footer[title]}>
            <h2 className="text-sm font-bold uppercase tracking-wide text-carrot-400">{messages.footer[title]}</h2>
            <ul className="mt-3 grid gap-1 text-sm">
              {screens.map((screen) => (
                <li key={screen}>
                  <ScreenLink screen={screen} className={LINK}>
                    {messages.screens[screen].title}
                  </ScreenLink>
                </li>
              ))}
              {title === "legal" && root?.analytics ? (
                <li>
                  <CookieSettingsButton className={`${LINK} text-left`}>
                    {messages.footer.cookieSettings}
                  </CookieSettingsButton>
                </li>
              ) : null}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-leaf-800">
        <div className="mx-auto max-w-6xl px-4 py-8">
          {/* Customers manage their subscription in their account; visitors sign up here (double opt-in). */}
          {signedIn ? (
            <section aria-labelledby="footer-newsletter">
              <h2 id="footer-newsletter" className="text-sm font-bold uppercase tracking-wide text-carrot-400">
                {messages.newsletterSignup.heading}
              </h2>
              <ScreenLink screen="newsletter" className={`${LINK} mt-2 text-sm font-semibold underline`}>
                {messages.newsletterSignup.manage}
              </ScreenLink>
            </section>
          ) : (
            <div data-footer-newsletter-signup="" className="contents">
              <Suspense fallback={null}>
                <NewsletterSignup.Component />
              </Suspense>
            </div>
          )}
        </div>
      </div>
      {shop && (shop.paymentMethods.length > 0 || shop.socialLinks.length > 0) ? (
        <div className="border-t border-leaf-800">
          <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-x-8 gap-y-4 px-4 py-6 text-sm">
            {shop.paymentMethods.length > 0 ? (
              <div>
                <h2 className="font-bold text-carrot-400">{info.payments}</h2>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {shop.paymentMethods.map((method) => (
                    <li key={method} className="rounded-full bg-leaf-800 px-3 py-1 text-leaf-50">
                      {info.paymentMethods[method]}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {shop.socialLinks.length > 0 ? (
              <div>
                <h2 className="font-bold text-carrot-400">{info.social}</h2>
                <ul className="mt-1 flex flex-wrap gap-x-4">
                  {shop.socialLinks.map((link) => (
                    <li key={link.url}>
                      <ExternalLink href={link.url} className={LINK}>
                        {SOCIAL_NETWORK_NAMES[link.network]}
                      </ExternalLink>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        </div>
      ) : null}
      <p className="border-t border-leaf-800 px-4 py-4 text-center text-xs text-leaf-200">
        © {new Date().getFullYear()} {owner}
        {owner.endsWith(".") ? "" : "."} {messages.footer.rights}
      </p>
    </footer>
  );
}
