/** Header navigation items and the booking link (storefront spec §2 "Header", §3 "Navigation item"). */

export type NavItem = { name: string; path: string };

/** The five header links, in order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { name: "HOME", path: "/" },
  { name: "ABOUT", path: "/about" },
  { name: "TREATMENTS", path: "/services" },
  { name: "SHOP", path: "/shop" },
  { name: "CONTACT", path: "/contact" },
];

/** Where every 'Book Now' button goes. */
export const BOOKING_PATH = "/contact#booking";

/** Scroll offsets of the shell (spec §9): compact header and the scroll-to-top button. */
export const HEADER_COMPACT_AFTER_PX = 50;
export const SCROLL_TO_TOP_AFTER_PX = 300;
