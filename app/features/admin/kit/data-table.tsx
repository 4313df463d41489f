/**
 * Every back-office table (issue 27): columns with a header, a cell renderer and an alignment,
 * optional sortable columns bound to the URL's `sort` and `dir` params (use-list-params.ts), an
 * optional footer of total rows, and an empty state. The header of the sorted column carries
 * aria-sort, and its button turns the direction around; another column's button sorts by it in
 * its first direction. Wide tables scroll sideways inside a focusable region on small screens;
 * a `plain` table inside a card keeps the card's frame instead.
 * Printed documents (pay slip, till receipt) and the chart's screen-reader table stay plain
 * tables: they need neither the frame nor the scroll region.
 */
import { clsx } from "clsx";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { type ReactNode, useId } from "react";
import { EmptyState } from "./empty-state.tsx";
import { useListParams } from "./use-list-params.ts";

export type Column<T> = {
  /** Header text; with `hideHeader` it is read by screen readers only (an actions column). */
  header: string;
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** Figures align right, header and footer included. */
  align?: "left" | "right";
  /** The cell names its row: a `<th scope="row">` (a summary's label column). */
  rowHeader?: boolean;
  /** The `sort` param value that orders by this column; absent when it is not sortable. */
  sortKey?: string;
  /** Direction of the first click on this column. */
  firstDir?: "asc" | "desc";
  /** Classes of the column's header and cells. */
  className?: string;
};

/** A row under the data (a total): one cell per column, in the columns' order. */
export type FooterRow = { key: string; cells: readonly ReactNode[]; className?: string };

type Sort = { key: string; dir: "asc" | "desc"; defaultKey: string; defaultDir: "asc" | "desc" };

export type DataTableProps<T> = {
  /** The table's name, read by screen readers (a visually hidden caption). */
  caption: string;
  /** The scroll region's name when it differs from the caption (default: the caption). */
  label?: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The order the server used, and its defaults (left out of the URL). */
  sort?: Sort;
  footer?: readonly FooterRow[];
  /** Shown instead of the table when there are no rows; without it an empty table is shown. */
  empty?: ReactNode;
  /** A click anywhere on a row (the row must also hold a button doing the same, for keyboards). */
  onRowClick?: (row: T) => void;
  /** No frame, header band or scroll region: a short table inside a card. */
  plain?: boolean;
  /** Classes of the `<table>` (e.g. a minimum width that makes the region scroll). */
  className?: string;
};

export function DataTable<T>({
  caption,
  label,
  columns,
  rows,
  rowKey,
  sort,
  footer,
  empty,
  onRowClick,
  plain,
  className,
}: DataTableProps<T>) {
  const captionId = useId();
  if (rows.length === 0 && empty !== undefined) return <EmptyState>{empty}</EmptyState>;
  const pad = plain ? "py-1.5 pr-3 last:pr-0" : "px-3 py-2";
  const table = (
    // relative: the visually hidden texts (absolute) stay inside the scroll region, not the page.
    <table className={clsx("relative w-full text-left text-sm", className)}>
      <caption id={captionId} className="sr-only">
        {caption}
      </caption>
      <thead className={plain ? "text-xs text-gray-700" : "bg-gray-50 text-xs text-gray-700"}>
        <tr>
          {columns.map((c) => (
            <HeaderCell key={c.header} column={c} sort={sort} pad={pad} plain={plain} />
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={clsx(
              "border-t border-gray-100 align-top",
              onRowClick && "cursor-pointer hover:bg-brand-50",
            )}
            onClick={onRowClick && (() => onRowClick(row))}
          >
            {columns.map((c) => (
              <Cell key={c.header} column={c} pad={pad}>
                {c.cell(row)}
              </Cell>
            ))}
          </tr>
        ))}
      </tbody>
      {footer && footer.length > 0 && <Footer columns={columns} rows={footer} pad={pad} />}
    </table>
  );
  if (plain) return table;
  return (
    <section
      aria-labelledby={label ? undefined : captionId}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-gray-200 bg-white"
    >
      {table}
    </section>
  );
}

/** The total rows under the data: the first one set apart by a heavier rule. */
function Footer<T>({
  columns,
  rows,
  pad,
}: {
  columns: readonly Column<T>[];
  rows: readonly FooterRow[];
  pad: string;
}) {
  return (
    <tfoot>
      {rows.map((f, i) => (
        <tr
          key={f.key}
          className={clsx(
            i === 0 ? "border-t-2 border-gray-300" : "border-t border-gray-100",
            f.className,
          )}
        >
          {columns.map((c, j) => (
            <Cell key={c.header} column={c} pad={pad}>
              {f.cells[j]}
            </Cell>
          ))}
        </tr>
      ))}
    </tfoot>
  );
}

/** A body or footer cell: `<th scope="row">` in a row-header column, else `<td>`. */
function Cell<T>({
  column: c,
  pad,
  children,
}: {
  column: Column<T>;
  pad: string;
  children: ReactNode;
}) {
  const className = clsx(pad, c.align === "right" && "text-right", c.className);
  return c.rowHeader ? (
    // The row's weight (normal, or a total's bold) applies to its label too.
    <th scope="row" className={clsx(className, "text-left [font-weight:inherit]")}>
      {children}
    </th>
  ) : (
    <td className={className}>{children}</td>
  );
}

/** A column header: a button turning the order when the column sorts. */
function HeaderCell<T>({
  column: c,
  sort,
  pad,
  plain,
}: {
  column: Column<T>;
  sort: Sort | undefined;
  pad: string;
  plain: boolean | undefined;
}) {
  const sorted = sort && c.sortKey === sort.key;
  const text = c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header;
  return (
    <th
      scope="col"
      aria-sort={sorted ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
      className={clsx(
        pad,
        plain && "font-medium",
        c.align === "right" && "text-right",
        c.className,
      )}
    >
      {sort && c.sortKey ? (
        <SortButton sortKey={c.sortKey} firstDir={c.firstDir} sort={sort}>
          {text}
        </SortButton>
      ) : (
        text
      )}
    </th>
  );
}

/** Sorts by `sortKey` in its first direction, or turns the direction of the current order. */
function SortButton({
  sortKey,
  firstDir,
  sort,
  children,
}: {
  sortKey: string;
  firstDir: "asc" | "desc" | undefined;
  sort: Sort;
  children: ReactNode;
}) {
  const { set } = useListParams();
  const sorted = sortKey === sort.key;
  return (
    <button
      type="button"
      className="inline-flex items-center gap-1 font-semibold hover:text-ink"
      onClick={() => {
        const dir = sorted ? (sort.dir === "asc" ? "desc" : "asc") : (firstDir ?? "asc");
        set({ sort: sortKey, dir }, { sort: sort.defaultKey, dir: sort.defaultDir });
      }}
    >
      {children}
      {!sorted ? (
        <ArrowUpDown className="h-3.5 w-3.5 text-gray-500" aria-hidden />
      ) : sort.dir === "asc" ? (
        <ArrowUp className="h-3.5 w-3.5" aria-hidden />
      ) : (
        <ArrowDown className="h-3.5 w-3.5" aria-hidden />
      )}
    </button>
  );
}
