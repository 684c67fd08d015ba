import { renderSitemap, staticSitemapEntries } from "@shop/routing";
import { env } from "~/env.server";

export function loader() {
  return new Response(renderSitemap(env.SITE_URL, staticSitemapEntries()), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
