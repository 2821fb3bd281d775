/**
 * Every investor for administrators (GET /api/admin/investors and /export), on the one list contract:
 * wallet, holdings and status per investor, searched, filtered, sorted and paged in SQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { allOf, allRows, orderSql, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { minorToDecimalString } from '../platform/contract';
import { investorStatusLabels, type AdminInvestorRow, type AdminInvestorsPage, type AdminInvestorsQuery, type InvestorStatus } from './contract';

const big = (v: unknown): bigint => (v === null || v === undefined || v === '' ? 0n : BigInt(v as string));
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

type Row = {
  id: string; first_name: string; last_name: string; email: string; phone: string | null; unicode: string; kyc_status: string; status: InvestorStatus; classification: string | null;
  balance: string; held: string; invested: string; value: string; properties: string; last_at: string | Date | null; created_at: string | Date;
};

const STATUS = sql`case when coalesce(h.units, 0) > 0 then 'investing' when coalesce(w.balance, 0) > 0 then 'funded' else 'registered' end`;
const FROM = sql`from users u
  left join wallets w on w.user_id = u.id
  left join (select hh.user_id, sum(hh.units) as units, sum(hh.cost) as cost, count(*) filter (where hh.units > 0) as properties,
                    sum(case when pp.total_shares > 0 then hh.units * pp.valuation / pp.total_shares else 0 end) as value
               from holdings hh join properties pp on pp.id = hh.property_id group by hh.user_id) h on h.user_id = u.id
  left join (select user_id, max(created_at) as last_at from investments where status = 'active' group by user_id) li on li.user_id = u.id
  left join kyc_applications k on k.user_id = u.id`;

/** What a person types: first and last name, email, phone, unique ID (MZ-…). */
const where = (q: AdminInvestorsQuery): SQL =>
  allOf(
    sql`u.role = 'investor'`,
    searchWhere(q.q, [sql`u.first_name`, sql`u.last_name`, sql`u.email`, sql`u.phone`, sql`u.unicode`]),
    q.kycStatus && sql`u.kyc_status = ${q.kycStatus}`,
    q.status && sql`${STATUS} = ${q.status}`,
  )!;

const SORT = {
  createdAt: sql`u.created_at`,
  name: sql`lower(u.first_name || ' ' || u.last_name)`,
  email: sql`u.email`,
  walletBalance: sql`coalesce(w.balance, 0)`,
  investedAmount: sql`coalesce(h.cost, 0)`,
  holdingsValue: sql`coalesce(h.value, 0)`,
};

const page = (db: Db, q: AdminInvestorsQuery, limit: number, offset: number) =>
  sqlRows<Row>(
    db,
    sql`select u.id, u.first_name, u.last_name, u.email, u.phone, u.unicode, u.kyc_status, ${STATUS} as status, k.classification,
               coalesce(w.balance, 0)::text as balance, coalesce(w.held, 0)::text as held, coalesce(h.cost, 0)::text as invested,
               floor(coalesce(h.value, 0))::bigint::text as value, coalesce(h.properties, 0)::text as properties, li.last_at, u.created_at
          ${FROM} where ${where(q)} order by ${orderSql(q.sort, SORT, sql`u.id`)} limit ${limit} offset ${offset}`,
  );

const toJson = (r: Row): AdminInvestorRow => ({
  id: r.id,
  name: `${r.first_name} ${r.last_name}`.trim(),
  email: r.email,
  unicode: r.unicode,
  kycStatus: r.kyc_status,
  status: r.status,
  classification: r.classification === 'professional' ? 'professional' : 'retail',
  balance: big(r.balance).toString(),
  held: big(r.held).toString(),
  invested: big(r.invested).toString(),
  holdingsValue: big(r.value).toString(),
  properties: Number(r.properties),
  lastInvestmentAt: r.last_at === null ? null : iso(r.last_at),
  createdAt: iso(r.created_at),
});

export async function listAdminInvestors(db: Db, q: AdminInvestorsQuery): Promise<AdminInvestorsPage> {
  const [rows, [count]] = await Promise.all([page(db, q, q.limit, q.offset), sqlRows<{ n: string }>(db, sql`select count(*)::text as n ${FROM} where ${where(q)}`)]);
  return { items: rows.map(toJson), total: Number(count?.n ?? 0), limit: q.limit, offset: q.offset };
}

export const INVESTORS_CSV_HEADER = ['Name', 'Email', 'Phone', 'Unique ID', 'Status', 'Verification', 'Classification', 'Wallet balance (AED)', 'On hold (AED)', 'Invested (AED)', 'Holdings value (AED)', 'Properties', 'Last investment (UTC)', 'Joined (UTC)'];

const money = (fils: string) => minorToDecimalString(BigInt(fils));

/** Every investor of the same query as CSV rows, a page at a time. */
export async function* investorCsvRows(db: Db, q: AdminInvestorsQuery): AsyncGenerator<CsvCell[]> {
  for await (const row of allRows((limit, offset) => page(db, q, limit, offset))) {
    const r = toJson(row);
    yield [r.name, r.email, row.phone, r.unicode, investorStatusLabels[r.status], r.kycStatus, r.classification, money(r.balance), money(r.held), money(r.invested), money(r.holdingsValue), r.properties, r.lastInvestmentAt, r.createdAt];
  }
}
