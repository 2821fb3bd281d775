/** Reading a settled property exit: the admin's view (every holder) and one holder's settlement statement. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { big, q } from '@modules/wallet';
import { exitMessages, type ExitItemJson, type ExitJson } from './pool-contract';
import { UUID, exitReference } from './pool-setup';

type ExitRow = {
  id: string;
  number: string;
  property_id: string;
  reference: string;
  title: string;
  sale_price: string;
  selling_costs: string;
  sale_date: string;
  net_proceeds: string;
  journal_reference: string | null;
  created_at: string | Date;
};
type ItemRow = { user_id: string; first_name: string; last_name: string; unicode: string; units: string; gross: string; cost: string; performance_fee: string; vat: string; net: string; journal_reference: string | null };

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

async function exitRow(db: Db, id: string): Promise<ExitRow> {
  if (!UUID.test(id)) throw notFound(exitMessages.notFound, 'exit_not_found');
  const [row] = await q<ExitRow>(
    db,
    sql`select e.id, e.number::text, e.property_id, p.reference, p.title, e.sale_price::text, e.selling_costs::text, e.sale_date::text,
               e.net_proceeds::text, e.journal_reference, e.created_at
          from exchange_exits e join properties p on p.id = e.property_id where e.id = ${id}`,
  );
  if (!row) throw notFound(exitMessages.notFound, 'exit_not_found');
  return row;
}

async function itemRows(db: Db, exitId: string, userId: string | null): Promise<ItemRow[]> {
  return q<ItemRow>(
    db,
    sql`select i.user_id, u.first_name, u.last_name, u.unicode, i.units::text, i.gross::text, i.cost::text, i.performance_fee::text, i.vat::text, i.net::text, t.journal_reference
          from exchange_exit_items i join users u on u.id = i.user_id join exchange_trades t on t.id = i.trade_id
         where i.exit_id = ${exitId} ${userId ? sql`and i.user_id = ${userId}` : sql``}
         order by i.units desc, i.user_id`,
  );
}

const itemJson = (r: ItemRow): ExitItemJson => ({
  userId: r.user_id,
  investor: `${`${r.first_name} ${r.last_name}`.trim()} (${r.unicode})`,
  units: big(r.units).toString(),
  gross: big(r.gross).toString(),
  performanceFee: big(r.performance_fee).toString(),
  vat: big(r.vat).toString(),
  net: big(r.net).toString(),
});

/** The exit with every holder's figures (admin). 404 for an unknown or malformed id. */
export async function getExit(db: Db, id: string): Promise<ExitJson> {
  const e = await exitRow(db, id);
  const items = await itemRows(db, e.id, null);
  const sum = (k: 'net' | 'performance_fee' | 'vat') => items.reduce((s, r) => s + big(r[k]), 0n).toString();
  return {
    id: e.id,
    reference: exitReference(e.number),
    propertyId: e.property_id,
    title: e.title,
    salePrice: big(e.sale_price).toString(),
    sellingCosts: big(e.selling_costs).toString(),
    saleDate: e.sale_date.slice(0, 10),
    netProceeds: big(e.net_proceeds).toString(),
    holders: items.length,
    paid: sum('net'),
    performanceFees: sum('performance_fee'),
    vat: sum('vat'),
    status: 'settled',
    createdAt: iso(e.created_at),
    items: items.map(itemJson),
  };
}

export type ExitStatement = {
  reference: string;
  property: { reference: string; title: string };
  salePrice: bigint;
  sellingCosts: bigint;
  saleDate: string;
  netProceeds: bigint;
  totalUnits: bigint;
  holder: { name: string; unicode: string; units: bigint; cost: bigint; gross: bigint; performanceFee: bigint; vat: bigint; net: bigint; journalReference: string | null };
  settledAt: string;
};

/** One holder's settlement statement data; 404 unless `userId` was paid at this exit. */
export async function exitStatement(db: Db, id: string, userId: string): Promise<ExitStatement> {
  const e = await exitRow(db, id);
  const [mine] = await itemRows(db, e.id, userId);
  if (!mine) throw notFound(exitMessages.notFound, 'exit_not_found');
  const [t] = await q<{ units: string }>(db, sql`select coalesce(sum(units), 0)::text as units from exchange_exit_items where exit_id = ${e.id}`);
  return {
    reference: exitReference(e.number),
    property: { reference: e.reference, title: e.title },
    salePrice: big(e.sale_price),
    sellingCosts: big(e.selling_costs),
    saleDate: e.sale_date.slice(0, 10),
    netProceeds: big(e.net_proceeds),
    totalUnits: big(t.units),
    holder: {
      name: `${mine.first_name} ${mine.last_name}`.trim(),
      unicode: mine.unicode,
      units: big(mine.units),
      cost: big(mine.cost),
      gross: big(mine.gross),
      performanceFee: big(mine.performance_fee),
      vat: big(mine.vat),
      net: big(mine.net),
      journalReference: mine.journal_reference,
    },
    settledAt: iso(e.created_at),
  };
}
