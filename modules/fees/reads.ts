/**
 * Reading the platform fee back: runs (list contract + CSV) and one run with every charge and its calculation,
 * the receivables per investor (list contract + CSV), and an investor's own charges with what is accruing now.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { todayInDubai } from '@modules/platform/dates';
import { minorToDecimalString } from '@modules/platform/money';
import { big, q } from '@modules/wallet';
import { feeExplanation } from './accrual';
import {
  FEE_VAT_BPS,
  feeChargeReference,
  feeMessages,
  type FeeCalculationLineJson,
  type FeeChargeJson,
  type FeeReceivableJson,
  type FeeReceivablesQuery,
  type FeeRunDetailJson,
  type FeeRunJson,
  type FeeRunsQuery,
  type FeeTrigger,
  type InvestorFeesJson,
} from './contract';
import { calculationJson, dueCharge, lastCharges, loadHoldings } from './inputs';
import { runResultJson } from './run';
import { rateSchedule } from '@modules/settings';
import { rateOn, ratesIn, type FeeRateSchedule } from './accrual';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

// ── Runs ─────────────────────────────────────────────────────────────────────────────────────────

type RunRow = { id: string; number: string; through: string; trigger: FeeTrigger; started_by: string | null; investors: number; fee: string; vat: string; collected: string; receivable: string; created_at: string | Date };

const RUN_SELECT = sql`select r.id::text, r.number::text, r.through::text, r.trigger, u.email as started_by, r.investors, r.fee::text, r.vat::text, r.collected::text, r.receivable::text, r.created_at
  from platform_fee_runs r left join users u on u.id = r.started_by`;

const runJson = (r: RunRow): FeeRunJson => ({ ...runResultJson(r), trigger: r.trigger, startedBy: r.started_by, createdAt: iso(r.created_at) });

const runWhere = (query: Partial<FeeRunsQuery>): SQL =>
  allOf(searchWhere(query.q, [sql`'FEE-' || lpad(r.number::text, 6, '0')`, sql`r.through::text`, sql`u.email`, sql`r.trigger`]), query.trigger && sql`r.trigger = ${query.trigger}`) ?? sql`true`;
const RUN_SORT = { createdAt: sql`r.created_at`, through: sql`r.through`, investors: sql`r.investors`, fee: sql`r.fee`, receivable: sql`r.receivable` };
const runPage = (db: Db, query: FeeRunsQuery, limit: number, offset: number) =>
  sqlRows<RunRow>(db, sql`${RUN_SELECT} where ${runWhere(query)} order by ${orderSql(query.sort, RUN_SORT, sql`r.number`)} limit ${limit} offset ${offset}`);

export async function listRuns(db: Db, query: FeeRunsQuery) {
  const [items, [t]] = await Promise.all([
    runPage(db, query, query.limit, query.offset),
    q<{ n: number }>(db, sql`select count(*)::int as n from platform_fee_runs r left join users u on u.id = r.started_by where ${runWhere(query)}`),
  ]);
  return { items: items.map(runJson), total: t?.n ?? 0 };
}

export const RUNS_CSV_HEADER = ['Run', 'Through', 'Started by', 'Investors', 'Fee (AED)', 'VAT (AED)', 'Taken from wallets (AED)', 'Left owed (AED)', 'Started at'] as const;
export async function* runCsvRows(db: Db, query: FeeRunsQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => runPage(db, query, limit, offset))) {
    const j = runJson(r);
    yield [j.number, j.through, j.startedBy ?? (j.trigger === 'scheduler' ? 'Scheduler' : 'Demo data'), j.investors, minorToDecimalString(big(j.fee)), minorToDecimalString(big(j.vat)), minorToDecimalString(big(j.collected)), minorToDecimalString(big(j.receivable)), j.createdAt];
  }
}

// ── Charges ──────────────────────────────────────────────────────────────────────────────────────

type ChargeRow = {
  id: string; number: string; run_id: string; user_id: string; from_date: string; through: string; days: number; average_value: string; accrued_micro: string;
  carry_in_micro: string; carry_out_micro: string; fee: string; vat: string; paid: string; outstanding: string; calculation: FeeCalculationLineJson[] | string;
  journal_reference: string | null; created_at: string | Date; first_name?: string; last_name?: string; unicode?: string;
};

const CHARGE_COLUMNS = sql`c.id::text, c.number::text, c.run_id::text, c.user_id::text, c.from_date::text, c.through::text, c.days, c.average_value::text, c.accrued_micro::text,
  c.carry_in_micro::text, c.carry_out_micro::text, c.fee::text, c.vat::text, c.paid::text, c.outstanding::text, c.calculation, c.journal_reference, c.created_at`;

/** A stored charge, explained at the rates that were in force over its window (settings are never back-dated). */
const chargeJsonAt = (rates: FeeRateSchedule) => (r: ChargeRow): FeeChargeJson => {
  const fromDate = String(r.from_date).slice(0, 10);
  const through = String(r.through).slice(0, 10);
  const base = { fromDate, through, days: r.days, averageValue: big(r.average_value), fee: big(r.fee), vat: big(r.vat), rates: ratesIn(rates, fromDate, through) };
  return {
    id: r.id,
    number: feeChargeReference(r.number),
    runId: r.run_id,
    userId: r.user_id,
    fromDate: base.fromDate,
    through: base.through,
    days: r.days,
    averageValue: base.averageValue.toString(),
    accruedMicro: big(r.accrued_micro).toString(),
    carryInMicro: big(r.carry_in_micro).toString(),
    carryOutMicro: big(r.carry_out_micro).toString(),
    fee: base.fee.toString(),
    vat: base.vat.toString(),
    paid: big(r.paid).toString(),
    outstanding: big(r.outstanding).toString(),
    calculation: typeof r.calculation === 'string' ? (JSON.parse(r.calculation) as FeeCalculationLineJson[]) : r.calculation,
    explanation: feeExplanation(base),
    journalReference: r.journal_reference,
    createdAt: iso(r.created_at),
    ...(r.unicode !== undefined ? { name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(), unicode: r.unicode } : {}),
  };
};

