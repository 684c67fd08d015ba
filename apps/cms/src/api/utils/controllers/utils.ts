import type { Core } from "@strapi/strapi";
import { isLanguage, LANGUAGES, type Language } from "../../../catalogue/collections";
import { mediaUrl } from "../../../catalogue/product";
import { parseDateOnly, relativeTime } from "../../../catalogue/relative-time";
import { asApiContext, documents, type ApiContext, type KoaContext } from "../../../catalogue/strapi-loose";
import { sendError } from "../../../http/errors";

/** The spec fixes the reviews' language to ca and the blog's to es; those are the defaults. */
const DEFAULT_REVIEW_LANGUAGE: Language = "ca";
const DEFAULT_BLOG_LANGUAGE: Language = "es";
const MAX_REVIEWS = 50;
const MAX_POSTS = 20;

export const METRIC_FIELDS = [
  "kgRescued",
  "numberBags",
  "kgEmitted",
  "litersWaterWasted",
  "collaboratedFarmers",
  "numberPeopleReceivedBox",
] as const;

function readLanguage(ctx: ApiContext, param: string, fallback: Language): Language | null {
  const value = ctx.query[param];
  if (value === undefined || value === null || value === "") return fallback;
  if (isLanguage(value)) return value;
  sendError(ctx, 400, "ValidationError", `${param} must be one of ${LANGUAGES.join(", ")}`, {
    errors: [{ path: [param], message: `must be one of ${LANGUAGES.join(", ")}`, name: "ValidationError" }],
  });
  return null;
}

function toNumber(value: unknown): number {
  const parsed = typeof value === "number" ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : 0;
}

export default ({ strapi }: { strapi: Core.Strapi }) => ({
  /** GET /utils/reviews?lang=ca -> [{ authorName, authorPhoto, rating, text, relativeTime }], newest first. */
  async reviews(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const language = readLanguage(ctx, "lang", DEFAULT_REVIEW_LANGUAGE);
    if (language === null) return;
    const entries = await documents(strapi, "api::review.review").findMany({
      filters: { language: { $eq: language } },
      sort: ["reviewedAt:desc", "id:desc"],
      populate: { authorPhoto: true },
      limit: MAX_REVIEWS,
    });
    const now = new Date();
    ctx.body = entries.map((entry) => {
      const date = parseDateOnly(entry.reviewedAt);
      return {
        authorName: String(entry.authorName ?? ""),
        authorPhoto: mediaUrl(entry.authorPhoto),
        rating: toNumber(entry.rating),
        text: String(entry.text ?? ""),
        relativeTime: date ? relativeTime(date, now, language) : "",
      };
    });
  },

  /** GET /utils/posts-blog?language=es -> [{ title, imageUrl, link }], newest first. */
  async postsBlog(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const language = readLanguage(ctx, "language", DEFAULT_BLOG_LANGUAGE);
    if (language === null) return;
    const entries = await documents(strapi, "api::blog-post.blog-post").findMany({
      filters: { language: { $eq: language } },
      sort: ["date:desc", "id:desc"],
      populate: { image: true },
      limit: MAX_POSTS,
    });
    ctx.body = entries.map((entry) => ({
      title: String(entry.title ?? ""),
      imageUrl: mediaUrl(entry.image),
      link: String(entry.link ?? ""),
    }));
  },

  /** GET /utils/metrics -> { kgRescued: { value }, ... }; zeros until staff fill the single type in. */
  async metrics(koaCtx: KoaContext) {
    const ctx = asApiContext(koaCtx);
    const entry = await documents(strapi, "api::impact-metric.impact-metric").findFirst({});
    ctx.body = Object.fromEntries(METRIC_FIELDS.map((field) => [field, { value: toNumber(entry?.[field]) }]));
  },
});
