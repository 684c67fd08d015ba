import { FlashNotice } from "~/accounts/flash-notice";
import { Outlet } from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader, SITE_SECTIONS_ID } from "~/components/site-header";

export default function DefaultLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        <FlashNotice />
        <Outlet />
      </main>
      <div id={SITE_SECTIONS_ID}>
        <SiteFooter />
      </div>
    </div>
  );
}
