import { ArrowDownAZ, ArrowUpAZ, Plus, Search, Star } from "lucide-react";
import { useMemo, useState } from "react";
import { useRevalidator } from "react-router";
import { FallbackImage } from "#app/components/ui/fallback-image.tsx";
import { useToast } from "#app/components/ui/toast.tsx";
import {
  ProductDialog,
  productCategoryLabel,
} from "#app/features/admin/catalog/product-dialog.tsx";
import {
  filterAndSortProducts,
  type StockFilter,
} from "#app/features/admin/catalog/product-list.ts";
import {
  adminButton,
  Badge,
  ConfirmDialog,
  EmptyState,
  PageHeader,
} from "#app/features/admin/ui.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { apiRequest } from "#app/lib/api.ts";
import type { PublicProduct } from "#common/catalog.ts";
import {
  ADMIN_PRODUCT_CATEGORIES,
  PRODUCT_SORT_FIELDS,
  type ProductSortField,
  STOCK_IN,
  STOCK_OUT,
} from "#common/catalog-forms.ts";
import { formatNaira } from "#common/money.ts";
import type { Route } from "./+types/products";

export async function loader({ context }: Route.LoaderArgs) {
  return { products: await adminPagesOf(context).catalog.products() };
}

const SORT_LABELS: Record<ProductSortField, string> = {
  name: "Name",
  price: "Price",
  category: "Category",
  rating: "Rating",
  stock: "Stock",
};

const selectClass = "rounded-md border border-gray-400 bg-white px-3 py-2 text-sm";

/** /admin/products: product management (admin spec §2, §4, §5, §9). */
export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const { products } = loaderData;
  const toast = useToast();
  const revalidator = useRevalidator();
  const [q, setQ] = useState("");
  const [category, setCategory] = useState("all");
  const [stock, setStock] = useState<StockFilter>("all");
  const [sort, setSort] = useState<ProductSortField>("name");
  const [direction, setDirection] = useState<"asc" | "desc">("asc");
  const [dialog, setDialog] = useState<{ open: boolean; product: PublicProduct | null }>({
    open: false,
    product: null,
  });
  const [deleting, setDeleting] = useState<PublicProduct | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const shown = useMemo(
    () => filterAndSortProducts(products, { q, category, stock, sort, direction }),
    [products, q, category, stock, sort, direction],
  );

  async function toggleStock(product: PublicProduct) {
    setBusyId(product.id);
    try {
      await apiRequest("PATCH", `/api/products/${product.id}`, {
        stock: product.stock > 0 ? STOCK_OUT : STOCK_IN,
      });
      toast({ title: "Product updated successfully!" });
      await revalidator.revalidate();
    } catch {
      toast({ title: "Error", description: "Failed to update product", variant: "destructive" });
    } finally {
      setBusyId(null);
    }
  }

  async function remove(product: PublicProduct) {
    setDeleting(null);
    try {
      await apiRequest("DELETE", `/api/products/${product.id}`);
      toast({ title: "Product deleted successfully!" });
      await revalidator.revalidate();
    } catch {
      toast({ title: "Error", description: "Failed to delete product", variant: "destructive" });
    }
  }

  return (
    <>
      <PageHeader title="Products">
        <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-900">
          {shown.length} of {products.length} Products
        </span>
        <button
          type="button"
          className={adminButton.primary}
          onClick={() => setDialog({ open: true, product: null })}
        >
          <Plus className="h-4 w-4" aria-hidden />
          Add Product
        </button>
      </PageHeader>

      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div className="relative min-w-56 flex-1">
          <label htmlFor="products-search" className="sr-only">
            Search products
          </label>
          <Search
            className="pointer-events-none absolute left-3 top-2.5 h-4 w-4 text-gray-600"
            aria-hidden
          />
          <input
            id="products-search"
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Search products"
            className="w-full rounded-md border border-gray-400 bg-white py-2 pl-9 pr-3 text-sm"
          />
        </div>
        <label className="sr-only" htmlFor="products-category">
          Category
        </label>
        <select
          id="products-category"
          className={selectClass}
          value={category}
          onChange={(e) => setCategory(e.target.value)}
        >
          <option value="all">All Categories</option>
          {ADMIN_PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {productCategoryLabel(c)}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="products-stock">
          Stock
        </label>
        <select
          id="products-stock"
          className={selectClass}
          value={stock}
          onChange={(e) => setStock(e.target.value as StockFilter)}
        >
          <option value="all">All Stock</option>
          <option value="in-stock">In Stock</option>
          <option value="out-of-stock">Out of Stock</option>
        </select>
        <label className="sr-only" htmlFor="products-sort">
          Sort by
        </label>
        <select
          id="products-sort"
          className={selectClass}
          value={sort}
          onChange={(e) => setSort(e.target.value as ProductSortField)}
        >
          {PRODUCT_SORT_FIELDS.map((f) => (
            <option key={f} value={f}>
              Sort by {SORT_LABELS[f]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={adminButton.outline}
          onClick={() => setDirection((d) => (d === "asc" ? "desc" : "asc"))}
        >
          {direction === "asc" ? (
            <ArrowUpAZ className="h-4 w-4" aria-hidden />
          ) : (
            <ArrowDownAZ className="h-4 w-4" aria-hidden />
          )}
          {direction === "asc" ? "Ascending" : "Descending"}
        </button>
      </div>

      {shown.length === 0 ? (
        <EmptyState>
          {products.length === 0 ? "No products yet." : "No products match your filters."}
        </EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((p) => (
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
                  disabled={busyId === p.id}
                  onClick={() => void toggleStock(p)}
                >
                  {p.stock > 0 ? "Mark Out of Stock" : "Mark In Stock"}
                </button>
                <button
                  type="button"
                  className={adminButton.danger}
                  aria-label={`Delete ${p.name}`}
                  onClick={() => setDeleting(p)}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ProductDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        product={dialog.product}
        onSaved={() => void revalidator.revalidate()}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Product"
        description="Are you sure you want to delete this product?"
        confirmLabel="Delete"
        onConfirm={() => deleting && void remove(deleting)}
      />
    </>
  );
}
