/**
 * Treatment records, photos and aftercare (issue 31, second half; ARCHITECTURE.md "The visit":
 * treatment records are append-only after sign-off, photos are never public). Shapes the screens
 * render, the zod schemas the record form, the amendment form and the aftercare template share
 * with the API, the face/body map's regions and the messages
 * (docs/decisions/0270-treatment-records-append-only-with-amendments.md).
 */
import { z } from "zod";
import { databaseIdSchema } from "./ids.ts";

/** The regions of the simple face and body map: code → label (also the button's name). */
export const BODY_REGIONS = {
  forehead: "Forehead",
  glabella: "Between the brows",
  left_temple: "Left temple",
  right_temple: "Right temple",
  left_periorbital: "Left eye area",
  right_periorbital: "Right eye area",
  nose: "Nose",
  left_cheek: "Left cheek",
  right_cheek: "Right cheek",
  upper_lip: "Upper lip",
  lips: "Lips",
  chin: "Chin",
  jawline: "Jawline",
  neck: "Neck",
  chest: "Chest",
  back: "Back",
  abdomen: "Abdomen",
  underarms: "Underarms",
  arms: "Arms",
  hands: "Hands",
  bikini: "Bikini line",
  thighs: "Thighs",
  legs: "Lower legs",
} as const;
export type BodyRegion = keyof typeof BODY_REGIONS;
export const BODY_REGION_CODES = Object.keys(BODY_REGIONS) as [BodyRegion, ...BodyRegion[]];
/**
 * The largest photo upload accepted, in bytes (a phone camera's JPEG or HEIC is 2-8 MB): the
 * server refuses a bigger body, the screen before sending it.
 */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;

/** The map's two groups, in the order the screen shows them. */
export const FACE_REGIONS: readonly BodyRegion[] = BODY_REGION_CODES.slice(0, 14);
export const BODY_ONLY_REGIONS: readonly BodyRegion[] = BODY_REGION_CODES.slice(14);

export const RECORD_MESSAGES = {
  notFound: "Treatment record not found",
  appointmentNotFound: "Appointment not found",
  summaryRequired: "Describe what was done",
  signedOff: "This record is signed off; add an amendment instead",
  notSigned: "Only a signed-off record can be amended; change the draft instead",
  reasonRequired: "Give a reason for the amendment",
  nothingAmended: "Change at least one field in the amendment",
  noRecordToSign: "Save the record before signing it off",
  photoNotFound: "Photo not found",
  photoConsent: "The client has not given photography consent: no photo can be taken or stored",
  photoType: "Upload a JPEG, PNG, WebP or HEIC image",
  photoTooLarge: `The photo is larger than ${PHOTO_MAX_BYTES / (1024 * 1024)} MB`,
  photoUnreadable: "The file is not an image that can be read",
  templateNotFound: "Aftercare template not found",
  serviceNotFound: "Service not found",
  aftercareLink: "This aftercare link is not valid",
} as const;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** One product used: name, amount and unit; lot/batch and expiry for injectables. */
export const recordProductSchema = z.object({
  name: text(120).min(1, "Name the product"),
  /** Units, ml, syringes… as the clinician counts them. */
  amount: z.coerce
    .number({ message: "Enter the amount used" })
    .min(0, "The amount cannot be negative")
    .max(10_000, "The amount is too large")
    .nullish()
    .transform((v) => v ?? null),
  unit: optionalText(20),
  lot: optionalText(60),
  /** YYYY-MM-DD. */
  expiry: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the expiry as a date")
    .nullish()
    .or(z.literal(""))
    .transform((v) => v || null),
});
export type RecordProduct = z.output<typeof recordProductSchema>;

/** A laser or energy device's settings for one pass. */
export const deviceSettingSchema = z.object({
  device: text(80).min(1, "Name the device"),
  /** J/cm². */
  fluence: z.coerce
    .number({ message: "Enter the fluence in J/cm²" })
    .min(0, "The fluence cannot be negative")
    .max(1000, "The fluence is too high")
    .nullish()
    .transform((v) => v ?? null),
  /** mm. */
  spotSize: z.coerce
    .number({ message: "Enter the spot size in mm" })
    .min(0, "The spot size cannot be negative")
    .max(100, "The spot size is too large")
    .nullish()
    .transform((v) => v ?? null),
  pulses: z.coerce
    .number({ message: "Enter the number of pulses" })
    .int("Enter a whole number of pulses")
    .min(0, "The pulses cannot be negative")
    .max(100_000, "Too many pulses")
    .nullish()
    .transform((v) => v ?? null),
});
export type DeviceSetting = z.output<typeof deviceSettingSchema>;

