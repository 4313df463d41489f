/**
 * Complete Sale (admin spec §4 "Point of sale", §8): refuses an empty cart ('Empty Cart') or a
 * sale without the customer's name and email ('Customer Info Required'), sends the sale with its
 * idempotency key and on success shows 'Sale Complete' / 'Sale #{number} processed
 * successfully'. With no connection the sale goes to the offline queue (use-offline-sales.ts);
 * a refusal shows 'Sale Failed' with the server's message (and reloads the till on a 409).
 */
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import { isConnectionError } from "#app/features/admin/kit/offline-queue.ts";
import { ApiError } from "#app/lib/api.ts";
import {
  POS_MESSAGES,
  type ProcessSaleResult,
  type SaleInput,
  saleCompleteMessage,
} from "#common/sales.ts";
import type { CartLine, Customer } from "./cart.ts";
import { sendSale } from "./send-sale.ts";

/** The toast that refuses to complete the sale, or null when it can be sent (spec §4). */
export function saleRefusal(
  lines: CartLine[],
  customer: Customer,
): { title: string; description: string } | null {
  if (lines.length === 0) {
    return { title: POS_MESSAGES.emptyCartTitle, description: POS_MESSAGES.emptyCart };
  }
  if (!customer.name.trim() || !customer.email.trim()) {
    return { title: POS_MESSAGES.customerInfoTitle, description: POS_MESSAGES.customerInfo };
  }
  return null;
}

/**
 * Sending a sale from the till: `send(payload, keep)` resolves true once the sale is recorded
 * (then `onRecorded` clears the till) or kept by `keep` (no connection), false on a refusal.
 * `onRefused` learns a refusal. `pending` is true while the request runs; `lastSale` is the last recorded sale (its receipt).
 */
export function useSaleSubmission(
  onRecorded: () => void,
  /** Learns a refusal (the consultation gate offers its override: issue 30). */
  onRefused: (error: unknown) => void = () => undefined,
) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [pending, setPending] = useState(false);
  const [lastSale, setLastSale] = useState<ProcessSaleResult | null>(null);

  async function send(payload: SaleInput, keep: () => Promise<boolean>): Promise<boolean> {
    // Known to be offline: no request that could only fail (and hold up the front desk).
    if (!navigator.onLine) return keep();
    setPending(true);
    try {
      const sale = await sendSale(payload);
      toast({
        title: POS_MESSAGES.saleCompleteTitle,
        description: saleCompleteMessage(sale.saleNumber),
      });
      setLastSale(sale);
      onRecorded();
      await revalidate();
      return true;
    } catch (error) {
      if (isConnectionError(error)) return keep();
      onRefused(error);
      toast({
        title: POS_MESSAGES.saleFailedTitle,
        description: (error instanceof ApiError && error.serverMessage) || POS_MESSAGES.saleFailed,
        variant: "destructive",
      });
      if (error instanceof ApiError && error.status === 409) await revalidate();
      return false;
    } finally {
      setPending(false);
    }
  }

  return { pending, lastSale, send };
}
