/**
 * The activity log: who changed what in the back office, and when (issue 6). A table sortable by
 * time, person and action, a search, and paging; the state is in the URL (q, sort, dir, page) and
 * the route loader asks the server for the page (server/modules/audit/service.ts `listAuditPage`).
 */
import { Download } from "lucide-react";
import { type Column, DataTable } from "#app/features/admin/kit/data-table.tsx";
import { ListToolbar, SearchBox } from "#app/features/admin/kit/list-toolbar.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { PagedList } from "#app/features/admin/kit/paged-list.tsx";
import type { AuditListQuery, AuditRecord } from "#common/audit.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import type { Page } from "#common/paging.ts";

const COLUMNS: Column<AuditRecord>[] = [
  {
    header: "When",
    sortKey: "when",
    firstDir: "desc",
    className: "whitespace-nowrap",
    cell: (e) => formatLagosDateTime(e.createdAt),
  },
  { header: "Who", sortKey: "who", cell: (e) => e.adminUsername },
  { header: "What", sortKey: "what", cell: (e) => e.action },
  { header: "Record", cell: (e) => `${e.entity}${e.entityId ? ` #${e.entityId}` : ""}` },
];

export function AuditScreen({ page, query }: { page: Page<AuditRecord>; query: AuditListQuery }) {
  return (
    <>
      <PageHeader title="Activity log">
        {/* Manager-only page; the API checks the role too (GET /api/admin/backup, issue 16). */}
        <a
          href="/api/admin/backup"
          download
          className="inline-flex items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-ink hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Download className="h-4 w-4" aria-hidden />
          Download backup
        </a>
      </PageHeader>
      <ListToolbar label="Find changes">
        <SearchBox
          label="Search the activity log"
          placeholder="Search by person, action or record"
        />
      </ListToolbar>
      <PagedList
        page={page}
        label="Activity log"
        empty="No changes recorded yet."
        noMatches="No changes match your search."
        filterParams={["q"]}
      >
        {(rows) => (
          <DataTable
            caption="Back-office changes"
            columns={COLUMNS}
            rows={rows}
            rowKey={(e) => e.id}
            sort={{ key: query.sort, dir: query.dir, defaultKey: "when", defaultDir: "desc" }}
          />
        )}
      </PagedList>
    </>
  );
}
