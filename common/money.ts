/**
 * Money helpers. The database stores integer kobo; the API and the screens speak naira
 * (ARCHITECTURE.md "Data rules"; storefront spec §9 for where decimals are shown).
 */

const wholeNaira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const nairaWithKobo = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Naira amount → kobo integer (rounds half away from zero to the nearest kobo). */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

/** Kobo integer → naira number (may have two decimals). */
export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/**
 * Kobo integer → the spec's numeric naira string with two decimals ('180000.00'), as the
 * admin API answers prices, totals and rates (admin spec §3 "numeric string").
 */
export function koboToNairaText(kobo: number): string {
  return koboToNaira(kobo).toFixed(2);
}

/** '₦12,500' — whole naira, as the shop, cart and booking displays show (spec §9). */
export function formatNaira(naira: number): string {
  return wholeNaira.format(naira);
}

/** '₦12,500.00' — two decimals, where the spec asks for them (spec §9, admin point of sale). */
export function formatNairaWithKobo(naira: number): string {
  return nairaWithKobo.format(naira);
}
