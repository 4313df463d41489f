/**
 * A client's health profile (issue 30; ARCHITECTURE.md "The visit": health data lives apart from
 * contact data, as entries with who recorded them and when). Shapes, the lists staff pick from
 * (common allergens, contraindication flags, Fitzpatrick skin types), the short alert labels the
 * front desk sees, and the entry form's schema. The rules that read a profile are in
 * common/contraindications.ts (docs/decisions/0220-health-profile-and-contraindication-check.md).
 */
import { z } from "zod";
import { OVERRIDE_REASON_TOO_LONG, overrideReasonText } from "./override-reason.ts";

/** What one entry records. 'skin' holds the Fitzpatrick type (one at a time). */
export const HEALTH_ENTRY_KINDS = [
  "allergy",
  "condition",
  "medication",
  "pregnancy",
  "skin",
  "flag",
] as const;
export type HealthEntryKind = (typeof HEALTH_ENTRY_KINDS)[number];

/**
 * Common ingredients and materials to pick as allergies. `terms` are matched, lower-cased, in a
 * product's ingredient list and name (and in a service's ingredients in the rules data).
 */
export const ALLERGENS = {
  retinoids: {
    label: "Retinoids (retinol, retinal)",
    terms: ["retinol", "retinal", "retinyl", "retinoid"],
  },
  prescription_retinoids: {
    label: "Prescription retinoids (tretinoin, adapalene)",
    terms: ["tretinoin", "adapalene", "tazarotene"],
  },
  salicylic_acid: { label: "Salicylic acid / aspirin", terms: ["salicylic", "salicylate"] },
  ahas: {
    label: "AHAs (glycolic, lactic, mandelic acid)",
    terms: ["glycolic", "lactic acid", "mandelic"],
  },
  benzoyl_peroxide: { label: "Benzoyl peroxide", terms: ["benzoyl peroxide"] },
  hydroquinone: { label: "Hydroquinone", terms: ["hydroquinone"] },
  vitamin_c: { label: "Vitamin C (ascorbic acid)", terms: ["ascorbic", "ascorbyl"] },
  niacinamide: { label: "Niacinamide", terms: ["niacinamide"] },
  fragrance: {
    label: "Fragrance / essential oils",
    terms: ["parfum", "fragrance", "essential oil", "linalool", "limonene"],
  },
  tea_tree: { label: "Tea tree oil", terms: ["tea tree", "melaleuca"] },
  nuts: {
    label: "Nuts and shea butter",
    terms: ["shea", "butyrospermum", "almond", "amygdalus", "argan", "macadamia"],
  },
  honey: { label: "Honey / propolis", terms: ["honey", "mel (", "propolis"] },
  turmeric: { label: "Turmeric", terms: ["turmeric", "curcuma"] },
  lanolin: { label: "Lanolin", terms: ["lanolin"] },
  hyaluronic_acid: { label: "Hyaluronic acid", terms: ["hyaluronic", "hyaluronate"] },
  local_anaesthetics: {
    label: "Local anaesthetics (lidocaine)",
    terms: ["lidocaine", "lignocaine", "benzocaine", "tetracaine"],
  },
  latex: { label: "Latex", terms: ["latex"] },
} as const satisfies Record<string, { label: string; terms: readonly string[] }>;
export type AllergenCode = keyof typeof ALLERGENS;
export const ALLERGEN_CODES = Object.keys(ALLERGENS) as AllergenCode[];

/** Pregnancy status; at most one at a time. */
export const PREGNANCY_STATES = {
  pregnant: "Pregnant",
  breastfeeding: "Breastfeeding",
} as const;
export type PregnancyState = keyof typeof PREGNANCY_STATES;

/** Fitzpatrick skin types I-VI (the spec's `skinType` oily/dry… stays as it is). */
export const FITZPATRICK_TYPES = ["I", "II", "III", "IV", "V", "VI"] as const;
export type FitzpatrickType = (typeof FITZPATRICK_TYPES)[number];

/**
 * Contraindication flags a clinician ticks. `terms` also raise the flag from the free text of
 * medications and conditions, so 'Roaccutane 20 mg' counts as isotretinoin.
 */
