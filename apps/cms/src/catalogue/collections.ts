/**
 * Content types a visitor may read through the generic routes (GET /{collection},
 * /{collection}/count, /{collection}/{id}). Bootstrap grants exactly these read actions to the
 * public and authenticated roles (src/bootstrap/permissions.ts); writes stay with staff (admin panel
 * or an admin API token). Contact messages, company leads and users are deliberately absent.
 */
export const PUBLIC_COLLECTIONS = [
  "api::product.product",
  "api::category.category",
  "api::review.review",
  "api::blog-post.blog-post",
  "api::team-member.team-member",
  "api::farmer.farmer",
  "api::newsroom-entry.newsroom-entry",
  "api::box-content.box-content",
  "api::legal-page.legal-page",
  "api::faq.faq",
] as const;

/** Single types a visitor may read (GET /{singularName}): the impact figures and the shop's own details. */
export const PUBLIC_SINGLE_TYPES = ["api::impact-metric.impact-metric", "api::shop-setting.shop-setting"] as const;

export const PUBLIC_READ_ACTIONS: readonly string[] = [
  ...PUBLIC_COLLECTIONS.flatMap((uid) => [`${uid}.find`, `${uid}.findOne`, `${uid}.count`]),
  ...PUBLIC_SINGLE_TYPES.map((uid) => `${uid}.find`),
];
