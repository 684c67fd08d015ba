import { env } from "../app/env.server";
import { IMAGE_DENSITIES, isAllowedImageSource, proxyWidth } from "../app/images";
import { ImageDiskCache } from "./image-disk-cache";
import type { ConversionLimiter } from "./image-limiter";
import { defaultImageCacheDir, sharedConversionLimiter } from "./image-settings";
import { convertImage, fetchSource, type ImageConverter, type ImageVariant } from "./image-variants";

/** A variant without its upload: what pre-generation renders for every source it is given. */
export type VariantSpec = Omit<ImageVariant, "src">;

/** Display widths of the pictures visitors see most, in the order they are worth converting. */
const COMMON_DISPLAY_WIDTHS = [
  320, // product cards: every list page, the home page (components/product-card.tsx)
  640, // the main picture of a product page (routes/product.tsx)
  160, // the thumbnails under it
] as const;

/**
 * The variants pre-generation converts by default: those widths, at both densities of the
 * srcset (components/responsive-image.tsx), in the formats of current browsers. JPEG, for old
 * browsers only, is left to the proxy on demand.
 */
export const COMMON_IMAGE_VARIANTS: readonly VariantSpec[] = COMMON_DISPLAY_WIDTHS.flatMap((displayWidth) =>
  (["avif", "webp"] as const).flatMap((format) =>
    IMAGE_DENSITIES.map((density) => ({ width: proxyWidth(displayWidth), density, format })),
  ),
);

export interface WarmImageOptions {
  /** Default: IMAGE_PREGENERATE. When false, nothing is converted. */
  readonly enabled?: boolean;
  /** Default: CMS_URL. */
  readonly cmsUrl?: string;
  /** Default: IMAGE_CACHE_DIR (the proxy's disk cache, so the proxy finds what is converted here). */
  readonly cacheDir?: string;
  /** Default: the process's shared limiter, the proxy's, so pre-generation gives way to visitors. */
  readonly limiter?: ConversionLimiter;
  /** Default: COMMON_IMAGE_VARIANTS. */
  readonly variants?: readonly VariantSpec[];
  /** Stops after the conversion under way (at shutdown, for instance). */
  readonly signal?: AbortSignal;
  /** Default: the proxy's conversion. */
  readonly convert?: ImageConverter;
}

export interface WarmReport {
  readonly converted: number;
  /** Already on disk. */
  readonly skipped: number;
  readonly failed: number;
}

interface WarmContext {
  readonly cmsUrl: string;
  readonly disk: ImageDiskCache;
  readonly limiter: ConversionLimiter;
  readonly variants: readonly VariantSpec[];
  readonly signal: AbortSignal | undefined;
  readonly convert: ImageConverter;
  readonly report: { converted: number; skipped: number; failed: number };
}

/**
 * Uploads being pre-generated in this process (cache folder + path): the catalogue reloads every
 * minute or so, and a call made while the previous one is still at work skips what it is doing.
 */
const inProgress = new Set<string>();

/**
 * Uploads whose every variant this process has seen on disk (or written). An upload never changes
 * under the same path, so later catalogue loads skip them without a file check each.
 */
const completed = new Set<string>();

/**
 * Converts ahead, into the disk cache, the variants visitors will ask for most, one source and
 * one conversion at a time, at background priority: it never runs more than one conversion, and
 * only while no visitor is waiting. Variants already on disk are skipped, so calling it on every
 * catalogue load costs a few file checks. Never rejects: failures are logged and counted.
 */
export async function warmImageVariants(
  sources: Iterable<string>,
  options: WarmImageOptions = {},
): Promise<WarmReport> {
  const report = { converted: 0, skipped: 0, failed: 0 };
  if (!(options.enabled ?? env.IMAGE_PREGENERATE)) return report;
  const cacheDir = options.cacheDir ?? defaultImageCacheDir();
  const context: WarmContext = {
    cmsUrl: options.cmsUrl ?? env.CMS_URL,
    disk: new ImageDiskCache(cacheDir),
    limiter: options.limiter ?? sharedConversionLimiter(),
    variants: options.variants ?? COMMON_IMAGE_VARIANTS,
    signal: options.signal,
    convert: options.convert ?? convertImage,
    report,
  };
  for (const src of new Set(sources)) {
    if (context.signal?.aborted) break;
    const claim = `${cacheDir}\n${src}`;
    // Pictures that are not uploads are shown as they are, never through the proxy.
    if (!isAllowedImageSource(src) || inProgress.has(claim)) continue;
    if (completed.has(claim)) {
      report.skipped += context.variants.length;
      continue;
    }
    inProgress.add(claim);
    try {
      const failedBefore = report.failed;
      await warmSource(src, context);
      if (report.failed === failedBefore && !context.signal?.aborted) completed.add(claim);
    } finally {
      inProgress.delete(claim);
    }
  }
  return report;
}

async function warmSource(src: string, context: WarmContext) {
  const { disk, report } = context;
  const missing: ImageVariant[] = [];
  for (const spec of context.variants) {
    const variant = { ...spec, src };
    if (await disk.has(variant)) report.skipped += 1;
    else missing.push(variant);
  }
  if (missing.length === 0) return;

  let source: Buffer;
  try {
    source = await fetchSource(context.cmsUrl, src, context.signal);
  } catch (error) {
    if (context.signal?.aborted) return;
    console.error(`Image pre-generation could not fetch ${src}`, error);
    report.failed += missing.length;
    return;
  }
  for (const variant of missing) {
    if (context.signal?.aborted) return;
    try {
      const body = await context.limiter.run(() => context.convert(source, variant), {
        priority: "background",
        signal: context.signal,
      });
      await disk.write(variant, body);
      report.converted += 1;
    } catch (error) {
      if (context.signal?.aborted) return;
      console.error(`Image pre-generation could not convert ${src} (${variant.width}w ${variant.density}x)`, error);
      report.failed += 1;
    }
  }
}
