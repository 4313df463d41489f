/**
 * The one contraindication check (issue 30; ARCHITECTURE.md "The visit"): rules as data and a
 * pure function run by the calendar (create, edit, confirm), the till, the shop and the public
 * booking form. Input: a client's health profile (common/health.ts) and what is booked, sold or
 * bought; output: findings, each with a level (block | warn | inform), a message that names the
 * item and the alert's short label but never the recorded details (the front desk reads it),
 * and the rule's id. Services are tagged from their category and name, products read their
 * ingredient list (docs/decisions/0220-health-profile-and-contraindication-check.md).
 */
import {
  ALLERGENS,
  type AllergenCode,
  type FitzpatrickType,
  HEALTH_FLAG_CODES,
  HEALTH_FLAGS,
  type HealthFlagCode,
  type HealthProfile,
  type PregnancyState,
} from "./health.ts";

export const FINDING_LEVELS = ["block", "warn", "inform"] as const;
export type FindingLevel = (typeof FINDING_LEVELS)[number];

/** Something booked, sold or bought. `ingredients`: a product's INCI list, if the catalogue has it. */
export type CheckedItem = {
  kind: "service" | "product";
  name: string;
  category: string;
  ingredients?: string | null;
};

export type Finding = {
  ruleId: string;
  level: FindingLevel;
  /** The item's name, as the catalogue spells it. */
  item: string;
  message: string;
};

/** What a service is, for the rules: from its category or its name. */
export const SERVICE_TAGS = [
  "laser",
  "injectable",
  "peel",
  "microneedling",
  "iv_drip",
  "waxing",
  "massage",
  "prenatal",
] as const;
export type ServiceTag = (typeof SERVICE_TAGS)[number];

/** How services get their tags: a category, or a name pattern (lower-case substring). */
export const SERVICE_TAG_RULES: readonly {
  tag: ServiceTag;
  categories?: readonly string[];
  names?: readonly string[];
}[] = [
  { tag: "laser", categories: ["laser"], names: ["laser"] },
  {
    tag: "injectable",
    categories: ["injectable-treatments"],
    names: ["botox", "filler", "injection", "skin booster", "thread lift"],
  },
  { tag: "peel", categories: ["chemical-peel"], names: ["peel"] },
  { tag: "microneedling", categories: ["microneedling"], names: ["microneedl"] },
  { tag: "iv_drip", categories: ["iv-drip"], names: [" drip", "booster shot"] },
  { tag: "waxing", names: ["wax"] },
  { tag: "massage", categories: ["massage"], names: ["massage"] },
  { tag: "prenatal", names: ["prenatal", "pregnancy"] },
];

/**
 * What a service puts on the skin, for allergy checks (a service has no ingredient list in the
 * catalogue): name patterns (lower-case substrings) → allergens.
 */
export const SERVICE_INGREDIENT_RULES: readonly {
  names: readonly string[];
  allergens: readonly AllergenCode[];
}[] = [
  { names: ["filler", "skin booster"], allergens: ["hyaluronic_acid", "local_anaesthetics"] },
  { names: ["glycolic", "mandelic"], allergens: ["ahas"] },
  { names: ["salicylic"], allergens: ["salicylic_acid"] },
  { names: ["cosmelan"], allergens: ["hydroquinone"] },
  { names: ["aromatherapy"], allergens: ["fragrance"] },
  { names: ["shea"], allergens: ["nuts"] },
  { names: ["papaya", "turmeric"], allergens: ["turmeric"] },
  { names: ["vitamin c"], allergens: ["vitamin_c"] },
];

/** Consultations are how a contraindication is assessed: no rule stops one. */
const CONSULTATION_NAMES = ["consultation", "skin analysis"];

/** A condition on the profile. Every field given must hold. */
type ProfileCondition = {
  pregnancy?: readonly PregnancyState[];
  fitzpatrick?: readonly FitzpatrickType[];
  flag?: HealthFlagCode;
  /** An allergy matching one of the item's ingredients. */
  allergyMatch?: true;
};

/** A condition on the item: any tag, or any allergen among its ingredients. */
type ItemCondition = {
  kind?: CheckedItem["kind"];
  tags?: readonly ServiceTag[];
  withoutTags?: readonly ServiceTag[];
  allergens?: readonly AllergenCode[];
};

export type ContraindicationRule = {
  id: string;
  level: FindingLevel;
  profile: ProfileCondition;
  item: ItemCondition;
  /** The message; '{item}' becomes the item's name. No recorded detail goes in it. */
  message: string;
};

const PREGNANT_OR_BREASTFEEDING = ["pregnant", "breastfeeding"] as const;

