/**
 * The sale being rung up, and its checkout (admin spec §4 "Point of sale", §5, §8): the cart,
 * customer, payment, surcharges, discount and tip (use-sale-draft.ts); Complete Sale validates
 * ('Empty Cart', 'Customer Info Required'), sends the sale with its idempotency key, and on
 * success shows 'Sale Complete' / 'Sale #{number} processed successfully' and clears everything
 * (use-sale-submission.ts). When the connection is down the sale goes to the offline queue
 * instead (use-offline-sales.ts) and the till carries on; a refusal shows 'Sale Failed' with the
 * server's message.
 */
import { useCallback, useState } from "react";
import { useToast } from "#app/components/ui/toast.tsx";
import { useConsultationOverride } from "#app/features/admin/kit/consultation-override.tsx";
import { nextOfflineReceipt } from "#app/lib/offline-vault.ts";
import type { SaleInput, Surcharge } from "#common/sales.ts";
import { newSaleKey, readAmount, salePayload } from "./cart.ts";
import { useOfflineSales } from "./use-offline-sales.ts";
import { useCartLines, useSaleCustomer, useSalePayment } from "./use-sale-draft.ts";
import { saleRefusal, useSaleSubmission } from "./use-sale-submission.ts";

export type SaleState = ReturnType<typeof useSale>;

/**
 * The till's sale state for the sales screen and the Complete Sale dialog: the draft's fields
 * and setters, the figures (naira, cart.ts `figuresOf`), `complete()`
 * (true once the sale is recorded or queued offline), the last recorded sale, and the offline
 * queue with its sync, discard and retry.
 */
export function useSale(surcharges: Surcharge[]) {
  const toast = useToast();
  const { reset: resetLines, ...cart } = useCartLines();
  const { reset: resetCustomer, appointment, ...buyer } = useSaleCustomer();
  const {
    reset: resetPayment,
    applied,
    ...payment
  } = useSalePayment(surcharges, cart.lines, {
    deposits: buyer.deposits,
    appointmentId: appointment?.id ?? null,
  });
  const { keep, ...offline } = useOfflineSales();
  // One key per sale: kept across retries of the same sale, renewed once it is recorded.
  const [saleKey, setSaleKey] = useState(newSaleKey);
  // A consultation-first service for a client without one: the refusal and a clinician's override.
  const consultation = useConsultationOverride();
  const resetConsultation = consultation.reset;

  const clear = useCallback(() => {
    resetLines();
    resetCustomer();
    resetPayment();
    resetConsultation();
    setSaleKey(newSaleKey());
  }, [resetLines, resetCustomer, resetPayment, resetConsultation]);
  const { send, ...submission } = useSaleSubmission(clear, consultation.learn);

  async function complete(): Promise<boolean> {
    const refusal = saleRefusal(cart.lines, buyer.customer);
    if (refusal) {
      toast({ ...refusal, variant: "destructive" });
      return false;
    }
    const { figures } = payment;
    const payload: SaleInput = {
      ...salePayload({
        lines: cart.lines,
        customer: buyer.customer,
        applied,
        discount: readAmount(payment.discount),
        method: payment.method,
        cashReceived: readAmount(payment.cashReceived),
        paymentReference: payment.paymentReference,
        payerName: payment.payerName,
        splits: payment.splits,
        tip: payment.tipNaira,
        tipStaffId: payment.tipStaffId,
        figures,
        key: saleKey,
        appointmentId: appointment?.id ?? null,
        soldAt: new Date().toISOString(),
      }),
      ...consultation.payload(),
    };
    return send(payload, async () => {
      const queuedAt = payload.soldAt as string;
      const customerName = buyer.customer.name.trim();
      // The number printed on its receipt, which also tells the server it was taken offline.
      const offlineReceipt = await nextOfflineReceipt().catch(() => null);
      await keep({
        key: saleKey,
        payload: offlineReceipt ? { ...payload, offlineReceipt } : payload,
        queuedAt,
        customerName,
        total: figures.total,
        status: "waiting",
      });
      clear();
      return true;
    });
  }

  return {
    ...cart,
    clear,
    ...buyer,
    appointmentLabel: appointment?.label ?? null,
    ...payment,
    ...submission,
    complete,
    consultation,
    ...offline,
  };
}
