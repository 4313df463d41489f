import { AuditScreen } from "#app/features/admin/audit/audit-screen.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { auditListQuerySchema } from "#common/audit.ts";
import { parseListQuery } from "#common/paging.ts";
import type { Route } from "./+types/audit";

export async function loader({ request, context }: Route.LoaderArgs) {
  const pages = adminPagesOf(context);
  const query = parseListQuery(auditListQuerySchema, request.url);
  return { page: await pages.audit.page(query), query };
}

/** /admin/audit: who changed what in the back office, and when (issue 6). */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return <AuditScreen page={loaderData.page} query={loaderData.query} />;
}
