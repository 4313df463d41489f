/**
 * Intake and consent forms (issue 31; docs/decisions/0265-versioned-forms-and-the-consent-gate.md).
 * A template is a list of sections of fields; publishing freezes the draft as a numbered
 * version whose canonical text (`versionText`) is hashed (SHA-256) and signed. Shapes, limits,
 * messages and the schemas shared by the admin editor, the public form and the API live here.
 */
import { z } from "zod";
import { databaseIdSchema } from "./ids.ts";
import { overrideReasonText } from "./override-reason.ts";

/** What a template is for: the intake (medical history) or a treatment category's consent. */
export const FORM_KINDS = ["intake", "consent"] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** Field types of a form. 'info' is text to read (risks, alternatives, aftercare), no answer. */
export const FORM_FIELD_TYPES = ["info", "text", "textarea", "yesno", "checkbox"] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/**
 * Where an answer goes in the health profile when the clinician accepts it (common/health.ts
 * kinds): an allergy, condition or medication free text, or the pregnancy state.
 */
export const HEALTH_TARGETS = ["allergy", "condition", "medication", "pregnancy"] as const;
export type HealthTarget = (typeof HEALTH_TARGETS)[number];

/**
 * Special consents a consent form asks for, read by the records half of issue 31: photography
 * (clinical before/after photos) and, separately and optionally, marketing use of them.
 */
export const CONSENT_FLAGS = ["photography", "marketingPhotos"] as const;
export type ConsentFlag = (typeof CONSENT_FLAGS)[number];

/** One field of a form. `id` is unique in the template (answers are keyed by it). */
export type FormField = {
  id: string;
  type: FormFieldType;
  label: string;
  /** Longer text under the label (an info block's paragraph). */
  help?: string;
  required?: boolean;
  /** A 'yes'/'checked' answer (and the text, for text fields) is proposed to the health profile. */
  healthTarget?: HealthTarget;
  /** A checkbox that records a special consent. */
  consentFlag?: ConsentFlag;
};

export type FormSection = { title: string; fields: FormField[] };

/** The body of a template draft or version. */
export type FormBody = { title: string; intro: string; sections: FormSection[] };

/** Limits of a template (characters / counts). */
export const FORM_LIMITS = {
  title: 120,
  intro: 2000,
  sections: 20,
  fieldsPerSection: 40,
  label: 300,
  help: 4000,
  answer: 2000,
  signerName: 120,
  /** A drawn signature as a PNG data URL (bytes of text). */
  signature: 200_000,
} as const;

/** Days a signed consent stays current for its category (decision 0266). */
export const CONSENT_VALID_DAYS = 365;
/** Hours a form link sent to a client stays valid. */
export const FORM_LINK_HOURS = 72;

/** The spec-style messages of the forms area. */
export const FORM_MESSAGES = {
  linkInvalid: "This form link is not valid. Please ask the clinic for a new one.",
  linkExpired: "This form link has expired. Please ask the clinic for a new one.",
  alreadySigned: "These forms have already been signed. Thank you.",
  signerName: "Please type your full name to sign",
  signerNameMismatch: "Please type your full name as the clinic has it",
  required: "This field is required",
  agree: "Please confirm you have read and agree to sign",
  versionChanged: "This form has been updated. Please reload the page and sign the new version.",
  templateNotFound: "Form template not found",
  nothingToPublish: "The draft is the same as the published version",
  consentMissing: "No current signed consent for this treatment. A clinician's reason is needed.",
  overrideReason: "Please give a reason to go ahead without a signed consent",
  notFound: "Form not found",
  kioskLocked: "This tablet is locked. Ask the clinic's staff to open a client's forms.",
} as const;

const fieldSchema = z
  .object({
    id: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]{0,39}$/, "Field ids are lower-case letters, digits and _"),
    type: z.enum(FORM_FIELD_TYPES),
    label: z.string().trim().min(1, "Please enter a label").max(FORM_LIMITS.label),
    help: z.string().trim().max(FORM_LIMITS.help).optional(),
    required: z.boolean().optional(),
    healthTarget: z.enum(HEALTH_TARGETS).optional(),
    consentFlag: z.enum(CONSENT_FLAGS).optional(),
  })
  .strict();

/** A template body as the editor sends it (PUT /api/admin/forms/templates/{id}/draft). */
export const formBodySchema = z
  .object({
    title: z.string().trim().min(1, "Please enter a title").max(FORM_LIMITS.title),
    intro: z.string().trim().max(FORM_LIMITS.intro).default(""),
    sections: z
      .array(
        z
          .object({
            title: z.string().trim().min(1, "Please enter a section title").max(FORM_LIMITS.title),
            fields: z.array(fieldSchema).min(1).max(FORM_LIMITS.fieldsPerSection),
          })
          .strict(),
      )
      .min(1, "A form needs at least one section")
      .max(FORM_LIMITS.sections),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    for (const s of body.sections) {
      for (const f of s.fields) {
        if (seen.has(f.id)) {
          ctx.addIssue({
            code: "custom",
            path: ["sections"],
            message: `Duplicate field id ${f.id}`,
          });
        }
        seen.add(f.id);
      }
    }
  });

