import { Form, NavLink, Outlet } from "react-router";
import { FlashNotice } from "~/accounts/flash-notice";
import { pathTo, RESOURCE_PATHS, type ScreenId } from "@shop/routing";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader, SITE_SECTIONS_ID } from "~/components/site-header";
import { usePageLanguage, useRootData } from "~/root-data";

const ACCOUNT_NAV: readonly ScreenId[] = ["account", "orders", "subscriptions", "profile", "referrals", "newsletter"];

/** The customer's account area (the specification calls its layout "admin"). */
export default function AccountLayout() {
  const data = useRootData();
  const { locale, messages } = usePageLanguage();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <div className="mx-auto grid w-full max-w-6xl flex-1 gap-6 px-4 py-6 md:grid-cols-[14rem_1fr]">
        {/* min-w-0: a grid item is as wide as its content by default. On a phone the menu's items wrap
            onto more rows rather than scroll, so the page the customer is on is always in sight. */}
        <aside className="min-w-0">
          <nav aria-label={messages.nav.accountMenu}>
            <p className="truncate px-3 text-sm text-sand-700">{data?.user?.email}</p>
            <ul className="mt-2 flex flex-wrap gap-1 md:flex-col">
              {ACCOUNT_NAV.map((screen) => (
                <li key={screen} className="shrink-0">
                  <NavLink
                    to={pathTo(screen, locale)}
                    end
                    className={({ isActive }) =>
                      `block rounded-lg px-3 py-2 font-semibold ${isActive ? "bg-leaf-700 text-white" : "text-sand-900 hover:bg-leaf-50"}`
                    }
                  >
                    {messages.screens[screen].title}
                  </NavLink>
                </li>
              ))}
            </ul>
            <Form method="post" action={RESOURCE_PATHS.logout} className="mt-2">
              <input type="hidden" name="locale" value={locale} />
              <button type="submit" className="min-h-11 rounded-lg px-3 font-semibold text-carrot-700 underline">
                {messages.nav.signOut}
              </button>
            </Form>
          </nav>
        </aside>
        {/* wrap-anywhere: what the customer typed (an e-mail address, a company's name, an address line)
            may be one word wider than a phone; it breaks inside the word instead of widening the page. */}
        <main id="main" className="min-w-0 wrap-anywhere">
          <FlashNotice />
          <Outlet />
        </main>
      </div>
      <div id={SITE_SECTIONS_ID}>
        <SiteFooter />
      </div>
    </div>
  );
}
