import { RESOURCE_PATHS } from "@shop/routing";

/** The widths the image proxy renders; pictures ask for the nearest one at or above their size. */
export const IMAGE_WIDTHS = [96, 160, 320, 480, 640, 960, 1280] as const;
/** Specification, section 9: images are served at densities 1 and 2. */
export const IMAGE_DENSITIES = [1, 2] as const;

/**
 * Only the CMS's own uploads go through the proxy: it is not an open proxy. And only one spelling
 * of each: no empty, "." or ".." segments. The CMS serves /uploads/./a.jpg and /uploads//a.jpg as
 * /uploads/a.jpg, so each spelling would otherwise be downloaded, converted and cached anew.
 */
export function isAllowedImageSource(src: string): boolean {
  if (!/^\/uploads\/[\w./-]+$/.test(src)) return false;
  return src
    .slice(1)
    .split("/")
    .every((segment) => segment !== "" && segment !== "." && segment !== "..");
}

export function proxyWidth(displayWidth: number): number {
  return IMAGE_WIDTHS.find((width) => width >= displayWidth) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/** The proxied URL of an upload, or the URL itself when it is not ours to resize. */
export function imageUrl(src: string, displayWidth: number, density: 1 | 2 = 1): string {
  if (!isAllowedImageSource(src)) return src;
  const params = new URLSearchParams({ src, w: String(proxyWidth(displayWidth)), dpr: String(density) });
  return `${RESOURCE_PATHS.image}?${params}`;
}

export function imageSrcSet(src: string, displayWidth: number): string | undefined {
  if (!isAllowedImageSource(src)) return undefined;
  return IMAGE_DENSITIES.map((density) => `${imageUrl(src, displayWidth, density)} ${density}x`).join(", ");
}
