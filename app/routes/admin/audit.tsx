import { EmptyState, PageHeader } from "#app/features/admin/ui.tsx";
import { adminPagesOf } from "#app/lib/admin-gate.ts";
import { formatLagosDateTime } from "#common/booking.ts";
import type { Route } from "./+types/audit";

export async function loader({ context }: Route.LoaderArgs) {
  return { entries: await adminPagesOf(context).audit.list() };
}

/** /admin/audit: who changed what in the back office, and when (issue 6). */
export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Activity log" />
      {loaderData.entries.length === 0 ? (
        <EmptyState>No changes recorded yet.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="bg-gray-50 text-xs text-gray-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  When
                </th>
                <th scope="col" className="px-3 py-2">
                  Who
                </th>
                <th scope="col" className="px-3 py-2">
                  What
                </th>
                <th scope="col" className="px-3 py-2">
                  Record
                </th>
              </tr>
            </thead>
            <tbody>
              {loaderData.entries.map((e) => (
                <tr key={e.id} className="border-t border-gray-100">
                  <td className="whitespace-nowrap px-3 py-2">
                    {formatLagosDateTime(e.createdAt)}
                  </td>
                  <td className="px-3 py-2">{e.adminUsername}</td>
                  <td className="px-3 py-2">{e.action}</td>
                  <td className="px-3 py-2">
                    {e.entity}
                    {e.entityId ? ` #${e.entityId}` : ""}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
