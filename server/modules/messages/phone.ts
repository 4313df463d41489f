/**
 * Phone numbers for WhatsApp: clients type Nigerian numbers as '0803 123 4567', '803…',
 * '234803…' or '+234 803…'; the WhatsApp Cloud API wants E.164 ('+2348031234567'). Parsing is
 * libphonenumber-js's (issue 17: "normalised to E.164 (+234) with a well-kept library").
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";

/** A normalised number, or why it could not be. */
export type NormalizedPhone = { ok: true; e164: string } | { ok: false; error: string };

/**
 * `input` as E.164. Numbers without '+' are read as Nigerian (default country NG): '0803…',
 * '803…' and '234803…' all give '+234803…'; '+44…' and other '+' numbers keep their country.
 * @returns `{ ok: false, error }` with a sentence for the admin outbox when the number is not a
 *   valid phone number (never throws).
 */
export function normalizeNigerianPhone(input: string): NormalizedPhone {
  const raw = input.trim();
  if (raw === "") return { ok: false, error: "No phone number given." };
  let candidate = raw;
  // '234803…' without '+' is the country code typed without the plus, not a local number.
  const digits = raw.replace(/[\s\-().]/g, "");
  if (/^234\d{10}$/.test(digits)) candidate = `+${digits}`;
  else if (/^00\d+$/.test(digits)) candidate = `+${digits.slice(2)}`;
  const parsed = parsePhoneNumberFromString(candidate, "NG");
  if (!parsed?.isValid()) {
    return {
      ok: false,
      error: `"${raw}" is not a valid phone number for WhatsApp (expected a Nigerian number such as 0803 123 4567 or +234 803 123 4567).`,
    };
  }
  return { ok: true, e164: parsed.number };
}
