/**
 * Product management (admin spec §2, §4, §5, §9): search, category, stock, sort field and
 * direction, 'N of M Products', product cards, paging, the add/edit dialog, Mark In/Out of
 * Stock and delete with the spec's confirmation and toasts. The list state is in the URL (q,
 * category, stock, sort, dir, page); the route loader asks the server for the page
 * (server/modules/catalog/service.ts `listProductsPage`).
 */
import { ArrowDownAZ, ArrowUpAZ, Plus, Star } from "lucide-react";
import { useState } from "react";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { ConfirmDialog } from "#app/features/admin/kit/confirm-dialog.tsx";
import { FilterSelect, ListToolbar, SearchBox } from "#app/features/admin/kit/list-toolbar.tsx";
import { CountBadge, PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { PagedList } from "#app/features/admin/kit/paged-list.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { useListParams } from "#app/features/admin/kit/use-list-params.ts";
import { apiRequest } from "#app/lib/api.ts";
import type { PublicProduct } from "#common/catalog.ts";
import {
  ADMIN_PRODUCT_CATEGORIES,
  PRODUCT_SORT_FIELDS,
  type ProductListQuery,
  type ProductSortField,
  STOCK_IN,
  STOCK_OUT,
} from "#common/catalog-forms.ts";
import { formatNaira } from "#common/money.ts";
import type { Page } from "#common/paging.ts";
import { ProductDialog, productCategoryLabel } from "./product-dialog.tsx";

const SORT_LABELS: Record<ProductSortField, string> = {
  name: "Name",
  price: "Price",
  category: "Category",
  rating: "Rating",
  stock: "Stock",
};

/** Ascending/Descending: turns the URL's `dir` around. */
function DirectionButton({ dir }: { dir: ProductListQuery["dir"] }) {
  const { params, set } = useListParams();
  const current = params.get("dir") === "desc" ? "desc" : params.has("dir") ? "asc" : dir;
  return (
    <button
      type="button"
      className={`${adminButton.outline} py-2`}
      onClick={() => set({ dir: current === "asc" ? "desc" : "asc" }, { dir: "asc" })}
    >
      {current === "asc" ? (
        <ArrowUpAZ className="h-4 w-4" aria-hidden />
      ) : (
        <ArrowDownAZ className="h-4 w-4" aria-hidden />
      )}
      {current === "asc" ? "Ascending" : "Descending"}
    </button>
  );
}

export function ProductsScreen({
  page,
  query,
}: {
  page: Page<PublicProduct>;
  query: ProductListQuery;
}) {
  const [dialog, setDialog] = useState<{ open: boolean; product: PublicProduct | null }>({
    open: false,
    product: null,
  });
  const [deleting, setDeleting] = useState<PublicProduct | null>(null);
  const stock = useAdminMutation({
    success: { title: "Product updated successfully!" },
    failure: "Failed to update product",
  });
  const remove = useAdminMutation({
    success: { title: "Product deleted successfully!" },
    failure: "Failed to delete product",
  });

  return (
    <>
      <PageHeader title="Products">
        <CountBadge>
          {page.matching} of {page.total} Products
        </CountBadge>
        <button
          type="button"
          className={adminButton.primary}
          onClick={() => setDialog({ open: true, product: null })}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add Product
        </button>
      </PageHeader>

      <ListToolbar label="Find products">
        <SearchBox id="products-search" label="Search products" placeholder="Search products" />
        <FilterSelect
          id="products-category"
          param="category"
          label="Category"
          defaultValue="all"
          options={[
            { value: "all", label: "All Categories" },
            ...ADMIN_PRODUCT_CATEGORIES.map((c) => ({ value: c, label: productCategoryLabel(c) })),
          ]}
        />
        <FilterSelect
          id="products-stock"
          param="stock"
          label="Stock"
          defaultValue="all"
          options={[
            { value: "all", label: "All Stock" },
            { value: "in-stock", label: "In Stock" },
            { value: "out-of-stock", label: "Out of Stock" },
          ]}
        />
        <FilterSelect
          id="products-sort"
          param="sort"
          label="Sort by"
          defaultValue="name"
          options={PRODUCT_SORT_FIELDS.map((f) => ({
            value: f,
            label: `Sort by ${SORT_LABELS[f]}`,
          }))}
        />
        <DirectionButton dir={query.dir} />
      </ListToolbar>

      <PagedList
        page={page}
        label="Products"
        empty="No products yet."
        noMatches="No products match your filters."
        filterParams={["q", "category", "stock"]}
      >
        {(rows) => (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {rows.map((p) => (
              <li
                key={p.id}
                className="flex flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
              >
                <div className="flex gap-3">
                  <FallbackImage
                    src={p.image}
                    fallbackSrc="/images/placeholder-product.svg"
                    alt=""
                    loading="lazy"
                    className="h-20 w-20 shrink-0 rounded-md bg-gray-100 object-cover"
                  />
                  <div className="min-w-0">
                    <h2 className="font-semibold text-ink">{p.name}</h2>
                    <p className="text-xs font-medium uppercase tracking-wide text-gray-600">
                      {productCategoryLabel(p.category)}
                    </p>
                    <p className="mt-1 text-sm font-semibold text-brand-800">
                      {formatNaira(p.price)}
                    </p>
                    <p className="mt-1 flex items-center gap-1 text-sm text-gray-800">
                      <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden />
                      {p.rating.toFixed(1)}
                    </p>
                  </div>
                </div>
                <div className="mt-3 flex items-center gap-2 text-sm">
                  {p.stock > 0 ? (
                    <Badge tone="green">In Stock</Badge>
                  ) : (
                    <Badge tone="red">Out of Stock</Badge>
                  )}
                  <span className="text-gray-700">Stock: {p.stock}</span>
                </div>
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={adminButton.outline}
                    aria-label={`Edit ${p.name}`}
                    onClick={() => setDialog({ open: true, product: p })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className={adminButton.outline}
                    disabled={stock.isPending(p.id)}
                    onClick={() =>
                      void stock.run(
                        () =>
                          apiRequest("PATCH", `/api/products/${p.id}`, {
                            stock: p.stock > 0 ? STOCK_OUT : STOCK_IN,
                          }),
                        { key: p.id },
                      )
                    }
                  >
                    {p.stock > 0 ? "Mark Out of Stock" : "Mark In Stock"}
                  </button>
                  <button
                    type="button"
                    className={adminButton.danger}
                    aria-label={`Delete ${p.name}`}
                    disabled={remove.isPending(p.id)}
                    onClick={() => setDeleting(p)}
                  >
                    Delete
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
      <ProductDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        product={dialog.product}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Product"
        description="Are you sure you want to delete this product?"
        confirmLabel="Delete"
        onConfirm={() => {
          const product = deleting;
          setDeleting(null);
          if (product) {
            void remove.run(() => apiRequest("DELETE", `/api/products/${product.id}`), {
              key: product.id,
            });
          }
        }}
      />
    </>
  );
}
