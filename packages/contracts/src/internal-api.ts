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

/** The signed-in customer as GET /api/users/me answers it, as far as the storefront reads it. */
export const sessionUserSchema = z.object({
  id: z.number().int().positive(),
  email: z.string().min(1),
  username: z.string().nullish(),
  firstName: z.string().nullish(),
  /** Whether the customer has confirmed the address by the e-mailed link (decision 011). */
  confirmed: z.boolean().optional(),
});
export type SessionUserAnswer = z.output<typeof sessionUserSchema>;
