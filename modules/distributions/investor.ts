/** The investor's side: their paid distributions (list contract, with totals over the filtered set) and their reinvestment choice. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { allOf, orderSql, searchWhere } from '@api/list';
import { big, q } from '@modules/wallet';
import { reinvestLabels, type InvestorDistributionJson, type InvestorDistributionsJson, type PreferenceJson, type ReinvestChoice, type investorDistributionsQuery } from './contract';
import { UUID, dayOf, iso, perShareOf, runNumber } from './shared';

export type InvestorDistributionsQuery = z.output<typeof investorDistributionsQuery>;

type Row = {
  run_id: string;
  number: string;
  property_id: string;
  title: string;
  reference: string;
  period: string;
  record_date: string | Date;
  paid_at: string | Date;
  units: string;
  amount: string;
  fee_netted: string;
  reinvested: string;
  run_amount: string;
  run_units: string;
  journal_reference: string | null;
};

const FROM = sql`distribution_lines l join distribution_runs r on r.id = l.run_id join properties p on p.id = r.property_id`;

function where(userId: string, query: Partial<InvestorDistributionsQuery>): SQL {
  return allOf(
    sql`l.user_id = ${userId} and r.status = 'paid'`,
    searchWhere(query.q, [sql`'DIST-' || lpad(r.number::text, 6, '0')`, sql`p.title`, sql`p.reference`, sql`r.period`]),
    query.propertyId !== undefined && (UUID.test(query.propertyId) ? sql`r.property_id = ${query.propertyId}` : sql`p.reference = ${query.propertyId.toUpperCase()}`),
    query.year && sql`r.period like ${`${query.year}-%`}`,
  )!;
}
const SORT = { paidAt: sql`r.paid_at`, amount: sql`l.amount` };

const json = (r: Row): InvestorDistributionJson => {
  const amount = big(r.amount);
  const feeNetted = big(r.fee_netted);
  return {
    id: r.run_id,
    runId: r.run_id,
    number: runNumber(r.number),
    propertyId: r.property_id,
    propertyTitle: r.title,
    propertyReference: r.reference,
    period: r.period,
    recordDate: dayOf(r.record_date),
    paidAt: iso(r.paid_at),
    units: big(r.units).toString(),
    amount: amount.toString(),
    feeNetted: feeNetted.toString(),
    net: (amount - feeNetted).toString(),
    reinvested: big(r.reinvested).toString(),
    perShare: perShareOf(big(r.run_amount), big(r.run_units)).toString(),
    journalReference: r.journal_reference,
  };
};

export async function listInvestorDistributions(db: Db, userId: string, query: InvestorDistributionsQuery): Promise<InvestorDistributionsJson> {
  const w = where(userId, query);
  const [rows, [t]] = await Promise.all([
    q<Row>(
      db,
      sql`select r.id as run_id, r.number::text, r.property_id, p.title, p.reference, r.period, r.record_date::text as record_date, r.paid_at,
                 l.units::text, l.amount::text, l.fee_netted::text, l.reinvested::text, r.amount::text as run_amount, r.units::text as run_units, r.journal_reference
            from ${FROM} where ${w} order by ${orderSql(query.sort, SORT, sql`r.number`)} limit ${query.limit} offset ${query.offset}`,
    ),
    q<{ n: number; amount: string; fee: string }>(db, sql`select count(*)::int as n, coalesce(sum(l.amount), 0)::text as amount, coalesce(sum(l.fee_netted), 0)::text as fee from ${FROM} where ${w}`),
  ]);
  const amount = big(t?.amount);
  const fee = big(t?.fee);
  return { items: rows.map(json), total: Number(t?.n ?? 0), totals: { amount: amount.toString(), feeNetted: fee.toString(), net: (amount - fee).toString() } };
}

export async function getPreference(db: Db, userId: string): Promise<PreferenceJson> {
  const [row] = await q<{ reinvest: ReinvestChoice | null; has_plan: boolean }>(
    db,
    sql`select (select reinvest from distribution_preferences where user_id = ${userId}) as reinvest,
               exists (select 1 from sip_plans where user_id = ${userId} and status = 'active') as has_plan`,
  );
  const reinvest = row?.reinvest ?? 'wallet';
  return { reinvest, label: reinvestLabels[reinvest], hasSipPlan: row?.has_plan === true || (row?.has_plan as unknown) === 't' };
}

export async function setPreference(db: Db, userId: string, reinvest: ReinvestChoice): Promise<PreferenceJson> {
  await db.execute(sql`insert into distribution_preferences (user_id, reinvest) values (${userId}, ${reinvest})
                       on conflict (user_id) do update set reinvest = excluded.reinvest, updated_at = now()`);
  return getPreference(db, userId);
}
