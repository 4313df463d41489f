/**
 * Consent and opt-out of the clinic's messages (issue 17 "Consent and opt-out"): a client can
 * reply STOP on WhatsApp or follow the email's unsubscribe link to stop reminders and marketing;
 * messages about their own order or appointment still go.
 */
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "./contact.ts";
import type { MessageChannel, OptOutScope } from "./outbox.ts";

/** The channels a client can opt out of, and what an opt-out stops (common/outbox.ts). */
export {
  MESSAGE_CHANNELS as OPT_OUT_CHANNELS,
  type MessageChannel as OptOutChannel,
  OPT_OUT_SCOPES,
  type OptOutScope,
} from "./outbox.ts";

/** The scopes a STOP reply or an unsubscribe link records: reminders and marketing. */
export const STOP_SCOPES = ["reminders", "marketing"] as const satisfies readonly OptOutScope[];

/** Where an opt-out came from. */
export const OPT_OUT_SOURCES = ["whatsapp-stop", "email-unsubscribe"] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/** WhatsApp replies (trimmed, any case) that opt out, and the one that opts back in. */
export const STOP_WORDS = ["STOP", "UNSUBSCRIBE"] as const;
export const START_WORD = "START";

/** One opt-out as the client record shows it. */
export type OptOutChoice = {
  channel: MessageChannel;
  /** The email address (lower case) or the WhatsApp number (E.164 digits). */
  recipient: string;
  scope: OptOutScope;
  source: string;
  /** ISO 8601 UTC: since when. */
  createdAt: string;
};

/**
 * POST /api/unsubscribe: the email address and the link's signature. The one-click form of
 * RFC 8058 (mail providers' unsubscribe button) sends them in the query string instead.
 */
export const unsubscribeSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .toLowerCase()
    .pipe(z.email("Please enter a valid email").max(EMAIL_MAX_LENGTH)),
  sig: z
    .string({ error: "Signature is required" })
    .trim()
    .min(1, "Signature is required")
    .max(64, "Invalid signature"),
});
export type UnsubscribeInput = z.infer<typeof unsubscribeSchema>;

/** The unsubscribe page's texts. */
export const UNSUBSCRIBE_TEXT = {
  invalidTitle: "Invalid Unsubscribe Link",
  title: "Unsubscribe from reminders and offers",
  button: "Unsubscribe",
  doneTitle: "You have been unsubscribed",
  done: "We will no longer email you appointment reminders or offers. Messages about your own bookings and orders will still reach you.",
  failed: "We could not unsubscribe you. Please try again.",
} as const;

/** What the public unsubscribe page reads (server/modules/consent/pages.ts). */
export type ConsentPages = {
  /** Whether `sig` signs `email` (constant-time; HMAC with SESSION_SECRET). */
  verifyUnsubscribe(email: string, sig: string): boolean;
  /** Whether `email` has already opted out of reminders and marketing by email. */
  isUnsubscribed(email: string): Promise<boolean>;
};

/** Name of the cookie (and localStorage key) that keeps the visitor's cookie-banner choice. */
export const COOKIE_CONSENT_NAME = "cookie-consent";

/**
 * The cookie banner's native form (POST /api/cookie-consent, issue 33 "A tap is never lost"):
 * the choice, and the page to go back to (a path on this site only, never another origin).
 */
export const cookieConsentSchema = z.object({
  choice: z.enum(["accepted", "declined"], "Choose accepted or declined"),
  returnTo: z
    .string()
    .max(2000)
    .regex(/^\/(?![/\\])/, "returnTo must be a path on this site")
    .optional(),
});
