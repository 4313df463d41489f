/**
 * The Outbox: every message the app wrote (email and WhatsApp), newest first, so staff can read
 * (and forward) what was not sent (ARCHITECTURE.md "email", issue 17). Each shows its channel,
 * recipient, template and subject, and its status (pending, stored, sent, delivered, failed),
 * with the error and a Retry button for failures. Search (recipient, subject, kind, template),
 * status and channel filters and paging; the state is in the URL (q, status, channel, page) and
 * the route loader asks the server for the page (server/modules/outbox/service.ts).
 */
import { Fragment } from "react";
import { Badge, type BadgeTone } from "#app/features/admin/kit/badge.tsx";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import { FilterSelect, ListToolbar, SearchBox } from "#app/features/admin/kit/list-toolbar.tsx";
import { PageHeader } from "#app/features/admin/kit/page-header.tsx";
import { PagedList } from "#app/features/admin/kit/paged-list.tsx";
import { useAdminMutation } from "#app/features/admin/kit/use-admin-mutation.ts";
import { apiRequest } from "#app/lib/api.ts";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import {
  canRetry,
  OUTBOX_LIST_CHANNELS,
  OUTBOX_LIST_STATUSES,
  type OutboxMessage,
  type OutboxShownStatus,
  shownStatus,
} from "#common/outbox.ts";
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

const STATUS_TONE: Record<OutboxShownStatus, BadgeTone> = {
  delivered: "green",
  sent: "green",
  pending: "gray",
  stored: "amber",
  failed: "red",
};

const CHANNEL_LABEL: Record<string, string> = { email: "Email", whatsapp: "WhatsApp" };

/** The filters' choices, from the values the server's query schema accepts. */
const STATUS_OPTIONS = OUTBOX_LIST_STATUSES.map((value) => ({
  value,
  label: value === "all" ? "All Statuses" : value.charAt(0).toUpperCase() + value.slice(1),
}));
const CHANNEL_OPTIONS = OUTBOX_LIST_CHANNELS.map((value) => ({
  value,
  label: value === "all" ? "All Channels" : (CHANNEL_LABEL[value] ?? value),
}));

export function OutboxScreen({ page }: { page: Page<OutboxMessage> }) {
  const retry = useAdminMutation();
  return (
    <>
      <PageHeader title="Outbox" />
      <p className="mb-4 max-w-3xl text-sm text-gray-700">
        Emails and WhatsApp messages the clinic has sent or stored. Without a configured channel
        they stay here as “stored”; copy a message to the client if it needs to reach them.
      </p>
      <ListToolbar label="Find messages">
        <SearchBox label="Search messages" placeholder="Search by recipient, subject or template" />
        <FilterSelect
          param="status"
          label="Message status"
          defaultValue="all"
          options={STATUS_OPTIONS}
        />
        <FilterSelect
          param="channel"
          label="Channel"
          defaultValue="all"
          options={CHANNEL_OPTIONS}
        />
      </ListToolbar>
      <PagedList
        page={page}
        label="Messages"
        empty="No messages yet."
        noMatches="No messages match your filters."
        filterParams={["q", "status", "channel"]}
      >
        {(rows) => (
          <ul className="grid gap-3">
            {rows.map((m) => {
              const status = shownStatus(m);
              return (
                <li key={m.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
                  <article aria-labelledby={`mail-${m.id}`}>
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <h2 id={`mail-${m.id}`} className="font-semibold text-ink">
                        {m.subject}
                      </h2>
                      <Badge tone={STATUS_TONE[status]}>{status}</Badge>
                    </div>
                    <p className="break-words text-sm text-gray-700">
                      {CHANNEL_LABEL[m.channel] ?? m.channel} to {m.toAddress} ·{" "}
                      {formatLagosDateTime(m.createdAt)} · {m.template ?? m.kind}
                    </p>
                    {status === "failed" && m.error && (
                      <p className="text-sm text-red-700">Error: {m.error}</p>
                    )}
                    {m.status === "failed" && (
                      <p className="text-sm text-gray-700">
                        {m.nextAttemptAt
                          ? `Tried ${m.attempts} time${m.attempts === 1 ? "" : "s"}; trying again ${formatLagosDateTime(m.nextAttemptAt)}.`
                          : `Tried ${m.attempts} time${m.attempts === 1 ? "" : "s"}; no more retries.`}
                      </p>
                    )}
                    {canRetry(m) && (
                      <button
                        type="button"
                        className={`mt-2 ${adminButton.outline}`}
                        disabled={retry.isPending(m.id)}
                        onClick={() =>
                          void retry.run(
                            () => apiRequest("POST", `/api/admin/outbox/${m.id}/retry`),
                            {
                              key: m.id,
                              success: {
                                title: "Message queued",
                                description: "Sending it again now.",
                              },
                              failure: "Failed to retry the message",
                            },
                          )
                        }
                      >
                        Retry
                      </button>
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
              );
            })}
          </ul>
        )}
      </PagedList>
    </>
  );
}
