/** What counts as a consultation, and how screens know the refusal (issue 30; decision 0225). */
import { describe, expect, it } from "vitest";
import {
  CONSULTATION_FIELD,
  CONSULTATION_MESSAGES,
  isConsultationName,
  isConsultationRefusal,
} from "./consultation.ts";

describe("consultation first", () => {
  it("recognises the demo catalogue's consultations and the form's entries by name", () => {
    for (const name of [
      "Skin Analysis",
      "Laser Consultation",
      "Aesthetic Injectables Consultation",
      "Package Consultation",
      "dental consultation",
    ]) {
      expect(isConsultationName(name), name).toBe(true);
    }
    for (const name of ["Botox (per area)", "Laser Hair Removal (Underarm)", "HydraFacial"]) {
      expect(isConsultationName(name), name).toBe(false);
    }
  });

  it("names the service in the refusal, which screens tell by its field", () => {
    const message = CONSULTATION_MESSAGES.needed("Lip Filler (1 ml)");
    expect(message).toMatch(/^Lip Filler \(1 ml\) needs a consultation first/);
    expect(isConsultationRefusal({ [CONSULTATION_FIELD]: message })).toBe(true);
    expect(isConsultationRefusal({ date: "Please select a date" })).toBe(false);
    expect(isConsultationRefusal(undefined)).toBe(false);
  });
});
