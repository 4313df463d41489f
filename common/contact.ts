/**
 * The person fields every form shares — name, email, Nigerian phone — as zod builders, so that
 * booking, checkout, the calendar, clients and staff apply one set of rules and differ only in
 * the messages the spec gives each form (storefront spec §5; admin spec §5).
 *
 * The phone rule: a number a Lagos clinic can call or WhatsApp is the local form `0803 123 4567`
 * or the international `+234 803 123 4567` (notes/nigeria.md); spaces, hyphens and brackets are
 * allowed. Forms whose spec asks for less (at least 10 characters, or just required) use
 * `phoneText`; the checkout, whose spec spells the Nigerian rule out, uses `nigerianPhone`.
 * `toWhatsAppNumber` gives the E.164 digits that WhatsApp and `wa.me` links take.
 */
import { z } from "zod";

/** Longest phone text stored. */
export const PHONE_MAX_LENGTH = 30;
/** Longest email (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Longest person name stored. */
export const NAME_MAX_LENGTH = 100;

/** Digits, spaces, hyphens, brackets, an optional leading '+', and at least 10 characters. */
const PHONE_CHARS = /^\+?[\d\s()-]{10,}$/;

/** Whether `text` is written as a Nigerian number: +234… or a leading 0, phone characters only. */
export function isNigerianPhone(text: string): boolean {
  const value = text.trim();
  return PHONE_CHARS.test(value) && (value.includes("+234") || value.startsWith("0"));
}

/**
 * '0803 123 4567' or '+234 803 123 4567' → '2348031234567' (E.164 digits without '+', as the
 * WhatsApp Cloud API and wa.me links take them); null for anything that is not a Nigerian
 * mobile or landline number of 10 national digits. Runs in the browser (the share menu's wa.me
 * link, common/share.ts), where libphonenumber-js's metadata (16 KB Brotli for "min", 34 KB for
 * "max") would outweigh the menu; the server's WhatsApp messages parse with the library
 * (server/modules/messages/phone.ts).
 */
export function toWhatsAppNumber(text: string): string | null {
  const digits = text.replace(/[\s()-]/g, "");
  const national = digits.startsWith("+234")
    ? digits.slice(4)
    : digits.startsWith("234")
      ? digits.slice(3)
      : digits.startsWith("0")
        ? digits.slice(1)
        : null;
  return national !== null && /^[1-9]\d{9}$/.test(national) ? `234${national}` : null;
}

/** A trimmed email; `invalid` for a bad or missing one, `required` (if given) for an empty one. */
export function emailField(messages: { invalid: string; required?: string }) {
  const text = z.string({ error: messages.required ?? messages.invalid }).trim();
  return (messages.required ? text.min(1, messages.required) : text).pipe(
    z.email(messages.invalid).max(EMAIL_MAX_LENGTH, messages.invalid),
  );
}

/** A trimmed person name of at least `min` characters (default 1). */
export function personNameField(messages: { required: string; tooShort?: string }, min = 1) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .min(min, messages.tooShort ?? messages.required)
    .max(NAME_MAX_LENGTH, `Name must be at most ${NAME_MAX_LENGTH} characters`);
}

/** A trimmed phone text of at least `min` characters (default 1: just required). */
export function phoneText(messages: { required: string; tooShort?: string }, min = 1) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .min(min, messages.tooShort ?? messages.required)
    .max(PHONE_MAX_LENGTH, `Phone must be at most ${PHONE_MAX_LENGTH} characters`);
}

/** A Nigerian phone number (see the module note), with the checkout's three messages. */
export function nigerianPhone(messages: { required: string; invalid: string; country: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(PHONE_MAX_LENGTH, messages.invalid)
    .regex(PHONE_CHARS, messages.invalid)
    .refine((v) => v.includes("+234") || v.startsWith("0"), messages.country);
}