export const HEALTH_FLAGS = {
  isotretinoin: {
    label: "Isotretinoin (Roaccutane) in the last 6 months",
    alert: "Medication",
    terms: ["isotretinoin", "accutane", "roaccutane"],
  },
  blood_thinners: {
    label: "Blood thinners (warfarin, aspirin, clopidogrel…)",
    alert: "Medication",
    terms: ["warfarin", "clopidogrel", "rivaroxaban", "apixaban", "heparin", "aspirin"],
  },
  keloid: { label: "Keloid tendency", alert: "Condition", terms: ["keloid"] },
  active_infection: {
    label: "Active skin infection or cold sore",
    alert: "Condition",
    terms: ["cold sore", "herpes", "impetigo"],
  },
  photosensitivity: {
    label: "Photosensitivity or photosensitising medication",
    alert: "Condition",
    terms: ["photosensitiv", "lupus"],
  },
} as const satisfies Record<string, { label: string; alert: string; terms: readonly string[] }>;
export type HealthFlagCode = keyof typeof HEALTH_FLAGS;
export const HEALTH_FLAG_CODES = Object.keys(HEALTH_FLAGS) as HealthFlagCode[];

/** One recorded entry as clinical roles see it. Instants ISO 8601 UTC. */
export type HealthEntry = {
  id: number;
  kind: HealthEntryKind;
  /** An AllergenCode, HealthFlagCode, PregnancyState or FitzpatrickType; null for free text. */
  code: string | null;
  /** Free text ('' when only a code was picked). */
  note: string;
  /** What the screen shows: the code's label, then the note. */
  text: string;
  recordedBy: string;
  recordedAt: string;
};

/**
 * The profile the contraindication check reads: entries plus the spec's older free-text fields
 * (Add Customer's allergies and medical conditions), which count as free-text entries.
 */
export type HealthProfile = {
  allergies: { code: AllergenCode | null; text: string }[];
  conditions: string[];
  medications: string[];
  pregnancy: PregnancyState | null;
  fitzpatrick: FitzpatrickType | null;
  flags: HealthFlagCode[];
};

export const EMPTY_HEALTH_PROFILE: HealthProfile = {
  allergies: [],
  conditions: [],
  medications: [],
  pregnancy: null,
  fitzpatrick: null,
  flags: [],
};

/** The short labels of a profile's alerts, as the front desk sees them ("Allergy", "Pregnant"). */
export function alertLabels(profile: HealthProfile): string[] {
  const labels = new Set<string>();
  if (profile.allergies.length) labels.add("Allergy");
  if (profile.pregnancy) labels.add(PREGNANCY_STATES[profile.pregnancy]);
  if (profile.medications.length) labels.add("Medication");
  if (profile.conditions.length) labels.add("Condition");
  for (const flag of profile.flags) labels.add(HEALTH_FLAGS[flag].alert);
  return [...labels];
}

/** The longest note of a health entry, in characters (typed on the record or from a form). */
export const HEALTH_NOTE_MAX = 500;

/**
 * GET /api/customers/{id}/health: what the viewer may see. `alerts` for everyone who may see the
 * client; `entries` (details) only for clinical roles (null otherwise), and that read is audited.
 */
export type HealthRecordView = {
  clientId: number;
  alerts: string[];
  /** The Fitzpatrick type shown with the details; null without details or not recorded. */
  entries: HealthEntry[] | null;
  /** Whether the viewer may add and remove entries (capability health.edit). */
  canEdit: boolean;
  /** Add Customer's free-text allergies and conditions, with the details only; else null. */
  formerText: { allergies: string | null; medicalConditions: string | null } | null;
};

export const HEALTH_MESSAGES = {
  kind: "Choose what to record",
  code: "Choose one from the list",
  note: "Describe it (or pick one from the list)",
  noteLength: `Must be at most ${HEALTH_NOTE_MAX} characters`,
  notFound: "Health entry not found",
} as const;

/** The code lists an entry kind may carry (free-text kinds carry none). */
const CODES_OF: Record<HealthEntryKind, readonly string[]> = {
  allergy: ALLERGEN_CODES,
  condition: [],
  medication: [],
  pregnancy: Object.keys(PREGNANCY_STATES),
  skin: FITZPATRICK_TYPES,
  flag: HEALTH_FLAG_CODES,
};

/** Whether a kind needs a code from its list (pregnancy, skin, flag) rather than text. */
export function kindNeedsCode(kind: HealthEntryKind): boolean {
  return kind === "pregnancy" || kind === "skin" || kind === "flag";
}