/** A run with every charge (and its calculation) and what it collected of older receivables. */
export async function getRun(db: Db, id: string): Promise<FeeRunDetailJson> {
  if (!UUID.test(id)) throw notFound(feeMessages.runNotFound, 'not_found');
  const [row] = await q<RunRow>(db, sql`${RUN_SELECT} where r.id = ${id}`);
  if (!row) throw notFound(feeMessages.runNotFound, 'not_found');
  const [charges, collections, rates] = await Promise.all([
    q<ChargeRow>(db, sql`select ${CHARGE_COLUMNS}, u.first_name, u.last_name, u.unicode from platform_fee_charges c join users u on u.id = c.user_id where c.run_id = ${id} order by c.number`),
    q<{ user_id: string; first_name: string; last_name: string; unicode: string; amount: string }>(
      db,
      sql`select k.user_id::text, u.first_name, u.last_name, u.unicode, sum(k.amount)::text as amount from platform_fee_collections k join users u on u.id = k.user_id
           where k.source = 'wallet' and k.source_id = ${id} group by 1, 2, 3, 4 order by u.unicode`,
    ),
    rateSchedule(db, 'platformFeeBps'),
  ]);
  return {
    ...runJson(row),
    charges: charges.map(chargeJsonAt(rates)),
    collections: collections.map((c) => ({ userId: c.user_id, name: `${c.first_name} ${c.last_name}`.trim(), unicode: c.unicode, amount: big(c.amount).toString() })),
  };
}

// ── Receivables ──────────────────────────────────────────────────────────────────────────────────

type ReceivableRow = { user_id: string; first_name: string; last_name: string; unicode: string; email: string; outstanding: string; charges: number; since: string; available: string | null };

const RECEIVABLES = sql`select o.user_id::text, u.first_name, u.last_name, u.unicode, u.email, o.outstanding::text, o.charges, o.since::text, (w.balance - w.held)::text as available
  from (select user_id, sum(outstanding) as outstanding, count(*)::int as charges, min(from_date) as since from platform_fee_charges where outstanding > 0 group by user_id) o
  join users u on u.id = o.user_id left join wallets w on w.user_id = o.user_id`;
