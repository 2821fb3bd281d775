/**
 * Record a stock move: receipt, issue, transfer or count adjustment. In one transaction, under a lock on the
 * item: the cost of what leaves the store (FIFO layers or moving average), the per-location quantities (never
 * below zero), the item's running store balance, the move row and its journal entry (postings.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, badRequest } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { getBankAccount } from '@modules/banking';
import { LEDGER_ACCOUNTS, post } from '@modules/ledger';
import { todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { inventoryErrorCodes as codes, inventoryMessages as msg, MAX_MOVE_VALUE_FILS, moveTypeLabels, quantityString, type CreateMoveInput } from './contract';
import { averageCost, fifoCost, receiptValue, unitCostOf } from './costing';
import { isStore, movePosting, type MoveLocation } from './postings';
import { invalidMove, lockItem, moveNumber, resolveLocation, rows, type LockedItem as LocatedItem, type LocationRow } from './shared';

export type RecordedMove = { id: string; number: string; value: bigint; journalReference: string };

/** Check the move's shape against its type and name its locations. */
async function locate(tx: Db, input: CreateMoveInput) {
  const from = input.from ? await resolveLocation(tx, input.from) : null;
  const to = input.to ? await resolveLocation(tx, input.to) : null;
  const store = (l: LocationRow | null) => l !== null && isStore(l);
  if (input.type !== 'adjustment' && input.quantity < 0n) throw badRequest(msg.quantity);
  switch (input.type) {
    case 'receipt':
      if (!store(to) || from) throw invalidMove(msg.receiptTo);
      if (input.unitCost === null || input.unitCost === undefined) throw invalidMove(msg.receiptCost);
      if (input.purchaseOrderLineId && !input.purchaseOrderId) throw invalidMove(msg.poLineWithoutOrder);
      if (input.paidFrom && input.purchaseOrderId) throw invalidMove(msg.paidFromWithOrder);
      break;
    case 'issue':
      if (!store(from)) throw invalidMove(msg.issueFrom);
      if (!to || store(to)) throw invalidMove(msg.issueTo);
      break;
    case 'transfer':
      if (!store(from) || !to || to.id === from!.id) throw invalidMove(msg.transferBoth);
      break;
    case 'adjustment':
      if ((from && to) || !store(to ?? from)) throw invalidMove(msg.adjustmentWhere);
      break;
  }
  return { from, to };
}

/** Take `quantity` out of a location, refusing to go below zero. */
async function takeFrom(tx: Db, item: LocatedItem, location: LocationRow, quantity: bigint) {
  const [row] = await rows<{ quantity: string }>(tx, sql`select quantity::text from inventory_stock where item_id = ${item.id} and location_id = ${location.id} for update`);
  const onHand = BigInt(row?.quantity ?? '0');
  if (onHand < quantity) {
    throw new AppError(422, codes.insufficientStock, msg.insufficientStock(`${item.sku} ${item.name}`, `${location.code} ${location.name}`, quantityString(onHand)), {
      onHand: quantityString(onHand),
    });
  }
  await tx.execute(sql`update inventory_stock set quantity = quantity - ${quantity} where item_id = ${item.id} and location_id = ${location.id}`);
}

async function putInto(tx: Db, itemId: string, location: LocationRow, quantity: bigint, value: bigint) {
  const placed = isStore(location) ? 0n : value;
  await tx.execute(
    sql`insert into inventory_stock (item_id, location_id, quantity, value) values (${itemId}, ${location.id}, ${quantity}, ${placed})
        on conflict (item_id, location_id) do update set quantity = inventory_stock.quantity + excluded.quantity, value = inventory_stock.value + excluded.value`,
  );
}

/** The cost of `quantity` leaving the store, consuming FIFO layers when the item is FIFO. */
async function consume(tx: Db, item: LocatedItem, quantity: bigint): Promise<bigint> {
  const balance = { quantity: BigInt(item.quantity), value: BigInt(item.value) };
  if (item.valuation_method === 'average') return averageCost(balance, quantity);
  const layers = await rows<{ id: string; remaining_qty: string; remaining_value: string }>(
    tx,
    sql`select id, remaining_qty::text, remaining_value::text from stock_layers where item_id = ${item.id} and remaining_qty > 0 order by seq for update`,
  );
  const { cost, updates } = fifoCost(
    layers.map((l) => ({ id: l.id, quantity: BigInt(l.remaining_qty), value: BigInt(l.remaining_value) })),
    quantity,
  );
  for (const u of updates) await tx.execute(sql`update stock_layers set remaining_qty = ${u.quantity}, remaining_value = ${u.value} where id = ${u.id}`);
  return cost;
}

async function receiptCreditAccount(tx: Db, input: CreateMoveInput): Promise<string> {
  if (input.purchaseOrderId) return LEDGER_ACCOUNTS.receivedNotBilled;
  if (input.paidFrom) return (await getBankAccount(tx, input.paidFrom)).ledgerAccountCode;
  return LEDGER_ACCOUNTS.tradePayables;
}

