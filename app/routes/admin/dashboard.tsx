import { DashboardScreen } from "#app/features/admin/dashboard/dashboard-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  return { dashboard: await adminPagesOf(context).dashboard.get() };
}

/** /admin and /admin/analytics: the dashboard with real figures (admin spec §2, §9). */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardScreen dashboard={loaderData.dashboard} />;
}