/**
 * POST /api/customers/{id}/health (issue 30): one entry. An allergy takes a listed ingredient,
 * free text or both; conditions and medications free text; pregnancy, skin (Fitzpatrick) and
 * flags a code from their list.
 */
export const healthEntryInputSchema = z
  .object({
    kind: z.enum(HEALTH_ENTRY_KINDS, { error: HEALTH_MESSAGES.kind }),
    code: z
      .string({ error: HEALTH_MESSAGES.code })
      .trim()
      .max(40, HEALTH_MESSAGES.code)
      .nullish()
      .transform((v) => (v ? v : null)),
    note: z
      .string({ error: HEALTH_MESSAGES.note })
      .trim()
      .max(HEALTH_NOTE_MAX, HEALTH_MESSAGES.noteLength)
      .nullish()
      .transform((v) => v ?? ""),
  })
  .superRefine((v, ctx) => {
    if (v.code !== null && !CODES_OF[v.kind].includes(v.code)) {
      ctx.addIssue({ code: "custom", path: ["code"], message: HEALTH_MESSAGES.code });
    }
    if (kindNeedsCode(v.kind) && v.code === null) {
      ctx.addIssue({ code: "custom", path: ["code"], message: HEALTH_MESSAGES.code });
    }
    if (!kindNeedsCode(v.kind) && v.code === null && v.note === "") {
      ctx.addIssue({ code: "custom", path: ["note"], message: HEALTH_MESSAGES.note });
    }
  });
export type HealthEntryInput = z.output<typeof healthEntryInputSchema>;

/** The label of an entry's code, or '' for none. */
export function codeLabel(kind: HealthEntryKind, code: string | null): string {
  if (!code) return "";
  if (kind === "allergy") return ALLERGENS[code as AllergenCode]?.label ?? code;
  if (kind === "flag") return HEALTH_FLAGS[code as HealthFlagCode]?.label ?? code;
  if (kind === "pregnancy") return PREGNANCY_STATES[code as PregnancyState] ?? code;
  if (kind === "skin") return `Fitzpatrick ${code}`;
  return code;
}

/** An entry's shown text: its code's label and its note. */
export function entryText(kind: HealthEntryKind, code: string | null, note: string): string {
  const label = codeLabel(kind, code);
  return [label, note].filter(Boolean).join(": ");
}

/** The profile made from stored entries and the two older free-text fields. */
export function profileOf(
  entries: readonly { kind: string; code: string | null; note: string }[],
  legacy: { allergies?: string | null; medicalConditions?: string | null } = {},
): HealthProfile {
  const profile: HealthProfile = {
    allergies: [],
    conditions: [],
    medications: [],
    pregnancy: null,
    fitzpatrick: null,
    flags: [],
  };
  for (const e of entries) {
    if (e.kind === "allergy") {
      profile.allergies.push({ code: (e.code as AllergenCode | null) ?? null, text: e.note });
    } else if (e.kind === "condition") profile.conditions.push(e.note);
    else if (e.kind === "medication") profile.medications.push(e.note);
    else if (e.kind === "pregnancy") profile.pregnancy = e.code as PregnancyState;
    else if (e.kind === "skin") profile.fitzpatrick = e.code as FitzpatrickType;
    else if (e.kind === "flag" && !profile.flags.includes(e.code as HealthFlagCode)) {
      profile.flags.push(e.code as HealthFlagCode);
    }
  }
  if (legacy.allergies?.trim()) profile.allergies.push({ code: null, text: legacy.allergies });
  if (legacy.medicalConditions?.trim()) profile.conditions.push(legacy.medicalConditions);
  return profile;
}

/** Messages of a health override (issue 30). */
export const HEALTH_OVERRIDE_MESSAGES = {
  reasonLength: OVERRIDE_REASON_TOO_LONG,
} as const;

/**
 * The field a booking, an appointment change or a sale carries to go ahead past the
 * contraindication check's findings (issue 30): a reason, recorded in the audit log. A block
 * also needs a clinical role (capability health.override).
 */
export const healthOverrideFields = {
  healthOverrideReason: overrideReasonText(HEALTH_OVERRIDE_MESSAGES.reasonLength).optional(),
};
