/**
 * A table of rows with optional sortable columns bound to the URL's `sort` and `dir` params
 * (use-list-params.ts): the header of the sorted column carries aria-sort, and its button turns
 * the direction around; another column's button sorts by it in its first direction.
 * Wide tables scroll sideways inside a focusable region on small screens.
 */
import { clsx } from "clsx";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { type ReactNode, useId } from "react";
import { useListParams } from "./use-list-params.ts";

export type Column<T> = {
  /** Header text. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The `sort` param value that orders by this column; absent when it is not sortable. */
  sortKey?: string;
  /** Direction of the first click on this column. */
  firstDir?: "asc" | "desc";
  className?: string;
};

export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
}: {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The order the server used, and its defaults (left out of the URL). */
  sort?: { key: string; dir: "asc" | "desc"; defaultKey: string; defaultDir: "asc" | "desc" };
}) {
  const { set } = useListParams();
  const captionId = useId();
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-gray-200 bg-white"
    >
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-gray-50 text-xs text-gray-700">
          <tr>
            {columns.map((c) => {
              const sorted = sort && c.sortKey === sort.key;
              return (
                <th
                  key={c.header}
                  scope="col"
                  aria-sort={sorted ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
                  className={clsx("px-3 py-2", c.className)}
                >
                  {sort && c.sortKey ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 font-semibold hover:text-ink"
                      onClick={() => {
                        const dir = sorted
                          ? sort.dir === "asc"
                            ? "desc"
                            : "asc"
                          : (c.firstDir ?? "asc");
                        set(
                          { sort: c.sortKey, dir },
                          { sort: sort.defaultKey, dir: sort.defaultDir },
                        );
                      }}
                    >
                      {c.header}
                      {sorted ? (
                        sort.dir === "asc" ? (
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
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-gray-100">
              {columns.map((c) => (
                <td key={c.header} className={clsx("px-3 py-2", c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
