/**
 * An `<img>` that swaps to a placeholder when its source fails to load, including failures that
 * happen before hydration (storefront spec §2 "image with a placeholder fallback", §8).
 */
import { type ImgHTMLAttributes, useCallback, useState } from "react";

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt"> & {
  src: string;
  alt: string;
  fallbackSrc: string;
};

/** Image with a one-time fallback source on load failure. */
export function FallbackImage({ src, alt, fallbackSrc, onError, ...props }: FallbackImageProps) {
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
  return (
    <img
      ref={failed ? undefined : checkEarlyFailure}
      src={failed ? fallbackSrc : src}
      alt={alt}
      onError={(event) => {
        if (!failed) setFailedSrc(src);
        onError?.(event);
      }}
      {...props}
    />
  );
}
