import { renderRobotsTxt } from "@shop/routing";
import { env } from "~/env.server";

/** robots.txt from the route table, with the sitemap's full URL on this site's origin. */
export function loader() {
  return new Response(renderRobotsTxt(env.SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
