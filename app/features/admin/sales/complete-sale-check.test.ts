import { describe, expect, it } from "vitest";
import { POS_MESSAGES } from "#common/sales.ts";
import { type PaymentFields, paymentBody, paymentErrors } from "./complete-sale-check.ts";

const valid: PaymentFields = {
  customer: { name: "Ada Obi", email: "ada@example.com", phone: "" },
  method: "cash",
  cashReceived: "20,000",
  splits: [],
  tip: "",
  discount: "₦500",
};

describe("the Complete Sale dialog's check", () => {
  it("builds the body's part as the till sends it (naira read as typed)", () => {
    expect(paymentBody(valid)).toEqual({
      customerInfo: { name: "Ada Obi", email: "ada@example.com", phone: null },
      paymentMethod: "cash",
      cashReceived: 20000,
      splitPayments: [],
      tipAmount: 0,
      discountAmount: 500,
    });
    expect(paymentErrors(valid)).toEqual({});
  });

  it("puts the server's customer messages on the name and email", () => {
    expect(paymentErrors({ ...valid, customer: { name: " ", email: "", phone: "" } })).toEqual({
      name: POS_MESSAGES.customerInfo,
      email: POS_MESSAGES.customerInfo,
    });
    expect(paymentErrors({ ...valid, customer: { ...valid.customer, email: "ada@" } })).toEqual({
      email: POS_MESSAGES.customerEmail,
    });
  });

  it("puts a split payment's message on its row", () => {
    const errors = paymentErrors({
      ...valid,
      method: "split",
      splits: [
        { key: 1, method: "card", amount: "1000" },
        { key: 2, method: "cash", amount: "" },
      ],
    });
    expect(errors).toEqual({ "split.1": "A payment must be more than 0" });
  });
});
