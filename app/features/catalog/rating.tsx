/** Product rating text: 'x.x / 5.0' on cards and 'x.x/5.0' on the detail page (storefront spec §9). */
import { clsx } from "clsx";
import { Star } from "lucide-react";

/** The rating with one decimal, e.g. 4.6 → '4.6'. */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** A star and the rating out of 5.0; `variant` picks the card or the detail format. */
export function Rating({
  rating,
  variant = "card",
  className,
}: {
  rating: number;
  variant?: "card" | "detail";
  className?: string;
}) {
  const text = variant === "card" ? `${formatRating(rating)} / 5.0` : `${formatRating(rating)}/5.0`;
  return (
    <span className={clsx("inline-flex items-center gap-1", className)}>
      <Star className="h-3.5 w-3.5 fill-amber-500 text-amber-500" aria-hidden />
      <span className="sr-only">Rating: </span>
      <span>{text}</span>
    </span>
  );
}
