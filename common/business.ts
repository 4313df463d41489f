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