const receivableWhere = (query: Partial<FeeReceivablesQuery>) => searchWhere(query.q, [sql`u.first_name || ' ' || u.last_name`, sql`u.email`, sql`u.unicode`]) ?? sql`true`;
const RECEIVABLE_SORT = { outstanding: sql`o.outstanding`, since: sql`o.since`, name: sql`lower(u.first_name || ' ' || u.last_name)` };
const receivablePage = (db: Db, query: FeeReceivablesQuery, limit: number, offset: number) =>
  sqlRows<ReceivableRow>(db, sql`${RECEIVABLES} where ${receivableWhere(query)} order by ${orderSql(query.sort, RECEIVABLE_SORT, sql`o.user_id`)} limit ${limit} offset ${offset}`);

const receivableJson = (r: ReceivableRow): FeeReceivableJson => ({
  userId: r.user_id,
  name: `${r.first_name} ${r.last_name}`.trim(),
  unicode: r.unicode,
  email: r.email,
  outstanding: big(r.outstanding).toString(),
  charges: r.charges,
  since: String(r.since).slice(0, 10),
  available: big(r.available ?? '0').toString(),
});

export async function listReceivables(db: Db, query: FeeReceivablesQuery) {
  const [items, [t]] = await Promise.all([
    receivablePage(db, query, query.limit, query.offset),
    q<{ n: number; total: string }>(db, sql`select count(*)::int as n, coalesce(sum(x.outstanding::bigint), 0)::text as total from (${RECEIVABLES} where ${receivableWhere(query)}) x`),
  ]);
  return { items: items.map(receivableJson), total: t?.n ?? 0, outstanding: big(t?.total ?? '0').toString() };
}

export const RECEIVABLES_CSV_HEADER = ['Investor', 'Investor number', 'Email', 'Owed (AED)', 'Unpaid charges', 'Owed since', 'Wallet available (AED)'] as const;
export async function* receivableCsvRows(db: Db, query: FeeReceivablesQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => receivablePage(db, query, limit, offset))) {
    const j = receivableJson(r);
    yield [j.name, j.unicode, j.email, minorToDecimalString(big(j.outstanding)), j.charges, j.since, minorToDecimalString(big(j.available))];
  }
}

// ── The investor's own ───────────────────────────────────────────────────────────────────────────

const INVESTOR_CHARGES = 36;

export async function investorFees(db: Db, userId: string, now = new Date()): Promise<InvestorFeesJson> {
  const today = todayInDubai(now);
  const [rows, [count], holdings, last, rates] = await Promise.all([
    q<ChargeRow>(db, sql`select ${CHARGE_COLUMNS} from platform_fee_charges c where c.user_id = ${userId} order by c.through desc limit ${INVESTOR_CHARGES}`),
    q<{ n: number; owed: string }>(db, sql`select count(*)::int as n, coalesce(sum(outstanding), 0)::text as owed from platform_fee_charges where user_id = ${userId}`),
    loadHoldings(db, { through: today, userId }),
    lastCharges(db, [userId]),
    rateSchedule(db, 'platformFeeBps'),
  ]);
  const due = dueCharge(holdings.get(userId), last.get(userId), today, rates);
  return {
    rateBps: rateOn(rates, today),
    vatBps: FEE_VAT_BPS,
    outstanding: big(count?.owed ?? '0').toString(),
    charges: rows.map(chargeJsonAt(rates)),
    total: count?.n ?? 0,
    accruing: due
      ? {
          fromDate: due.fromDate,
          through: due.through,
          days: due.days,
          averageValue: due.averageValue.toString(),
          accruedMicro: due.accruedMicro.toString(),
          carryInMicro: due.carryInMicro.toString(),
          fee: due.fee.toString(),
          vat: due.vat.toString(),
          calculation: calculationJson(due),
        }
      : null,
  };
}
