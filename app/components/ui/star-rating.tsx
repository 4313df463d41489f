/**
 * The one five-star rating of the site (issue 27): `StarRating` shows a rating of 0–5 in full,
 * half and empty stars behind one accessible name (testimonials, admin reviews, a client's
 * reviews); `StarRatingInput` is the review page's 1–5 selector (admin spec §2 "Public review
 * page", §9): each star a button named '1 star' … '5 stars', hover (and focus) previews, and
 * the label of the shown rating: Poor, Fair, Good, Very Good, Excellent.
 */
import { clsx } from "clsx";
import { Star, StarHalf } from "lucide-react";
import { useState } from "react";
import { REVIEW_LABELS } from "#common/review-labels.ts";

export type StarKind = "full" | "half" | "empty";

/** The five stars of `rating`, rounded to the nearest half and kept within 0–5. */
export function starKinds(rating: number): StarKind[] {
  const rounded = Math.round(Math.max(0, Math.min(5, rating)) * 2) / 2;
  return Array.from({ length: 5 }, (_, i) =>
    rounded >= i + 1 ? "full" : rounded >= i + 0.5 ? "half" : "empty",
  );
}

const SIZE = { sm: "h-4 w-4", md: "h-5 w-5", lg: "h-9 w-9" } as const;

/** One star: an outline, filled whole or on its left half. */
function StarGlyph({ kind, size }: { kind: StarKind; size: keyof typeof SIZE }) {
  const box = SIZE[size];
  return (
    <span data-star={kind} className={clsx("relative inline-block", box)}>
      <Star className={clsx("absolute inset-0 text-gray-400", box)} aria-hidden />
      {kind === "full" && (
        <Star className={clsx("absolute inset-0 fill-amber-400 text-amber-500", box)} aria-hidden />
      )}
      {kind === "half" && (
        <StarHalf
          className={clsx("absolute inset-0 fill-amber-400 text-amber-500", box)}
          aria-hidden
        />
      )}
    </span>
  );
}

/**
 * A rating shown as five stars, read as one image named `label` (default 'Rated 4.5 out of 5').
 */
export function StarRating({
  rating,
  label = `Rated ${rating} out of 5`,
  size = "md",
  className,
}: {
  rating: number;
  label?: string;
  size?: "sm" | "md";
  className?: string;
}) {
  return (
    <span role="img" aria-label={label} className={clsx("flex items-center gap-0.5", className)}>
      {starKinds(rating).map((kind, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed five positions
        <StarGlyph key={i} kind={kind} size={size} />
      ))}
    </span>
  );
}

/** The 1–5 selector: `value` 0 while nothing is chosen; `onChange` gets the star clicked. */
export function StarRatingInput({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (rating: number) => void;
  disabled?: boolean;
}) {
  const [preview, setPreview] = useState(0);
  const shown = preview || value;
  return (
    <div>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <button
            key={n}
            type="button"
            disabled={disabled}
            aria-label={n === 1 ? "1 star" : `${n} stars`}
            aria-pressed={value === n}
            onMouseEnter={() => setPreview(n)}
            onMouseLeave={() => setPreview(0)}
            onFocus={() => setPreview(n)}
            onBlur={() => setPreview(0)}
            onClick={() => onChange(n)}
            className="rounded p-1 transition-transform hover:scale-110"
          >
            <StarGlyph kind={n <= shown ? "full" : "empty"} size="lg" />
          </button>
        ))}
      </div>
      <p className="mt-2 h-5 text-sm font-medium text-gray-800" aria-live="polite">
        {shown > 0 ? REVIEW_LABELS[shown - 1] : ""}
      </p>
    </div>
  );
}
