/** An order's status from its lines: pure, so the property test and the service agree. */
import type { OrderStatus } from './contract';

export type LineProgress = { quantity: bigint; delivered: bigint; invoiced: bigint };

/** For a confirmed order: invoiced beats delivered, all beats part; nothing moved yet is 'confirmed'. */
export function progressStatus(lines: LineProgress[]): OrderStatus {
  const all = (f: (l: LineProgress) => boolean) => lines.length > 0 && lines.every(f);
  const any = (f: (l: LineProgress) => boolean) => lines.some(f);
  if (all((l) => l.invoiced === l.quantity)) return 'invoiced';
  if (any((l) => l.invoiced > 0n)) return 'partially_invoiced';
  if (all((l) => l.delivered === l.quantity)) return 'delivered';
  if (any((l) => l.delivered > 0n)) return 'partially_delivered';
  return 'confirmed';
}
