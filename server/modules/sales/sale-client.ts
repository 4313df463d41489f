/**
 * The client a till sale belongs to (issue 29: "known clients are never typed again; a new
 * client made at the till is one client row"). The till either picked a client on file (its id)
 * or typed name, email and optional phone; a typed phone is kept in E.164 (+234…) so the client
 * is found again by phone.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "#server/db/client.ts";
import { clients } from "#server/db/schema/clients.ts";
import { ensureClient, findClientByEmail } from "#server/modules/clients/service.ts";
import { normalizeNigerianPhone } from "#server/modules/messages/phone.ts";

/** A typed phone as the till stores it: E.164 when it is a valid number, else as typed. */
export function tillPhone(phone: string | null | undefined): string | null {
  const text = phone?.trim();
  if (!text) return null;
  const parsed = normalizeNigerianPhone(text);
  return parsed.ok ? parsed.e164 : text;
}

/**
 * '+2348031234567' → '08031234567': the national digits the clients' `search_text` holds for a
 * Nigerian number (other countries keep their digits).
 */
export function nationalDigits(e164: string): string {
  const digits = e164.replace(/\D/g, "");
  return digits.startsWith("234") ? `0${digits.slice(3)}` : digits;
}

/**
 * The client id of a sale, in its transaction: `pickedId` when the till picked a client on file;
 * else the client with the typed email; else the one client whose phone is the typed phone
 * (compared as national digits), so a returning client typed again is not made twice; else a new
 * client (clients module's ensureClient) with the phone in E.164.
 */
export async function saleClient(
  tx: Tx,
  pickedId: number | null,
  person: { name: string; email: string; phone: string | null },
): Promise<number> {
  if (pickedId !== null) return pickedId;
  const phone = tillPhone(person.phone);
  const byEmail = await findClientByEmail(tx, person.email);
  if (!byEmail && phone?.startsWith("+")) {
    const national = nationalDigits(phone);
    const rows = await tx
      .select({ id: clients.id })
      .from(clients)
      .where(
        sql`regexp_replace(regexp_replace(coalesce(${clients.phone}, ''), '[^0-9]', '', 'g'), '^234', '0') = ${national}`,
      )
      .limit(2);
    if (rows.length === 1 && rows[0]) return rows[0].id;
  }
  return ensureClient(tx, { email: person.email, name: person.name, phone });
}