/**
 * Options not on the API: `exactValue` (receipts) — the receipt's value to the fil, as a purchase order receipt
 * credited 2330 with it, the unit cost then that value's unit cost; `chargeAccountCode` (issues) — the account
 * charged instead of the destination's (sales: 5510 cost of goods sold).
 */
export async function recordMove(db: Db, userId: string | null, input: CreateMoveInput, opts: { exactValue?: bigint; chargeAccountCode?: string } = {}): Promise<RecordedMove> {
  const date = input.date ?? todayInDubai();
  return db.transaction(async (tx) => {
    const item = await lockItem(tx, input.itemId);
    const { from, to } = await locate(tx, input);
    const qty = input.quantity < 0n ? -input.quantity : input.quantity;
    const balance = { quantity: BigInt(item.quantity), value: BigInt(item.value) };
    let value: bigint;
    let storeQty = 0n;
    let storeValue = 0n;
    let unitCost: bigint | null = input.unitCost ?? null;
    let creditAccountCode: string | undefined;
    let newLayer = false;

    const incoming = input.type === 'receipt' || (input.type === 'adjustment' && input.quantity > 0n);
    if (incoming) {
      if (input.type === 'receipt') creditAccountCode = await receiptCreditAccount(tx, input);
      unitCost ??= unitCostOf(balance.quantity, balance.value) ?? (item.last_unit_cost === null ? null : BigInt(item.last_unit_cost));
      if (unitCost === null) throw invalidMove(msg.adjustmentCost);
      value = input.type === 'receipt' && opts.exactValue !== undefined ? opts.exactValue : receiptValue(qty, unitCost);
      if (value > MAX_MOVE_VALUE_FILS) throw invalidMove(msg.valueTooLarge);
      storeQty = qty;
      storeValue = value;
      newLayer = item.valuation_method === 'fifo';
      await putInto(tx, item.id, (to ?? from)!, qty, value);
    } else {
      const origin = (from ?? to)!;
      await takeFrom(tx, item, origin, qty);
      const destination = input.type === 'adjustment' ? null : to!;
      if (destination && isStore(destination)) {
        // Between store locations the value stays in 1810: the move shows the stock's cost at the moment.
        value = averageCost(balance, qty);
      } else {
        value = await consume(tx, item, qty);
        storeQty = -qty;
        storeValue = -value;
      }
      unitCost = unitCostOf(qty, value);
      if (destination) await putInto(tx, item.id, destination, qty, value);
    }

    const [move] = await rows<{ id: string; seq: string }>(
      tx,
      sql`insert into stock_moves (item_id, type, date, quantity, unit_cost, value, from_location_id, to_location_id, store_qty, store_value,
            purchase_order_id, purchase_order_line_id, paid_from_bank_account_id, note, created_by)
          values (${item.id}, ${input.type}, ${date}, ${input.quantity}, ${unitCost}, ${value}, ${from?.id ?? null}, ${to?.id ?? null}, ${storeQty}, ${storeValue},
            ${input.purchaseOrderId ?? null}, ${input.purchaseOrderLineId ?? null}, ${input.paidFrom ?? null}, ${input.note}, ${userId})
          returning id, seq::text`,
    );
    const number = moveNumber(move!.seq);
    if (newLayer) {
      await tx.execute(sql`insert into stock_layers (item_id, move_id, seq, unit_cost, remaining_qty, remaining_value) values (${item.id}, ${move!.id}, ${move!.seq}, ${unitCost}, ${qty}, ${value})`);
    }
    const newQty = balance.quantity + storeQty;
    await tx.execute(
      sql`update inventory_item_costs set quantity = ${newQty}, value = ${balance.value + storeValue}, updated_at = now()
          ${input.type === 'receipt' ? sql`, last_unit_cost = ${unitCost}` : sql``} where item_id = ${item.id}`,
    );

    const loc = (l: LocationRow | null): MoveLocation | null => (l ? { code: l.code, kind: l.kind, property: l.property } : null);
    const entry = movePosting({ id: move!.id, number, type: input.type, date, authorId: userId, item, quantity: input.quantity, value, from: loc(from), to: loc(to), creditAccountCode, chargeAccountCode: input.type === 'issue' ? opts.chargeAccountCode : undefined });
    let journalReference = '';
    if (entry) {
      journalReference = (await post(tx, entry)).reference;
      await tx.execute(sql`update stock_moves set journal_reference = ${journalReference} where id = ${move!.id}`);
    }
    await recordAudit(tx, {
      actorId: userId,
      action: `inventory.move.${input.type}`,
      entityType: 'stock_move',
      entityId: move!.id,
      summary: `${moveTypeLabels[input.type]} ${number}: ${quantityString(input.quantity)} × ${item.sku} ${item.name}${from ? ` from ${from.code}` : ''}${to ? ` to ${to.code}` : ''}, ${formatAed(value, { decimals: 'auto' })}`,
      details: { journalReference, value: value.toString() },
    });
    return { id: move!.id, number, value, journalReference };
  });
}
