/**
 * The three-way match of a bill line against its order line: the quantity billed may not exceed what was
 * received and not yet billed, and the unit price must be within the tolerance (basis points) of the order's.
 * Pure: the bill service stores what it returns and holds the bill when it is not empty.
 */
import { formatAed, minorToDecimalString } from '@modules/platform/money';
import { quantityString, type MismatchJson } from './contract';

export type MatchLine = {
  lineNo: number;
  poLineNo: number;
  /** Thousandths. */
  quantity: bigint;
  unitPrice: bigint;
  received: bigint;
  billedBefore: bigint;
  orderUnitPrice: bigint;
};

const bpsOf = (diff: bigint, base: bigint) => (base === 0n ? 0n : (diff * 10_000n) / base);
/** Basis points as a percentage with two decimals, in bigint (781 → "7.81%"). */
const pct = (bps: bigint) => `${minorToDecimalString(bps < 0n ? -bps : bps)}%`;

export function threeWayMatch(lines: MatchLine[], toleranceBps: bigint): MismatchJson[] {
  const out: MismatchJson[] = [];
  // Several bill lines may draw on one order line: each sees what the earlier ones took.
  const taken = new Map<number, bigint>();
  for (const l of lines) {
    const before = l.billedBefore + (taken.get(l.poLineNo) ?? 0n);
    taken.set(l.poLineNo, (taken.get(l.poLineNo) ?? 0n) + l.quantity);
    const open = l.received - before > 0n ? l.received - before : 0n;
    if (l.quantity > open) {
      const diff = l.quantity - open;
      out.push({
        lineNo: l.lineNo,
        poLineNo: l.poLineNo,
        kind: 'quantity',
        expected: quantityString(open),
        actual: quantityString(l.quantity),
        difference: quantityString(diff),
        differenceBps: null,
        message:
          open === 0n
            ? `Line ${l.lineNo} bills ${quantityString(l.quantity)} of order line ${l.poLineNo}, but nothing received on it is waiting to be billed.`
            : `Line ${l.lineNo} bills ${quantityString(l.quantity)} of order line ${l.poLineNo}, but only ${quantityString(open)} received is not yet billed: ${quantityString(diff)} more than received.`,
      });
    }
    const diff = l.unitPrice - l.orderUnitPrice;
    const off = (diff < 0n ? -diff : diff) * 10_000n > l.orderUnitPrice * toleranceBps;
    if (off) {
      const bps = bpsOf(diff, l.orderUnitPrice);
      out.push({
        lineNo: l.lineNo,
        poLineNo: l.poLineNo,
        kind: 'price',
        expected: l.orderUnitPrice.toString(),
        actual: l.unitPrice.toString(),
        difference: diff.toString(),
        differenceBps: Number(bps),
        message: `Line ${l.lineNo}: the unit price ${formatAed(l.unitPrice)} is ${formatAed(diff < 0n ? -diff : diff)} (${pct(bps)}) ${diff > 0n ? 'above' : 'below'} the order’s ${formatAed(l.orderUnitPrice)}; the tolerance is ${pct(toleranceBps)}.`,
      });
    }
  }
  return out;
}
