/**
 * The Outbox: every email the app wrote, newest first, so staff can read (and forward) what was
 * not sent over SMTP (ARCHITECTURE.md "email"). Search (recipient, subject, kind), a status
 * filter and paging; the state is in the URL (q, status, page) and the route loader asks the
 * server for the page (server/modules/outbox/service.ts `listOutboxPage`).
 */
import { Fragment } from "react";
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { FilterSelect, ListToolbar, SearchBox } from "#app/features/admin/kit/list-toolbar.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { PagedList } from "#app/features/admin/kit/paged-list.tsx";
import { formatLagosDateTime } from "#common/booking.ts";
import type { OutboxMessage } from "#common/outbox.ts";
import type { Page } from "#common/paging.ts";

/** Plain text with its http(s) links made clickable. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <a key={i} href={part} className="break-all text-brand-800 underline">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

const STATUS_TONE = { sent: "green", stored: "amber", failed: "red" } as const;

export function OutboxScreen({ page }: { page: Page<OutboxMessage> }) {
  return (
    <>
      <PageHeader title="Outbox" />
      <p className="mb-4 max-w-3xl text-sm text-gray-700">
        Emails the clinic has sent or stored. Without an SMTP server they stay here as “stored”;
        copy a message to the client if it needs to reach them.
      </p>
      <ListToolbar label="Find emails">
        <SearchBox label="Search emails" placeholder="Search by recipient or subject" />
        <FilterSelect
          param="status"
          label="Email status"
          defaultValue="all"
          options={[
            { value: "all", label: "All Emails" },
            { value: "stored", label: "Stored" },
            { value: "sent", label: "Sent" },
            { value: "failed", label: "Failed" },
          ]}
        />
      </ListToolbar>
      <PagedList
        page={page}
        label="Emails"
        empty="No emails yet."
        noMatches="No emails match your filters."
        filterParams={["q", "status"]}
      >
        {(rows) => (
          <ul className="grid gap-3">
            {rows.map((m) => (
              <li key={m.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
                <article aria-labelledby={`mail-${m.id}`}>
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 id={`mail-${m.id}`} className="font-semibold text-ink">
                      {m.subject}
                    </h2>
                    <Badge tone={STATUS_TONE[m.status as keyof typeof STATUS_TONE] ?? "gray"}>
                      {m.status}
                    </Badge>
                  </div>
                  <p className="text-sm text-gray-700">
                    To {m.toAddress} · {formatLagosDateTime(m.createdAt)} · {m.kind}
                  </p>
                  {m.error && <p className="text-sm text-red-700">Error: {m.error}</p>}
                  {m.status === "failed" && (
                    <p className="text-sm text-gray-700">
                      {m.nextAttemptAt
                        ? `Tried ${m.attempts} time${m.attempts === 1 ? "" : "s"}; trying again ${formatLagosDateTime(m.nextAttemptAt)}.`
                        : `Tried ${m.attempts} time${m.attempts === 1 ? "" : "s"}; no more retries.`}
                    </p>
                  )}
                  <details className="mt-2">
                    <summary className="cursor-pointer text-sm font-medium text-brand-800">
                      Read message
                    </summary>
                    <pre className="mt-2 whitespace-pre-wrap font-sans text-sm text-gray-900">
                      <Linkified text={m.textBody} />
                    </pre>
                  </details>
                </article>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </>
  );
}
