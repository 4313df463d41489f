/**
 * Sending one till sale to the server (admin spec §4 "Point of sale"): shared by Complete Sale
 * (use-sale-submission.ts) and the offline queue's sync (use-offline-sales.ts).
 */
import { ApiError } from "#app/lib/api.ts";
import { overrideReasonFor } from "#app/lib/health-override.ts";
import type { ProcessSaleResult, SaleInput } from "#common/sales.ts";

/**
 * Sends one sale; the idempotency key goes in the header too, so a retry records it once.
 * Resolves with the recorded sale; rejects with an ApiError (status and the server's message)
 * on a refusal, or with the fetch's TypeError when there is no connection.
 */
export function sendSale(payload: SaleInput): Promise<ProcessSaleResult> {
  return fetch("/api/pos/process-sale", {
    method: "POST",
    credentials: "include",
    headers: {
      "Content-Type": "application/json",
      ...(payload.idempotencyKey ? { "Idempotency-Key": payload.idempotencyKey } : {}),
    },
    body: JSON.stringify(payload),
  }).then(async (res) => {
    const text = await res.text();
    if (!res.ok) {
      const error = new ApiError(res.status, text, res.statusText);
      // A health alert on the sale (issue 30): with the reason staff give, sent once more.
      const reason = await overrideReasonFor(res.status, error.body, payload);
      if (reason) return sendSale({ ...payload, healthOverrideReason: reason });
      throw error;
    }
    return JSON.parse(text) as ProcessSaleResult;
  });
}
