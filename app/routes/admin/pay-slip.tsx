import { PaySlip } from "#app/features/admin/staff/pay-slip.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { parseDatabaseId } from "#common/ids.ts";
import type { Route } from "./+types/pay-slip";

export async function loader({ params, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const id = parseDatabaseId(params.id ?? "");
  return { slip: id === null ? null : await pages.staff.paySlip(id) };
}

/** /admin/staff/pay-runs/{id}: a printable pay slip (issue 13; managers only). */
export default function AdminPaySlip({ loaderData }: Route.ComponentProps) {
  return <PaySlip slip={loaderData.slip} />;
}
