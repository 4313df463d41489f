/**
 * What the clinical specs share (issue 31): the outbox as a manager reads it, and a client
 * signing every form of an appointment's link through the API (boxes ticked, photography too,
 * "No" to yes/no questions, "None" in text fields).
 */
import type { APIRequestContext } from "@playwright/test";
import { expect } from "./fixtures";

export type OutboxRow = { toAddress: string; textBody: string; template?: string };

/** The outbox rows matching `q` (newest first, up to 100), as GET /api/admin/outbox pages them. */
export async function outboxRows(api: APIRequestContext, q: string): Promise<OutboxRow[]> {
  const body = await (
    await api.get(`/api/admin/outbox?pageSize=100&q=${encodeURIComponent(q)}`)
  ).json();
  return (Array.isArray(body) ? body : body.rows) as OutboxRow[];
}

export type LinkForm = {
  id: number;
  version: number;
  kind: string;
  body: { sections: Array<{ fields: Array<{ id: string; type: string }> }> };
};

/**
 * Sends appointment `appointmentId`'s forms link to `email`, then signs every form on it as
 * `signerName`; answers the forms signed (their version ids are `id`).
 */
export async function signAllForms(
  api: APIRequestContext,
  appointmentId: number,
  email: string,
  signerName: string,
): Promise<LinkForm[]> {
  const sent = await api.post(`/api/appointments/${appointmentId}/forms/send`);
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const link = (await outboxRows(api, email))
    .map((m) => /\/forms\/([A-Za-z0-9._~-]+)/.exec(m.textBody)?.[1])
    .find(Boolean);
  expect(link).toBeTruthy();
  const open = await api.get(`/api/forms/${link}`);
  expect(open.status()).toBe(200);
  const { forms } = (await open.json()) as { forms: LinkForm[] };
  const signed = await api.post(`/api/forms/${link}/sign`, {
    data: {
      forms: forms.map((f) => ({
        versionId: f.id,
        answers: Object.fromEntries(
          f.body.sections
            .flatMap((s) => s.fields)
            .filter((field) => field.type !== "info")
            .map((field) => [
              field.id,
              field.type === "checkbox" ? true : field.type === "yesno" ? false : "None",
            ]),
        ),
      })),
      signerName,
      agree: true,
    },
  });
  expect(signed.status(), await signed.text()).toBe(201);
  return forms;
}
