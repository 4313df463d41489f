import { describe, expect, it } from "vitest";
import {
  emailField,
  isNigerianPhone,
  nigerianPhone,
  phoneText,
  toWhatsAppNumber,
} from "./contact.ts";

describe("Nigerian phone numbers", () => {
  it.each(["0803 123 4567", "08031234567", "+234 803 123 4567", "+234 (803) 123-4567"])(
    "accepts %s",
    (text) => {
      expect(isNigerianPhone(text)).toBe(true);
      expect(toWhatsAppNumber(text)).toBe("2348031234567");
    },
  );

  it.each(["803 123 4567", "+44 20 7946 0958", "0803-12", "0803 123 4567 ext"])(
    "refuses %s",
    (text) => {
      expect(isNigerianPhone(text)).toBe(false);
    },
  );

  it("has no WhatsApp number for a short or foreign number", () => {
    expect(toWhatsAppNumber("0803 123 456")).toBeNull();
    expect(toWhatsAppNumber("+44 20 7946 0958")).toBeNull();
    expect(toWhatsAppNumber("00000000000")).toBeNull();
  });

  it("gives the checkout's three messages (storefront spec §5)", () => {
    const schema = nigerianPhone({ required: "R", invalid: "I", country: "C" });
    const first = (v: string) => schema.safeParse(v).error?.issues[0]?.message;
    expect(first("")).toBe("R");
    expect(first("12ab")).toBe("I");
    expect(first("803 123 4567 8")).toBe("C");
    expect(schema.parse(" 0803 123 4567 ")).toBe("0803 123 4567");
  });

  it("phoneText only asks for a length", () => {
    const schema = phoneText({ required: "Please enter a valid phone number" }, 10);
    expect(schema.safeParse("123456789").success).toBe(false);
    expect(schema.parse("1234567890")).toBe("1234567890");
  });
});

describe("emails", () => {
  it("trims, checks and gives the form's messages", () => {
    const schema = emailField({ required: "Email is required", invalid: "Bad email" });
    expect(schema.parse("  ada@example.com ")).toBe("ada@example.com");
    expect(schema.safeParse("").error?.issues[0]?.message).toBe("Email is required");
    expect(schema.safeParse("ada@").error?.issues[0]?.message).toBe("Bad email");
  });
});
