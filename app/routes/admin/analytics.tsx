import { DashboardScreen } from "#app/features/admin/dashboard/dashboard-screen.tsx";
import { ReportsSection } from "#app/features/admin/reports/reports-section.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { lagosDate } from "#common/lagos-time.ts";
import { defaultReportRange, reportRangeSchema } from "#common/reports.ts";
import type { Route } from "./+types/analytics";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const params = new URL(request.url).searchParams;
  const asked = reportRangeSchema.safeParse({
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
  });
  const fallback = defaultReportRange(lagosDate(new Date()));
  const range = asked.success ? asked.data : fallback;
  // A range typed wrong shows the default one with the reason; no range at all is no mistake.
  const rangeError =
    asked.success || (!params.has("from") && !params.has("to"))
      ? null
      : (asked.error.issues[0]?.message ?? null);
  const [dashboard, report] = await Promise.all([
    pages.dashboard.get(),
    pages.reports.sales(range),
  ]);
  return { dashboard, report, range, rangeError };
}

export const meta: Route.MetaFunction = () => [
  { title: "Analytics | Glow Haven Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * /admin/analytics: the dashboard view (admin spec §2: "Dashboard and Analytics show the same
 * dashboard view"), then the reports over a range and the CSV exports (issue 29).
 */
export default function AdminAnalytics({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <DashboardScreen dashboard={loaderData.dashboard} />
      <ReportsSection
        report={loaderData.report}
        range={loaderData.range}
        rangeError={loaderData.rangeError}
      />
    </>
  );
}
