/** Reading moves: the moves list (one list contract + CSV), an item's stock ledger and stock on hand by location. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import { divideHalfEven } from '@modules/platform/money';
import {
  moveTypeLabels,
  quantityString,
  STORE_KINDS,
  type ItemLedgerJson,
  type LocationKind,
  type MoveJson,
  type MoveType,
  type movesListQuery,
  type StockRowJson,
  type stockQuery,
} from './contract';
import { getItem } from './items';
import { day, instant, moveNumber, rows } from './shared';

export type MovesListQuery = z.output<typeof movesListQuery>;

type Row = {
  id: string;
  seq: string;
  type: MoveType;
  date: string | Date;
  item_id: string;
  sku: string;
  item_name: string;
  quantity: string;
  unit_cost: string | null;
  value: string;
  from_id: string | null;
  from_code: string | null;
  from_name: string | null;
  to_id: string | null;
  to_code: string | null;
  to_name: string | null;
  purchase_order_id: string | null;
  note: string;
  journal_reference: string;
  created_at: string | Date;
};

const FROM = sql`stock_moves m join inventory_items i on i.id = m.item_id left join inventory_locations f on f.id = m.from_location_id left join inventory_locations t on t.id = m.to_location_id`;
const SELECT = sql`select m.id, m.seq::text, m.type, m.date::text as date, m.item_id, i.sku, i.name as item_name, m.quantity::text, m.unit_cost::text, m.value::text,
  f.id as from_id, f.code as from_code, f.name as from_name, t.id as to_id, t.code as to_code, t.name as to_name, m.purchase_order_id, m.note, m.journal_reference, m.created_at from ${FROM}`;

const place = (id: string | null, code: string | null, name: string | null) => (id ? { id, code: code!, name: name! } : null);
export const moveJson = (r: Row): MoveJson => ({
  id: r.id,
  number: moveNumber(r.seq),
  type: r.type,
  date: day(r.date),
  itemId: r.item_id,
  sku: r.sku,
  itemName: r.item_name,
  quantity: quantityString(r.quantity),
  unitCost: r.unit_cost,
  value: r.value,
  from: place(r.from_id, r.from_code, r.from_name),
  to: place(r.to_id, r.to_code, r.to_name),
  purchaseOrderId: r.purchase_order_id,
  note: r.note,
  journalReference: r.journal_reference,
  createdAt: instant(r.created_at),
});

export async function getMove(db: Db, id: string): Promise<MoveJson> {
  const [row] = await rows<Row>(db, sql`${SELECT} where m.id = ${id}`);
  return moveJson(row!);
}

function where(query: Partial<MovesListQuery>): SQL {
  return (
    allOf(
      searchWhere(query.q, [sql`i.sku`, sql`i.name`, sql`f.code`, sql`t.code`, sql`m.journal_reference`, sql`m.note`]),
      query.type && sql`m.type = ${query.type}`,
      query.itemId && sql`m.item_id = ${query.itemId}`,
      query.locationId && sql`(m.from_location_id = ${query.locationId} or m.to_location_id = ${query.locationId})`,
    ) ?? sql`true`
  );
}
const SORT = { date: sql`m.date`, createdAt: sql`m.seq`, value: sql`m.value` };
const page = (db: Db, query: MovesListQuery, limit: number, offset: number) =>
  rows<Row>(db, sql`${SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`m.seq`)} limit ${limit} offset ${offset}`);

export async function listMoves(db: Db, query: MovesListQuery): Promise<{ items: MoveJson[]; total: number }> {
  const [items, [t]] = await Promise.all([page(db, query, query.limit, query.offset), rows<{ n: number }>(db, sql`select count(*)::int as n from ${FROM} where ${where(query)}`)]);
  return { items: items.map(moveJson), total: Number(t?.n ?? 0) };
}

export const MOVES_CSV_HEADER = ['Number', 'Date', 'Type', 'SKU', 'Item', 'Quantity', 'Unit cost (fils)', 'Value (fils)', 'From', 'To', 'Journal entry', 'Note'] as const;
export async function* moveCsvRows(db: Db, query: MovesListQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    const m = moveJson(r);
    yield [m.number, m.date, moveTypeLabels[m.type], m.sku, m.itemName, m.quantity, m.unitCost, m.value, m.from?.code, m.to?.code, m.journalReference, m.note];
  }
}

/** An item's stock ledger: every move in date order with the store quantity in and out and the running balance. */
export async function itemLedger(db: Db, id: string): Promise<ItemLedgerJson> {
  const item = await getItem(db, id);
  const list = await rows<Row & { store_qty: string; running_qty: string; running_value: string }>(
    db,
    sql`select x.*, sum(x.store_qty_n) over w as running_qty, sum(x.store_value_n) over w as running_value
        from (select m.id, m.seq::text, m.type, m.date::text as date, m.quantity::text, m.unit_cost::text, m.value::text, m.store_qty::text as store_qty, m.store_qty as store_qty_n,
                     m.store_value as store_value_n, m.seq as seq_n, f.code as from_code, t.code as to_code, m.journal_reference
              from stock_moves m left join inventory_locations f on f.id = m.from_location_id left join inventory_locations t on t.id = m.to_location_id where m.item_id = ${item.id}) x
        window w as (order by x.date, x.seq_n rows unbounded preceding) order by x.date, x.seq_n`,
  );
  return {
    item,
    rows: list.map((r) => {
      const storeQty = BigInt(r.store_qty);
      const moved = BigInt(r.quantity) < 0n ? -BigInt(r.quantity) : BigInt(r.quantity);
      const internal = storeQty === 0n;
      return {
        moveId: r.id,
        number: moveNumber(r.seq),
        date: day(r.date),
        type: r.type,
        quantityIn: quantityString(internal ? moved : storeQty > 0n ? storeQty : 0n),
        quantityOut: quantityString(internal ? moved : storeQty < 0n ? -storeQty : 0n),
        unitCost: r.unit_cost,
        value: r.value,
        runningQuantity: quantityString(String(r.running_qty)),
        runningValue: String(r.running_value),
        journalReference: r.journal_reference,
        from: r.from_code,
        to: r.to_code,
      };
    }),
  };
}

