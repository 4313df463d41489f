/** Naira for totals: whole naira when whole (spec §9 "whole units in the cart"), else with kobo. */
import { formatNaira, formatNairaWithKobo } from "#common/money.ts";

export function formatTotal(naira: number): string {
  return Number.isInteger(naira) ? formatNaira(naira) : formatNairaWithKobo(naira);
}
