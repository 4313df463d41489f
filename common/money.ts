/**
 * Money helpers. The database stores integer kobo; the API and the screens speak naira
 * (ARCHITECTURE.md "Data rules"; storefront spec §9 for where decimals are shown).
 */

/**
 * `naira` as en-NG currency text with `fractionDigits` decimals, the same text as
 * `Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" })` with those digits
 * ('₦12,500', '-₦12,500.50'): the shortest decimal form of the number rounded half away from zero,
 * thousands grouped by commas. Written out rather than made by Intl because a page's first Intl
 * object loads the browser's ICU data: 40-65 ms of main thread measured in Chromium on this
 * project's 2-core machines (docs/decisions/0167-naira-and-lagos-dates-without-intl.md), four times
 * that on Lighthouse's phone, inside hydration. Numbers JavaScript writes with an exponent
 * (below 1e-6 or from 1e21) and NaN or Infinity are left to Intl.
 */
function formatNairaDigits(naira: number, fractionDigits: 0 | 2): string {
  const text = String(Math.abs(naira));
  if (!Number.isFinite(naira) || text.includes("e")) {
    return new Intl.NumberFormat("en-NG", {
      style: "currency",
      currency: "NGN",
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(naira);
  }
  const [whole = "0", fraction = ""] = text.split(".");
  // The kept digits as one integer, plus one when the first dropped digit is 5 or more.
  let digits = BigInt(whole + fraction.slice(0, fractionDigits).padEnd(fractionDigits, "0"));
  if ((fraction[fractionDigits] ?? "0") >= "5") digits += 1n;
  const padded = digits.toString().padStart(fractionDigits + 1, "0");
  const integer = padded.slice(0, padded.length - fractionDigits);
  const grouped = integer.replace(/\B(?=(\d{3})+$)/g, ",");
  const decimals = fractionDigits ? `.${padded.slice(-fractionDigits)}` : "";
  return `${naira < 0 || Object.is(naira, -0) ? "-" : ""}₦${grouped}${decimals}`;
}

/**
 * The largest naira amount one price, payment, line or rate accepts (products, services, sales,
 * orders, pay). Money is stored as bigint kobo (server/db/schema/columns.ts `kobo`), so sums of
 * many such amounts stay exact (issue 34: int4 kobo ended at ₦21,474,836.47).
 */
export const MAX_NAIRA = 1_000_000_000;

/**
 * Whether `n` has at most 2 decimals (a naira amount in whole kobo, a rate to the hundredth),
 * allowing binary floating point's error on e.g. 0.29 * 100.
 */
export function hasAtMostTwoDecimals(n: number): boolean {
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
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
  return formatNairaDigits(naira, 0);
}

/** '₦12,500.00' — two decimals, where the spec asks for them (spec §9, admin point of sale). */
export function formatNairaWithKobo(naira: number): string {
  return formatNairaDigits(naira, 2);
}

/**
 * '₦12,500', or '₦1,500.50' when there are kobo: the back office outside the point of sale
 * (admin spec §9 "whole units elsewhere"), where some amounts (an hourly rate, step 0.01) can
 * carry kobo that rounding would hide.
 */
export function formatNairaExact(naira: number): string {
  return Number.isInteger(naira) ? formatNaira(naira) : formatNairaWithKobo(naira);
}
