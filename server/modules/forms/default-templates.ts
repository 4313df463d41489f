/**
 * The demo forms a fresh clinic starts with (issue 31): the intake and a consent form for each
 * treatment category that carries clinical risk. Published as version 1 the first time forms
 * are needed (templates.ts ensureDefaultTemplates); managers edit and republish them. The
 * wording is general guidance for a Lagos medical spa, to be reviewed by the clinic's doctor.
 */
import type { FormBody, FormField } from "#common/forms.ts";

/** The intake: medical history, medications, allergies, pregnancy, previous treatments. */
export const DEFAULT_INTAKE: FormBody = {
  title: "Medical history and intake",
  intro:
    "Please answer honestly: your answers help your clinician choose safe treatments for you. Only the clinical team can read them.",
  sections: [
    {
      title: "Your health",
      fields: [
        {
          id: "conditions",
          type: "textarea",
          label: "Medical conditions (e.g. diabetes, high blood pressure, epilepsy, keloids)",
          healthTarget: "condition",
        },
        {
          id: "medications",
          type: "textarea",
          label: "Medicines and supplements you take (including Roaccutane in the last 6 months)",
          healthTarget: "medication",
        },
        {
          id: "allergies",
          type: "textarea",
          label: "Allergies (medicines, latex, skincare ingredients, foods)",
          healthTarget: "allergy",
        },
        {
          id: "pregnant",
          type: "yesno",
          label: "Are you pregnant or trying to conceive?",
          required: true,
          healthTarget: "pregnancy",
        },
        {
          id: "breastfeeding",
          type: "yesno",
          label: "Are you breastfeeding?",
          required: true,
          healthTarget: "pregnancy",
        },
      ],
    },
    {
      title: "Skin and previous treatments",
      fields: [
        {
          id: "previous_treatments",
          type: "textarea",
          label: "Previous aesthetic treatments (peels, laser, fillers, Botox) and when",
        },
        {
          id: "reactions",
          type: "yesno",
          label: "Have you had a bad reaction to a skin treatment before?",
        },
        {
          id: "accurate",
          type: "checkbox",
          label: "The information I have given is true and complete to the best of my knowledge.",
          required: true,
        },
      ],
    },
  ],
};

function consent(name: string, risks: string, alternatives: string, aftercare: string): FormBody {
  const fields: FormField[] = [
    { id: "risks", type: "info", label: "Risks and side effects", help: risks },
    { id: "alternatives", type: "info", label: "Alternatives", help: alternatives },
    { id: "aftercare", type: "info", label: "Aftercare", help: aftercare },
    {
      id: "understood",
      type: "checkbox",
      label: `I have read and understood the risks, alternatives and aftercare of ${name}, and my questions have been answered.`,
      required: true,
    },
    {
      id: "consent_treatment",
      type: "checkbox",
      label: `I consent to ${name} at Glow Haven.`,
      required: true,
    },
  ];
  return {
    title: `Consent: ${name}`,
    intro: `Please read this before your ${name}. You can withdraw your consent at any time before the treatment.`,
    sections: [
      { title: "About the treatment", fields },
      {
        title: "Photographs",
        fields: [
          {
            id: "photo_consent",
            type: "checkbox",
            label:
              "I agree to clinical before-and-after photographs for my medical record (never shown publicly).",
            consentFlag: "photography",
          },
          {
            id: "marketing_photo_consent",
            type: "checkbox",
            label:
              "Optional: my photographs may also be used, without my name, in the clinic's marketing.",
            consentFlag: "marketingPhotos",
          },
        ],
      },
    ],
  };
}

/** Consent forms by service category id (common/catalog.ts SERVICE_CATEGORIES). */
export const DEFAULT_CONSENTS: Record<string, FormBody> = {
  "chemical-peel": consent(
    "a chemical peel",
    "Redness, stinging, peeling for 3-7 days; rarely blistering, infection, scarring or darker or lighter patches (more likely on darker skin).",
    "Gentler home-care acids, microneedling, or no treatment.",
    "Use SPF 50 daily, do not pick peeling skin, avoid retinoids and exfoliants for 7 days.",
  ),
  microneedling: consent(
    "microneedling",
    "Redness and swelling for 1-3 days, pinpoint bleeding, bruising; rarely infection, cold-sore flare or dark marks.",
    "Chemical peels, laser resurfacing, topical treatments.",
    "No make-up for 24 hours, SPF 50 daily, avoid the gym and sauna for 48 hours.",
  ),
  laser: consent(
    "laser treatment",
    "Redness and swelling, temporary darkening or lightening of the skin, blistering or burns (higher risk on darker skin types), rarely scarring.",
    "Shaving, waxing, threading, creams, or no treatment.",
    "Avoid sun and heat for 48 hours, SPF 50 daily, no waxing between sessions.",
  ),
  "injectable-treatments": consent(
    "injectable treatment",
    "Bruising, swelling, tenderness, asymmetry; rarely infection, a drooping eyelid (toxins) or blocked blood vessels (fillers), which need urgent care.",
    "Skincare, energy-based devices, or no treatment.",
    "Stay upright for 4 hours, no massage of the area, no exercise or alcohol for 24 hours; call the clinic for any pain or colour change.",
  ),
  "iv-drip": consent(
    "an IV drip",
    "Bruising or pain at the needle site, vein irritation; rarely an allergic reaction, infection or fluid overload.",
    "Oral supplements and diet.",
    "Keep the plaster on for an hour; call the clinic for swelling, redness or fever.",
  ),
  "skin-tag-removal": consent(
    "skin tag removal",
    "Redness, a small scab, temporary darker or lighter spot; rarely infection or a scar.",
    "Leaving the tag, or removal by your doctor.",
    "Keep the area clean and dry for 24 hours, do not pick the scab.",
  ),
  body: consent(
    "a body sculpting treatment",
    "Redness, swelling, numbness or tenderness for days to weeks; rarely burns, bruising or uneven results.",
    "Diet and exercise, or no treatment.",
    "Drink water, light exercise, follow the therapist's plan.",
  ),
  dental: consent(
    "a dental treatment",
    "Tooth sensitivity, gum irritation; rarely damage to existing dental work.",
    "Home whitening products, or no treatment.",
    "Avoid coloured food and drink for 48 hours.",
  ),
};
