/**
 * The Customer Database table (admin spec §2): Customer (name and email), Contact (phone),
 * Bookings (count and last service), Last Activity (date or dash), Status; a 'Possible duplicate'
 * badge under a client who shares a phone or a name with another (issue 28 item 7). Sortable headers
 * write `sort`/`dir` to the URL; a click on a row, or Enter on its name button, opens the
 * customer detail dialog.
 */
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { type Column, DataTable } from "#app/features/admin/kit/data-table.tsx";
import type { ClientListQuery, ClientRow } from "#common/clients.ts";
import { formatLagosDay } from "#common/lagos-time.ts";
import { STATUS_TONE } from "./format.ts";

function columns(onOpen: (id: number) => void): Column<ClientRow>[] {
  return [
    {
      header: "Customer",
      sortKey: "name",
      firstDir: "asc",
      cell: (r) => (
        <>
          <button
            type="button"
            className="text-left font-medium text-ink hover:underline"
            onClick={(e) => {
              // The row's own click opens the dialog too: once is enough.
              e.stopPropagation();
              onOpen(r.id);
            }}
          >
            {r.name}
          </button>
          <div className="break-all text-xs text-gray-700">{r.email}</div>
          {r.possibleDuplicate && (
            <div className="mt-1">
              <Badge tone="amber">Possible duplicate</Badge>
            </div>
          )}
        </>
      ),
    },
    { header: "Contact", className: "whitespace-nowrap", cell: (r) => r.phone },
    {
      header: "Bookings",
      cell: (r) => (
        <>
          <div className="font-medium">{r.totalBookings}</div>
          {r.lastService && <div className="text-xs text-gray-700">{r.lastService}</div>}
        </>
      ),
    },
    {
      header: "Last Activity",
      className: "whitespace-nowrap",
      cell: (r) => formatLagosDay(r.lastActivity),
    },
    {
      header: "Status",
      sortKey: "status",
      firstDir: "asc",
      cell: (r) => <Badge tone={STATUS_TONE[r.status]}>{r.status}</Badge>,
    },
  ];
}

export function ClientsTable({
  rows,
  query,
  onOpen,
}: {
  rows: ClientRow[];
  query: ClientListQuery;
  onOpen: (id: number) => void;
}) {
  return (
    <DataTable
      caption="Customers"
      label="Customer Database"
      columns={columns(onOpen)}
      rows={rows}
      rowKey={(r) => r.id}
      sort={{ key: query.sort, dir: query.dir, defaultKey: "recent", defaultDir: "desc" }}
      onRowClick={(r) => onOpen(r.id)}
    />
  );
}
