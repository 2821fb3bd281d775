/**
 * The cost of stock, pure: what a receipt adds, what an outgoing quantity costs under FIFO (oldest layers first)
 * or the moving average. Quantities are thousandths of a unit, unit costs fils per unit, values fils; every
 * division rounds half-even, and taking the whole of a layer (or the whole balance) takes its exact value, so
 * nothing is ever left behind by rounding.
 */
import { divideHalfEven } from '@modules/platform/money';
import { QTY_SCALE } from './contract';

/** quantity (thousandths) × unit cost (fils per unit) → fils. */
export const receiptValue = (quantity: bigint, unitCost: bigint): bigint => divideHalfEven(quantity * unitCost, QTY_SCALE);

/** Fils per unit of a balance, rounded; null when there is none. */
export const unitCostOf = (quantity: bigint, value: bigint): bigint | null => (quantity > 0n ? divideHalfEven(value * QTY_SCALE, quantity) : null);

/** The moving-average cost of taking `quantity` out of a balance. */
export function averageCost(balance: { quantity: bigint; value: bigint }, quantity: bigint): bigint {
  if (quantity <= 0n || quantity > balance.quantity) throw new RangeError('cannot take more than the balance');
  return quantity === balance.quantity ? balance.value : divideHalfEven(balance.value * quantity, balance.quantity);
}

export type Layer = { id: string; quantity: bigint; value: bigint };

/** FIFO: take `quantity` from the oldest layers. Returns the cost and each touched layer's new remaining quantity and value. */
export function fifoCost(layers: readonly Layer[], quantity: bigint): { cost: bigint; updates: Layer[] } {
  if (quantity <= 0n) throw new RangeError('cannot take a quantity of zero or less');
  let left = quantity;
  let cost = 0n;
  const updates: Layer[] = [];
  for (const l of layers) {
    if (left === 0n) break;
    if (l.quantity <= 0n) continue;
    const take = left < l.quantity ? left : l.quantity;
    const value = take === l.quantity ? l.value : divideHalfEven(l.value * take, l.quantity);
    cost += value;
    left -= take;
    updates.push({ id: l.id, quantity: l.quantity - take, value: l.value - value });
  }
  if (left > 0n) throw new RangeError('the layers hold less than the quantity taken');
  return { cost, updates };
}
