/**
 * The contraindication rules as data (issue 30): one row per case, profile + items → the
 * findings' rule ids and levels.
 */
import { describe, expect, it } from "vitest";
import { type CheckedItem, checkContraindications } from "./contraindications.ts";
import { alertLabels, EMPTY_HEALTH_PROFILE, type HealthProfile, profileOf } from "./health.ts";

const svc = (name: string, category: string): CheckedItem => ({ kind: "service", name, category });
const prod = (name: string, ingredients: string | null, category = "serums"): CheckedItem => ({
  kind: "product",
  name,
  category,
  ingredients,
});

const RETINOL = prod("Retinol 0.3% Night Serum", "Squalane, Retinol, Bakuchiol, Tocopherol");
const TRETINOIN = prod("Tretinoin 0.025% Cream", "Tretinoin, Aqua");
const SHEA = prod("Ceramide Barrier Repair Cream", "Aqua, Butyrospermum Parkii (Shea) Butter");
const CLEANSER = prod("Gentle Foaming Cleanser", "Aqua, Glycerin, Panthenol");
const LASER = svc("Laser Hair Removal (Underarm)", "laser");
const LASER_CONSULT = svc("Laser Consultation", "laser");
const BOTOX = svc("Botox (per area)", "injectable-treatments");
const FILLER = svc("Lip Filler (1 ml)", "injectable-treatments");
const PEEL = svc("Glycolic Acid Peel", "chemical-peel");
const NEEDLING = svc("Microneedling (Collagen Induction)", "microneedling");
const DRIP = svc("Glutathione Glow Drip", "iv-drip");
const WAX = svc("Full Leg Wax", "body");
const MASSAGE = svc("Swedish Massage", "massage");
const PRENATAL = svc("Prenatal Massage", "massage");
const FACIAL = svc("Classic Deep-Cleansing Facial", "facial");

const p = (over: Partial<HealthProfile>): HealthProfile => ({ ...EMPTY_HEALTH_PROFILE, ...over });

const CASES: [string, HealthProfile, CheckedItem[], string[]][] = [
  ["nothing recorded", EMPTY_HEALTH_PROFILE, [RETINOL, LASER, BOTOX], []],
  ["retinol in pregnancy", p({ pregnancy: "pregnant" }), [RETINOL], ["warn pregnancy-retinoid"]],
  [
    "retinol while breastfeeding",
    p({ pregnancy: "breastfeeding" }),
    [RETINOL],
    ["warn pregnancy-retinoid"],
  ],
  [
    "prescription retinoid in pregnancy",
    p({ pregnancy: "pregnant" }),
    [TRETINOIN],
    ["block pregnancy-prescription-retinoid"],
  ],
  [
    "picked allergen in the product",
    p({ allergies: [{ code: "retinoids", text: "" }] }),
    [RETINOL, CLEANSER],
    ["block allergy-ingredient"],
  ],
  [
    "typed allergen that names a listed one",
    p({ allergies: [{ code: null, text: "shea butter, penicillin" }] }),
    [SHEA],
    ["block allergy-ingredient"],
  ],
  [
    "typed allergen not in the product",
    p({ allergies: [{ code: null, text: "Penicillin" }] }),
    [SHEA, RETINOL, LASER],
    [],
  ],
  [
    "hyaluronic acid allergy and a filler",
    p({ allergies: [{ code: "hyaluronic_acid", text: "" }] }),
    [FILLER, BOTOX],
    ["block allergy-ingredient"],
  ],
  ["laser on Fitzpatrick VI", p({ fitzpatrick: "VI" }), [LASER], ["warn fitzpatrick-laser"]],
  ["laser on Fitzpatrick III", p({ fitzpatrick: "III" }), [LASER], []],
  ["a consultation is never stopped", p({ fitzpatrick: "V" }), [LASER_CONSULT], []],
  [
    "isotretinoin and laser, peel, waxing, microneedling",
    p({ flags: ["isotretinoin"] }),
    [LASER, PEEL, WAX, NEEDLING, FACIAL],
    [
      "block isotretinoin-procedure",
      "block isotretinoin-procedure",
      "block isotretinoin-procedure",
      "block isotretinoin-procedure",
    ],
  ],
  [
    "Roaccutane typed as a medication",
    p({ medications: ["Roaccutane 20mg daily"] }),
    [LASER, RETINOL],
    ["block isotretinoin-procedure", "inform isotretinoin-retinoid"],
  ],
  [
    "blood thinners and injectables",
    p({ medications: ["Warfarin"] }),
    [BOTOX],
    ["warn blood-thinners-injectable"],
  ],
  [
    "keloid tendency and microneedling, injectables",
    p({ flags: ["keloid"] }),
    [NEEDLING, FILLER],
    ["warn keloid-skin-injury", "warn keloid-skin-injury"],
  ],
  [
    "pregnancy and injectables, laser, IV drip",
    p({ pregnancy: "pregnant" }),
    [BOTOX, LASER, DRIP],
    ["block pregnancy-procedure", "block pregnancy-procedure", "block pregnancy-procedure"],
  ],
  [
    "pregnancy typed as a condition",
    p({ conditions: ["Pregnant, 20 weeks"] }),
    [DRIP],
    ["block pregnancy-procedure"],
  ],
  [
    "pregnancy and a massage: the prenatal one is offered",
    p({ pregnancy: "pregnant" }),
    [MASSAGE, PRENATAL],
    ["inform pregnancy-massage"],
  ],
];

describe("checkContraindications", () => {
  it.each(CASES)("%s", (_name, profile, items, expected) => {
    const got = checkContraindications(profile, items).map((f) => `${f.level} ${f.ruleId}`);
    expect(got).toEqual(expected);
  });

  it("puts blocks first and names the item, never the recorded detail", () => {
    const profile = p({
      pregnancy: "pregnant",
      allergies: [{ code: null, text: "Retinol (rash, 2019)" }],
    });
    const findings = checkContraindications(profile, [RETINOL]);
    expect(findings.map((f) => f.level)).toEqual(["block", "warn"]);
    expect(findings[0]?.message).toBe(
      "Allergy: Retinol 0.3% Night Serum contains an ingredient the client's health record lists as an allergy.",
    );
    for (const f of findings) expect(f.message).not.toContain("rash");
  });
});

describe("profileOf and alertLabels", () => {
  it("reads entries and the older free-text fields; the front desk gets short labels", () => {
    const profile = profileOf(
      [
        { kind: "allergy", code: "nuts", note: "" },
        { kind: "pregnancy", code: "pregnant", note: "" },
        { kind: "flag", code: "blood_thinners", note: "" },
        { kind: "skin", code: "V", note: "" },
      ],
      { allergies: "Latex", medicalConditions: null },
    );
    expect(profile.allergies).toHaveLength(2);
    expect(profile.fitzpatrick).toBe("V");
    expect(alertLabels(profile)).toEqual(["Allergy", "Pregnant", "Medication"]);
    expect(alertLabels(EMPTY_HEALTH_PROFILE)).toEqual([]);
  });
});
