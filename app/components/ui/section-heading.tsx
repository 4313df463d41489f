/** Section heading: a small uppercase eyebrow, the heading and an optional intro paragraph. */
import { clsx } from "clsx";
import type { ReactNode } from "react";

type SectionHeadingProps = {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  /** Heading level; h2 unless told (keep headings in order). */
  as?: "h1" | "h2";
  align?: "left" | "center";
  id?: string;
  className?: string;
};

/** Eyebrow + heading + intro, used at the top of page sections. */
export function SectionHeading({
  eyebrow,
  title,
  intro,
  as: Heading = "h2",
  align = "center",
  id,
  className,
}: SectionHeadingProps) {
  return (
    <div className={clsx(align === "center" && "mx-auto max-w-2xl text-center", className)}>
      {eyebrow && (
        <p className="mb-3 text-xs font-semibold uppercase tracking-[0.25em] text-brand-600">
          {eyebrow}
        </p>
      )}
      <Heading
        id={id}
        className={clsx(
          "font-serif text-brand-900",
          Heading === "h1" ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl",
        )}
      >
        {title}
      </Heading>
      {intro && <p className="mt-4 text-base leading-relaxed text-stone-600">{intro}</p>}
    </div>
  );
}
