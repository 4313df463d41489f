/**
 * The /services treatments browser: the 12 category tabs in order with one panel each (anchored
 * `#{id}-services`), the service cards, the ?highlight={serviceId} highlight, hash selection and
 * the details dialog whose service clears 300 ms after closing (storefront spec §2 "/services").
 *
 * Only the selected panel's cards are rendered (on the server too): the other 11 panels are empty
 * until their tab is chosen, which keeps /services' HTML and hydration small (issue 15
 * "Rendering"); the browser then selects the tab that the hash names.
 */

import { clsx } from "clsx";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from "#app/components/ui/tabs.tsx";
import { pluralize } from "#app/lib/text.ts";
import { useCenterActive } from "#app/lib/use-center-active.ts";
import { type PublicService, SERVICE_CATEGORIES } from "#common/catalog.ts";
import { ServiceCard } from "./service-card";

// The dialog (Radix Dialog: focus trap, scroll lock) is a separate chunk, kept out of the
// first-load JavaScript: it is fetched when a card's button is hovered or focused, or on opening.
const loadDialog = () => import("./service-details-dialog");
const ServiceDetailsDialog = lazy(() =>
  loadDialog().then((m) => ({ default: m.ServiceDetailsDialog })),
);

import { categoryFromHash, initialServiceCategory } from "./service-links";

/** Delay before the dialog's service is cleared after closing (spec §2). */
export const DIALOG_CLEAR_DELAY_MS = 300;

const TABS_SECTION_ID = "treatment-categories";

type ScrollTarget = { id: string; block: ScrollLogicalPosition };

type ServiceCategoryTabsProps = {
  services: readonly PublicService[];
  highlightId: number | null;
};

/** Tabs, panels and dialog of the treatments page. */
export function ServiceCategoryTabs({ services, highlightId }: ServiceCategoryTabsProps) {
  const [active, setActive] = useState(() => initialServiceCategory(services, highlightId));
  const [scrollTarget, setScrollTarget] = useState<ScrollTarget | null>(null);
  const { hash, key } = useLocation();
  const highlightCategory = services.find((s) => s.id === highlightId)?.category ?? null;

  // A newly highlighted service (?highlight={id}) selects its tab and scrolls to its card;
  // otherwise a hash (#facial-services, #laser, ...) selects its tab, on load and on change.
  const handledHighlight = useRef<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: react to navigations only
  useEffect(() => {
    if (highlightCategory && handledHighlight.current !== highlightId) {
      handledHighlight.current = highlightId;
      setActive(highlightCategory);
      setScrollTarget({ id: `service-${highlightId}`, block: "center" });
      return;
    }
    const category = categoryFromHash(hash);
    if (!category) return;
    setActive(category);
    setScrollTarget({ id: TABS_SECTION_ID, block: "start" });
  }, [hash, key, highlightId]);

  // Keep the active tab visible in the horizontally scrolling tab strip on small screens.
  const listRef = useRef<HTMLDivElement>(null);
  useCenterActive(listRef, '[data-state="active"]', active);

  // Scroll once the chosen panel is visible (after the render that selected it).
  useEffect(() => {
    if (!scrollTarget) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    document
      .getElementById(scrollTarget.id)
      ?.scrollIntoView({ block: scrollTarget.block, behavior: reduce ? "auto" : "smooth" });
  }, [scrollTarget]);

  const { open, selected, show, onOpenChange } = useServiceDialog();
  const preloadDialog = () => void loadDialog();

  return (
    <div
      id={TABS_SECTION_ID}
      className="scroll-mt-24"
      onPointerOver={preloadDialog}
      onFocusCapture={preloadDialog}
    >
      <TabsRoot value={active} onValueChange={setActive}>
        <TabsList
          ref={listRef}
          aria-label="Treatment categories"
          className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-3 sm:mx-0 sm:flex-wrap sm:justify-center sm:overflow-visible sm:px-0"
        >
          {SERVICE_CATEGORIES.map((category) => (
            <TabsTrigger
              key={category.id}
              value={category.id}
              className={clsx(
                "shrink-0 whitespace-nowrap rounded-full border px-4 py-2 text-sm font-medium transition-colors",
                "border-brand-200 bg-white text-brand-900 hover:border-brand-600 hover:text-brand-700",
                "data-[state=active]:border-brand-700 data-[state=active]:bg-brand-700 data-[state=active]:text-white",
              )}
            >
              {category.name}
            </TabsTrigger>
          ))}
        </TabsList>
        {SERVICE_CATEGORIES.map((category) => {
          const inCategory = services.filter((s) => s.category === category.id);
          return (
            <TabsContent
              key={category.id}
              value={category.id}
              className="mt-10 data-[state=inactive]:hidden"
            >
              <div id={`${category.id}-services`} className="scroll-mt-32">
                <div className="mb-8 flex flex-wrap items-baseline justify-between gap-2 border-b border-brand-100 pb-4">
                  <h2
                    id={`${category.id}-heading`}
                    className="font-serif text-2xl text-brand-900 sm:text-3xl"
                  >
                    {category.name}
                  </h2>
                  <p className="text-sm text-stone-600">
                    {pluralize(inCategory.length, "treatment")}
                  </p>
                </div>
                {inCategory.length === 0 ? (
                  <p className="rounded-2xl bg-brand-50 px-6 py-16 text-center text-stone-600">
                    No treatments found
                  </p>
                ) : (
                  <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                    {inCategory.map((service) => (
                      <ServiceCard
                        key={service.id}
                        service={service}
                        highlighted={service.id === highlightId}
                        onViewDetails={show}
                      />
                    ))}
                  </div>
                )}
              </div>
            </TabsContent>
          );
        })}
      </TabsRoot>
      {selected && (
        <Suspense fallback={null}>
          <ServiceDetailsDialog service={selected} open={open} onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </div>
  );
}

/** Open state and selected service of the details dialog; the service clears 300 ms after close. */
function useServiceDialog() {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<PublicService | null>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(clearTimer.current), []);

  function show(service: PublicService) {
    clearTimeout(clearTimer.current);
    setSelected(service);
    setOpen(true);
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) return;
    clearTimeout(clearTimer.current);
    clearTimer.current = setTimeout(() => setSelected(null), DIALOG_CLEAR_DELAY_MS);
  }

  return { open, selected, show, onOpenChange };
}