/** The rules, most serious first. */
export const CONTRAINDICATION_RULES: readonly ContraindicationRule[] = [
  {
    id: "allergy-ingredient",
    level: "block",
    profile: { allergyMatch: true },
    item: {},
    message:
      "Allergy: {item} contains an ingredient the client's health record lists as an allergy.",
  },
  {
    id: "pregnancy-prescription-retinoid",
    level: "block",
    profile: { pregnancy: PREGNANT_OR_BREASTFEEDING },
    item: { allergens: ["prescription_retinoids"] },
    message:
      "Pregnant or breastfeeding: {item} contains a prescription retinoid and must not be used.",
  },
  {
    id: "pregnancy-procedure",
    level: "block",
    profile: { pregnancy: ["pregnant"] },
    item: { tags: ["injectable", "laser", "iv_drip"] },
    message: "Pregnant: {item} is not given during pregnancy.",
  },
  {
    id: "isotretinoin-procedure",
    level: "block",
    profile: { flag: "isotretinoin" },
    item: { tags: ["laser", "peel", "waxing", "microneedling"] },
    message: "Medication: {item} is not given within 6 months of isotretinoin.",
  },
  {
    id: "pregnancy-retinoid",
    level: "warn",
    profile: { pregnancy: PREGNANT_OR_BREASTFEEDING },
    item: { allergens: ["retinoids"] },
    message:
      "Pregnant or breastfeeding: {item} contains a retinoid; a clinician should approve it.",
  },
  {
    id: "breastfeeding-procedure",
    level: "warn",
    profile: { pregnancy: ["breastfeeding"] },
    item: { tags: ["injectable", "iv_drip"] },
    message: "Breastfeeding: {item} needs a clinician's approval.",
  },
  {
    id: "pregnancy-peel",
    level: "warn",
    profile: { pregnancy: ["pregnant"] },
    item: { tags: ["peel", "microneedling"] },
    message: "Pregnant: {item} needs a clinician's approval.",
  },
  {
    id: "fitzpatrick-laser",
    level: "warn",
    profile: { fitzpatrick: ["V", "VI"] },
    item: { tags: ["laser"] },
    message:
      "Skin type V-VI: {item} risks burns and pigmentation; check the device settings with a clinician.",
  },
  {
    id: "blood-thinners-injectable",
    level: "warn",
    profile: { flag: "blood_thinners" },
    item: { tags: ["injectable", "microneedling"] },
    message: "Medication: {item} carries a higher risk of bruising and bleeding.",
  },
  {
    id: "keloid-skin-injury",
    level: "warn",
    profile: { flag: "keloid" },
    item: { tags: ["microneedling", "injectable"] },
    message: "Condition: {item} may cause keloid scarring.",
  },
  {
    id: "active-infection-procedure",
    level: "warn",
    profile: { flag: "active_infection" },
    item: { tags: ["injectable", "laser", "peel", "microneedling"] },
    message: "Condition: {item} should wait until the skin infection has cleared.",
  },
  {
    id: "photosensitivity-laser",
    level: "warn",
    profile: { flag: "photosensitivity" },
    item: { tags: ["laser", "peel"] },
    message: "Condition: {item} may react with photosensitivity; a clinician should approve it.",
  },
  {
    id: "isotretinoin-retinoid",
    level: "inform",
    profile: { flag: "isotretinoin" },
    item: { kind: "product", allergens: ["retinoids", "ahas", "salicylic_acid"] },
    message: "Medication: {item} may add to dryness and irritation.",
  },
  {
    id: "pregnancy-massage",
    level: "inform",
    profile: { pregnancy: ["pregnant"] },
    item: { tags: ["massage"], withoutTags: ["prenatal"] },
    message: "Pregnant: offer the Prenatal Massage instead of {item}.",
  },
];

const lower = (s: string | null | undefined) => (s ?? "").toLowerCase();

function isConsultation(item: CheckedItem): boolean {
  const name = lower(item.name);
  return item.kind === "service" && CONSULTATION_NAMES.some((n) => name.includes(n));
}

/** A service's tags from SERVICE_TAG_RULES; a product has none. */
export function serviceTags(item: CheckedItem): ServiceTag[] {
  if (item.kind !== "service" || isConsultation(item)) return [];
  const name = ` ${lower(item.name)}`;
  return SERVICE_TAG_RULES.filter(
    (r) => r.categories?.includes(item.category) || r.names?.some((n) => name.includes(n)),
  ).map((r) => r.tag);
}

/** The lower-cased text an item's ingredients are found in: a product's list and name. */
function ingredientText(item: CheckedItem): string {
  if (item.kind === "product") return `${lower(item.name)} ${lower(item.ingredients)}`;
  if (isConsultation(item)) return "";
  const name = lower(item.name);
  return SERVICE_INGREDIENT_RULES.filter((r) => r.names.some((n) => name.includes(n)))
    .flatMap((r) => r.allergens.flatMap((a) => ALLERGENS[a].terms))
    .join(" ");
}

/** The listed allergens found in an item. */
export function itemAllergens(item: CheckedItem): AllergenCode[] {
  const text = ingredientText(item);
  if (!text) return [];
  return (Object.keys(ALLERGENS) as AllergenCode[]).filter((code) =>
    ALLERGENS[code].terms.some((t) => text.includes(t)),
  );
}

