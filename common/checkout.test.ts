import { describe, expect, it } from "vitest";
import {
  deliveryInfoSchema,
  DELIVERY_MESSAGES as M,
  newPaymentReference,
  PAYMENT_REFERENCE_RE,
} from "./checkout.ts";

const valid = {
  fullName: "Ngozi O'Neil-Adebayo",
  email: "ngozi@example.com",
  phone: "+234 803 123 4567",
  address: "12 Admiralty Way, Lekki Phase 1",
  city: "Lekki",
  state: "Lagos",
  postalCode: "105102",
  country: "Nigeria",
};

function firstError(over: Record<string, string>, field: string): string | undefined {
  const result = deliveryInfoSchema.safeParse({ ...valid, ...over });
  return result.error?.issues.find((i) => i.path[0] === field)?.message;
}

describe("checkout delivery form (spec §5)", () => {
  it("accepts a complete Nigerian address, local or international phone", () => {
    expect(deliveryInfoSchema.safeParse(valid).success).toBe(true);
    expect(deliveryInfoSchema.safeParse({ ...valid, phone: "0803-123-4567" }).success).toBe(true);
    expect(deliveryInfoSchema.safeParse({ ...valid, fullName: "Adéwálé Ògúnlẹ̀yẹ" }).success).toBe(
      true,
    );
  });

  it.each([
    ["fullName", "", M.fullNameRequired],
    ["fullName", "A", M.fullNameShort],
    ["fullName", "Ada 2", M.fullNameChars],
    ["email", "", M.emailRequired],
    ["email", "ada@", M.emailInvalid],
    ["phone", "", M.phoneRequired],
    ["phone", "0803", M.phoneInvalid],
    ["phone", "0803abc4567", M.phoneInvalid],
    ["phone", "803 123 45678", M.phoneCountry],
    ["address", "", M.addressRequired],
    ["address", "Lekki", M.addressShort],
    ["city", "", M.cityRequired],
    ["city", "L", M.cityShort],
    ["city", "Lagos1", M.cityChars],
    ["state", "", M.stateRequired],
    ["state", "Atlantis", M.stateRequired],
    ["postalCode", "", M.postalRequired],
    ["postalCode", "10510", M.postalInvalid],
    ["postalCode", "10510a", M.postalInvalid],
  ])("%s = %j reads %j", (field, value, message) => {
    expect(firstError({ [field]: value }, field)).toBe(message);
  });
});

describe("payment references (spec §7)", () => {
  it("begin with txn_ and are unique", () => {
    const a = newPaymentReference();
    expect(a).toMatch(/^txn_/);
    expect(a).toMatch(PAYMENT_REFERENCE_RE);
    expect(newPaymentReference()).not.toBe(a);
  });
});
