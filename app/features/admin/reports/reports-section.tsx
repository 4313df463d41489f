/**
 * Analytics' reports and exports (issue 29; docs/decisions/0236): a range of Lagos days (a GET
 * form, so the range is the URL), the till's figures over it with a chart, the tables by day,
 * by service, by therapist and by tender, the refunds, and the CSV downloads. Each part shows
 * only to a role holding its capability (common/roles.ts): the report 'revenue.view', each
 * export its 'export.*'.
 */
import { Download } from "lucide-react";
import { Form } from "react-router";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { DataTable } from "#app/features/admin/kit/data-table.tsx";
import { TextField } from "#app/features/admin/kit/fields.tsx";
import { useCapabilities } from "#app/features/admin/kit/use-capabilities.ts";
import { lagosDateTime } from "#common/lagos-time.ts";
import { formatNairaWithKobo } from "#common/money.ts";
import type { ExportName, ReportRange, SalesReport } from "#common/reports.ts";
import type { Capability } from "#common/roles.ts";
import { ReportChart } from "./report-chart.tsx";

const money = formatNairaWithKobo;

const EXPORTS: ReadonlyArray<{ name: ExportName; label: string; capability: Capability }> = [
  { name: "orders", label: "Orders", capability: "export.orders" },
  { name: "clients", label: "Clients", capability: "export.clients" },
  { name: "bookings", label: "Bookings", capability: "export.bookings" },
  { name: "subscribers", label: "Subscribers", capability: "export.subscribers" },
  { name: "pay-runs", label: "Pay runs", capability: "export.payRuns" },
];

