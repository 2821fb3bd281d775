/**
 * The property P&L by month, read from the books: rent and each cost are the month's ledger movements on the
 * property's dimension (precomputed per day in ledger_balances, closing entries left out), so the P&L always
 * agrees with the ledger's own reports. Occupancy comes from property_months; the reserve and what was
 * distributed come from the month's paid run, or the reserve policy while the month is open.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { badRequest, notFound } from '@api/errors';
import { applyBps } from '@modules/platform/money';
import { isPublicStatus } from '@modules/properties/contract';
import { big, q } from '@modules/wallet';
import {
  COST_KINDS,
  PNL_DEFAULT_MONTHS,
  PNL_MAX_MONTHS,
  distributionErrorCodes as codes,
  type CostKind,
  type PnlMonthJson,
  type PropertyPnlJson,
  type PropertyRecordJson,
  type RecordKind,
} from './contract';
import { RECORD_ACCOUNTS } from './postings';
import { addPeriods, currentPeriod, dayOf, iso, isoOrNull, perShareOf, periodEnd, periodStart, periodsBetween, propertyOr404, recordNumber, reserveBpsOf, type PropertyRow } from './shared';

export type PeriodBooks = { rent: bigint; costs: Record<CostKind, bigint> };
export type PeriodFigures = PeriodBooks & { totalCosts: bigint; netIncome: bigint; reserveBps: number; reserve: bigint; distributable: bigint };

const emptyCosts = (): Record<CostKind, bigint> => Object.fromEntries(COST_KINDS.map((k) => [k, 0n])) as Record<CostKind, bigint>;
const KIND_OF_ACCOUNT = new Map<string, RecordKind>(Object.entries(RECORD_ACCOUNTS).map(([kind, code]) => [code, kind as RecordKind]));
/** The accounts a P&L reads: rental income and the property cost accounts. */
export const BOOK_ACCOUNTS = sql.join([...KIND_OF_ACCOUNT.keys()].map((c) => sql`${c}`), sql`, `);

/** Adds one account's debits and credits to a month's books (rent: credit − debit; a cost: debit − credit). */
export function addMovement(books: PeriodBooks | undefined, code: string, debit: bigint, credit: bigint): PeriodBooks {
  const b = books ?? { rent: 0n, costs: emptyCosts() };
  const kind = KIND_OF_ACCOUNT.get(code);
  if (kind === 'rent') b.rent += credit - debit;
  else if (kind) b.costs[kind] += debit - credit;
  return b;
}

/** Rent and each cost per month of [from, to] for a property (by its reference on the ledger's property dimension). */
export async function booksByPeriod(db: Db, reference: string, from: string, to: string): Promise<Map<string, PeriodBooks>> {
  const rows = await q<{ period: string; code: string; d: string; c: string }>(
    db,
    sql`select substr(b.day::text, 1, 7) as period, a.code, sum(b.debit)::text as d, sum(b.credit)::text as c
          from ledger_balances b join ledger_accounts a on a.id = b.account_id
         where b.property = ${reference} and not b.is_closing and b.day >= ${periodStart(from)}::date and b.day <= ${periodEnd(to)}::date
           and a.code in (${BOOK_ACCOUNTS})
         group by 1, 2`,
  );
  const out = new Map<string, PeriodBooks>();
  for (const r of rows) out.set(r.period, addMovement(out.get(r.period), r.code, big(r.d), big(r.c)));
  return out;
}

/** Net income, the reserve kept back (reserveBps of a positive net, half-even, unless given) and what is left to distribute. */
export function figuresOf(books: PeriodBooks | undefined, reserveBps: number, paidReserve?: bigint): PeriodFigures {
  const rent = books?.rent ?? 0n;
  const costs = books?.costs ?? emptyCosts();
  const totalCosts = COST_KINDS.reduce((s, k) => s + costs[k], 0n);
  const netIncome = rent - totalCosts;
  const reserve = paidReserve ?? (netIncome > 0n ? applyBps(netIncome, reserveBps) : 0n);
  const rest = netIncome - reserve;
  return { rent, costs, totalCosts, netIncome, reserveBps, reserve, distributable: rest > 0n ? rest : 0n };
}

/** One period's figures from the books and the reserve policy (what a new run is measured against). */
export async function periodFigures(db: Db, property: Pick<PropertyRow, 'id' | 'reference'>, period: string): Promise<PeriodFigures> {
  const [books, bps] = await Promise.all([booksByPeriod(db, property.reference, period, period), reserveBpsOf(db, property.id)]);
  return figuresOf(books.get(period), bps);
}

type RecordRow = {
  id: string;
  number: string;
  property_id: string;
  period: string;
  entry_date: string | Date;
  kind: RecordKind;
  amount: string;
  description: string;
  journal_reference: string;
  reversed_at: string | Date | null;
  created_at: string | Date;
};

export const RECORD_COLUMNS = sql`id, number::text, property_id, period, entry_date, kind, amount::text, description, journal_reference, reversed_at, created_at`;

