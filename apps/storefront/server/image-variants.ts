import sharp from "sharp";

export type OutputFormat = "avif" | "webp" | "jpeg";

/** One rendition of an upload: what the proxy serves and the caches store. */
export interface ImageVariant {
  /** The upload's path on the CMS (`/uploads/...`). */
  readonly src: string;
  /** One of IMAGE_WIDTHS, in CSS pixels. */
  readonly width: number;
  /** One of IMAGE_DENSITIES. */
  readonly density: number;
  readonly format: OutputFormat;
}

/** Converts a fetched upload to a variant; injectable so tests can watch and pace conversions. */
export type ImageConverter = (source: Buffer, variant: ImageVariant) => Promise<Buffer>;

export function variantKey({ src, width, density, format }: ImageVariant): string {
  return `${src}|${width}|${density}|${format}`;
}

const MAX_SOURCE_BYTES = 15 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 10_000;
/** A picture that takes longer is abnormal (or hostile): give its slot back to the other visitors. */
const CONVERSION_TIMEOUT_SECONDS = 20;

/**
 * The largest picture decoded: 40 megapixels, a 7,700 x 5,200 photo, more than any camera a
 * member of staff uploads from. A format that is decoded whole takes 3-4 bytes a pixel (up to
 * 160 MB); anything larger is refused (422) rather than allowed to take the process's memory.
 * Sources are read sequentially (sharp's default), so a JPEG or PNG is resized strip by strip.
 */
const MAX_INPUT_PIXELS = 40_000_000;

// One libvips thread per conversion: the conversion limiter alone decides how many cores (and how
// much memory) pictures take, instead of every conversion spreading over all of them. (sharp's
// own advice on glibc, where every thread grows a malloc arena of its own and memory fragments.)
sharp.concurrency(1);
// libvips' operation cache keeps decoded sources in memory (up to 50 MB and 100 operations by
// default); our own caches keep the small encoded results instead, so this one only made memory grow.
sharp.cache(false);

/** The upload does not exist on the CMS (404 for the visitor). */
export class SourceNotFoundError extends Error {
  override name = "SourceNotFoundError";
}

/** The CMS could not give us the upload: down, slow, failing or the file is too large (502). */
export class SourceUnavailableError extends Error {
  override name = "SourceUnavailableError";
}

/** Downloads an upload from the CMS, never holding more than MAX_SOURCE_BYTES of it in memory. */
export async function fetchSource(cmsUrl: string, src: string, signal?: AbortSignal): Promise<Buffer> {
  const timeout = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let upstream: Response;
  try {
    upstream = await fetch(cmsUrl + src, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    throw new SourceUnavailableError(`Could not reach the CMS for ${src}`, { cause: error });
  }
  if (upstream.status === 404) throw new SourceNotFoundError(`No upload at ${src}`);
  if (!upstream.ok) throw new SourceUnavailableError(`CMS answered ${upstream.status} for ${src}`);
  if (Number(upstream.headers.get("content-length") ?? 0) > MAX_SOURCE_BYTES) {
    throw new SourceUnavailableError(`${src} is too large`);
  }
  try {
    return await readCapped(upstream, MAX_SOURCE_BYTES);
  } catch (error) {
    throw new SourceUnavailableError(`Could not download ${src}`, { cause: error });
  }
}

/** The body, refused as soon as it passes `maxBytes`: Content-Length may be missing or wrong. */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks, total);
    total += value.length;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error("image too large");
    }
    chunks.push(value);
  }
}

/** The conversion itself: resize to the variant's pixel width and encode in its format. */
export const convertImage: ImageConverter = (source, { src, width, density, format }) => {
  const vector = src.endsWith(".svg");
  // Vector sources are rasterised at a density high enough for the largest variant (sharp draws
  // them at the size the resize asks for, not at this density, when it is smaller).
  return (
    sharp(source, { density: vector ? 288 : 72, limitInputPixels: MAX_INPUT_PIXELS })
      .resize({ width: width * density, withoutEnlargement: !vector })
      .flatten(format === "jpeg" ? { background: "#ffffff" } : false)
      // AVIF's default effort takes seconds per large picture on a small server.
      .toFormat(format, format === "avif" ? { quality: 55, effort: 2 } : { quality: 78 })
      .timeout({ seconds: CONVERSION_TIMEOUT_SECONDS })
      .toBuffer()
  );
};
