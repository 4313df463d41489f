/**
 * The signed review link after Request Review (issue 17): staff copy it, or open 'Share on
 * WhatsApp' (a wa.me click-to-chat link to the booking's phone with the message and link), for
 * clients the clinic cannot reach through a configured channel.
 */
import { useState } from "react";
import { adminButton } from "#app/features/admin/kit/buttons.ts";
import type { BookingRecord } from "#common/booking.ts";
import { reviewRequestText, whatsappShareUrl } from "#common/share.ts";

export function ReviewLinkPanel({
  booking,
  reviewUrl,
}: {
  booking: BookingRecord;
  reviewUrl: string;
}) {
  const [copied, setCopied] = useState<boolean | null>(null);
  const inputId = `review-link-${booking.id}`;
  const share = whatsappShareUrl(
    booking.phone,
    reviewRequestText({
      customerName: booking.name,
      serviceName: booking.serviceName,
      reviewUrl,
    }),
  );
  return (
    <div className="mt-3 grid gap-2 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm">
      <label htmlFor={inputId} className="font-medium text-gray-900">
        Review link
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          readOnly
          value={reviewUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 basis-48 rounded-md border border-gray-300 bg-white px-2 py-1.5 font-mono text-xs"
        />
        <button
          type="button"
          className={adminButton.outline}
          onClick={() =>
            navigator.clipboard
              ?.writeText(reviewUrl)
              .then(() => setCopied(true))
              .catch(() => setCopied(false))
          }
        >
          {copied ? "Copied" : "Copy"}
        </button>
        <a className={adminButton.outline} href={share} target="_blank" rel="noopener noreferrer">
          Share on WhatsApp
        </a>
      </div>
      {copied === false && (
        <p role="alert" className="text-red-700">
          Could not copy; select the link and copy it.
        </p>
      )}
    </div>
  );
}
