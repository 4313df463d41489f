/**
 * The test-payment provider of test-payment mode (no Paystack keys; ARCHITECTURE.md "Payments
 * without keys"): the in-app 'Test payment' dialog records an outcome per reference (Approve =
 * 'success' for the order's stored total, Decline = 'failed'), and `verify` reports it the way
 * Paystack would; a reference with no outcome yet is unknown (null), as at Paystack before the
 * client pays. The outcomes are rows of `test_payments`, so every instance behind a load
 * balancer, and the scheduler's payment check on any of them, sees the same ones (issue 34
 * "Several instances"; they used to live in one process's memory).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { testPayments } from "#server/db/schema/orders.ts";
import type { TestPaymentProvider } from "#server/integrations/paystack.ts";

/** The test-payment provider over `db`'s `test_payments` table. */
export function createTestPaymentProvider(db: Db): TestPaymentProvider {
  return {
    mode: "test",
    async initialize() {
      return null;
    },
    async verify(reference) {
      const [outcome] = await db
        .select()
        .from(testPayments)
        .where(eq(testPayments.reference, reference));
      if (!outcome) return null;
      return {
        status: outcome.status,
        reference,
        amountKobo: outcome.amountKobo,
        currency: "NGN",
        details: { channel: "test", paidAt: outcome.recordedAt.toISOString(), domain: "test" },
      };
    },
    async refund(reference) {
      // Test payments move no money: the outcome is marked reversed, nothing is returned.
      await db
        .update(testPayments)
        .set({ status: "reversed" })
        .where(eq(testPayments.reference, reference));
      return { refundId: `test_refund_${reference}`, status: "processed" };
    },
    async record(reference, outcome, amountKobo) {
      // An approved payment is final, as at Paystack: a later 'decline' does not undo it. One
      // statement, so two instances recording at once cannot undo an approval either.
      await db
        .insert(testPayments)
        .values({ reference, status: outcome, amountKobo })
        .onConflictDoUpdate({
          target: testPayments.reference,
          set: { status: outcome, amountKobo, recordedAt: sql`now()` },
          setWhere: and(ne(testPayments.status, "success")),
        });
    },
  };
}
