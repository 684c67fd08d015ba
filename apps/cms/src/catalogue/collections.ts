import { CONTENT_TYPES } from "../content-types";
/**
 * Content types a visitor may read through the generic routes (GET /{collection},
 * /{collection}/count, /{collection}/{id}). Bootstrap grants exactly these read actions to the
 * public and authenticated roles (src/bootstrap/permissions.ts); writes stay with staff (admin panel
 * or an admin API token). Contact messages, company leads and users are deliberately absent.
 */
export const PUBLIC_COLLECTIONS = [
  CONTENT_TYPES.product,
  CONTENT_TYPES.category,
  CONTENT_TYPES.review,
  CONTENT_TYPES.blogPost,
  CONTENT_TYPES.teamMember,
  CONTENT_TYPES.farmer,
  CONTENT_TYPES.newsroomEntry,
  CONTENT_TYPES.boxContent,
  CONTENT_TYPES.legalPage,
  CONTENT_TYPES.faq,
] as const;

/** Single types a visitor may read (GET /{singularName}): the impact figures and the shop's own details. */
export const PUBLIC_SINGLE_TYPES = [CONTENT_TYPES.impactMetric, CONTENT_TYPES.shopSetting] as const;

export const PUBLIC_READ_ACTIONS: readonly string[] = [
  ...PUBLIC_COLLECTIONS.flatMap((uid) => [`${uid}.find`, `${uid}.findOne`, `${uid}.count`]),
  ...PUBLIC_SINGLE_TYPES.map((uid) => `${uid}.find`),
];
