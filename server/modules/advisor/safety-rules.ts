/**
 * The advisor's clinical safety rules, all in one place and as data (issue 30 "Clinical safety
 * first", decision 0190): emergencies, under-18s, self-injection and buying injectables (answered
 * by the safety layer alone, guard.ts), and the red flags that route a question to a consultation
 * or a doctor (safety.ts). Every rule carries examples it must catch and look-alikes it must not;
 * safety-rules.test.ts checks both, so the table is tested as data.
 *
 * A trigger matches in one of three ways, on the client's words after tokenize() (lower case, no
 * punctuation, "i'm" → "im", "16yo" → "16 yo"):
 * - `phrases`: a phrase, tolerant of plurals and a typo in words of 6+ letters;
 * - `near`: one word of each group within `within` words of each other ('lips … swollen'),
 *   exact words only (plurals aside; misspellings are listed);
 * - `patterns`: a regular expression over the tokens joined by single spaces (ages).
 */

/** What a question is, for the safety layer (and the labelled safety evaluation). */
export type SafetyClass = "emergency" | "minor" | "self-injection" | "red-flag" | "ordinary";

export type Triggers = {
  phrases?: string[];
  near?: { groups: string[][]; within: number }[];
  patterns?: RegExp[];
  /** Phrases that use a trigger word without the meaning ('since my last pregnancy'). */
  ignore?: string[];
};

/** Questions the rule must catch and look-alikes it must leave alone (tested as data). */
export type RuleExamples = { positive: string[]; lookAlike: string[] };

/** A rule the safety layer answers on its own: no model, no cards, no Book Now. */
export type GuardRule = Triggers & {
  id: string;
  kind: "emergency" | "minor" | "self-injection";
  /** Emergencies: the first sentence of the urgent-care answer. Others: the whole reply. */
  reply: string;
  examples: RuleExamples;
};

/** A red flag: the answer leads with a consultation and the note, and avoids what it names. */
export type RedFlagRule = Triggers & {
  id: string;
  /** The note shown to the client, in plain words. */
  note: string;
  /** Service categories not to suggest with this signal (consultation only). */
  avoidCategories: string[];
  /** Service or product names (regular expression) not to suggest with this signal. */
  avoidNames?: RegExp;
  /** Red flags this one replaces when both fire (a bleeding mole is not an 'infection'). */
  replaces?: string[];
  examples: RuleExamples;
};

/** The Lagos emergency numbers the urgent-care answer gives (112 national, 767 Lagos State). */
export const EMERGENCY_NUMBERS = ["112", "767"] as const;

const PROCEDURE_WORDS = [
  "filler",
  "fillers",
  "botox",
  "injection",
  "injections",
  "injected",
  "inject",
  "procedure",
  "treatment",
  "drip",
  "iv",
  "microneedling",
  "laser",
  "peel",
  "thread",
  "threads",
  "surgery",
  "lipo",
  "tattoo",
];

