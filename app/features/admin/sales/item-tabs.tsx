/**
 * The till's item tabs (admin spec §2 "Point of sale"): Quick sale (popular items as one-tap
 * cards, upcoming appointments with Start Checkout) and the Services and Products tabs (a name
 * search and cards with an add button; a product out of stock cannot be added).
 */
import { CalendarClock, Plus, Search } from "lucide-react";
import { useState } from "react";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { EmptyState } from "#app/features/admin/kit/empty-state.tsx";
import type { Appointment } from "#common/calendar.ts";
import { lagosDateTime } from "#common/lagos-time.ts";
import { formatNairaWithKobo } from "#common/money.ts";
import type { PopularItem, PosCatalogItem } from "#common/sales.ts";

export type AddItem = (item: PosCatalogItem, isPopular?: boolean) => void;

function stockNote(stock: number | null) {
  if (stock === null) return null;
  if (stock <= 0) return <span className="text-xs font-medium text-red-700">Out of stock</span>;
  return <span className="text-xs text-gray-600">{stock} in stock</span>;
}

export function QuickSaleTab({
  popular,
  upcoming,
  onAdd,
  onStartCheckout,
}: {
  popular: PopularItem[];
  upcoming: Appointment[];
  onAdd: AddItem;
  onStartCheckout: (appointment: Appointment) => void;
}) {
  return (
    <div className="space-y-6">
      <section aria-labelledby="popular-heading">
        <h2 id="popular-heading" className="mb-3 text-lg font-semibold text-ink">
          Popular items
        </h2>
        {popular.length === 0 ? (
          <EmptyState>No services or products to sell yet.</EmptyState>
        ) : (
          <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
            {popular.map((p) => {
              const out = p.stock !== null && p.stock <= 0;
              const price = p.price ?? p.lastSoldPrice;
              return (
                <li key={`${p.itemType}-${p.itemId}`}>
                  <button
                    type="button"
                    disabled={out || p.price === null}
                    onClick={() =>
                      onAdd(
                        {
                          id: p.itemId,
                          type: p.itemType,
                          name: p.itemName,
                          category: "",
                          price,
                          stock: p.stock,
                        },
                        true,
                      )
                    }
                    className="flex h-full w-full flex-col items-start gap-1 rounded-lg border border-gray-200 bg-white p-3 text-left shadow-sm hover:border-brand-500 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
                  >
                    <span className="text-sm font-medium text-ink">{p.itemName}</span>
                    <span className="text-sm text-brand-800">{formatNairaWithKobo(price)}</span>
                    <span className="flex items-center gap-2 text-xs capitalize text-gray-600">
                      {p.itemType}
                      {stockNote(p.stock)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="upcoming-heading">
        <h2 id="upcoming-heading" className="mb-3 text-lg font-semibold text-ink">
          Upcoming appointments
        </h2>
        {upcoming.length === 0 ? (
          <EmptyState>No upcoming appointments.</EmptyState>
        ) : (
          <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
            {upcoming.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div className="flex items-start gap-3">
                  <CalendarClock className="mt-0.5 h-5 w-5 text-brand-700" aria-hidden />
                  <div>
                    <p className="text-sm font-medium text-ink">
                      {a.customerName} · {a.serviceName}
                    </p>
                    <p className="text-xs text-gray-600">
                      {lagosDateTime(a.appointmentDate)}
                      {a.staffName ? ` · ${a.staffName}` : ""}
                      {a.price !== null ? ` · ${formatNairaWithKobo(a.price)}` : ""}
                    </p>
                  </div>
                </div>
                <button
                  type="button"
                  className={adminButton.outline}
                  onClick={() => onStartCheckout(a)}
                  aria-label={`Start Checkout for ${a.customerName}`}
                >
                  Start Checkout
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function CatalogTab({
  kind,
  items,
  onAdd,
}: {
  kind: "services" | "products";
  items: PosCatalogItem[];
  onAdd: AddItem;
}) {
  const [query, setQuery] = useState("");
  const q = query.trim().toLowerCase();
  const shown = q ? items.filter((i) => i.name.toLowerCase().includes(q)) : items;
  const label = kind === "services" ? "Search services" : "Search products";
  return (
    <div>
      <div className="relative mb-4 max-w-md">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-gray-500"
          aria-hidden
        />
        <input
          type="search"
          aria-label={label}
          placeholder={`${label}…`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="block w-full rounded-md border border-gray-400 bg-white py-2 pl-9 pr-3 text-sm"
        />
      </div>
      {shown.length === 0 ? (
        <EmptyState>{q ? `No ${kind} match "${query.trim()}".` : `No ${kind} yet.`}</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((item) => {
            const out = item.stock !== null && item.stock <= 0;
            const noPrice = item.price === null;
            return (
              <li
                key={item.id}
                className="flex items-center justify-between gap-3 rounded-lg border border-gray-200 bg-white p-3 shadow-sm"
              >
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-ink">{item.name}</p>
                  <p className="text-sm text-brand-800">
                    {noPrice ? "Price on request" : formatNairaWithKobo(item.price as number)}
                  </p>
                  <p className="flex gap-2 text-xs capitalize text-gray-600">
                    {item.category.replaceAll("-", " ")}
                    {stockNote(item.stock)}
                  </p>
                </div>
                <button
                  type="button"
                  className={adminButton.outline}
                  disabled={out || noPrice}
                  onClick={() => onAdd(item)}
                  aria-label={out ? `${item.name} is out of stock` : `Add ${item.name}`}
                >
                  <Plus className="h-4 w-4" aria-hidden />
                  {out ? "Out of stock" : "Add"}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
