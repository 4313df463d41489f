import { SalesScreen } from "#app/features/admin/sales/sales-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { isRealDate, lagosDate } from "#common/lagos-time.ts";
import { POS_TABS, type PosTab } from "#common/sales.ts";
import type { Route } from "./+types/sales";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const params = new URL(request.url).searchParams;
  const asked = params.get("date") ?? "";
  // A bad or missing date shows today (Lagos), as the Today button does.
  const date = isRealDate(asked) ? asked : lagosDate(new Date());
  const tab = params.get("tab") ?? "";
  const initialTab: PosTab = (POS_TABS as readonly string[]).includes(tab)
    ? (tab as PosTab)
    : params.has("date")
      ? "daily-sales"
      : "quick-sale";
  // Start Checkout from the calendar or a client's dialog: ?checkout={appointmentId} (issue 29).
  const checkout = /^[1-9]\d{0,9}$/.test(params.get("checkout") ?? "")
    ? Number(params.get("checkout"))
    : null;
  return { data: await pages.sales.screen(date, checkout), initialTab };
}

export const meta: Route.MetaFunction = () => [
  { title: "Point of Sale | Glow Haven Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

/** /admin/sales: the front desk's till and the daily sales (admin spec §2 "Point of sale"). */
export default function AdminSales({ loaderData }: Route.ComponentProps) {
  return <SalesScreen data={loaderData.data} initialTab={loaderData.initialTab} />;
}
