/**
 * How a sale's surcharges (VAT, service charge) and discount are shared out over its lines and
 * units, so that a refund of some lines gives back their share (issue 29; the rounding rule is
 * docs/decisions/0216). All amounts are integer kobo; the same functions run on the server and
 * could run on a screen.
 *
 * The rule: shares are rounded half up to the kobo on the running sum, and each line (or unit
 * count) takes the running sum's rounded value less the one before it. Every share is therefore
 * within half a kobo of its exact value, no share is negative, and the shares add up exactly to
 * the amount shared: the last line takes the remainder.
 */

/** round(numerator / denominator), halves up, for numerator ≥ 0 and denominator > 0 (integers). */
export function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * `amountKobo` shared over lines in proportion to `lineTotalsKobo` (running-sum rounding, half
 * up). With no value on any line the last line takes it all.
 * @returns one share per line (kobo), adding up to `amountKobo`.
 */
export function lineShares(lineTotalsKobo: readonly number[], amountKobo: number): number[] {
  const whole = lineTotalsKobo.reduce((s, v) => s + v, 0);
  if (lineTotalsKobo.length === 0) return [];
  if (whole === 0)
    return lineTotalsKobo.map((_, i) => (i === lineTotalsKobo.length - 1 ? amountKobo : 0));
  let running = 0;
  let previous = 0;
  return lineTotalsKobo.map((value) => {
    running += value;
    const upTo = roundHalfUp(amountKobo * running, whole);
    const share = upTo - previous;
    previous = upTo;
    return share;
  });
}

/**
 * The part of a line's share (`lineShareKobo`, for all `quantity` units) that goes with units
 * `before + 1` to `before + units`: the running-sum rule over units, so refunding a line bit by
 * bit gives back exactly its share once every unit is back.
 */
export function unitsShare(
  lineShareKobo: number,
  quantity: number,
  before: number,
  units: number,
): number {
  if (quantity <= 0) return 0;
  return (
    roundHalfUp(lineShareKobo * (before + units), quantity) -
    roundHalfUp(lineShareKobo * before, quantity)
  );
}
