import type { Core } from "@strapi/strapi";
import { BLOG_LANGUAGE, isLocale, LOCALES, REVIEW_LANGUAGE, type Locale } from "@shop/domain";
import { asApiContext, type ApiContext, type KoaContext } from "../../../http/context";
import { sendError } from "../../../http/errors";
import { impactMetrics, latestBlogPosts, latestReviews } from "../../../catalogue/public-content";

function readLanguage(ctx: ApiContext, param: string, fallback: Locale): Locale | null {
  const value = ctx.query[param];
  if (value === undefined || value === null || value === "") return fallback;
  if (isLocale(value)) return value;
  sendError(ctx, 400, "ValidationError", `${param} must be one of ${LOCALES.join(", ")}`, {
    errors: [{ path: [param], message: `must be one of ${LOCALES.join(", ")}`, name: "ValidationError" }],
  });
  return null;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /utils/reviews?lang=ca -> [{ authorName, authorPhoto, rating, text, relativeTime }], newest first. */
  async reviews(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const language = readLanguage(ctx, "lang", REVIEW_LANGUAGE);
    if (language === null) return;
    ctx.body = await latestReviews(strapi, { language });
  },

  /** GET /utils/posts-blog?language=es -> [{ title, imageUrl, link }], newest first. */
  async postsBlog(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const language = readLanguage(ctx, "language", BLOG_LANGUAGE);
    if (language === null) return;
    ctx.body = await latestBlogPosts(strapi, { language });
  },

  /** GET /utils/metrics -> { kgRescued: { value }, ... }. */
  async metrics(koaCtx: KoaContext) {
    asApiContext(koaCtx).body = await impactMetrics(strapi);
  },
});
