import type { ReactNode } from "react";
import type { LegalPageKey } from "@shop/domain";
import type { Route } from "./+types/legal";
import { analyticsCookiePolicy } from "~/analytics/settings.server";
import { CookieSettingsButton } from "~/analytics/cookie-settings-button";
import { SECONDARY_BUTTON } from "~/components/button-styles";
import { notFound, ScreenErrorBoundary } from "~/components/error-screen";
import { PlainMarkdown } from "~/components/plain-markdown";
import { OwnerDetails, useShopDetails } from "~/components/shop-details";
import { getLegalPage } from "~/content.server";
import { usePageLanguage } from "~/root-data";
import { screenMeta } from "~/seo";
import { supportChatCookiePolicy } from "~/support-chat/settings.server";

export const meta = screenMeta;
export const ErrorBoundary = ScreenErrorBoundary;

const LEGAL_SCREENS = new Set<string>(["legalNotice", "cookiesPolicy", "privacyPolicy", "termsAndConditions"]);

/** One module for the four legal screens: the screen of the request says which page this is. */
export async function loader({ request, context: { screen, locale } }: Route.LoaderArgs) {
  if (!screen || !LEGAL_SCREENS.has(screen.id)) notFound(request);
  const page = await getLegalPage(screen.id as LegalPageKey, locale);
  if (!page) notFound(request);
  // What Tag Manager may set is listed only while the shop loads it, so the page never lists more than is used.
  const cookiesPolicy = screen.id === "cookiesPolicy";
  const analyticsCookies = cookiesPolicy ? analyticsCookiePolicy(locale) : null;
  // Likewise the support chat's provider, only while the shop has a chat (decision 020).
  const chatCookies = cookiesPolicy ? supportChatCookiePolicy(locale) : null;
  return { page, analyticsCookies, chatCookies };
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { messages } = usePageLanguage();
  const shop = useShopDetails();
  // The legal notice names who runs the site from the shop settings staff keep, so it never disagrees
  // with the footer; left out while the CMS has none.
  const owner =
    loaderData.page.key === "legalNotice" && shop && (shop.legalName || shop.taxId || shop.address.length > 0)
      ? shop
      : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="font-display text-3xl font-semibold text-leaf-800 sm:text-4xl">{loaderData.page.title}</h1>
      {owner ? (
        <section aria-labelledby="owner" className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-sand-200">
          <h2 id="owner" className="mb-4 font-display text-xl font-semibold text-leaf-800">
            {messages.shopInfo.owner}
          </h2>
          <OwnerDetails shop={owner} />
        </section>
      ) : null}
      <div className="mt-6">
        <PlainMarkdown source={loaderData.page.body} />
      </div>
      {loaderData.analyticsCookies ? (
        <PolicyPart id="analytics-cookies" {...loaderData.analyticsCookies}>
          <CookieSettingsButton className={`${SECONDARY_BUTTON} mt-6`}>
            {loaderData.analyticsCookies.change}
          </CookieSettingsButton>
        </PolicyPart>
      ) : null}
      {loaderData.chatCookies ? <PolicyPart id="chat-cookies" {...loaderData.chatCookies} /> : null}
    </article>
  );
}

/** A part the storefront adds under the CMS's text, about a tool the shop uses only while configured. */
function PolicyPart({
  id,
  heading,
  body,
  children,
}: {
  id: string;
  heading: string;
  body: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h2 id={id} className="mt-3 font-display text-xl font-semibold text-leaf-800">
        {heading}
      </h2>
      <div className="mt-3">
        <PlainMarkdown source={body} />
      </div>
      {children}
    </section>
  );
}
