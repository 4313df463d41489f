/**
 * Health answers of a signed form as proposed changes (issue 31): an intake's allergies,
 * conditions, medications and pregnancy answers never change the health profile by themselves;
 * a clinician accepts each (it becomes a health entry through the health module, audited) or
 * rejects it. One writer: this module writes `health_entry_proposals`.
 */
import { and, asc, eq } from "drizzle-orm";
import type { AdminIdentity } from "#common/auth.ts";
import type { FormAnswers, FormBody, HealthProposal, HealthTarget } from "#common/forms.ts";
import { HEALTH_NOTE_MAX, PREGNANCY_STATES } from "#common/health.ts";
import type { Db, Tx } from "#server/db/client.ts";
import { healthEntryProposals } from "#server/db/schema/forms.ts";
import { HttpError } from "#server/http.ts";
import { auditName, recordAudit } from "#server/modules/audit/service.ts";
import { authorize } from "#server/modules/auth/roles.ts";
import { mayOnClient, recordHealthEntryIn } from "#server/modules/health/service.ts";

/**
 * Writes the proposals of one signed form's `answers` in `tx`: a non-empty text answer of a
 * field with a health target (allergy, condition, medication), and a 'yes' to a pregnancy
 * question whose field id is a pregnancy state ('pregnant', 'breastfeeding').
 */
export async function proposeHealthChanges(
  tx: Tx,
  clientId: number,
  signedFormId: number,
  body: FormBody,
  answers: FormAnswers,
): Promise<number> {
  const rows: Array<typeof healthEntryProposals.$inferInsert> = [];
  for (const s of body.sections) {
    for (const f of s.fields) {
      const a = answers[f.id];
      if (!f.healthTarget || a === undefined || a === false || a === "") continue;
      if (f.healthTarget === "pregnancy") {
        if (a === true && f.id in PREGNANCY_STATES) {
          rows.push({ clientId, signedFormId, kind: "pregnancy", code: f.id, note: "" });
        }
      } else if (typeof a === "string") {
        rows.push({
          clientId,
          signedFormId,
          kind: f.healthTarget,
          note: a.slice(0, HEALTH_NOTE_MAX),
        });
      }
    }
  }
  if (rows.length) await tx.insert(healthEntryProposals).values(rows);
  return rows.length;
}

function toProposal(r: typeof healthEntryProposals.$inferSelect): HealthProposal {
  return {
    id: r.id,
    signedFormId: r.signedFormId,
    kind: r.kind as HealthTarget,
    code: r.code,
    note: r.note,
    status: r.status as HealthProposal["status"],
    createdAt: r.createdAt.toISOString(),
  };
}

/** The pending proposals of client `clientId` (the caller checks and audits the read). */
export async function pendingProposals(db: Db | Tx, clientId: number): Promise<HealthProposal[]> {
  const rows = await db
    .select()
    .from(healthEntryProposals)
    .where(
      and(eq(healthEntryProposals.clientId, clientId), eq(healthEntryProposals.status, "pending")),
    )
    .orderBy(asc(healthEntryProposals.id));
  return rows.map(toProposal);
}

/**
 * POST /api/customers/{id}/health-proposals/{proposalId}: a clinician accepts (the answer
 * becomes a health entry, audited 'health.record') or rejects a pending proposal, in one
 * transaction. Audited 'health.proposal' (decision and kind, no content).
 * @throws HttpError 403 without health.edit on the client; 404 unknown or already decided.
 */
export async function decideProposal(
  db: Db,
  admin: AdminIdentity,
  clientId: number,
  proposalId: number,
  decision: "accept" | "reject",
): Promise<HealthProposal> {
  if (!(await mayOnClient(db, admin, "health.edit", clientId)))
    authorize(admin, "health.edit", null);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(healthEntryProposals)
      .where(
        and(
          eq(healthEntryProposals.id, proposalId),
          eq(healthEntryProposals.clientId, clientId),
          eq(healthEntryProposals.status, "pending"),
        ),
      )
      .for("update");
    if (!row) throw new HttpError(404, "Proposed change not found");
    if (decision === "accept") {
      await recordHealthEntryIn(tx, admin, clientId, {
        kind: row.kind as HealthTarget,
        code: row.code,
        note: row.note,
      });
    }
    const [updated] = await tx
      .update(healthEntryProposals)
      .set({
        status: decision === "accept" ? "accepted" : "rejected",
        reviewedBy: auditName(admin),
        reviewedAt: new Date(),
      })
      .where(eq(healthEntryProposals.id, proposalId))
      .returning();
    await recordAudit(tx, admin, {
      action: "health.proposal",
      entity: "client",
      entityId: clientId,
      details: { proposalId, decision, kind: row.kind },
    });
    return toProposal(updated as typeof healthEntryProposals.$inferSelect);
  });
}
