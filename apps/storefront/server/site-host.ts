import type { NextFunction, Request, Response } from "express";

/** Hosts told about at most: a scanner sending made-up Host headers must not flood the log. */
const MAX_HOSTS_REPORTED = 20;

/**
 * In production, says once per host (console.error, specification section 8) when the shop is
 * reached at a host other than SITE_URL's: canonical links, hreflang, the sitemap and the links in
 * e-mails are all built from SITE_URL, so they would send visitors and search engines elsewhere.
 * Requests are answered as usual.
 */
export function reportForeignHosts({ siteUrl }: { siteUrl: string }) {
  const expected = new URL(siteUrl).hostname;
  const reported = new Set<string>();
  return (req: Request, _res: Response, next: NextFunction) => {
    const host = req.hostname;
    if (host && host !== expected && !reported.has(host) && reported.size < MAX_HOSTS_REPORTED) {
      reported.add(host);
      console.error(
        `The shop was reached at ${host}, but SITE_URL names ${expected}: its links (canonical, hreflang, sitemap, e-mails) point there`,
      );
    }
    next();
  };
}
