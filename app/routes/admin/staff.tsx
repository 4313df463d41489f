import { StaffScreen } from "#app/features/admin/staff/staff-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { parseDatabaseId } from "#common/ids.ts";
import type { Route } from "./+types/staff";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const params = new URL(request.url).searchParams;
  const memberId = parseDatabaseId(params.get("member") ?? "");
  const data = await pages.staff.screen({ memberId });
  return {
    data,
    tab: params.get("tab") ?? "team",
    view: params.get("view") ?? "overview",
    viewer: pages.identity,
  };
}

/** /admin/staff: team, time clock, pay runs and analytics (admin spec §2 "Staff management"). */
export default function AdminStaff({ loaderData }: Route.ComponentProps) {
  return <StaffScreen {...loaderData} />;
}