/** Emergencies, under-18s and self-injection, in the order they are checked. */
export const GUARD_RULES: GuardRule[] = [
  {
    id: "breathing",
    kind: "emergency",
    reply:
      "Difficulty breathing can be a severe allergic reaction or another emergency, and it needs a doctor now.",
    phrases: [
      "cant breathe",
      "cannot breathe",
      "can not breathe",
      "hardly breathe",
      "difficulty breathing",
      "difficult to breathe",
      "hard to breathe",
      "trouble breathing",
      "struggling to breathe",
      "short of breath",
      "shortness of breath",
      "breathless",
      "wheezing",
      "no fit breathe",
      "no fit breath",
      "breath dey cut",
      "anaphylaxis",
      "anaphylactic",
      "throat is closing",
      "throat closing",
    ],
    near: [
      { groups: [["throat"], ["closing", "closed", "tight", "tightening", "blocked"]], within: 5 },
    ],
    examples: {
      positive: [
        "My lips are swollen and my face is itchy after the filler I got today, I can hardly breathe",
        "i cant breath well since the drip",
        "I no fit breathe well after the injection",
      ],
      lookAlike: [
        "breathing exercises for stress",
        "Which massage helps me breathe and relax?",
        "I want my skin to breathe, which facial?",
      ],
    },
  },
  {
    id: "swelling",
    kind: "emergency",
    reply:
      "Swelling of the lips, tongue, throat or face can be a severe allergic reaction, and it needs a doctor now.",
    near: [
      {
        groups: [
          ["lip", "lips", "tongue", "throat", "mouth", "eyelid", "eyelids"],
          ["swollen", "swelling", "swell", "swells", "swelled", "puffed", "swolen"],
        ],
        within: 4,
      },
      {
        groups: [
          ["face", "neck"],
          ["swelling", "swell", "swollen"],
          ["fast", "quickly", "itchy", "hives", "rash"],
        ],
        within: 8,
      },
    ],
    ignore: ["lip filler", "lip fillers", "fuller lips", "plump lips", "plumper lips"],
    examples: {
      positive: [
        "my tongue is swelling after the botox",
        "My lip don swell well well after filler yesterday",
        "my face is swelling fast and itchy after the peel",
      ],
      lookAlike: [
        "swollen pores on my nose",
        "I want fuller lips, which filler?",
        "puffy eyes in the morning",
      ],
    },
  },
  {
    id: "chest-pain",
    kind: "emergency",
    reply: "Chest pain, especially with dizziness, needs a doctor now.",
    near: [
      {
        groups: [
          ["chest"],
          ["pain", "pains", "painful", "tight", "tightness", "pressure", "hurts", "hurting"],
        ],
        within: 4,
      },
    ],
    ignore: ["chest acne", "acne on my chest", "pimples on my chest"],
    examples: {
      positive: [
        "I have chest pain and feel dizzy after my IV drip yesterday",
        "my chest dey pain me since morning after the drip",
        "chest tightness after glutathione",
      ],
      lookAlike: [
        "acne on my chest and back",
        "chest hair removal laser price",
        "dark spots on my chest",
      ],
    },
  },
  {
    id: "fainting",
    kind: "emergency",
    reply: "Fainting or nearly fainting after a treatment needs a doctor now.",
    phrases: [
      "fainted",
      "fainting",
      "feel faint",
      "feeling faint",
      "passed out",
      "pass out",
      "blacked out",
      "collapsed",
      "lost consciousness",
      "unconscious",
      "wan faint",
      "almost faint",
    ],
    examples: {
      positive: [
        "I fainted after my IV drip",
        "feeling faint and dizzy after the injection",
        "she passed out at home after the treatment",
      ],
      lookAlike: [
        "I have faint dark marks on my cheeks",
        "how to fade a faint scar",
        "I almost fell asleep during my massage",
      ],
    },
  },
  {
    id: "vision-blanching",
    kind: "emergency",
    reply:
      "Changes in vision or skin turning white, grey or blue after filler can mean a blocked blood vessel. This is an emergency that needs a doctor within minutes.",
    phrases: [
      "vision loss",
      "lost my vision",
      "losing my vision",
      "blurred vision",
      "blurry vision",
      "vision is blurry",
      "vision is blurred",
      "cant see properly",
      "cannot see properly",
      "cant see out of",
      "going blind",
      "gone blind",
      "blind in one eye",
      "eye no dey see",
      "blanching",
      "blanched",
    ],
    near: [
      {
        groups: [
          ["filler", "fillers", "injection", "injected", "botox"],
          ["white", "pale", "grey", "gray", "blue", "purple", "mottled", "dusky", "blanch"],
        ],
        within: 8,
      },
    ],
    examples: {
      positive: [
        "my vision is blurry since the filler under my eyes",
        "the skin near my filler turned white and painful",
        "skin blanching after filler on my nose",
      ],
      lookAlike: [
        "dark circles under my eyes",
        "white heads on my nose",
        "I cant see any difference after my facial",
      ],
    },
  },
  {
    id: "high-fever",
    kind: "emergency",
    reply:
      "A high fever, especially after a treatment, can be a serious infection and needs a doctor now.",
    phrases: [
      "high fever",
      "very high fever",
      "high temperature",
      "fever and chills",
      "chills and fever",
      "temperature of 39",
      "temperature of 40",
      "fever of 39",
      "fever of 40",
      "body dey hot well well",
    ],
    near: [
      { groups: [["fever", "feverish", "temperature", "chills"], PROCEDURE_WORDS], within: 8 },
    ],
    ignore: [
      "body temperature",
      "room temperature",
      "water temperature",
      "temperature of the room",
    ],
    examples: {
      positive: [
        "I have a high fever since yesterday",
        "fever and chills 2 days after the drip",
        "I get fever since the laser treatment",
      ],
      lookAlike: [
        "does the hot stone massage get very hot?",
        "hot weather makes my skin oily",
        "does cryotherapy use a low temperature",
      ],
    },
  },
  {
    id: "heavy-bleeding",
    kind: "emergency",
    reply:
      "Bleeding that is heavy or will not stop needs a doctor now: press firmly on it with a clean cloth.",
    phrases: [
      "heavy bleeding",
      "bleeding heavily",
      "bleeding a lot",
      "bleeding alot",
      "wont stop bleeding",
      "will not stop bleeding",
      "bleeding wont stop",
      "bleeding will not stop",
      "cant stop the bleeding",
      "cant stop bleeding",
      "blood everywhere",
      "bleeding non stop",
      "blood no gree stop",
      "blood no dey stop",
    ],
    examples: {
      positive: [
        "the spot where they removed my skin tag is bleeding heavily",
        "It won't stop bleeding after the microneedling",
        "blood no gree stop since the injection",
      ],
      lookAlike: [
        "my mole is just a beauty spot I want removed",
        "does microneedling make you bleed a little?",
        "blood orange facial mask",
      ],
    },
  },
  {
    id: "infection-after-procedure",
    kind: "emergency",
    reply:
      "Pus, spreading redness, heat or worsening pain where you were treated are signs of infection that need a doctor today.",
    near: [
      {
        groups: [["pus", "oozing", "infected", "infection", "abscess"], PROCEDURE_WORDS],
        within: 10,
      },
    ],
    ignore: ["avoid infection", "prevent infection", "risk of infection", "chance of infection"],
    examples: {
      positive: [
        "the place where I got my IV drip is red, hot and full of pus",
        "my filler area looks infected and it hurts more every day",
        "pus dey comot from where dem inject me",
      ],
      lookAlike: [
        "pimples with pus on my forehead",
        "how do I avoid infection after laser hair removal?",
        "I had a cold sore last year, can I do a peel?",
      ],
    },
  },
  {
    id: "minor",
    kind: "minor",
    reply:
      "Thank you for telling me your age. Because you're under 18, injectables (such as Botox and fillers) and laser treatments need a parent or guardian and a consultation with our doctor first, and many of them are not done at all before 18. Please come in with your parent or guardian for a consultation: our doctor will look at your skin and advise what is safe for you, including gentle care at home.",
    phrases: [
      "im a teenager",
      "i am a teenager",
      "im a teen",
      "i am a teen",
      "my teenage daughter",
      "my teenage son",
      "in secondary school",
      "under 18",
      "underage",
    ],
    patterns: [
      /\b(?:im|i m|i am|am|i be|i dey|me|aged|age)\s+(?:just\s+|only\s+)?(?:1[0-7])\b(?!\s+(?:weeks?|months?|days?|sessions?|kg|times?|mins?|minutes?|hours?|k|percent|years? ago))/,
      /\b(?:1[0-7])\s+(?:years?|yrs?|yr|year)\s+old\b/,
      /\b(?:1[0-7])\s+(?:yo|y o)\b/,
      /\b(?:daughter|son|child|kid|boy|girl|niece|nephew)\s+(?:is\s+|who\s+is\s+|wey\s+be\s+|dey\s+)?(?:[1-9]|1[0-7])\b(?!\s+(?:weeks?|months?|days?|sessions?|times?))/,
      /\bj?ss\s?[1-3]\b/,
    ],
    examples: {
      positive: [
        "I am 16 and I want Botox",
        "im 15 i want laser hair removal for my legs",
        "My daughter is 14, can she do lip filler?",
      ],
      lookAlike: [
        "I am 45 and want botox",
        "I'm 16 weeks pregnant, which facial?",
        "I had acne for 17 years",
      ],
    },
  },
  {
    id: "self-injection",
    kind: "self-injection",
    reply:
      "I can't help with injecting yourself. Fillers, Botox and other injectables are prescription treatments: injected at home they can block a blood vessel (which can cause skin loss or blindness), cause infection or leave lumps, and there is no doctor to act if something goes wrong. At our clinic they are only given by our doctors after a consultation, so please book a consultation and we'll talk you through safe options.",
    phrases: [
      "inject myself",
      "inject my self",
      "self inject",
      "self injecting",
      "self injection",
      "diy filler",
      "diy botox",
      "diy fillers",
      "hyaluron pen",
      "hyaluronic pen",
      "filler pen",
      "do my own botox",
      "do my own filler",
      "give myself botox",
      "give myself filler",
    ],
    near: [
      {
        groups: [
          ["inject", "injecting", "injet"],
          ["home", "myself", "yourself", "self", "own", "friend"],
        ],
        within: 6,
      },
    ],
    examples: {
      positive: [
        "how do I inject filler at home",
        "can I injet my own lips with hyaluronic acid",
        "I wan inject myself with glutathione for house",
      ],
      lookAlike: [
        "home care after botox injection",
        "what should I do at home after my filler",
        "is the injection painful?",
      ],
    },
  },
  {
    id: "buy-injectables",
    kind: "self-injection",
    reply:
      "I'm sorry, we don't sell injectables, and please don't buy them online or from a friend. Botox, fillers and injectable drips are prescription medicines: bought outside a clinic they are often fake, wrongly stored or contaminated, and they are only safe when a doctor gives them after a consultation. Please book a consultation and our doctor will advise you.",
    near: [
      {
        groups: [
          ["buy", "order", "purchase", "sell", "sells", "selling", "deliver", "ship"],
          [
            "botox",
            "filler",
            "fillers",
            "injectable",
            "injectables",
            "syringe",
            "syringes",
            "vial",
            "vials",
            "toxin",
            "needles",
          ],
        ],
        within: 3,
      },
    ],
    examples: {
      positive: [
        "where can I buy botox to use at home",
        "do you sell fillers? I want to order 2 syringes",
        "I wan buy filler, una dey deliver?",
      ],
      lookAlike: [
        "how much is botox?",
        "do you sell products for aftercare after fillers",
        "can I get botox at your clinic next week?",
      ],
    },
  },
];

