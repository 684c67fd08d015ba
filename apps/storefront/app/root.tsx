import { useRef } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import { webViewUser } from "@shop/domain/web-view";
import { alternatesOf, canonicalUrl, hreflangLinks, runGuard, SCREENS } from "@shop/routing";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import headingFont from "@fontsource/fraunces/files/fraunces-latin-600-normal.woff2?url";
import bodyFont from "@fontsource-variable/nunito/files/nunito-latin-wght-normal.woff2?url";
import { Analytics } from "./analytics/analytics";
import { ClientBehaviours } from "./components/client-behaviours";
import { analyticsSettings, consentBannerFor } from "./analytics/settings.server";
import { CONSENT_BANNER_ID } from "./analytics/events";
import { ErrorScreen } from "./components/error-screen";
import { FallbackTexts } from "./components/fallback-texts";
import { env } from "./env.server";
import { messagesFor, pageMessages } from "./i18n";
import { useNonce } from "./nonce";
import { usePageLanguage, useRootData } from "./root-data";
import { confirmEmailFromLink } from "./accounts/email-confirmation.server";
import { takeFlash } from "./accounts/flash.server";
import { clearSessionCookie } from "./session.server";
import { shopDetails } from "./shop-details";
import { getShopSettings } from "./shop-settings.server";
import { SupportChat } from "./support-chat/support-chat";
import { supportChatFor } from "./support-chat/settings.server";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  // Fetched with the stylesheet rather than after it: the fonts are "optional" (app.css, decision
  // 054), used only when they come within the browser's short block period.
  ...[bodyFont, headingFont].map((href) => ({
    rel: "preload",
    href,
    as: "font",
    type: "font/woff2",
    crossOrigin: "anonymous" as const,
  })),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Screen and language come with the request: worked out once, before the server's middlewares used them
// (server/request-context.ts), so this page, its cache and its guard never disagree about them.
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { screen, locale } = context;
  // The shop's details go in every page's footer; cached, and null (left out) while unknown.
  // The session was resolved once for the whole request (server/request-context.ts): read, never looked up here.
  const { session } = context;
  const shopSettings = await getShopSettings();
  const headers = new Headers();
  if (session.clearCookie) headers.append("Set-Cookie", clearSessionCookie());
  const flash = takeFlash(context.cookies);
  if (flash.spend) headers.append("Set-Cookie", flash.spend);

  if (screen?.id === "login") {
    const confirmation = await confirmEmailFromLink(url, { locale, signedInAs: session.user?.id ?? null });
    if (confirmation) throw confirmation;
  }

  // A reset link opened while signed in still sets the password (a customer who signs in by code
  // may want one): the guest guard would send them away with the link unused.
  const resettingPassword = screen?.id === "passwordRecovery" && url.searchParams.has("code");
  if (screen && !resettingPassword) {
    const outcome = runGuard(SCREENS[screen.id].guard, {
      signedIn: session.user !== null,
      locale,
      target: url.pathname + url.search,
    });
    if (!outcome.allow) throw redirect(outcome.redirectTo, { headers });
  }

  return data(
    {
      locale,
      messages: pageMessages(messagesFor(locale), screen?.id ?? null, { flash: flash.code }),
      user: session.user ? { email: session.user.email, firstName: session.user.firstName } : null,
      flash: flash.code,
      shop: shopDetails(shopSettings, locale),
      screen,
      alternates: screen ? alternatesOf(screen.id, screen.params) : null,
      analytics: analyticsSettings(),
      // The consent banner as the server writes it (decision 054), or null without Tag Manager.
      consentBanner: consentBannerFor({ locale, dataRequest: context.dataRequest, cookies: context.cookies }),
      // The support chat's page (decision 020), or null: none configured, or the order flow.
      supportChat: supportChatFor(screen),
      // The company's app (decision 019): its hooks, and the debug console for the staff listed.
      webView: webViewUser({
        userAgent: request.headers.get("User-Agent"),
        token: env.APP_USER_AGENT_TOKEN,
        adminEmails: env.APP_ADMIN_EMAILS,
        // Anyone may register a staff address nobody has claimed yet: only a confirmed one counts.
        email: session.user?.confirmed ? session.user.email : null,
      }),
      seo: {
        origin: env.SITE_URL,
        canonical: canonicalUrl(env.SITE_URL, url.pathname, url.search),
        hreflang: screen ? hreflangLinks(env.SITE_URL, screen.id, screen.params) : [],
        indexable: screen ? SCREENS[screen.id].indexable : false,
      },
    },
    { headers },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

// Guards live in this loader, so it must run on every navigation, not only on the first load.
export function shouldRevalidate() {
  return true;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { tag } = usePageLanguage();
  const rootData = useRootData();
  const inApp = (rootData?.webView ?? "browser") !== "browser";
  const banner = rootData?.consentBanner;
  return (
    // The banner's first script may mark <html> before React hydrates it (decision 054).
    <html lang={tag} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Inside the company's app, before any other script: keeps what is logged before the app's chunk starts. */}
        {inApp && <script src="/web-view-early-log.js" />}
        {/* Before anything is painted: the banner shows only to a visitor who has not chosen. */}
        {banner && <script nonce={nonce} dangerouslySetInnerHTML={{ __html: banner.script }} />}
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3b7f1f" />
        <Meta />
        {/* Stylesheets need no nonce (style-src 'self'); an explicit empty one keeps React Router from
            copying the script nonce here, which the browser then hides and hydration reports. */}
        <Links nonce="" />
      </head>
      <body>
        <FallbackTexts />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <ConsentBannerHost />
      <Outlet />
      <Analytics />
      <SupportChat />
      <ClientBehaviours />
    </>
  );
}

/**
 * The banner the server wrote (decision 054), first in the page (the first Tab reaches it), painted
 * with it and brought to life by its chunk, which <Analytics /> loads: so it is here, beside it, and
 * not on an error page, where nothing would listen to it. A navigation's data leaves the markup out
 * for a visitor who has answered: the last one stays, hidden.
 */
function ConsentBannerHost() {
  const banner = useRootData()?.consentBanner;
  const last = useRef("");
  if (banner?.html) last.current = banner.html;
  return banner ? <div id={CONSENT_BANNER_ID} dangerouslySetInnerHTML={{ __html: last.current }} /> : null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  return <ErrorScreen status={status} path={pathname} framed />;
}
