import {
  impactMetricAnswerSchema,
  parseProductList,
  toImpactNotes,
  toProduct,
  type ImpactNotes,
} from "@shop/contracts";
import {
  EMPTY_METRICS,
  mapPosts,
  mapReviews,
  mergeMetrics,
  needsProductLoad,
  sortByPosition,
  visibleOnWeb,
  BLOG_LANGUAGE,
  REVIEW_LANGUAGE,
  type BlogPost,
  type ImpactMetrics,
  type Product,
  type Review,
} from "@shop/domain";
import { LOCALES, type Locale } from "@shop/routing";
import { cachedResource, CMS_DATA_FRESH_MS, CMS_DATA_MAX_STALE_MS } from "./cache.server";
import { CmsAnswerError, cmsGet } from "./cms.server";
import { impactView, type ImpactView } from "./impact";
import { warmImageVariants } from "../server/images";

type ProductsByLocale = Readonly<Record<Locale, readonly Product[]>>;

/**
 * The catalogue while the CMS has never answered this process: lists show it as empty, and a
 * product page answers 503 rather than claim the product does not exist.
 */
const NEVER_LOADED: ProductsByLocale = Object.freeze({ es: [], ca: [], pt: [] });

const products = cachedResource<ProductsByLocale>({
  name: "products",
  freshMs: CMS_DATA_FRESH_MS,
  maxStaleMs: CMS_DATA_MAX_STALE_MS,
  async load() {
    const { products: valid, rejected } = await cmsGet(
      "/products?isActive=all",
      { parse: parseProductList },
      { retry: false },
    );
    if (rejected.length > 0) console.warn(`Skipped ${rejected.length} malformed products`, rejected);
    const byLocale = {} as Record<Locale, Product[]>;
    for (const locale of LOCALES) {
      const mapped = valid.map((product) => toProduct(product, locale));
      byLocale[locale] = sortByPosition(visibleOnWeb(mapped), locale);
    }
    // Every picture of the catalogue gets its common variants converted ahead, in the background
    // and after visitors' own requests, so that few visitors ever wait for one. Cheap once done.
    void warmImageVariants(
      byLocale.es.flatMap((product) =>
        [...product.imagePath, ...product.image, ...product.gallery].map(({ url }) => url),
      ),
    );
    return byLocale;
  },
  onError: (previous) => previous ?? NEVER_LOADED,
  // Spec section 4: products load only while there are no box products or no item products.
  isUsable: (value) => !needsProductLoad(value.es),
});

const reviews = cachedResource<readonly Review[]>({
  name: "reviews",
  freshMs: CMS_DATA_FRESH_MS,
  maxStaleMs: CMS_DATA_MAX_STALE_MS,
  load: async () => await cmsGet(`/utils/reviews?lang=${REVIEW_LANGUAGE}`, { parse: mapReviews }),
  // Spec section 4: a review failure leaves the reviews empty.
  onError: () => [],
  isUsable: (value) => value.length > 0,
});

const posts = cachedResource<readonly BlogPost[]>({
  name: "blog posts",
  freshMs: CMS_DATA_FRESH_MS,
  maxStaleMs: CMS_DATA_MAX_STALE_MS,
  load: async () => await cmsGet(`/utils/posts-blog?language=${BLOG_LANGUAGE}`, { parse: mapPosts }),
  onError: (previous) => previous ?? [],
  isUsable: (value) => value.length > 0,
});

let lastMetrics: ImpactMetrics = EMPTY_METRICS;
const metrics = cachedResource<ImpactMetrics>({
  name: "impact metrics",
  freshMs: CMS_DATA_FRESH_MS,
  maxStaleMs: CMS_DATA_MAX_STALE_MS,
  async load() {
    lastMetrics = await cmsGet("/utils/metrics", { parse: (json) => mergeMetrics(lastMetrics, json) });
    return lastMetrics;
  },
  // Spec section 4: a metric failure leaves the metrics unchanged.
  onError: (previous) => previous ?? lastMetrics,
});

/** When and how the figures were counted (GET /impact-metric): null until staff save them, or while the CMS fails. */
const impactNotes = cachedResource<ImpactNotes | null>({
  name: "impact notes",
  freshMs: CMS_DATA_FRESH_MS,
  maxStaleMs: CMS_DATA_MAX_STALE_MS,
  async load() {
    try {
      return toImpactNotes(await cmsGet("/impact-metric", impactMetricAnswerSchema));
    } catch (error) {
      if (error instanceof CmsAnswerError && error.status === 404) return null;
      throw error;
    }
  },
  // An outage keeps the last notes; the figures never wait for or fail on them.
  onError: (previous) => previous ?? null,
});

export async function getProducts(locale: Locale): Promise<readonly Product[]> {
  return (await products.get())[locale];
}

/** Forgets the catalogue, so that the next page loads it again (tests). */
export const forgetCatalogue = (): void => products.clear();

/** True while no catalogue was ever loaded (the CMS has been down since this process started). */
export async function catalogueUnavailable(): Promise<boolean> {
  return (await products.get()) === NEVER_LOADED;
}

export const getReviews = () => reviews.get();
export const getPosts = () => posts.get();
export const getMetrics = () => metrics.get();

/** The figures with as of when and how they are measured, in `locale`. Never rejects. */
export async function getImpact(locale: Locale): Promise<ImpactView> {
  const [figures, notes] = await Promise.all([metrics.get(), impactNotes.get()]);
  return impactView(figures, notes, locale);
}
