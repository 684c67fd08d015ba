import type { NextFunction, Request, Response } from "express";

/** Hosts told about at most: a scanner sending made-up Host headers must not flood the log. */
const MAX_HOSTS_REPORTED = 20;

/** Names of this machine: a shop reached by one of them at SITE_URL's port is the same shop. */
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * In production, says once per host (console.error, specification section 8) when the shop is
 * reached at a host other than SITE_URL's: canonical links, hreflang, the sitemap and the links in
 * e-mails are all built from SITE_URL, so they would send visitors and search engines elsewhere.
 *
 * A page asked for at another name of this machine at SITE_URL's port (127.0.0.1 when SITE_URL says
 * localhost, or the other way round) is sent to SITE_URL's: cookies belong to one host, so a customer coming back from
 * the payment page or an e-mailed link at the other name would find themselves signed out. The
 * redirect is temporary (302): browsers do not remember it, so changing SITE_URL never leaves a loop.
 * Other hosts are answered as usual: behind a load balancer the Host header may be the balancer's
 * name for this process, and sending that to SITE_URL would loop; the balancer or CDN redirects
 * other public names (README, Deploy).
 */
/** The port a Host header names ("80" when it names none: loopback names are reached over http). */
function portOf(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  try {
    return new URL(`http://${hostHeader}`).port || "80";
  } catch {
    return null;
  }
}

export function oneSiteHost({ siteUrl }: { siteUrl: string }) {
  const site = new URL(siteUrl);
  const reported = new Set<string>();
  const sameMachine = LOOPBACK_NAMES.has(site.hostname);
  const sitePort = site.port || (site.protocol === "https:" ? "443" : "80");
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.hostname;
    if (!host || host === site.hostname) return next();
    if (!reported.has(host) && reported.size < MAX_HOSTS_REPORTED) {
      reported.add(host);
      console.error(
        `The shop was reached at ${host}, but SITE_URL names ${site.hostname}: its links (canonical, hreflang, sitemap, e-mails) point there`,
      );
    }
    const isRead = req.method === "GET" || req.method === "HEAD";
    // Only a path is appended to SITE_URL: an absolute-form target never chooses where we send people.
    // Another port is another server (a second storefront started by hand), not this shop's other name.
    const samePort = portOf(req.get("host")) === sitePort;
    if (sameMachine && samePort && LOOPBACK_NAMES.has(host) && isRead && req.originalUrl.startsWith("/")) {
      res.set("Cache-Control", "no-store");
      res.redirect(302, `${site.origin}${req.originalUrl}`);
      return;
    }
    next();
  };
}
