import type { Request, Response } from "express";
import { IMAGE_DENSITIES, IMAGE_WIDTHS, isAllowedImageSource } from "../app/images";
import { apiError } from "./errors";
import { ImageDiskCache } from "./image-disk-cache";
import { type ConversionLimiter, QueueFullError } from "./image-limiter";
import { defaultImageCacheDir, sharedConversionLimiter } from "./image-settings";
import {
  convertImage,
  fetchSource,
  type ImageConverter,
  type ImageVariant,
  type OutputFormat,
  SourceNotFoundError,
  SourceUnavailableError,
  variantKey,
} from "./image-variants";

export { ConversionLimiter, QueueFullError, type ConversionLimiterOptions } from "./image-limiter";
export { defaultConversionConcurrency, sharedConversionLimiter } from "./image-settings";
export { type ImageConverter, type ImageVariant, type OutputFormat } from "./image-variants";
export {
  COMMON_IMAGE_VARIANTS,
  warmImageVariants,
  type VariantSpec,
  type WarmImageOptions,
  type WarmReport,
} from "./image-warm";

function pickFormat(accept: string | undefined): OutputFormat {
  if (accept?.includes("image/avif")) return "avif";
  if (accept?.includes("image/webp")) return "webp";
  return "jpeg";
}

function badRequest(res: Response, message: string) {
  res.status(400).json(apiError(400, "BadRequest", message));
}

function send(res: Response, body: Buffer, format: OutputFormat) {
  res.set({
    "Content-Type": `image/${format}`,
    "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    Vary: "Accept",
    "X-Content-Type-Options": "nosniff",
  });
  res.send(body);
}

export interface MemoryCacheOptions {
  /** All entries together; the least recently used go first. Default 64 MiB. */
  readonly maxBytes?: number;
  /** Larger pictures are not kept (the disk cache still has them). Default 4 MiB. */
  readonly maxEntryBytes?: number;
}

/**
 * Recently converted pictures, per process and bounded in bytes: the CDN caches for real, this
 * spares the disk and CPU when it asks again (or when there is no CDN, as on a laptop).
 */
class ByteBoundedCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;

  constructor({ maxBytes = 64 * 1024 * 1024, maxEntryBytes = 4 * 1024 * 1024 }: MemoryCacheOptions) {
    this.maxBytes = maxBytes;
    this.maxEntryBytes = Math.min(maxEntryBytes, maxBytes);
  }

  get(key: string) {
    const entry = this.entries.get(key);
    if (entry) {
      // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, body: Buffer) {
    if (body.length > this.maxEntryBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.length;
    }
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }
}

export interface ImageProxyOptions {
  /** Default: the process's shared limiter (IMAGE_CONCURRENCY), which pre-generation uses too. */
  readonly limiter?: ConversionLimiter;
  /** Default: IMAGE_CACHE_DIR. */
  readonly cacheDir?: string;
  readonly memoryCache?: MemoryCacheOptions;
  /** What a refused visitor (full queue) is told to wait, in seconds. Default 2. */
  readonly retryAfterSeconds?: number;
  /** Default: the sharp conversion; tests wrap it to watch and pace conversions. */
  readonly convert?: ImageConverter;
}

/** The variant a request asks for, or undefined once it has been answered 400. */
function requestedVariant(req: Request, res: Response): ImageVariant | undefined {
  const src = typeof req.query.src === "string" ? req.query.src : "";
  const width = Number(req.query.w);
  const density = Number(req.query.dpr ?? 1);
  if (!isAllowedImageSource(src)) {
    badRequest(res, "src must be an upload of the shop (/uploads/...)");
  } else if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
    badRequest(res, `w must be one of ${IMAGE_WIDTHS.join(", ")}`);
  } else if (!(IMAGE_DENSITIES as readonly number[]).includes(density)) {
    badRequest(res, "dpr must be 1 or 2");
  } else {
    return { src, width, density, format: pickFormat(req.get("Accept")) };
  }
  return undefined;
}

/**
 * Aborts when the visitor goes away before the answer is sent: a waiting conversion then leaves
 * the queue, and a download from the CMS stops. (`res` closes after a normal answer too, finished.)
 */
function abortWhenClientLeaves(res: Response): AbortSignal {
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort(new Error("The client closed the connection"));
  });
  return controller.signal;
}

function sendFailure(res: Response, error: unknown, src: string, retryAfterSeconds: number) {
  if (error instanceof QueueFullError) {
    // no-store: a CDN must not keep serving this refusal once the load is gone.
    res.set({ "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" });
    res.status(503).json(apiError(503, "ServiceUnavailable", "Too many pictures are being prepared; retry shortly"));
  } else if (error instanceof SourceNotFoundError) {
    res.status(404).json(apiError(404, "NotFound", "No such image"));
  } else if (error instanceof SourceUnavailableError) {
    console.error(`Image proxy could not fetch ${src}`, error);
    res.status(502).json(apiError(502, "BadGateway", "The image is unavailable"));
  } else {
    console.error(`Image proxy could not convert ${src}`, error);
    res.status(422).json(apiError(422, "UnprocessableImage", "The image cannot be converted"));
  }
}

/**
 * The image proxy: an upload of the CMS, resized to one of a few widths at density 1 or 2 and
 * converted to AVIF or WebP when the browser takes them. Widths are a fixed list so the CDN
 * in front caches a handful of variants, and nobody can make us render arbitrary sizes.
 * Looks in memory, then on disk, and only then converts, within the conversion limiter.
 */
export function imageProxy(cmsUrl: string, options: ImageProxyOptions = {}) {
  const limiter = options.limiter ?? sharedConversionLimiter();
  const disk = new ImageDiskCache(options.cacheDir ?? defaultImageCacheDir());
  const memory = new ByteBoundedCache(options.memoryCache ?? {});
  const convert = options.convert ?? convertImage;
  const retryAfterSeconds = options.retryAfterSeconds ?? 2;

  return async (req: Request, res: Response) => {
    const variant = requestedVariant(req, res);
    if (!variant) return;
    const key = variantKey(variant);
    const inMemory = memory.get(key);
    if (inMemory) return send(res, inMemory, variant.format);
    const onDisk = await disk.read(variant);
    if (onDisk) {
      memory.set(key, onDisk);
      return send(res, onDisk, variant.format);
    }

    const clientLeft = abortWhenClientLeaves(res);
    let body: Buffer;
    try {
      // The download happens inside the slot too: a waiting request holds no picture in memory.
      body = await limiter.run(async () => convert(await fetchSource(cmsUrl, variant.src, clientLeft), variant), {
        priority: "visitor",
        signal: clientLeft,
      });
    } catch (error) {
      if (!clientLeft.aborted) sendFailure(res, error, variant.src, retryAfterSeconds);
      return;
    }
    memory.set(key, body);
    // Kept even when the visitor has left: the next one (or another process) will want it.
    if (!clientLeft.aborted) send(res, body, variant.format);
    disk.write(variant, body).catch((error: unknown) => {
      console.error(`Image disk cache could not store ${variant.src}`, error);
    });
  };
}
