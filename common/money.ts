/**
 * Money helpers. The database stores integer kobo; the API and the screens speak naira
 * (ARCHITECTURE.md "Data rules"; storefront spec §9 for where decimals are shown).
 */

// Made on first use: a page's first Intl object loads the browser's ICU data (4-37 ms measured
// on the 2-core machine), which would otherwise lengthen the one task that evaluates a page's
// modules; formatting during rendering is split across React's hydration tasks instead.
const nairaFormats = new Map<number, Intl.NumberFormat>();
function nairaFormat(fractionDigits: 0 | 2): Intl.NumberFormat {
  let format = nairaFormats.get(fractionDigits);
  if (!format) {
    format = new Intl.NumberFormat("en-NG", {
      style: "currency",
      currency: "NGN",
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    nairaFormats.set(fractionDigits, format);
  }
  return format;
}

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
  return nairaFormat(0).format(naira);
}

/** '₦12,500.00' — two decimals, where the spec asks for them (spec §9, admin point of sale). */
export function formatNairaWithKobo(naira: number): string {
  return nairaFormat(2).format(naira);
}
