/** The clinic's wordmark linking home (storefront spec §1 business name). */
import { clsx } from "clsx";
import { Link } from "react-router";
import { BUSINESS } from "#common/business.ts";

/** Wordmark: a monogram and the clinic's short name with its tagline. */
export function Logo({
  tone = "dark",
  compact = false,
}: {
  tone?: "dark" | "light";
  compact?: boolean;
}) {
  return (
    <Link to="/" className="group inline-flex items-center gap-3 rounded-md">
      <span
        aria-hidden
        className={clsx(
          "grid shrink-0 place-items-center rounded-full font-serif text-lg transition-all duration-300",
          compact ? "h-9 w-9" : "h-11 w-11",
          tone === "dark" ? "bg-brand-700 text-brand-50" : "bg-brand-100 text-brand-900",
        )}
      >
        GH
      </span>
      <span className="flex flex-col leading-none">
        <span
          className={clsx(
            "font-serif text-xl tracking-wide sm:text-2xl",
            tone === "dark" ? "text-brand-900" : "text-white",
          )}
        >
          {BUSINESS.shortName}
        </span>
        <span
          className={clsx(
            "mt-1 whitespace-nowrap text-[0.625rem] font-medium uppercase tracking-[0.12em] sm:tracking-[0.2em]",
            tone === "dark" ? "text-brand-700" : "text-brand-200",
          )}
        >
          Skin &amp; Wellness Clinic
        </span>
      </span>
    </Link>
  );
}
