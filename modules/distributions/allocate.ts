/**
 * Largest-remainder (Hamilton) allocation of a distribution to its record-date holders: each holder gets
 * ⌊amount × units ÷ total⌋, and the fils left over go one each to the largest remainders (ties: more units
 * first, then the user id). So Σ lines = amount exactly, no line is negative, and every line is within one
 * fil of its exact share. Pure: the preview, the run and the property tests call it.
 */
export type Holding = { userId: string; units: bigint };
export type AllocatedLine = { userId: string; units: bigint; amount: bigint };

const byUnitsThenId = (a: Holding, b: Holding) => (a.units === b.units ? (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0) : a.units > b.units ? -1 : 1);

/** Lines in a stable order: more units first, then the user id. Holders with no units are left out. */
export function allocateLargestRemainder(amount: bigint, holders: readonly Holding[]): AllocatedLine[] {
  if (amount < 0n) throw new RangeError('a distribution cannot be negative');
  const held = holders.filter((h) => h.units > 0n).sort(byUnitsThenId);
  const total = held.reduce((s, h) => s + h.units, 0n);
  if (total === 0n) return [];
  const shares = held.map((h) => ({ ...h, amount: (amount * h.units) / total, remainder: (amount * h.units) % total }));
  let left = amount - shares.reduce((s, l) => s + l.amount, 0n);
  // Fewer fils are left than holders with a remainder (Σ remainders = left × total, each < total).
  const order = [...shares].sort((a, b) => (a.remainder === b.remainder ? byUnitsThenId(a, b) : a.remainder > b.remainder ? -1 : 1));
  for (const line of order) {
    if (left === 0n) break;
    line.amount += 1n;
    left -= 1n;
  }
  return shares.map(({ userId, units, amount: a }) => ({ userId, units, amount: a }));
}