/** The red flags: routed to a consultation or a doctor, with what they rule out. */
export const RED_FLAG_RULES: RedFlagRule[] = [
  {
    id: "pregnancy",
    phrases: [
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
      "carry belle",
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
    examples: {
      positive: ["I'm pregnant and have dark spots", "im 12 weeks pregnent, can I do a peel?"],
      lookAlike: ["stretch marks after my pregnancy", "dark patches since my last pregnancy"],
    },
  },
  {
    id: "breastfeeding",
    phrases: [
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
    examples: {
      positive: ["I'm breastfeeding, can I get botox?", "nursing mother wants a glow drip"],
      lookAlike: ["breast lift massage", "my baby is 2 now, which facial for dull skin?"],
    },
  },
  {
    id: "infection",
    phrases: [
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
    ignore: [
      "avoid infection",
      "avoid infections",
      "prevent infection",
      "risk of infection",
      "chance of infection",
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
    examples: {
      positive: ["I have a cold sore, can I do a facial?", "boils on my thigh keep coming"],
      lookAlike: ["dry patches on my elbows", "I want to lighten my underarms"],
    },
  },
  {
    id: "isotretinoin",
    phrases: [
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
    examples: {
      positive: ["I'm on acutane, can I do laser?", "I stopped roaccutane 2 months ago"],
      lookAlike: ["acne scars treatment", "which cleanser for acne?"],
    },
  },
  {
    id: "keloid",
    phrases: ["keloid", "keloids", "keloidal", "hypertrophic scar", "raised scar", "raised scars"],
    note: "With a tendency to keloids, treatments that wound the skin (microneedling, some lasers, deeper peels, mole or tag removal) need our doctor's assessment first. Please book a consultation before any of these.",
    avoidCategories: ["microneedling", "skin-tag-removal", "laser", "chemical-peel"],
    examples: {
      positive: ["I form keloids easily, can I do microneedling?", "I get keloid from small cuts"],
      lookAlike: ["flat acne scars on my cheeks", "ice pick scars"],
    },
  },
  {
    id: "blood-thinners",
    phrases: [
      "blood thinner",
      "blood thinners",
      "warfarin",
      "anticoagulant",
      "anticoagulants",
      "rivaroxaban",
      "xarelto",
      "apixaban",
      "eliquis",
      "clopidogrel",
      "plavix",
      "heparin",
      "enoxaparin",
      "daily aspirin",
      "aspirin every day",
    ],
    note: "Blood thinners (such as warfarin, rivaroxaban, apixaban or a daily aspirin) raise the risk of bleeding and bruising with injectables, microneedling and mole or tag removal. Please book a consultation first and bring your medicines — and never stop a blood thinner without asking the doctor who prescribed it.",
    avoidCategories: ["injectable-treatments", "microneedling", "skin-tag-removal", "iv-drip"],
    examples: {
      positive: [
        "I take warfarin, can I get fillers?",
        "I'm on blood thinners and want microneedling",
      ],
      lookAlike: ["does massage help blood circulation?", "thin hair on my temples"],
    },
  },
  {
    id: "heart",
    phrases: [
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
    ],
    note: "With a heart condition, high blood pressure or a pacemaker, some treatments (IV drips, body-sculpting and radiofrequency devices, EMS, hot stones, injectables) may not be suitable. Please book a consultation first and bring a list of your medicines.",
    avoidCategories: ["iv-drip", "body", "injectable-treatments", "microneedling"],
    avoidNames: /hot stone|rf |radiofrequency|ems/i,
    examples: {
      positive: [
        "I have high blood pressure, can I do an IV drip?",
        "I have a pacemaker, body sculpting?",
      ],
      lookAlike: ["I love my heart-shaped face", "blood tonic drip for energy"],
    },
  },
  {
    id: "mole",
    phrases: ["bleeding mole", "changing mole", "mole that bleeds", "new mole that is growing"],
    near: [
      {
        groups: [
          ["mole", "moles"],
          [
            "bleed",
            "bleeding",
            "bleeds",
            "bled",
            "changing",
            "changed",
            "growing",
            "bigger",
            "darker",
            "itchy",
            "itching",
            "irregular",
            "spreading",
            "crusting",
          ],
        ],
        within: 8,
      },
    ],
    replaces: ["infection"],
    note: "A mole that bleeds, itches or changes in size, shape or colour needs to be seen by a doctor soon — please don't have it removed at a spa first. Book a consultation so our doctor can examine it, or see a dermatologist; I can't tell you what it is from here.",
    avoidCategories: ["skin-tag-removal", "laser", "chemical-peel", "microneedling"],
    examples: {
      positive: ["my mole is bleeding and changing shape", "this mole don dey bigger and itchy"],
      lookAlike: ["my mole is just a beauty spot I want removed", "mole removal price"],
    },
  },
  {
    id: "medical",
    phrases: [
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
    examples: {
      positive: ["I'm diabetic, can I do a body scrub?", "I have sickle cell, which drip?"],
      lookAlike: ["dry flaky skin in harmattan", "I want a relaxing massage"],
    },
  },
  {
    id: "diagnosis",
    phrases: [
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
    examples: {
      positive: [
        "which medicine should I take for this rash?",
        "can you prescribe something for acne",
      ],
      lookAlike: ["which serum for dark spots", "what facial for oily skin"],
    },
  },
];
