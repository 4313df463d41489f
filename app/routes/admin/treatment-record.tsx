import { data } from "react-router";
import { TreatmentRecordScreen } from "#app/features/admin/records/treatment-record-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { canOpen, FORBIDDEN_MESSAGE } from "#common/roles.ts";
import type { Route } from "./+types/treatment-record";

/**
 * The gate and the appointment id; the record itself is fetched by the screen (audited reads,
 * never page data). Clinical roles only (common/roles.ts AREA_ROLES.records).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  if (!canOpen(pages.identity.role, "records")) {
    throw data({ message: FORBIDDEN_MESSAGE }, { status: 403 });
  }
  const id = Number(params.appointmentId);
  if (!Number.isInteger(id) || id <= 0) throw data({ message: "Not found" }, { status: 404 });
  return { appointmentId: id };
}

/** /admin/records/:appointmentId: one appointment's treatment record and photos (issue 31). */
export default function AdminTreatmentRecord({ loaderData }: Route.ComponentProps) {
  return <TreatmentRecordScreen appointmentId={loaderData.appointmentId} />;
}