/** The fields of a record, none defaulted (an amendment names only what it changes). */
const recordFieldShapes = {
  summary: text(4000).min(1, RECORD_MESSAGES.summaryRequired),
  products: z.array(recordProductSchema).max(30, "At most 30 products"),
  devices: z.array(deviceSettingSchema).max(10, "At most 10 device settings"),
  areas: z
    .array(z.enum(BODY_REGION_CODES, { message: "Pick areas from the map" }))
    .max(BODY_REGION_CODES.length)
    .transform((a) => [...new Set(a)]),
  notes: optionalText(8000),
  followUp: optionalText(1000),
};

/** PUT /api/appointments/{id}/treatment-record: the draft a clinician writes. */
export const recordFieldsSchema = z.object({
  ...recordFieldShapes,
  products: recordFieldShapes.products.default([]),
  devices: recordFieldShapes.devices.default([]),
  areas: recordFieldShapes.areas.default([]),
});
export type RecordFields = z.output<typeof recordFieldsSchema>;
export type RecordFieldName = keyof RecordFields;

/** POST /api/treatment-records/{id}/amendments: the changed fields and why. */
export const amendmentSchema = z.object({
  reason: text(500).min(1, RECORD_MESSAGES.reasonRequired),
  changes: z
    .object(recordFieldShapes)
    .partial()
    .refine((c) => Object.values(c).some((v) => v !== undefined), {
      message: RECORD_MESSAGES.nothingAmended,
    }),
});
export type AmendmentInput = z.output<typeof amendmentSchema>;

export type RecordAmendment = {
  id: number;
  reason: string;
  changes: Partial<RecordFields>;
  amendedBy: string;
  amendedAt: string;
};

export const PHOTO_KINDS = ["before", "after"] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

export type TreatmentPhoto = {
  id: number;
  appointmentId: number | null;
  kind: PhotoKind;
  /** The app's URL that serves it to clinical roles (audited); never a public file. */
  url: string;
  width: number;
  height: number;
  takenAt: string;
  takenBy: string;
};

/** One treatment record as the record screen and the client's record show it. */
export type TreatmentRecordView = {
  id: number;
  appointmentId: number | null;
  clientId: number | null;
  serviceName: string;
  staffName: string | null;
  visitAt: string | null;
  status: "draft" | "signed";
  /** As written at sign-off (or the draft as it stands). */
  original: RecordFields;
  /** The original with every amendment applied in order. */
  current: RecordFields;
  amendments: RecordAmendment[];
  createdBy: string;
  createdAt: string;
  signedBy: string | null;
  signedAt: string | null;
};

/** GET /api/appointments/{id}/treatment-record. */
export type AppointmentRecordView = {
  appointment: {
    id: number;
    clientId: number | null;
    customerName: string;
    serviceName: string;
    startsAt: string;
    status: string;
  };
  record: TreatmentRecordView | null;
  photos: TreatmentPhoto[];
  /** Whether the client has a current photography consent (forms module). */
  photographyConsent: boolean;
  canWrite: boolean;
};

/** The original fields with `amendments` applied in order (later changes win). */
export function applyAmendments(
  original: RecordFields,
  amendments: readonly { changes: Partial<RecordFields> }[],
): RecordFields {
  let current = { ...original };
  for (const a of amendments) current = { ...current, ...a.changes };
  return current;
}

// ---------------------------------------------------------------------------------------------
// Aftercare

/** PUT /api/services/{id}/aftercare: the template of one treatment. */
export const aftercareTemplateSchema = z.object({
  text: text(4000).min(1, "Write the aftercare text"),
  dos: z.array(text(200).min(1)).max(20, "At most 20 do's").default([]),
  donts: z.array(text(200).min(1)).max(20, "At most 20 don'ts").default([]),
  productIds: z
    .array(databaseIdSchema("Pick products from the shop"))
    .max(10, "At most 10 products")
    .default([])
    .transform((a) => [...new Set(a)]),
  /** Days after the visit for the follow-up message (e.g. 28 for a second peel); null: none. */
  followUpDays: z
    .number()
    .int("Enter whole days")
    .min(1, "At least 1 day")
    .max(365, "At most 365 days")
    .nullish()
    .transform((v) => v ?? null),
  followUpText: optionalText(1000),
});
export type AftercareTemplateInput = z.output<typeof aftercareTemplateSchema>;

export type AftercareTemplate = AftercareTemplateInput & {
  serviceId: number;
  serviceName: string;
  updatedAt: string;
};

/** GET /api/aftercare/{token}: what the cart is prefilled with. */
export type AftercareCart = {
  items: Array<{
    id: number;
    name: string;
    description: string;
    price: number;
    image: string;
    category: string;
  }>;
  /** Products left out, with why: out of stock, or a consultation is recommended. */
  skipped: Array<{ name: string; reason: string }>;
};

export const AFTERCARE_SKIP_REASONS = {
  outOfStock: "Out of stock",
  unavailable: "No longer available",
  consultation: "A consultation is recommended before this product.",
} as const;
