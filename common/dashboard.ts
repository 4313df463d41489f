/** Dashboard rules and constants (admin spec §2, §9). */

/** The dashboard's figures are refreshed this often while it is open (admin spec §9: 30 s). */
export const DASHBOARD_REFRESH_MS = 30_000;

/** Dashboard fallback price in naira when a service's price is unknown (admin spec §9). */
export const FALLBACK_SERVICE_PRICE = 35000;

/** Built-in fallback prices by treatment name (admin spec §9); first match wins. */
const FALLBACK_PRICES: ReadonlyArray<[RegExp, number]> = [
  [/hydra ?facial/i, 180000],
  [/dental consultation/i, 15000],
  [/peel/i, 100000],
];

/** A service's value for the dashboard: its price, or the fallback for its name, or 35000. */
export function dashboardServicePrice(name: string, price: number | null): number {
  if (price !== null && price > 0) return price;
  for (const [pattern, value] of FALLBACK_PRICES) if (pattern.test(name)) return value;
  return FALLBACK_SERVICE_PRICE;
}
