/**
 * Home services teaser: eight category tiles (the first four in one row, the rest below); the
 * selected tile shows a short description and 'View All {category name}' to /services#{category},
 * right below the selected tile's row on small screens (two per row; issue 33: below all eight
 * it was off screen), below the tiles from 1024 px;
 * six placeholder cards while loading (storefront spec §2 "Home" services teaser, §9).
 */
import { clsx } from "clsx";
import { ArrowRight } from "lucide-react";
import { type CSSProperties, useId, useState } from "react";
import { Link } from "react-router";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { findServiceCategory } from "#common/catalog.ts";
import { formatNaira } from "#common/money.ts";
import { CATEGORY_BLURBS, SERVICES_TEASER_PLACEHOLDERS } from "./category-blurbs";

export type TeaserCategory = { id: string; fromPrice: number | null; count: number };

/** The tiles and the selected category's description. */
export function ServicesTeaser({ categories }: { categories: TeaserCategory[] }) {
  const tiles = categories.filter((c) => findServiceCategory(c.id));
  const [selectedId, setSelectedId] = useState(tiles[0]?.id ?? null);
  const panelId = useId();
  const selected = selectedId ? findServiceCategory(selectedId) : undefined;
  // CSS order puts the panel after the selected tile's row of two (tile i has order 2i).
  const selectedIndex = Math.max(
    0,
    tiles.findIndex((t) => t.id === selectedId),
  );
  const panelOrder = 2 * (Math.floor(selectedIndex / 2) * 2 + 1) + 1;
  return (
    <div className="mt-14">
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
        {tiles.map((item, index) => {
          const category = findServiceCategory(item.id);
          if (!category) return null;
          const pressed = item.id === selectedId;
          return (
            <li key={item.id} style={{ order: 2 * index }}>
              <button
                type="button"
                aria-pressed={pressed}
                aria-controls={panelId}
                onClick={() => setSelectedId(item.id)}
                className={clsx(
                  "flex h-full w-full flex-col rounded-2xl border p-4 text-left shadow-sm transition duration-300 hover:-translate-y-0.5 hover:shadow-lg sm:p-6",
                  pressed
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-brand-100 bg-white text-brand-900",
                )}
              >
                <span className="font-serif text-lg leading-snug sm:text-xl">{category.name}</span>
                <span
                  className={clsx(
                    "mt-3 text-sm font-medium",
                    pressed ? "text-brand-100" : "text-brand-700",
                  )}
                >
                  {item.fromPrice ? `From ${formatNaira(item.fromPrice)}` : "Consultation Required"}
                </span>
                <span
                  className={clsx("mt-1 text-xs", pressed ? "text-brand-100" : "text-stone-600")}
                >
                  {item.count} {item.count === 1 ? "treatment" : "treatments"}
                </span>
              </button>
            </li>
          );
        })}
        <li
          id={panelId}
          aria-live="polite"
          style={{ "--panel-order": panelOrder } as CSSProperties}
          className="order-(--panel-order) col-span-full rounded-2xl bg-white p-6 shadow-sm sm:flex sm:items-center sm:justify-between sm:gap-8 sm:p-8 lg:order-last lg:mt-3"
        >
          {selected ? (
            <>
              <div>
                <h3 className="font-serif text-2xl text-brand-900">{selected.name}</h3>
                <p className="mt-2 max-w-2xl text-base leading-relaxed text-stone-700">
                  {CATEGORY_BLURBS[selected.id]}
                </p>
              </div>
              <Link
                to={`/services#${selected.id}`}
                className={buttonClassName({ className: "mt-5 shrink-0 sm:mt-0" })}
              >
                View All {selected.name}
                <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            </>
          ) : (
            <p className="text-stone-700">Choose a category to learn more.</p>
          )}
        </li>
      </ul>
    </div>
  );
}

/** Six placeholder cards while the categories load. */
export function ServicesTeaserPlaceholder() {
  return (
    <div className="mt-14" aria-busy="true">
      <p className="sr-only">Loading treatments…</p>
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
        {Array.from({ length: SERVICES_TEASER_PLACEHOLDERS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
          <li key={i} data-placeholder className="h-32 animate-pulse rounded-2xl bg-white/80" />
        ))}
      </ul>
    </div>
  );
}
