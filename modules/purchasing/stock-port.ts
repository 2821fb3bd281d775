/**
 * The port through which purchasing hands stock to the store without importing inventory (which sits above it):
 * `api/erp-routes.ts` passes inventory's receiver in. A line naming a stock item is received into the store —
 * inventory posts Dr 1810 / Cr 2330 at exactly the value purchasing worked out — instead of being expensed.
 */
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { purchasingErrorCodes as codes, purchasingMessages as msg } from './contract';

export type StockReceipt = {
  itemId: string;
  /** Thousandths, as purchasing counts. */
  quantity: bigint;
  /** Fils at the order price: what 2330 is credited with. */
  value: bigint;
  date: string;
  purchaseOrderId: string;
  purchaseOrderLineId: string;
  note: string;
  userId: string;
};

export interface StockReceiver {
  /** The ids among `ids` that are stock items. */
  existing(tx: Db, ids: string[]): Promise<Set<string>>;
  /** Put the receipt into the store and post it, inside the caller's transaction. */
  receive(tx: Db, receipt: StockReceipt): Promise<{ journalReference: string }>;
}

/** Refuse lines naming stock items that do not exist, or any stock line when no receiver is wired. */
export async function assertStockItems(tx: Db, stock: StockReceiver | undefined, lines: { stockItemId?: string | null }[]): Promise<void> {
  const named = lines.map((l, i) => ({ id: l.stockItemId?.toLowerCase() ?? null, lineNo: i + 1 })).filter((l) => l.id !== null);
  if (named.length === 0) return;
  const found = stock ? await stock.existing(tx, [...new Set(named.map((l) => l.id!))]) : new Set<string>();
  const missing = named.find((l) => !found.has(l.id!));
  if (missing) throw new AppError(422, codes.invalidLine, msg.stockItemUnknown(missing.lineNo));
}