/** Words of a free-text allergy worth matching ('penicillin, shea butter' → two terms). */
function freeTextTerms(text: string): string[] {
  return lower(text)
    .split(/[,;/\n]|\band\b/)
    .map((t) => t.trim())
    .filter((t) => t.length >= 3);
}

/** Whether one of the profile's allergies is in the item. */
function allergyMatches(profile: HealthProfile, item: CheckedItem): boolean {
  const text = ingredientText(item);
  if (!text) return false;
  for (const allergy of profile.allergies) {
    if (allergy.code && ALLERGENS[allergy.code]?.terms.some((t) => text.includes(t))) return true;
    for (const term of freeTextTerms(allergy.text)) {
      // A typed allergen that names a listed one ('retinol') uses the list's terms too.
      const listed = Object.values(ALLERGENS).find((a) =>
        a.terms.some((t) => term.includes(t) || t.includes(term)),
      );
      if (text.includes(term) || listed?.terms.some((t) => text.includes(t))) return true;
    }
  }
  return false;
}

/**
 * The profile as the rules read it: flags ticked or named in the medications and conditions
 * ('Roaccutane' raises isotretinoin), and pregnancy named in the conditions.
 */
export function effectiveProfile(profile: HealthProfile): HealthProfile {
  const free = [...profile.medications, ...profile.conditions].map(lower).join("\n");
  const flags = HEALTH_FLAG_CODES.filter(
    (f) => profile.flags.includes(f) || HEALTH_FLAGS[f].terms.some((t) => free.includes(t)),
  );
  const pregnancy =
    profile.pregnancy ??
    (free.includes("pregnan") ? "pregnant" : free.includes("breastfeed") ? "breastfeeding" : null);
  return { ...profile, flags, pregnancy };
}

function profileHolds(p: HealthProfile, c: ProfileCondition, item: CheckedItem): boolean {
  if (c.pregnancy && !(p.pregnancy && c.pregnancy.includes(p.pregnancy))) return false;
  if (c.fitzpatrick && !(p.fitzpatrick && c.fitzpatrick.includes(p.fitzpatrick))) return false;
  if (c.flag && !p.flags.includes(c.flag)) return false;
  if (c.allergyMatch && !allergyMatches(p, item)) return false;
  return true;
}

function itemHolds(item: CheckedItem, c: ItemCondition): boolean {
  if (c.kind && item.kind !== c.kind) return false;
  const tags = serviceTags(item);
  if (c.tags && !c.tags.some((t) => tags.includes(t))) return false;
  if (c.withoutTags?.some((t) => tags.includes(t))) return false;
  if (c.allergens) {
    const found = itemAllergens(item);
    if (!c.allergens.some((a) => found.includes(a))) return false;
  }
  return true;
}

/**
 * Checks `items` against `profile` with `rules` (CONTRAINDICATION_RULES by default).
 * @returns one finding per rule and item that fire, blocks first, then warns, then informs;
 *   [] for an empty profile. Pure: no clock, no I/O.
 */
export function checkContraindications(
  profile: HealthProfile,
  items: readonly CheckedItem[],
  rules: readonly ContraindicationRule[] = CONTRAINDICATION_RULES,
): Finding[] {
  const p = effectiveProfile(profile);
  const findings: Finding[] = [];
  for (const item of items) {
    if (isConsultation(item)) continue;
    for (const rule of rules) {
      if (!itemHolds(item, rule.item) || !profileHolds(p, rule.profile, item)) continue;
      if (findings.some((f) => f.ruleId === rule.id && f.item === item.name)) continue;
      findings.push({
        ruleId: rule.id,
        level: rule.level,
        item: item.name,
        message: rule.message.replaceAll("{item}", item.name),
      });
    }
  }
  const rank = (l: FindingLevel) => FINDING_LEVELS.indexOf(l);
  return findings.sort((a, b) => rank(a.level) - rank(b.level));
}

/** The most serious level among `findings`, or null for none. */
export function worstLevel(findings: readonly Finding[]): FindingLevel | null {
  for (const level of FINDING_LEVELS) if (findings.some((f) => f.level === level)) return level;
  return null;
}

/** The messages of a refused check and of the shop's and booking form's notice. */
export const CONTRAINDICATION_MESSAGES = {
  /** What a warn asks for before it lets the change through. */
  acknowledge: "Health alert: give a reason to go ahead",
  /** A block without a clinician's override. */
  clinicianOnly: "Only a therapist or a manager may override a health block",
  /** The shop (issue 30): the client is never shown anything of their health record. */
  shopConsultation: "A consultation is recommended before this product.",
  /** The public booking form: the same, for a treatment. */
  bookingConsultation:
    "A consultation is recommended before this treatment. Please book a consultation first.",
} as const;