export function ReportsSection({
  report,
  range,
  rangeError,
}: {
  report: SalesReport | null;
  range: ReportRange;
  rangeError: string | null;
}) {
  const can = useCapabilities();
  const exports = EXPORTS.filter((e) => can(e.capability));
  if (!report && exports.length === 0) return null;
  const query = `from=${range.from}&to=${range.to}`;
  return (
    <section aria-labelledby="reports" className="mt-8 space-y-6">
      <h2 id="reports" className="text-xl font-semibold text-ink">
        Reports
      </h2>
      <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Report range">
        <TextField label="From" type="date" name="from" defaultValue={range.from} required />
        <TextField
          label="To"
          type="date"
          name="to"
          defaultValue={range.to}
          required
          error={rangeError ?? undefined}
        />
        <button type="submit" className={adminButton.primary}>
          Show
        </button>
        {report && (
          <a
            className={adminButton.outline}
            href={`/api/reports/sales/export?${query}`}
            download={`sales-report-${range.from}-${range.to}.csv`}
          >
            <Download className="h-4 w-4" aria-hidden />
            Export report
          </a>
        )}
      </Form>
      {report && <SalesFigures report={report} />}
      {exports.length > 0 && (
        <section aria-labelledby="exports">
          <h3 id="exports" className="mb-2 font-semibold text-ink">
            Exports (CSV)
          </h3>
          <p className="mb-2 text-sm text-gray-700">
            Rows dated {range.from} to {range.to}: orders placed, clients added, bookings requested,
            subscribers joined, pay periods started. Clients carry contact details only, never
            health notes.
          </p>
          <ul className="flex flex-wrap gap-2">
            {exports.map((e) => (
              <li key={e.name}>
                <a
                  className={adminButton.outline}
                  href={`/api/exports/${e.name}.csv?${query}`}
                  download={`${e.name}-${range.from}-${range.to}.csv`}
                >
                  <Download className="h-4 w-4" aria-hidden />
                  {e.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

function SalesFigures({ report: r }: { report: SalesReport }) {
  const t = r.totals;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
        <Figure label="Till sales" value={String(t.sales)} />
        <Figure label="Till total" value={money(t.total)} />
        <Figure label="Refunds" value={money(t.refunds)} />
        <Figure label="Shop orders" value={money(t.shopOrders)} />
        <Figure label="Net" value={money(t.net)} />
        <Figure label="Tips" value={money(t.tips)} />
        <Figure label="Commission" value={money(t.commission)} />
      </dl>
      <div>
        <h3 className="mb-2 font-semibold text-ink">By day</h3>
        {r.byDay.length > 0 && <ReportChart days={r.byDay} />}
        <DataTable
          caption="By day"
          rows={r.byDay}
          rowKey={(d) => d.date}
          empty="No sales, refunds or paid orders in this range."
          columns={[
            {
              header: "Date",
              rowHeader: true,
              className: "whitespace-nowrap",
              cell: (d) => d.date,
            },
            { header: "Sales", align: "right", cell: (d) => d.sales },
            { header: "Services", align: "right", cell: (d) => money(d.services) },
            { header: "Products", align: "right", cell: (d) => money(d.products) },
            { header: "Till total", align: "right", cell: (d) => money(d.total) },
            { header: "Refunds", align: "right", cell: (d) => money(d.refunds) },
            { header: "Shop orders", align: "right", cell: (d) => money(d.shopOrders) },
            { header: "Net", align: "right", cell: (d) => money(d.net) },
            { header: "Tips", align: "right", cell: (d) => money(d.tips) },
          ]}
        />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <div className="min-w-0">
          <h3 className="mb-2 font-semibold text-ink">By service</h3>
          <DataTable
            caption="By service"
            rows={r.byItem}
            rowKey={(i) => `${i.type}-${i.name}`}
            empty="Nothing sold in this range."
            columns={[
              { header: "Item", rowHeader: true, cell: (i) => i.name },
              { header: "Type", cell: (i) => (i.type === "service" ? "Service" : "Product") },
              { header: "Sold", align: "right", cell: (i) => i.quantity },
              { header: "Refunded", align: "right", cell: (i) => i.refundedQuantity },
              { header: "Net", align: "right", cell: (i) => money(i.net) },
            ]}
          />
        </div>
        <div className="min-w-0">
          <h3 className="mb-2 font-semibold text-ink">By therapist</h3>
          <DataTable
            caption="By therapist"
            rows={r.byTherapist}
            rowKey={(m) => m.staffId ?? "none"}
            empty="Nobody was credited in this range."
            columns={[
              { header: "Member", rowHeader: true, cell: (m) => m.name },
              { header: "Services", align: "right", cell: (m) => m.services },
              {
                header: "Value",
                align: "right",
                cell: (m) => money(m.servicesValue + m.productsValue),
              },
              { header: "Commission", align: "right", cell: (m) => money(m.commission) },
              { header: "Tips", align: "right", cell: (m) => money(m.tips) },
            ]}
          />
        </div>
        <div className="min-w-0">
          <h3 className="mb-2 font-semibold text-ink">By tender</h3>
          <DataTable
            caption="By tender"
            rows={r.byTender}
            rowKey={(p) => p.method}
            empty="No payments in this range."
            columns={[
              { header: "Tender", rowHeader: true, cell: (p) => p.label },
              { header: "Collected", align: "right", cell: (p) => money(p.collected) },
              { header: "Tips", align: "right", cell: (p) => money(p.tips) },
              { header: "Refunds", align: "right", cell: (p) => money(p.refunds) },
              { header: "Net", align: "right", cell: (p) => money(p.net) },
            ]}
          />
        </div>
        <div className="min-w-0">
          <h3 className="mb-2 font-semibold text-ink">
            Refunds ({r.refunds.count}
            {r.refunds.voids > 0 ? `, of which ${r.refunds.voids} voids` : ""})
          </h3>
          <DataTable
            caption="Refunds"
            rows={r.refunds.rows}
            rowKey={(x) => x.id}
            empty="No refunds in this range."
            columns={[
              {
                header: "When",
                className: "whitespace-nowrap",
                cell: (x) => lagosDateTime(x.at),
              },
              { header: "Sale", cell: (x) => `#${x.saleNumber}` },
              { header: "Kind", cell: (x) => x.kind },
              { header: "Amount", align: "right", cell: (x) => money(x.amount) },
              { header: "Reason", cell: (x) => x.reason },
            ]}
          />
          {r.refunds.count > r.refunds.rows.length && (
            <p className="mt-2 text-sm text-gray-700">
              The latest {r.refunds.rows.length} are shown; the report's CSV lists all{" "}
              {r.refunds.count}.
            </p>
          )}
        </div>
      </div>
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-3">
      <dt className="text-xs uppercase tracking-wide text-gray-600">{label}</dt>
      <dd className="text-lg font-semibold text-ink">{value}</dd>
    </div>
  );
}
