/**
 * The Customer Database table (admin spec §2): Customer (name and email), Contact (phone),
 * Bookings (count and last service), Last Activity (date or dash), Status. Sortable headers
 * write `sort`/`dir` to the URL; a click on a row, or Enter on its name button, opens the
 * customer detail dialog.
 */
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { useListParams } from "#app/features/admin/kit/use-list-params.ts";
import type { ClientListQuery, ClientRow, ClientSort } from "#common/clients.ts";
import { formatLagosDate, STATUS_TONE } from "./format.ts";

const COLUMNS: ReadonlyArray<{ header: string; sort?: ClientSort; firstDir?: "asc" | "desc" }> = [
  { header: "Customer", sort: "name", firstDir: "asc" },
  { header: "Contact" },
  { header: "Bookings" },
  { header: "Last Activity" },
  { header: "Status", sort: "status", firstDir: "asc" },
];

export function ClientsTable({
  rows,
  query,
  onOpen,
}: {
  rows: ClientRow[];
  query: ClientListQuery;
  onOpen: (id: number) => void;
}) {
  const { set } = useListParams();
  return (
    <section
      aria-label="Customer Database"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-gray-200 bg-white"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Customers</caption>
        <thead className="bg-gray-50 text-xs text-gray-700">
          <tr>
            {COLUMNS.map((c) => {
              const sorted = c.sort !== undefined && c.sort === query.sort;
              return (
                <th
                  key={c.header}
                  scope="col"
                  className="px-3 py-2"
                  aria-sort={
                    sorted ? (query.dir === "asc" ? "ascending" : "descending") : undefined
                  }
                >
                  {c.sort ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 font-semibold hover:text-ink"
                      onClick={() =>
                        set(
                          {
                            sort: c.sort,
                            dir: sorted
                              ? query.dir === "asc"
                                ? "desc"
                                : "asc"
                              : (c.firstDir ?? "asc"),
                          },
                          { sort: "recent", dir: "desc" },
                        )
                      }
                    >
                      {c.header}
                      {sorted ? (
                        query.dir === "asc" ? (
                          <ArrowUp className="h-3.5 w-3.5" aria-hidden />
                        ) : (
                          <ArrowDown className="h-3.5 w-3.5" aria-hidden />
                        )
                      ) : (
                        <ArrowUpDown className="h-3.5 w-3.5 text-gray-500" aria-hidden />
                      )}
                    </button>
                  ) : (
                    c.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr
              key={r.id}
              className="cursor-pointer border-t border-gray-100 hover:bg-brand-50"
              onClick={() => onOpen(r.id)}
            >
              <td className="px-3 py-2">
                <button
                  type="button"
                  className="text-left font-medium text-ink hover:underline"
                  onClick={(e) => {
                    e.stopPropagation();
                    onOpen(r.id);
                  }}
                >
                  {r.name}
                </button>
                <div className="break-all text-xs text-gray-700">{r.email}</div>
              </td>
              <td className="whitespace-nowrap px-3 py-2">{r.phone}</td>
              <td className="px-3 py-2">
                <div className="font-medium">{r.totalBookings}</div>
                {r.lastService && <div className="text-xs text-gray-700">{r.lastService}</div>}
              </td>
              <td className="whitespace-nowrap px-3 py-2">{formatLagosDate(r.lastActivity)}</td>
              <td className="px-3 py-2">
                <Badge tone={STATUS_TONE[r.status]}>{r.status}</Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