export const recordJson = (r: RecordRow): PropertyRecordJson => ({
  id: r.id,
  number: recordNumber(r.number),
  propertyId: r.property_id,
  period: r.period,
  date: dayOf(r.entry_date),
  kind: r.kind,
  amount: big(r.amount).toString(),
  description: r.description,
  journalReference: r.journal_reference,
  reversedAt: isoOrNull(r.reversed_at),
  createdAt: iso(r.created_at),
});
export type { RecordRow };

/** The range asked for, or the last PNL_DEFAULT_MONTHS months to the current one; at most PNL_MAX_MONTHS. */
export function resolvePnlRange(query: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const current = currentPeriod(now);
  const to = query.to ?? (query.from ? minPeriod(addPeriods(query.from, PNL_DEFAULT_MONTHS - 1), current) : current);
  const from = query.from ?? addPeriods(to, -(PNL_DEFAULT_MONTHS - 1));
  if (from > to) throw badRequest('The first month must not come after the last one.', 'invalid_range');
  if (periodsBetween(from, to).length > PNL_MAX_MONTHS) throw badRequest(`Ask for at most ${PNL_MAX_MONTHS} months at a time.`, 'period_too_long');
  return { from, to };
}
const minPeriod = (a: string, b: string) => (a < b ? a : b);

type RunRow = { id: string; period: string; status: 'draft' | 'approved' | 'paid'; amount: string; reserve: string; units: string };

/**
 * The P&L of a property for a range of months. `audience: 'public'` answers only for properties the public
 * catalogue shows (the same rule as GET /api/properties/:id) and leaves the records out.
 */
export async function propertyPnl(db: Db, idOrRef: string, query: { from?: string; to?: string }, audience: 'admin' | 'public', now = new Date()): Promise<PropertyPnlJson> {
  const property = await propertyOr404(db, idOrRef);
  if (audience === 'public' && !isPublicStatus(property.status)) throw notFound('There is no published property with that id.', codes.propertyNotFound);
  const { from, to } = resolvePnlRange(query, now);
  const [books, bps, runs, months, records] = await Promise.all([
    booksByPeriod(db, property.reference, from, to),
    reserveBpsOf(db, property.id),
    q<RunRow>(
      db,
      sql`select id, period, status, amount::text, reserve::text, units::text from distribution_runs
           where property_id = ${property.id} and status <> 'cancelled' and period between ${from} and ${to}`,
    ),
    q<{ period: string; occupancy_bps: number; note: string }>(
      db,
      sql`select period, occupancy_bps, note from property_months where property_id = ${property.id} and period between ${from} and ${to}`,
    ),
    audience === 'admin'
      ? q<RecordRow>(db, sql`select ${RECORD_COLUMNS} from property_ledger_records where property_id = ${property.id} and period between ${from} and ${to} order by period desc, number desc`)
      : Promise.resolve([]),
  ]);
  const runOf = new Map(runs.map((r) => [r.period, r]));
  const monthOf = new Map(months.map((m) => [m.period, m]));
  const totals = { rent: 0n, totalCosts: 0n, netIncome: 0n, reserve: 0n, distributable: 0n, distributed: 0n };
  const out: PnlMonthJson[] = periodsBetween(from, to).map((period) => {
    const run = runOf.get(period);
    const paid = run?.status === 'paid' ? run : undefined;
    const f = figuresOf(books.get(period), bps, paid ? big(paid.reserve) : undefined);
    const distributed = paid ? big(paid.amount) : null;
    totals.rent += f.rent;
    totals.totalCosts += f.totalCosts;
    totals.netIncome += f.netIncome;
    totals.reserve += f.reserve;
    totals.distributable += f.distributable;
    totals.distributed += distributed ?? 0n;
    const month = monthOf.get(period);
    return {
      period,
      rent: f.rent.toString(),
      costs: Object.fromEntries(COST_KINDS.map((k) => [k, f.costs[k].toString()])) as Record<CostKind, string>,
      totalCosts: f.totalCosts.toString(),
      netIncome: f.netIncome.toString(),
      reserveBps: bps,
      reserve: f.reserve.toString(),
      distributable: f.distributable.toString(),
      distributed: distributed === null ? null : distributed.toString(),
      perShare: paid ? perShareOf(big(paid.amount), big(paid.units)).toString() : null,
      occupancyBps: month ? Number(month.occupancy_bps) : null,
      note: month?.note ?? '',
      status: run?.status ?? 'open',
      distributionId: run?.id ?? null,
    };
  });
  return {
    propertyId: property.id,
    reference: property.reference,
    title: property.title,
    totalUnits: big(property.total_shares).toString(),
    reserveBps: bps,
    from,
    to,
    months: out,
    totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, v.toString()])) as PropertyPnlJson['totals'],
    ...(audience === 'admin' ? { records: records.map(recordJson) } : {}),
  };
}
