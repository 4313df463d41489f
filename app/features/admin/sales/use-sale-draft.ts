/**
 * The parts of the sale being rung up, one hook each (admin spec §4 "Point of sale", §5, §8):
 * the cart lines, the customer with the appointment being checked out, and the payment (method,
 * cash received, split payments, tip, discount and surcharges) with the sale's figures. Amounts
 * typed by the front desk are kept as text (naira) and read with cart.ts's `readAmount`. Each
 * hook returns a stable `reset` that the till calls once a sale is recorded or queued.
 */
import { useCallback, useMemo, useState } from "react";
import type { PosPaymentMethod, Surcharge, VisitDeposit } from "#common/sales.ts";
import {
  addLine,
  type CartLine,
  type Customer,
  creditedDeposits,
  EMPTY_CUSTOMER,
  figuresOf,
  readAmount,
  type SplitPayment,
  setLineStaff,
  setQuantity,
} from "./cart.ts";

/** The cart: its lines, adding an item (or one more of it) and changing a line's quantity. */
export function useCartLines() {
  const [lines, setLines] = useState<CartLine[]>([]);
  const reset = useCallback(() => setLines([]), []);
  return {
    lines,
    add: (item: Omit<CartLine, "quantity">) => setLines((l) => addLine(l, item)),
    setQuantity: (index: number, quantity: number) =>
      setLines((l) => setQuantity(l, index, quantity)),
    setLineStaff: (index: number, staffId: number | null) =>
      setLines((l) => setLineStaff(l, index, staffId)),
    reset,
  };
}

/**
 * The customer, the appointment being checked out (its id and its label on the till) and the
 * visit's paid booking deposits (issue 32), as Start Checkout brought them.
 */
export function useSaleCustomer() {
  const [customer, setCustomer] = useState<Customer>(EMPTY_CUSTOMER);
  const [appointment, setAppointment] = useState<{ id: string; label: string } | null>(null);
  const [deposits, setDeposits] = useState<VisitDeposit[]>([]);
  const reset = useCallback(() => {
    setCustomer(EMPTY_CUSTOMER);
    setAppointment(null);
    setDeposits([]);
  }, []);
  return { customer, setCustomer, appointment, setAppointment, deposits, setDeposits, reset };
}

/**
 * The payment of the sale over `lines`: method (card by default), cash received, splits, tip,
 * discount and the surcharges applied (active ones only), with the figures they give (figuresOf),
 * the visit's deposits credited first (those of the appointments the sale checks out).
 */
export function useSalePayment(
  surcharges: Surcharge[],
  lines: CartLine[],
  visit: { deposits: readonly VisitDeposit[]; appointmentId: string | null } = {
    deposits: [],
    appointmentId: null,
  },
) {
  const [method, setMethod] = useState<PosPaymentMethod>("card");
  const [cashReceived, setCashReceived] = useState("");
  // A single card or transfer payment's reference and a transfer's payer (issue 29).
  const [paymentReference, setPaymentReference] = useState("");
  const [payerName, setPayerName] = useState("");
  const [splits, setSplits] = useState<SplitPayment[]>([]);
  const [tip, setTip] = useState("");
  // Who the tip is for (issue 29); null: the first therapist on the sale (the server's default).
  const [tipStaffId, setTipStaffId] = useState<number | null>(null);
  const [discount, setDiscount] = useState("");
  const [appliedIds, setAppliedIds] = useState<number[]>([]);

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
    creditedDeposits(visit.deposits, lines, visit.appointmentId),
  );
  const reset = useCallback(() => {
    setMethod("card");
    setCashReceived("");
    setPaymentReference("");
    setPayerName("");
    setSplits([]);
    setTip("");
    setTipStaffId(null);
    setDiscount("");
    setAppliedIds([]);
  }, []);

  return {
    method,
    setMethod,
    cashReceived,
    setCashReceived,
    paymentReference,
    setPaymentReference,
    payerName,
    setPayerName,
    splits,
    setSplits,
    tip,
    setTip,
    tipNaira,
    tipStaffId,
    setTipStaffId,
    discount,
    setDiscount,
    appliedIds,
    toggleSurcharge: (id: number, on: boolean) =>
      setAppliedIds((ids) => (on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id))),
    applied,
    figures,
    reset,
  };
}
