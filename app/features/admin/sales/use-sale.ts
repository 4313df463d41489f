/**
 * The sale being rung up, and its checkout (admin spec §4 "Point of sale", §5, §8): the cart,
 * customer, payment, surcharges, discount and tip; Complete Sale validates ('Empty Cart',
 * 'Customer Info Required'), sends the sale with its idempotency key, and on success shows
 * 'Sale Complete' / 'Sale #{number} processed successfully' and clears everything. When the
 * connection is down the sale goes to the offline queue instead (offline-queue.ts) and the till
 * carries on; a refusal shows 'Sale Failed' with the server's message.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "#app/components/ui/toast.tsx";
import { ApiError } from "#app/lib/api.ts";
import {
  POS_MESSAGES,
  type PosPaymentMethod,
  type ProcessSaleResult,
  type SaleInput,
  type Surcharge,
  saleCompleteMessage,
} from "#common/sales.ts";
import {
  addLine,
  type CartLine,
  type Customer,
  EMPTY_CUSTOMER,
  figuresOf,
  newSaleKey,
  readAmount,
  type SplitPayment,
  salePayload,
  setQuantity,
} from "./cart.ts";
import {
  isConnectionError,
  type QueuedSale,
  queuedSales,
  queueSale,
  removeQueued,
  retryQueued,
  syncQueuedSales,
} from "./offline-queue.ts";

export type SaleState = ReturnType<typeof useSale>;

/** Sends one sale; the idempotency key goes in the header too, so a retry records it once. */
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
    if (!res.ok) throw new ApiError(res.status, text, res.statusText);
    return JSON.parse(text) as ProcessSaleResult;
  });
}

export function useSale(surcharges: Surcharge[]) {
  const toast = useToast();
  const { revalidate } = useRevalidator();
  const [lines, setLines] = useState<CartLine[]>([]);
  const [customer, setCustomer] = useState<Customer>(EMPTY_CUSTOMER);
  const [method, setMethod] = useState<PosPaymentMethod>("card");
  const [cashReceived, setCashReceived] = useState("");
  const [splits, setSplits] = useState<SplitPayment[]>([]);
  const [tip, setTip] = useState("");
  const [discount, setDiscount] = useState("");
  const [appliedIds, setAppliedIds] = useState<number[]>([]);
  const [appointment, setAppointment] = useState<{ id: string; label: string } | null>(null);
  // One key per sale: kept across retries of the same sale, renewed once it is recorded.
  const [saleKey, setSaleKey] = useState(newSaleKey);
  const [pending, setPending] = useState(false);
  const [lastSale, setLastSale] = useState<ProcessSaleResult | null>(null);
  const [queue, setQueue] = useState<QueuedSale[]>([]);
  const [online, setOnline] = useState(true);

  const applied = useMemo(
    () => surcharges.filter((s) => s.isActive && appliedIds.includes(s.id)),
    [surcharges, appliedIds],
  );
  const tipNaira = readAmount(tip);
  const figures = figuresOf(
    lines,
    applied,
    readAmount(discount),
    method,
    readAmount(cashReceived),
    tipNaira,
  );

  const clear = useCallback(() => {
    setLines([]);
    setCustomer(EMPTY_CUSTOMER);
    setMethod("card");
    setCashReceived("");
    setSplits([]);
    setTip("");
    setDiscount("");
    setAppliedIds([]);
    setAppointment(null);
    setSaleKey(newSaleKey());
  }, []);

  const refreshQueue = useCallback(async () => {
    try {
      setQueue(await queuedSales());
    } catch {
      // IndexedDB unavailable (private mode in some browsers): nothing queued to show.
    }
  }, []);

  const sync = useCallback(async () => {
    if (!navigator.onLine) return;
    const waiting = (await queuedSales()).filter((s) => s.status === "waiting");
    if (waiting.length === 0) return;
    const outcome = await syncQueuedSales(sendSale);
    await refreshQueue();
    if (outcome.recorded.length) {
      toast({
        title: "Offline sales synced",
        description: outcome.recorded.map((s) => `Sale #${s.saleNumber}`).join(", "),
      });
      await revalidate();
    }
    if (outcome.conflicts.length) {
      toast({
        title: "Sale Failed",
        description: outcome.conflicts.map((c) => c.error).join(" · "),
        variant: "destructive",
      });
    }
  }, [refreshQueue, revalidate, toast]);

  // The listeners are set once; they call the latest sync through a ref.
  const syncRef = useRef(sync);
  syncRef.current = sync;
  useEffect(() => {
    setOnline(navigator.onLine);
    void refreshQueue().then(() => syncRef.current());
    const up = () => {
      setOnline(true);
      void syncRef.current();
    };
    const down = () => setOnline(false);
    window.addEventListener("online", up);
    window.addEventListener("offline", down);
    // A connection can come back without an 'online' event (a captive portal, a flaky router).
    const timer = window.setInterval(() => void syncRef.current(), 30_000);
    return () => {
      window.removeEventListener("online", up);
      window.removeEventListener("offline", down);
      window.clearInterval(timer);
    };
  }, [refreshQueue]);

  async function complete(): Promise<boolean> {
    if (lines.length === 0) {
      toast({
        title: POS_MESSAGES.emptyCartTitle,
        description: POS_MESSAGES.emptyCart,
        variant: "destructive",
      });
      return false;
    }
    if (!customer.name.trim() || !customer.email.trim()) {
      toast({
        title: POS_MESSAGES.customerInfoTitle,
        description: POS_MESSAGES.customerInfo,
        variant: "destructive",
      });
      return false;
    }
    const payload = salePayload({
      lines,
      customer,
      applied,
      discount: readAmount(discount),
      method,
      cashReceived: readAmount(cashReceived),
      splits,
      tip: tipNaira,
      figures,
      key: saleKey,
      appointmentId: appointment?.id ?? null,
      soldAt: new Date().toISOString(),
    });
    const keep = async () => {
      await queueSale({
        key: saleKey,
        payload,
        queuedAt: payload.soldAt as string,
        customerName: customer.name.trim(),
        total: figures.total,
        status: "waiting",
      });
      await refreshQueue();
      toast({
        title: "Saved offline",
        description:
          "No connection: the sale is waiting to sync and will be sent when the connection returns.",
      });
      clear();
      return true;
    };
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
      clear();
      await revalidate();
      return true;
    } catch (error) {
      if (isConnectionError(error)) return keep();
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

  return {
    lines,
    add: (item: Omit<CartLine, "quantity">) => setLines((l) => addLine(l, item)),
    setQuantity: (index: number, quantity: number) =>
      setLines((l) => setQuantity(l, index, quantity)),
    clear,
    customer,
    setCustomer,
    method,
    setMethod,
    cashReceived,
    setCashReceived,
    splits,
    setSplits,
    tip,
    setTip,
    tipNaira,
    discount,
    setDiscount,
    appliedIds,
    toggleSurcharge: (id: number, on: boolean) =>
      setAppliedIds((ids) => (on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id))),
    appointmentLabel: appointment?.label ?? null,
    setAppointment,
    figures,
    pending,
    complete,
    lastSale,
    queue,
    online,
    sync,
    discardQueued: async (key: string) => {
      await removeQueued(key);
      await refreshQueue();
    },
    retryQueued: async (key: string) => {
      await retryQueued(key);
      await refreshQueue();
      await sync();
    },
  };
}
