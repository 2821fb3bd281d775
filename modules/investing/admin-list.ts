/**
 * Every investment for administrators (GET /api/admin/investments and /export), on the one list
 * contract: search, filters, sort and paging in SQL; the totals over the whole filtered set.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, orderSql, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { endOfDubaiDay, startOfDubaiDay } from '../platform/dates';
import { minorToDecimalString } from '../platform/money';
import { unitsToShares, type AdminInvestmentRow, type AdminInvestmentsPage, type AdminInvestmentsQuery, type InvestmentStatus } from './contract';
import { receiptNumber } from './service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const big = (v: unknown): bigint => (v === null || v === undefined || v === '' ? 0n : BigInt(v as string));
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

type Row = {
  id: string; receipt_no: string; user_id: string; property_id: string; units: string; share_price: string; principal: string; fee: string; vat: string; total: string;
  status: InvestmentStatus; created_at: string | Date; cancelled_at: string | Date | null;
  p_reference: string; p_slug: string; p_title: string; p_city: string; p_community: string; p_status: string;
  first_name: string; last_name: string; email: string; unicode: string;
};

const SELECT = sql`select i.id, i.receipt_no::text, i.user_id, i.property_id, i.units::text, i.share_price::text,
  i.principal::text, i.fee::text, i.vat::text, i.total::text, i.status, i.created_at, i.cancelled_at,
  p.reference as p_reference, p.slug as p_slug, p.title as p_title, p.city as p_city, p.community as p_community, p.status as p_status,
  u.first_name, u.last_name, u.email, u.unicode
  from investments i join properties p on p.id = i.property_id join users u on u.id = i.user_id`;

const toJson = (r: Row): AdminInvestmentRow => ({
  id: r.id,
  receiptNumber: receiptNumber(r.receipt_no),
  status: r.status,
  investor: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), email: r.email, unicode: r.unicode },
  property: { id: r.property_id, reference: r.p_reference, slug: r.p_slug, title: r.p_title, city: r.p_city, community: r.p_community, status: r.p_status },
  units: big(r.units).toString(),
  shares: unitsToShares(big(r.units)),
  sharePrice: big(r.share_price).toString(),
  principal: big(r.principal).toString(),
  fee: big(r.fee).toString(),
  vat: big(r.vat).toString(),
  total: big(r.total).toString(),
  createdAt: iso(r.created_at),
  cancelledAt: r.cancelled_at === null ? null : iso(r.cancelled_at),
});

/** What a person types: investor name, email or code, property title or reference, receipt number (MZI-000042). */
function where(q: Partial<AdminInvestmentsQuery>): SQL {
  const receipt = sql`'MZI-' || lpad(i.receipt_no::text, 6, '0')`;
  return (
    allOf(
      searchWhere(q.q, [sql`u.first_name`, sql`u.last_name`, sql`u.email`, sql`u.unicode`, sql`p.title`, sql`p.reference`, receipt]),
      q.propertyId && (UUID.test(q.propertyId) ? sql`i.property_id = ${q.propertyId}` : sql`(p.reference = ${q.propertyId.toUpperCase()} or p.slug = ${q.propertyId.toLowerCase()})`),
      q.userId && sql`i.user_id = ${q.userId}`,
      q.city && sql`lower(p.city) = ${q.city.toLowerCase()}`,
      q.status && sql`i.status = ${q.status}`,
      q.from && sql`i.created_at >= ${startOfDubaiDay(q.from).toISOString()}::timestamptz`,
      q.to && sql`i.created_at < ${endOfDubaiDay(q.to).toISOString()}::timestamptz`,
    ) ?? sql`true`
  );
}
const SORT = { createdAt: sql`i.created_at`, total: sql`i.total`, receipt: sql`i.receipt_no`, status: sql`i.status` };
const page = (db: Db, q: AdminInvestmentsQuery, limit: number, offset: number) =>
  sqlRows<Row>(db, sql`${SELECT} where ${where(q)} order by ${orderSql(q.sort, SORT, sql`i.receipt_no`)} limit ${limit} offset ${offset}`);

export async function listAdminInvestments(db: Db, query: AdminInvestmentsQuery): Promise<AdminInvestmentsPage> {
  const [items, [t]] = await Promise.all([
    page(db, query, query.limit, query.offset),
    sqlRows<{ n: string; active: string; cancelled: string; principal: string; fees: string; vat: string; total: string; units: string; investors: string }>(
      db,
      sql`select count(*)::text as n,
                 count(*) filter (where i.status = 'active')::text as active,
                 count(*) filter (where i.status = 'cancelled')::text as cancelled,
                 coalesce(sum(i.principal) filter (where i.status = 'active'), 0)::text as principal,
                 coalesce(sum(i.fee) filter (where i.status = 'active'), 0)::text as fees,
                 coalesce(sum(i.vat) filter (where i.status = 'active'), 0)::text as vat,
                 coalesce(sum(i.total) filter (where i.status = 'active'), 0)::text as total,
                 coalesce(sum(i.units) filter (where i.status = 'active'), 0)::text as units,
                 count(distinct i.user_id)::text as investors
            from investments i join properties p on p.id = i.property_id join users u on u.id = i.user_id where ${where(query)}`,
    ),
  ]);
  return {
    items: items.map(toJson),
    total: Number(t!.n),
    limit: query.limit,
    offset: query.offset,
    totals: {
      count: Number(t!.n),
      active: Number(t!.active),
      cancelled: Number(t!.cancelled),
      principal: big(t!.principal).toString(),
      fees: big(t!.fees).toString(),
      vat: big(t!.vat).toString(),
      total: big(t!.total).toString(),
      units: big(t!.units).toString(),
      investors: Number(t!.investors),
    },
  };
}

const money = (fils: string) => minorToDecimalString(BigInt(fils));

export const INVESTMENTS_CSV_HEADER = ['Receipt', 'Date (UTC)', 'Status', 'Investor', 'Investor email', 'Investor ID', 'Property', 'Reference', 'City', 'Shares', 'Share price (AED)', 'Principal (AED)', 'Fee (AED)', 'VAT (AED)', 'Total (AED)', 'Cancelled at'];

/** Every investment of the same query as CSV rows, a page at a time. */
export async function* investmentCsvRows(db: Db, query: AdminInvestmentsQuery): AsyncGenerator<CsvCell[]> {
  for await (const row of allRows((limit, offset) => page(db, query, limit, offset))) {
    const r = toJson(row);
    yield [r.receiptNumber, r.createdAt, r.status, r.investor.name, r.investor.email, r.investor.unicode, r.property.title, r.property.reference, r.property.city, r.shares, money(r.sharePrice), money(r.principal), money(r.fee), money(r.vat), money(r.total), r.cancelledAt];
  }
}