export type StockQuery = z.output<typeof stockQuery>;

/** Stock on hand by item and location; a store location's value is its share of the item's store value. */
export async function stockOnHand(db: Db, query: StockQuery & { kind?: LocationKind }): Promise<{ items: StockRowJson[]; total: number }> {
  const list = await rows<{
    item_id: string;
    sku: string;
    name: string;
    category: StockRowJson['category'];
    unit: StockRowJson['unit'];
    location_id: string;
    code: string;
    location_name: string;
    kind: LocationKind;
    property: string | null;
    quantity: string;
    value: string;
    item_qty: string;
    item_value: string;
  }>(
    db,
    sql`select s.item_id, i.sku, i.name, i.category, i.unit, s.location_id, l.code, l.name as location_name, l.kind, l.property, s.quantity::text, s.value::text,
               coalesce(c.quantity, 0)::text as item_qty, coalesce(c.value, 0)::text as item_value
        from inventory_stock s join inventory_items i on i.id = s.item_id join inventory_locations l on l.id = s.location_id left join inventory_item_costs c on c.item_id = s.item_id
        where s.quantity > 0 ${query.locationId ? sql`and s.location_id = ${query.locationId}` : sql``} ${query.itemId ? sql`and s.item_id = ${query.itemId}` : sql``}
              ${query.kind ? sql`and l.kind = ${query.kind}` : sql``}
        order by l.code, i.sku limit 5000`,
  );
  const items = list.map((r) => {
    const store = STORE_KINDS.includes(r.kind);
    const value = store ? (BigInt(r.item_qty) > 0n ? divideHalfEven(BigInt(r.item_value) * BigInt(r.quantity), BigInt(r.item_qty)) : 0n) : BigInt(r.value);
    return {
      itemId: r.item_id,
      sku: r.sku,
      itemName: r.name,
      category: r.category,
      unit: r.unit,
      locationId: r.location_id,
      locationCode: r.code,
      locationName: r.location_name,
      kind: r.kind,
      property: r.property,
      quantity: quantityString(r.quantity),
      value: value.toString(),
    };
  });
  return { items, total: items.length };
}
