import { imageSrcSet, imageUrl } from "~/images";

interface ResponsiveImageProps {
  readonly src: string;
  readonly alt: string;
  /** Rendered size in CSS pixels: sets the proxy width and reserves the space (no layout shift). */
  readonly width: number;
  readonly height: number;
  readonly className?: string;
  /** Above-the-fold pictures load at once; the rest wait until they are near the viewport. */
  readonly priority?: boolean;
}

// React 18 knows no `fetchPriority` prop: the lowercase HTML attribute passes through unchanged.
const HIGH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;

export function ResponsiveImage({ src, alt, width, height, className, priority = false }: ResponsiveImageProps) {
  return (
    <img
      src={imageUrl(src, width)}
      srcSet={imageSrcSet(src, width)}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      {...(priority ? HIGH_PRIORITY : {})}
      decoding="async"
      className={className}
    />
  );
}
