/**
 * Links and text rules for services (storefront spec §2 "/services" and "/contact", §4
 * "Consultation-type services").
 */
import {
  DEFAULT_SERVICE_CATEGORY,
  isConsultationService,
  type PublicService,
  SERVICE_CATEGORIES,
} from "#common/catalog.ts";

/**
 * The booking link of a service: /contact?service={name}&category={category}#booking, where the
 * name is the word 'Consultation' for consultation-type services.
 */
export function serviceBookingHref(service: Pick<PublicService, "name" | "category" | "price">) {
  const name = isConsultationService(service) ? "Consultation" : service.name;
  return `/contact?service=${encodeURIComponent(name)}&category=${encodeURIComponent(service.category)}#booking`;
}

/** Teaser categories that have no tab of their own, mapped to the tab that holds them. */
const HASH_ALIASES: Record<string, string> = {
  "fillers-botox": "injectable-treatments",
  "pdo-threads": "injectable-treatments",
};

/**
 * The category a /services hash selects (spec §2): '#facial-services' or a partial form such as
 * '#laser' or '#body' matches a category id or its path; unknown hashes select nothing.
 */
export function categoryFromHash(hash: string): string | null {
  let key = hash.replace(/^#/, "").trim().toLowerCase();
  try {
    key = decodeURIComponent(key);
  } catch {
    // keep the raw text
  }
  if (!key) return null;
  const ids = SERVICE_CATEGORIES.map((c) => c.id);
  const bare = key.replace(/-services$/, "");
  if (ids.includes(bare)) return bare;
  if (HASH_ALIASES[bare]) return HASH_ALIASES[bare];
  const partial =
    ids.find((id) => id.startsWith(bare)) ?? ids.find((id) => `${id}-services`.includes(key));
  return partial ?? null;
}

/** The tab shown first: the highlighted service's category, else facial. */
export function initialServiceCategory(
  services: readonly PublicService[],
  highlightId: number | null,
): string {
  const highlighted = services.find((s) => s.id === highlightId);
  return highlighted?.category ?? DEFAULT_SERVICE_CATEGORY;
}

/**
 * Splits a package description at 'Includes:' into the summary and the comma-separated list of
 * what the package includes (spec §2 "Package descriptions may contain an 'Includes:' list").
 */
export function splitIncludes(description: string): { summary: string; includes: string[] } {
  const at = description.indexOf("Includes:");
  if (at === -1) return { summary: description, includes: [] };
  const includes = description
    .slice(at + "Includes:".length)
    .split(",")
    .map((part) => part.trim().replace(/\.$/, ""))
    .filter(Boolean);
  return { summary: description.slice(0, at).trim(), includes };
}
