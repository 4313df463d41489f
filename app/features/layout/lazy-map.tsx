/**
 * The embedded map of /contact (storefront spec §2 "/contact"), loaded only when it comes near
 * the viewport: no third-party request is made until the visitor scrolls to it (ARCHITECTURE.md
 * "No third-party request on public pages ... the map iframe loaded lazily").
 */
import { MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { BUSINESS } from "#common/business.ts";

/** Google Maps embed address for the clinic. */
export const MAP_EMBED_URL = `https://www.google.com/maps?q=${encodeURIComponent(BUSINESS.mapQuery)}&output=embed`;

/** Distance below the viewport at which the map starts loading. */
const PRELOAD_MARGIN = "200px";

/** A placeholder that turns into the map iframe once scrolled near. */
export function LazyMap({ className }: { className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [load, setLoad] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setLoad(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setLoad(true);
          observer.disconnect();
        }
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className={className}>
      {load ? (
        <iframe
          title={`Map showing ${BUSINESS.name}, ${BUSINESS.address}`}
          src={MAP_EMBED_URL}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          className="h-full w-full border-0"
        />
      ) : (
        <div className="grid h-full w-full place-items-center bg-brand-100 text-center text-sm text-brand-900">
          <p className="flex flex-col items-center gap-2 p-6">
            <MapPin className="h-6 w-6" aria-hidden />
            {BUSINESS.address}
          </p>
        </div>
      )}
    </div>
  );
}
