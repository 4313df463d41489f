import { TreatmentRecordScreen } from "#app/features/admin/records/treatment-record-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import type { Route } from "./+types/treatment-record";

/**
 * The gate and the appointment id; the record itself is fetched by the screen (audited reads,
 * never page data). Clinical roles only: `records.open` answers 403 to any other role
 * (common/roles.ts AREA_ROLES.records, server/modules/admin/pages.ts).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  return adminPagesOf(context).records.open(Number(params.appointmentId));
}

/** /admin/records/:appointmentId: one appointment's treatment record and photos (issue 31). */
export default function AdminTreatmentRecord({ loaderData }: Route.ComponentProps) {
  return <TreatmentRecordScreen appointmentId={loaderData.appointmentId} />;
}
