/**
 * A pay slip (issue 13): the member, the period and every figure of the pay run in naira, with
 * a Print button; the admin shell is hidden when printing.
 */
import { ArrowLeft, Printer } from "lucide-react";
import { Link } from "react-router";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { EmptyState } from "#app/features/admin/kit/empty-state.tsx";
import { BUSINESS } from "#common/business.ts";
import { formatNairaWithKobo } from "#common/money.ts";
import type { PayRun, StaffMember } from "#common/staff.ts";
import { fullName, label, staffHref, when } from "./staff-format.ts";

export function PaySlip({ slip }: { slip: { payRun: PayRun; member: StaffMember } | null }) {
  if (!slip) {
    return (
      <>
        <h1 className="mb-4 text-2xl font-semibold">Pay slip</h1>
        <EmptyState>This pay run was not found.</EmptyState>
      </>
    );
  }
  const { payRun: r, member: m } = slip;
  const lines: Array<[string, number]> = [
    [`Regular pay (${r.regularHours.toFixed(2)} h)`, r.regularPay],
    [`Overtime pay (${r.overtimeHours.toFixed(2)} h)`, r.overtimePay],
    ["Commission", r.commissionEarned],
    ["Tips", r.tips],
  ];
  return (
    <article className="mx-auto max-w-2xl rounded-lg border border-gray-200 bg-white p-6 print:border-0 print:p-0">
      <div className="mb-4 flex flex-wrap justify-between gap-2 print:hidden">
        <Link
          to={staffHref({ tab: "pay" })}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Pay &amp; Commissions
        </Link>
        <button type="button" className={adminButton.primary} onClick={() => window.print()}>
          <Printer className="h-4 w-4" aria-hidden />
          Print
        </button>
      </div>
      <header className="border-b border-gray-200 pb-4">
        <p className="text-sm text-gray-700">{BUSINESS.name}</p>
        <h1 className="text-2xl font-semibold text-ink">Pay slip</h1>
        <p className="mt-1 text-sm">
          {fullName(m)} · {label(m.role)} · {label(m.department)}
        </p>
        <p className="text-sm text-gray-700">
          Period {r.payPeriodStart} to {r.payPeriodEnd} · Hourly rate{" "}
          {m.hourlyRate === null ? "—" : formatNairaWithKobo(Number(m.hourlyRate))}
        </p>
        <p className="text-sm text-gray-700">
          Status:{" "}
          {r.status === "paid" ? `Paid${r.paidAt ? ` ${when(r.paidAt)}` : ""}` : "Pending approval"}
        </p>
      </header>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">Pay figures</caption>
        <tbody>
          {lines.map(([name, value]) => (
            <tr key={name} className="border-b border-gray-100">
              <th scope="row" className="py-2 text-left font-normal">
                {name}
              </th>
              <td className="py-2 text-right">{formatNairaWithKobo(value)}</td>
            </tr>
          ))}
          <tr className="border-b border-gray-200 font-semibold">
            <th scope="row" className="py-2 text-left">
              Gross pay
            </th>
            <td className="py-2 text-right">{formatNairaWithKobo(r.grossPay)}</td>
          </tr>
          <tr className="border-b border-gray-100">
            <th scope="row" className="py-2 text-left font-normal">
              Deductions
            </th>
            <td className="py-2 text-right">−{formatNairaWithKobo(r.deductions)}</td>
          </tr>
          <tr className="text-lg font-semibold">
            <th scope="row" className="py-2 text-left">
              Net pay
            </th>
            <td className="py-2 text-right">{formatNairaWithKobo(r.netPay)}</td>
          </tr>
        </tbody>
      </table>
    </article>
  );
}
