/**
 * The role capabilities table (common/roles.ts CAPABILITIES; issue 28 item 6) as the screens
 * read it: which details-dialog actions and buttons each role is offered, on whose records.
 */
import { describe, expect, it } from "vitest";
import { actionCapability, patchCapability } from "./appointment-capabilities.ts";
import { appointmentActions } from "./calendar.ts";
import { capabilitiesOf, mayOn, refusalOf } from "./roles.ts";

const OWN = 7;
const OTHER = 8;

/** The labels of the details dialog's actions `role` (staff id `me`) is offered. */
function offered(role: "manager" | "front_desk" | "therapist", me: number | null, owner: number) {
  const caps = capabilitiesOf(role);
  return appointmentActions("confirmed")
    .filter((a) => mayOn(caps, actionCapability(a), me, owner))
    .map((a) => a.label);
}

describe("role capabilities", () => {
  it("offers a therapist Mark Complete on their own appointment only", () => {
    expect(offered("therapist", OWN, OWN)).toEqual(["Mark Complete"]);
    expect(offered("therapist", OWN, OTHER)).toEqual([]);
    expect(offered("therapist", null, OWN)).toEqual([]);
  });

  it("offers the front desk everything but Delete, and the manager everything", () => {
    expect(offered("front_desk", null, OTHER)).toEqual([
      "Mark Complete",
      "Cancel",
      "No Show",
      "Duplicate",
      "Reschedule",
    ]);
    expect(offered("manager", null, OTHER)).toHaveLength(6);
  });

  it("needs the edit capability for any change beyond Mark Complete or notes", () => {
    expect(patchCapability({ status: "completed" })).toBe("appointment.complete");
    expect(patchCapability({ notes: "Allergic to latex" })).toBe("appointment.editOwn");
    expect(patchCapability({ status: "completed", notes: "x" })).toBe("appointment.edit");
    expect(patchCapability({ staffId: OWN })).toBe("appointment.edit");
  });

  it("keeps deleting, erasing, revenue and pay to the manager, each refusal naming its rule", () => {
    for (const role of ["front_desk", "therapist"] as const) {
      const caps = capabilitiesOf(role);
      for (const cap of ["client.delete", "client.erase", "revenue.view", "pay.view"] as const) {
        expect(caps[cap], `${role} ${cap}`).toBe("none");
      }
    }
    expect(capabilitiesOf("therapist")["blockedTime.manage"]).toBe("own");
    expect(refusalOf("client.delete")).toBe(
      "Your role does not allow this: only a manager deletes or erases clients.",
    );
    expect(capabilitiesOf(undefined)["client.view"]).toBe("none");
  });
});
