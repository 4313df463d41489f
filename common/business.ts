/**
 * The clinic's business details, held once for the header, footer, contact page, policies,
 * structured data and emails (storefront spec §1 "Business details held as constants", §9).
 */
export const BUSINESS = {
  name: "Glow Haven Skin & Wellness Clinic",
  shortName: "Glow Haven",
  address: "14 Adeola Odeku Street, Victoria Island, Lagos, Nigeria",
  streetAddress: "14 Adeola Odeku Street",
  locality: "Victoria Island",
  region: "Lagos",
  country: "NG",
  phone: "+234 803 123 4567",
  /** International form without '+' for wa.me links (notes/nigeria.md). */
  whatsapp: "2348031234567",
  email: "hello@glowhaven.ng",
  openingHours: {
    weekdays: "10:00 AM - 7:00 PM",
    saturday: "10:00 AM - 7:00 PM",
    sunday: "Closed",
  },
  socialMedia: {
    facebook: "https://www.facebook.com/glowhavenlagos",
    instagram: "https://www.instagram.com/glowhavenlagos",
    // The spec's TikTok link has no address in the contact data.
    tiktok: "#",
  },
  /** Map search query for the embedded map on /contact. */
  mapQuery: "14 Adeola Odeku Street, Victoria Island, Lagos",
} as const;

/**
 * Click-to-chat with the clinic on WhatsApp (issue 33): a plain wa.me link with a greeting the
 * client can edit; no script and no consent needed, it is a link.
 */
export const CLINIC_WHATSAPP_URL = `https://wa.me/${BUSINESS.whatsapp}?text=${encodeURIComponent(`Hello ${BUSINESS.shortName}, I have a question.`)}`;

/** Directions to the clinic in Google Maps from wherever the client is (issue 33). */
export const CLINIC_DIRECTIONS_URL = `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(BUSINESS.mapQuery)}`;

/**
 * The opening hours as rules (storefront spec §9: Monday-Saturday 10:00 AM - 7:00 PM, Sunday
 * closed), Lagos wall clock; `BUSINESS.openingHours` is their display text. The calendar
 * refuses appointments that start outside them (issue 28 item 3; docs/decisions/0196).
 */
export const OPENING_HOURS = {
  /** Lagos weekdays the clinic opens: 1 Monday … 6 Saturday (0 Sunday is closed). */
  days: [1, 2, 3, 4, 5, 6] as readonly number[],
  open: "10:00",
  close: "19:00",
} as const;
