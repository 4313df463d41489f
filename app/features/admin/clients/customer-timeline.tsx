/** The customer dialog's timeline (admin spec §2 "Customer detail dialog"). */
import type { TimelineItem } from "#common/clients.ts";
import { formatLagosDayTime } from "#common/lagos-time.ts";

const TIMELINE_LABEL: Record<TimelineItem["kind"], string> = {
  visit: "Visit",
  sale: "Sale",
  order: "Shop order",
  review: "Review",
  note: "Note",
  message: "Message",
};

/** Visits, sales, shop orders, reviews, notes and messages in one list, newest first. */
export function Timeline({ items }: { items: TimelineItem[] }) {
  return (
    <section aria-labelledby="client-timeline">
      <h3 id="client-timeline" className="mb-2 text-base font-semibold text-ink">
        Timeline
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-gray-700">Nothing yet</p>
      ) : (
        <ol className="space-y-2 border-l-2 border-brand-100 pl-4">
          {items.map((i) => (
            <li key={i.key} className="text-sm">
              <span className="text-xs text-gray-600">
                {formatLagosDayTime(i.at)} · {TIMELINE_LABEL[i.kind]}
              </span>
              <span className="block font-medium text-ink">{i.title}</span>
              <span className="block text-gray-700">{i.detail}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
