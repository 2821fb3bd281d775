/**
 * Inventory's journal entries, one pure builder for every stock move:
 *   receipt into store          Dr 1810 inventory / Cr 2330 received-not-billed (against a purchase order),
 *                               Cr the bank's ledger account (no order, paid on the spot: `paidFrom`), or
 *                               Cr 2310 trade payables (no order, bought on credit: the bill is entered later
 *                               as a direct bill and clears 2310 by its payment)
 *   issue or transfer out of store to a property      Dr 1720 fit-out (property dimension) / Cr 1810
 *   issue or transfer to a maintenance job            Dr 5120 maintenance (the job's property, if any) / Cr 1810
 *   transfer between store locations                  no entry: the value stays in 1810
 *   count adjustment found (+)                        Dr 1810 / Cr 5520 stock adjustments
 *   count adjustment missing (−)                      Dr 5520 / Cr 1810
 * The value is the move's cost: the receipt's quantity × unit cost, or what FIFO / the moving average gave out.
 */
import { LEDGER_ACCOUNTS, type PostingEntry, type PostingLine } from '@modules/ledger';
import type { LocationKind, MoveType } from './contract';
import { quantityString } from './contract';

export const MOVE_SOURCE = 'inventory.move';

export type MoveLocation = { code: string; kind: LocationKind; property: string | null };

export type MoveDocument = {
  id: string;
  /** SM-000123 */
  number: string;
  type: MoveType;
  date: string;
  authorId: string | null;
  item: { sku: string; name: string };
  /** Thousandths; negative only for an adjustment that writes stock off. */
  quantity: bigint;
  /** Fils, ≥ 0: the cost of the stock moved. */
  value: bigint;
  from: MoveLocation | null;
  to: MoveLocation | null;
  /** For a receipt: the account credited (2330, 2310 or a bank's ledger account). */
  creditAccountCode?: string;
  /** For an issue: the account charged instead of the destination's (a sale charges 5510 cost of goods sold). */
  chargeAccountCode?: string;
};

export const isStore = (l: MoveLocation | null) => l !== null && (l.kind === 'warehouse' || l.kind === 'bin');

/** The account a move out of store is charged to, by where it goes. */
export function consumptionAccount(to: MoveLocation): string {
  return to.kind === 'property' ? LEDGER_ACCOUNTS.fitOut : LEDGER_ACCOUNTS.maintenance;
}

export function movePosting(m: MoveDocument): PostingEntry | null {
  if (m.value < 0n) throw new RangeError('a stock move value cannot be negative');
  if (m.value === 0n) return null;
  const memo = `${quantityString(m.quantity < 0n ? -m.quantity : m.quantity)} × ${m.item.sku} ${m.item.name}`.slice(0, 300);
  const inv = LEDGER_ACCOUNTS.inventory;
  let lines: PostingLine[];
  let what: string;
  switch (m.type) {
    case 'receipt': {
      if (!m.creditAccountCode) throw new RangeError('a receipt needs the account it is credited to');
      lines = [
        { accountCode: inv, debit: m.value, memo },
        { accountCode: m.creditAccountCode, credit: m.value, memo },
      ];
      what = `received into ${m.to?.code ?? 'store'}`;
      break;
    }
    case 'issue':
    case 'transfer': {
      if (!m.to || !isStore(m.from)) throw new RangeError('a move out of store needs a store origin and a destination');
      if (isStore(m.to)) return null;
      lines = [
        { accountCode: m.chargeAccountCode ?? consumptionAccount(m.to), debit: m.value, property: m.to.property, memo },
        { accountCode: inv, credit: m.value, memo },
      ];
      what = `${m.type === 'issue' ? 'issued' : 'transferred'} from ${m.from!.code} to ${m.to.code}`;
      break;
    }
    case 'adjustment': {
      const at = m.to ?? m.from;
      lines =
        m.quantity > 0n
          ? [
              { accountCode: inv, debit: m.value, memo },
              { accountCode: LEDGER_ACCOUNTS.stockAdjustments, credit: m.value, memo },
            ]
          : [
              { accountCode: LEDGER_ACCOUNTS.stockAdjustments, debit: m.value, memo },
              { accountCode: inv, credit: m.value, memo },
            ];
      what = `count adjustment at ${at?.code ?? 'store'}`;
      break;
    }
  }
  return { date: m.date, memo: `Stock move ${m.number}: ${memo}, ${what}`.slice(0, 500), source: { module: MOVE_SOURCE, id: m.id }, authorId: m.authorId, lines };
}