/**
 * The canonical text of a form version: what the client reads and signs, and what the stored
 * SHA-256 is of. Stable: the same body always gives the same text (field order as written).
 */
export function versionText(body: FormBody, version: number): string {
  const lines = [`${body.title} (version ${version})`, "", body.intro, ""];
  for (const s of body.sections) {
    lines.push(`## ${s.title}`);
    for (const f of s.fields) {
      lines.push(`- [${f.type}${f.required ? ", required" : ""}] ${f.label}`);
      if (f.help) lines.push(`  ${f.help}`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

/** One answer: text for text fields, true/false for yes/no and checkboxes. */
export type FormAnswer = string | boolean;
export type FormAnswers = Record<string, FormAnswer>;

/**
 * The first error of `answers` against `body`: `{ fieldId: message }`, empty when complete.
 * Unknown keys are ignored by the caller (only the body's fields are stored).
 */
export function answerErrors(body: FormBody, answers: FormAnswers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const s of body.sections) {
    for (const f of s.fields) {
      if (f.type === "info") continue;
      const a = answers[f.id];
      if (f.type === "text" || f.type === "textarea") {
        if (a !== undefined && (typeof a !== "string" || a.length > FORM_LIMITS.answer)) {
          errors[f.id] = FORM_MESSAGES.required;
        } else if (f.required && (typeof a !== "string" || a.trim() === "")) {
          errors[f.id] = FORM_MESSAGES.required;
        }
      } else if (a !== undefined && typeof a !== "boolean") {
        errors[f.id] = FORM_MESSAGES.required;
      } else if (f.required && f.type === "checkbox" && a !== true) {
        errors[f.id] = FORM_MESSAGES.required;
      } else if (f.required && f.type === "yesno" && a === undefined) {
        errors[f.id] = FORM_MESSAGES.required;
      }
    }
  }
  return errors;
}

/** The answers of `body`'s fields only, trimmed. */
export function keptAnswers(body: FormBody, answers: FormAnswers): FormAnswers {
  const out: FormAnswers = {};
  for (const s of body.sections) {
    for (const f of s.fields) {
      const a = answers[f.id];
      if (f.type === "info" || a === undefined) continue;
      out[f.id] = typeof a === "string" ? a.trim() : a;
    }
  }
  return out;
}

/** The special consents given in `answers` (a ticked checkbox carrying the flag). */
export function consentFlagsOf(body: FormBody, answers: FormAnswers): Record<ConsentFlag, boolean> {
  const flags: Record<ConsentFlag, boolean> = { photography: false, marketingPhotos: false };
  for (const s of body.sections) {
    for (const f of s.fields) {
      if (f.consentFlag && answers[f.id] === true) flags[f.consentFlag] = true;
    }
  }
  return flags;
}

/** A drawn signature: a PNG data URL from the signature pad. */
const SIGNATURE_PATTERN = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** POST /api/forms/{token}/sign: every form of the link signed at once. */
export const signFormsSchema = z
  .object({
    forms: z
      .array(
        z
          .object({
            versionId: databaseIdSchema("This form is not one of the link's forms"),
            answers: z.record(
              z.string().max(40),
              z.union([z.string().max(FORM_LIMITS.answer, FORM_MESSAGES.required), z.boolean()]),
            ),
          })
          .strict(),
      )
      .min(1)
      .max(10),
    signerName: z
      .string({ error: FORM_MESSAGES.signerName })
      .trim()
      .min(2, FORM_MESSAGES.signerName)
      .max(FORM_LIMITS.signerName, FORM_MESSAGES.signerName),
    /** Null or absent: signed by the typed name alone (the keyboard way). */
    signature: z
      .string()
      .max(FORM_LIMITS.signature)
      .regex(SIGNATURE_PATTERN, "The signature could not be read; please sign again")
      .nullish()
      .transform((v) => v ?? null),
    agree: z.literal(true, { error: FORM_MESSAGES.agree }),
  })
  .strict();
export type SignFormsInput = z.output<typeof signFormsSchema>;

/** POST /api/customers/{id}/health-proposals/{proposalId}. */
export const proposalDecisionSchema = z
  .object({ decision: z.enum(["accept", "reject"], { error: "Choose accept or reject" }) })
  .strict();

/** The optional body of check-in: the clinician's reason to go ahead without a consent. */
export const overrideReasonSchema = z
  .object({
    healthOverrideReason: overrideReasonText(FORM_MESSAGES.overrideReason).nullish(),
  })
  .strip();

/** One form of a link as the client's page shows it (GET /api/forms/{token}). */
export type PublicForm = {
  /** The version's id: what the signature names. */
  id: number;
  kind: FormKind;
  category: string | null;
  categoryName: string | null;
  version: number;
  body: FormBody;
  textSha256: string;
};

/** GET /api/forms/{token}: the forms to sign, never anything of the health record. */
export type PublicFormRequest = {
  status: "pending" | "signed";
  /** The client's first name, to greet them. */
  firstName: string;
  serviceName: string | null;
  /** The visit's start (ISO 8601 UTC), when the request is for an appointment. */
  startsAt: string | null;
  expiresAt: string;
  forms: PublicForm[];
};

// Staff views (server/modules/forms/clinical.ts)

/** A proposal as the clinician reviews it. Instants ISO 8601 UTC. */
export type HealthProposal = {
  id: number;
  signedFormId: number;
  kind: HealthTarget;
  code: string | null;
  note: string;
  status: "pending" | "accepted" | "rejected";
  createdAt: string;
};

/** One form an appointment needs, and whether it is signed. Instants ISO 8601 UTC. */
export type AppointmentFormStatus = {
  kind: FormKind;
  category: string | null;
  /** 'Medical history and intake' or the category's name, e.g. 'Laser Treatments consent'. */
  label: string;
  signed: boolean;
  signedFormId: number | null;
  signedAt: string | null;
  version: number | null;
  /** For a consent: clinical photos allowed. */
  photographyConsent: boolean | null;
};

/** GET /api/appointments/{id}/forms: what the check-in screen shows. */
export type AppointmentForms = {
  appointmentId: number;
  clientId: number | null;
  forms: AppointmentFormStatus[];
  /**
   * A clinician's decision to go ahead without the consent (reason, who, when); `reason` is null
   * for a viewer who may not read the client's health (it is clinical text).
   */
  override: { reason: string | null; by: string; at: string; place: string } | null;
  /** The open link, if one was sent and is unsigned. */
  pendingRequest: { id: number; expiresAt: string; remindedAt: string | null } | null;
  /** Whether the viewer may open the signed forms (health.read on the client). */
  canRead: boolean;
};

/** A signed form in a client's list (no answers). */
export type SignedFormSummary = {
  id: number;
  kind: FormKind;
  category: string | null;
  title: string;
  version: number;
  signerName: string;
  signedAt: string;
  channel: string;
  photographyConsent: boolean;
  marketingPhotoConsent: boolean;
  withdrawnAt: string | null;
};

/** GET /api/customers/{id}/forms: the client's signed forms and pending health changes. */
export type ClientForms = { forms: SignedFormSummary[]; proposals: HealthProposal[] };

/** One signed form as signed: the exact version's body and text, answers, signature, facts. */
export type SignedFormDetail = SignedFormSummary & {
  body: FormBody;
  text: string;
  answers: FormAnswers;
  signature: string | null;
  /** SHA-256 stored at signing, and whether the version's text still hashes to it. */
  textSha256: string;
  hashMatches: boolean;
  ip: string;
  userAgent: string;
  templateId: number;
};

// Templates (server/modules/forms/templates.ts; the manager's editor, decision 0304)

/** A published version as the public form, the clinical view and the editor show it. */
export type FormVersion = {
  id: number;
  templateId: number;
  kind: FormKind;
  category: string | null;
  version: number;
  body: FormBody;
  /** The canonical text (`versionText`) and its hex SHA-256. */
  text: string;
  textSha256: string;
  /** ISO 8601 UTC. */
  publishedAt: string;
};

/** A template in the manager's list. Instants ISO 8601 UTC. */
export type FormTemplateSummary = {
  id: number;
  kind: FormKind;
  category: string | null;
  categoryName: string | null;
  title: string;
  /** The latest published version number, null before the first publish. */
  version: number | null;
  publishedAt: string | null;
  /** The draft differs from the latest version (something to publish). */
  draftChanged: boolean;
};

/** A template with its draft and every published version (newest first). */
export type FormTemplateDetail = FormTemplateSummary & {
  draft: FormBody;
  versions: Array<{
    id: number;
    version: number;
    publishedAt: string;
    publishedBy: string;
    textSha256: string;
  }>;
};

/** The Forms screens' reads (admin area 'forms', managers): the list and one template. */
export type FormsPages = {
  templates(): Promise<FormTemplateSummary[]>;
  /** The template, or null for an unknown id. */
  template(id: number): Promise<FormTemplateDetail | null>;
};

/** What a field type is called on the editor's screens. */
export const FORM_FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  info: "Text to read (no answer)",
  text: "Short answer",
  textarea: "Long answer",
  yesno: "Yes or no",
  checkbox: "Tick box",
};

/** What a health target is called on the editor's screens. */
export const HEALTH_TARGET_LABELS: Record<HealthTarget, string> = {
  allergy: "Allergy",
  condition: "Medical condition",
  medication: "Medication",
  pregnancy: "Pregnancy or breastfeeding",
};

/** What a special consent is called on the editor's screens. */
export const CONSENT_FLAG_LABELS: Record<ConsentFlag, string> = {
  photography: "Clinical photos consent",
  marketingPhotos: "Marketing photos consent",
};
