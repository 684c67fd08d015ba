import type { Request, Response } from "express";
import sharp from "sharp";
import { IMAGE_DENSITIES, IMAGE_WIDTHS, isAllowedImageSource } from "../app/images";
import { apiError } from "./errors";

const MAX_SOURCE_BYTES = 15 * 1024 * 1024;

type OutputFormat = "avif" | "webp" | "jpeg";

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

/**
 * Recently converted pictures, per process and bounded in bytes: the CDN caches for real, this
 * spares the CPU when it asks again (or when there is no CDN, as on a laptop).
 */
class ByteBoundedCache {
  private readonly entries = new Map<string, { body: Buffer; format: OutputFormat }>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string) {
    const entry = this.entries.get(key);
    if (entry) {
      // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: { body: Buffer; format: OutputFormat }) {
    if (entry.body.length > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.body.length;
    }
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.body.length;
    }
  }
}

const cache = new ByteBoundedCache(64 * 1024 * 1024);

/**
 * The image proxy: an upload of the CMS, resized to one of a few widths at density 1 or 2 and
 * converted to AVIF or WebP when the browser takes them. Widths are a fixed list so the CDN
 * in front caches a handful of variants, and nobody can make us render arbitrary sizes.
 */
export function imageProxy(cmsUrl: string) {
  return async (req: Request, res: Response) => {
    const src = typeof req.query.src === "string" ? req.query.src : "";
    const width = Number(req.query.w);
    const density = Number(req.query.dpr ?? 1);
    if (!isAllowedImageSource(src)) return badRequest(res, "src must be an upload of the shop (/uploads/...)");
    if (!(IMAGE_WIDTHS as readonly number[]).includes(width)) {
      return badRequest(res, `w must be one of ${IMAGE_WIDTHS.join(", ")}`);
    }
    if (!(IMAGE_DENSITIES as readonly number[]).includes(density)) return badRequest(res, "dpr must be 1 or 2");

    const format = pickFormat(req.get("Accept"));
    const key = `${src}|${width}|${density}|${format}`;
    const cached = cache.get(key);
    if (cached) return send(res, cached.body, cached.format);

    let source: Buffer;
    try {
      const upstream = await fetch(cmsUrl + src, { signal: AbortSignal.timeout(10_000) });
      if (upstream.status === 404) {
        res.status(404).json(apiError(404, "NotFound", "No such image"));
        return;
      }
      if (!upstream.ok) throw new Error(`CMS answered ${upstream.status}`);
      if (Number(upstream.headers.get("content-length") ?? 0) > MAX_SOURCE_BYTES) throw new Error("image too large");
      source = Buffer.from(await upstream.arrayBuffer());
    } catch (error) {
      console.error(`Image proxy could not fetch ${src}`, error);
      res.status(502).json(apiError(502, "BadGateway", "The image is unavailable"));
      return;
    }

    try {
      // Vector sources are rasterised at a density high enough for the largest variant.
      const output = await sharp(source, { density: src.endsWith(".svg") ? 288 : 72, limitInputPixels: 40_000_000 })
        .resize({ width: width * density, withoutEnlargement: !src.endsWith(".svg") })
        .flatten(format === "jpeg" ? { background: "#ffffff" } : false)
        // AVIF's default effort takes seconds per large picture on a small server.
        .toFormat(format, format === "avif" ? { quality: 55, effort: 2 } : { quality: 78 })
        .toBuffer();
      cache.set(key, { body: output, format });
      send(res, output, format);
    } catch (error) {
      console.error(`Image proxy could not convert ${src}`, error);
      res.status(422).json(apiError(422, "UnprocessableImage", "The image cannot be converted"));
    }
  };
}
