/**
 * The 1–5 star selector of the review page (admin spec §2 "Public review page", §9): each star a
 * button named '1 star' … '5 stars', hover (and focus) previews, and the label of the shown
 * rating: Poor, Fair, Good, Very Good, Excellent.
 */
import { clsx } from "clsx";
import { Star } from "lucide-react";
import { useState } from "react";
import { REVIEW_LABELS } from "#common/reviews.ts";

export function StarRating({
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
            <Star
              aria-hidden
              className={clsx(
                "h-9 w-9",
                n <= shown ? "fill-amber-400 text-amber-500" : "fill-none text-gray-400",
              )}
            />
          </button>
        ))}
      </div>
      <p className="mt-2 h-5 text-sm font-medium text-gray-800" aria-live="polite">
        {shown > 0 ? REVIEW_LABELS[shown - 1] : ""}
      </p>
    </div>
  );
}
