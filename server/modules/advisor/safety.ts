/**
 * Safety signals in a client's words (issue 5 "Safety"): pregnancy, breastfeeding, active
 * infection, recent isotretinoin, keloid tendency, heart conditions and similar. Any signal turns
 * the answer into a consultation recommendation with a clear note, and removes treatments that
 * the signal makes unsuitable. The advisor never diagnoses or prescribes.
 */
import { phraseHits, phraseScore, tokenize } from "./text.ts";

export type SafetySignal = {
  id: string;
  /** The note shown to the client, in plain words. */
  note: string;
  /** Service categories not to suggest with this signal (consultation only). */
  avoidCategories: string[];
  /** Service or product names (regular expression) not to suggest with this signal. */
  avoidNames?: RegExp;
};

type SignalRule = SafetySignal & {
  triggers: string[];
  /** Phrases that mention a trigger word without the signal ('since my last pregnancy'). */
  ignore?: string[];
};

const RULES: SignalRule[] = [
  {
    id: "pregnancy",
    triggers: [
      "pregnant",
      "pregnancy",
      "preggo",
      "expecting a baby",
      "im expecting",
      "trying to conceive",
      "trying for a baby",
      "ttc",
      "trimester",
      "weeks along",
      "with child",
    ],
    ignore: [
      "last pregnancy",
      "previous pregnancy",
      "after pregnancy",
      "after my pregnancy",
      "since my pregnancy",
      "post pregnancy",
      "pregnancy mask",
      "after i was pregnant",
      "when i was pregnant",
    ],
    note: "Because you're pregnant (or trying), please don't start peels, laser, injectables, microneedling, IV drips, body-sculpting devices or retinol without our doctor's go-ahead. Book a consultation first so we can plan what's safe for you and your baby — gentle options such as a prenatal massage are usually fine.",
    avoidCategories: [
      "laser",
      "injectable-treatments",
      "chemical-peel",
      "microneedling",
      "iv-drip",
      "body",
      "skin-tag-removal",
    ],
    avoidNames: /retinol|retinoid|salicylic|tranexamic|peel|hot stone|aromatherapy/i,
  },
  {
    id: "breastfeeding",
    triggers: [
      "breastfeeding",
      "breast feeding",
      "breastfeed",
      "nursing my baby",
      "nursing mother",
      "lactating",
      "breast milk",
    ],
    note: "While you're breastfeeding, some treatments and ingredients (injectables, strong peels, IV drips, retinol) are best postponed. Please book a consultation first and we'll suggest what's safe for you and your baby.",
    avoidCategories: ["injectable-treatments", "chemical-peel", "iv-drip", "laser", "body"],
    avoidNames: /retinol|retinoid|tranexamic|peel/i,
  },
  {
    id: "infection",
    triggers: [
      "infection",
      "infected",
      "open wound",
      "wound",
      "cold sore",
      "cold sores",
      "herpes",
      "pus",
      "boil",
      "boils",
      "fungal",
      "ringworm",
      "fever",
      "bleeding",
      "oozing",
    ],
    note: "An active infection, open wound or cold sore needs to be seen by a doctor and heal before any skin treatment. Please book a consultation so our doctor can take a look first — I can't diagnose or treat infections here.",
    avoidCategories: [
      "facial",
      "chemical-peel",
      "microneedling",
      "laser",
      "injectable-treatments",
      "body-scrubs",
      "skin-tag-removal",
      "body",
      "iv-drip",
      "massage",
      "packages",
    ],
    avoidNames: /retinol|salicylic|acid|scrub|aha/i,
  },
  {
    id: "isotretinoin",
    triggers: [
      "accutane",
      "isotretinoin",
      "roaccutane",
      "absorica",
      "claravis",
      "acnotin",
      "isotret",
    ],
    note: "If you're taking isotretinoin (Accutane/Roaccutane) or stopped within the last 6 months, peels, laser, microneedling, dermaplaning and waxing can injure the skin. Please book a consultation first so our doctor can time your treatments safely.",
    avoidCategories: ["chemical-peel", "microneedling", "laser", "skin-tag-removal", "body-scrubs"],
    avoidNames: /dermaplaning|peel|scrub|polish|retinol|salicylic|aha|glycolic/i,
  },
  {
    id: "keloid",
    triggers: ["keloid", "keloids", "keloidal", "hypertrophic scar", "raised scar", "raised scars"],
    note: "With a tendency to keloids, treatments that wound the skin (microneedling, some lasers, deeper peels, mole or tag removal) need our doctor's assessment first. Please book a consultation before any of these.",
    avoidCategories: ["microneedling", "skin-tag-removal", "laser", "chemical-peel"],
  },
  {
    id: "heart",
    triggers: [
      "heart condition",
      "heart problem",
      "heart disease",
      "heart issue",
      "heart surgery",
      "pacemaker",
      "high blood pressure",
      "hypertension",
      "hypertensive",
      "i have bp",
      "palpitations",
      "stroke",
      "blood thinner",
      "blood thinners",
      "warfarin",
    ],
    note: "With a heart condition, high blood pressure, a pacemaker or blood thinners, some treatments (IV drips, body-sculpting and radiofrequency devices, EMS, hot stones, injectables) may not be suitable. Please book a consultation first and bring a list of your medicines.",
    avoidCategories: ["iv-drip", "body", "injectable-treatments", "microneedling"],
    avoidNames: /hot stone|rf |radiofrequency|ems/i,
  },
  {
    id: "medical",
    triggers: [
      "diabetes",
      "diabetic",
      "epilepsy",
      "seizures",
      "cancer",
      "chemotherapy",
      "chemo",
      "autoimmune",
      "lupus",
      "sickle cell",
      "kidney disease",
      "kidney problem",
      "bleeding disorder",
      "eczema",
      "psoriasis",
      "allergic",
      "allergy",
      "allergies",
      "recent surgery",
      "just had surgery",
    ],
    note: "Because of your health condition, please book a consultation first so our doctor can check which treatments and products are safe for you. Bring a list of your medicines and any allergies.",
    avoidCategories: ["iv-drip", "injectable-treatments"],
  },
  {
    id: "diagnosis",
    triggers: [
      "diagnose",
      "diagnosis",
      "prescribe",
      "prescription",
      "what medicine",
      "which medicine",
      "what drug",
      "which drug",
      "antibiotic",
      "antibiotics",
      "steroid cream",
      "what is wrong with",
      "whats wrong with",
      "is it cancer",
      "is this cancer",
    ],
    note: "I can't diagnose skin conditions or prescribe medicines — only a doctor who examines you can do that. Please book a consultation and our doctor will assess you properly.",
    avoidCategories: [],
  },
];

const COMPILED = RULES.map((rule) => ({
  rule,
  phrases: rule.triggers.map((t) => tokenize(t)),
  ignore: (rule.ignore ?? []).map((t) => tokenize(t)),
}));

/**
 * The safety signals in `text` (empty when none). Misspellings within one or two letters count,
 * so 'pregnent' and 'acutane' are caught.
 */
export function detectSafetySignals(text: string): SafetySignal[] {
  const tokens = tokenize(text);
  const found: SafetySignal[] = [];
  for (const { rule, phrases, ignore } of COMPILED) {
    let own = tokens;
    for (const phrase of ignore) {
      for (const hit of phraseHits(own, phrase)) {
        if (hit.score < 1) continue;
        own = own.map((t, i) => (i >= hit.start && i < hit.end ? "" : t));
      }
    }
    if (phrases.some((p) => phraseScore(own, p) >= 0.8)) {
      const { triggers: _triggers, ignore: _ignore, ...signal } = rule;
      found.push(signal);
    }
  }
  return found;
}
