import { z } from "zod";

/**
 * How the storefront tells the CMS who the visitor is (docs/decisions/007): the address it decided
 * with its own trusted proxy hops, vouched for by a secret both apps share.
 */
export const CLIENT_IP_HEADER = "x-shop-client-ip";
export const PROXY_SECRET_HEADER = "x-shop-proxy-secret";

/** Fine on a laptop; both apps refuse it in a deployment. */
export const DEV_PROXY_SECRET = "dev-proxy-secret-change-me";
/** Shorter secrets are guessable; both apps refuse them. */
export const MIN_PROXY_SECRET_LENGTH = 16;

/**
 * The collections any visitor may read through the content API (GET /api/{name}, /count, /{id}):
 * the storefront's /api allow-list lets exactly these through, and the fuzz test walks them. The CMS
 * grants the matching read permissions (apps/cms/src/catalogue/collections.ts).
 */
export const PUBLIC_COLLECTIONS = [
  "products",
  "categories",
  "reviews",
  "blog-posts",
  "team-members",
  "farmers",
  "newsroom-entries",
  "box-contents",
  "legal-pages",
  "faqs",
] as const;

/** A list answer of the content API, Strapi's envelope: `{ data: [...], meta }`. Entries are checked by each reader. */
export const listAnswerSchema = z.object({ data: z.array(z.unknown()) });

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Where browsers reach a CMS that runs on this machine (its sandbox payment page): the same name
 * the CMS gives itself by default (its PUBLIC_URL), so that the page the CMS sends customers to
 * is the page the storefront allows them to go to. The storefront reaches the CMS at a loopback
 * address (CMS_URL); browsers are sent to `localhost` at the same port. Off this machine the CMS's
 * public address cannot be guessed: it is CMS_URL unless set (CMS_PUBLIC_URL and PUBLIC_URL).
 */
export function defaultCmsPublicUrl(cmsUrl: string): string {
  const url = new URL(cmsUrl);
  if (!LOOPBACK_HOSTS.has(url.hostname)) return url.origin;
  return `http://localhost:${url.port || (url.protocol === "https:" ? 443 : 80)}`;
}

/**
 * The Redis channel on which a CMS process says that staff changed what the storefront caches (the
 * catalogue, content pages, shop settings, delivery areas): every storefront process listening drops
 * its copies at once (docs/decisions/050). The message is only a nudge; what changed is read from the
 * CMS as usual, so nothing in it is trusted.
 */
export const CONTENT_CHANGED_CHANNEL = "shop:content-changed";
