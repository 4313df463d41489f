/**
 * An `<img>` that swaps to a placeholder when its source fails to load, including failures that
 * happen before hydration (storefront spec §2 "image with a placeholder fallback", §8).
 *
 * With `sizes`, a picture the build made variants of (app/lib/responsive-image.ts, issue 15
 * "Images") is served as AVIF or WebP at the width the layout needs, inside a `<picture>` whose
 * `<img>` keeps the original as the fallback; after a failure only the placeholder is shown.
 */
import { type ImgHTMLAttributes, useCallback, useState } from "react";
import { imageVariants } from "#app/lib/responsive-image.ts";

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt"> & {
  src: string;
  alt: string;
  fallbackSrc: string;
};

/** Image with a one-time fallback source on load failure. */
export function FallbackImage({
  src,
  alt,
  fallbackSrc,
  onError,
  sizes,
  ...props
}: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  // An eager image that failed before React attached onError reports complete with no pixels.
  // (Lazy images still waiting to load can report the same, so they rely on onError alone.)
  const lazy = props.loading === "lazy";
  const checkEarlyFailure = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || lazy) return;
      if (img.complete && img.naturalWidth === 0 && img.getAttribute("src") === src) {
        setFailedSrc(src);
      }
    },
    [src, lazy],
  );
  const variants = sizes && !failed ? imageVariants(src) : null;
  const img = (
    <img
      ref={failed ? undefined : checkEarlyFailure}
      src={failed ? fallbackSrc : src}
      alt={alt}
      sizes={variants ? sizes : undefined}
      onError={(event) => {
        if (!failed) setFailedSrc(src);
        onError?.(event);
      }}
      {...props}
    />
  );
  if (!variants) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={variants.avif} sizes={sizes} />
      <source type="image/webp" srcSet={variants.webp} sizes={sizes} />
      {img}
    </picture>
  );
}
