/**
 * Click-to-chat links (notes/integrations.md "Click-to-chat"): staff without a WhatsApp Business
 * API account share a message from their own WhatsApp (issue 17: the admin's Request Review).
 */
import { BUSINESS } from "./business.ts";
import { toWhatsAppNumber } from "./contact.ts";

/**
 * 'https://wa.me/2348031234567?text=…' for a Nigerian `phone`, or 'https://wa.me/?text=…' (the
 * person is picked in WhatsApp) when there is no usable number. `text` is URL-encoded.
 */
export function whatsappShareUrl(phone: string | null | undefined, text: string): string {
  const number = phone ? toWhatsAppNumber(phone) : null;
  return `https://wa.me/${number ?? ""}?text=${encodeURIComponent(text)}`;
}

/** The review request as staff send it on WhatsApp, carrying the signed review link. */
export function reviewRequestText(input: {
  customerName: string;
  serviceName: string;
  reviewUrl: string;
}): string {
  const first = input.customerName.trim().split(/\s+/)[0] || input.customerName;
  return `Hello ${first}, thank you for visiting ${BUSINESS.name} for your ${input.serviceName || "treatment"}. We would love to hear how it went. Please rate your treatment here: ${input.reviewUrl}`;
}
