/**
 * The product detail tabs: Description (default), Details, Ingredients and How to Use; the last
 * three only when the product has that text (storefront spec §2 "/product/{id}", §4).
 */
import { TabsContent, TabsList, TabsRoot, TabsTrigger } from "#app/components/ui/tabs.tsx";
import type { PublicProduct } from "#common/catalog.ts";

type ProductTab = { value: string; label: string; text: string };

/** The tabs a product has, in order. */
export function productTabs(product: PublicProduct): ProductTab[] {
  const tabs: ProductTab[] = [
    { value: "description", label: "Description", text: product.description },
  ];
  if (product.details) tabs.push({ value: "details", label: "Details", text: product.details });
  if (product.ingredients) {
    tabs.push({ value: "ingredients", label: "Ingredients", text: product.ingredients });
  }
  if (product.howToUse)
    tabs.push({ value: "howToUse", label: "How to Use", text: product.howToUse });
  return tabs;
}

/** Underlined tab strip and the selected tab's text. */
export function ProductTabs({ product }: { product: PublicProduct }) {
  const tabs = productTabs(product);
  return (
    <TabsRoot defaultValue="description">
      <TabsList
        aria-label="Product information"
        className="flex gap-6 overflow-x-auto border-b border-brand-100"
      >
        {tabs.map((tab) => (
          <TabsTrigger
            key={tab.value}
            value={tab.value}
            className="-mb-px shrink-0 whitespace-nowrap border-b-2 border-transparent pb-3 pt-1 text-sm font-medium text-stone-600 transition-colors hover:text-brand-800 data-[state=active]:border-brand-700 data-[state=active]:text-brand-900"
          >
            {tab.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.map((tab) => (
        <TabsContent
          key={tab.value}
          value={tab.value}
          className="pt-5 text-sm leading-relaxed text-stone-700 sm:text-base"
        >
          <p className="whitespace-pre-line">{tab.text}</p>
        </TabsContent>
      ))}
    </TabsRoot>
  );
}
