/**
 * The messages sent to a booking's person or about the booking (issue 17), folded on the card:
 * channel, template, status and time (Lagos), newest first.
 */
import { Badge } from "#app/features/admin/kit/badge.tsx";
import { formatLagosDateTime } from "#common/lagos-time.ts";
import type { MessageSummary } from "#common/outbox.ts";

const CHANNEL_LABEL: Record<string, string> = { email: "Email", whatsapp: "WhatsApp" };
const STATUS_TONE = {
  delivered: "green",
  sent: "green",
  pending: "gray",
  stored: "amber",
  failed: "red",
} as const;

export function BookingMessages({
  messages,
  bookingId,
}: {
  messages: readonly MessageSummary[];
  bookingId: number;
}) {
  if (messages.length === 0) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-800">
        Messages ({messages.length})
      </summary>
      <ul className="mt-2 grid gap-1.5" aria-label={`Messages of booking ${bookingId}`}>
        {messages.map((m) => (
          <li
            key={m.id}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-md border border-gray-100 px-2 py-1.5"
          >
            <span className="min-w-0 break-words">
              <span className="font-medium">{CHANNEL_LABEL[m.channel] ?? m.channel}</span> ·{" "}
              {m.template}
              <span className="block text-xs text-gray-700">
                To {m.toAddress} · {formatLagosDateTime(m.at)}
              </span>
            </span>
            <Badge tone={STATUS_TONE[m.status]}>{m.status}</Badge>
          </li>
        ))}
      </ul>
    </details>
  );
}
