/** Reading runs: one run with its lines, the admin list (list contract) and its CSV export. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { minorToDecimalString } from '@modules/platform/money';
import { getDistributionApprovalThresholdFils } from '@modules/settings';
import { big, q } from '@modules/wallet';
import {
  distributionErrorCodes as codes,
  distributionMessages as msg,
  type DistributionJson,
  type DistributionLineJson,
  type DistributionRunJson,
  type DistributionStatus,
  type distributionsListQuery,
} from './contract';
import { UUID, dayOf, iso, isoOrNull, perShareOf, runNumber } from './shared';

export type DistributionsListQuery = z.output<typeof distributionsListQuery>;

export type RunRow = {
  id: string;
  number: string;
  property_id: string;
  reference: string;
  title: string;
  period: string;
  record_date: string | Date;
  amount: string;
  distributable: string;
  reserve: string;
  units: string;
  status: DistributionStatus;
  holders: number;
  created_by: string | null;
  created_by_email: string | null;
  approved_by: string | null;
  approved_by_email: string | null;
  approved_at: string | Date | null;
  paid_by_email: string | null;
  paid_at: string | Date | null;
  cancelled_at: string | Date | null;
  journal_reference: string | null;
  created_at: string | Date;
};

const RUN_FROM = sql`distribution_runs r join properties p on p.id = r.property_id
  left join users cu on cu.id = r.created_by left join users au on au.id = r.approved_by left join users pu on pu.id = r.paid_by`;
const RUN_SELECT = sql`select r.id, r.number::text, r.property_id, p.reference, p.title, r.period, r.record_date::text as record_date, r.amount::text,
  r.distributable::text, r.reserve::text, r.units::text, r.status, (select count(*)::int from distribution_lines l where l.run_id = r.id) as holders,
  r.created_by, cu.email as created_by_email, r.approved_by, au.email as approved_by_email, r.approved_at, pu.email as paid_by_email, r.paid_at,
  r.cancelled_at, r.journal_reference, r.created_at from ${RUN_FROM}`;

export function runJson(r: RunRow, threshold: bigint): DistributionRunJson {
  const amount = big(r.amount);
  const units = big(r.units);
  return {
    id: r.id,
    number: runNumber(r.number),
    propertyId: r.property_id,
    propertyReference: r.reference,
    propertyTitle: r.title,
    period: r.period,
    recordDate: dayOf(r.record_date),
    amount: amount.toString(),
    distributable: big(r.distributable).toString(),
    reserve: big(r.reserve).toString(),
    units: units.toString(),
    holders: Number(r.holders),
    perShare: perShareOf(amount, units).toString(),
    status: r.status,
    needsApproval: amount > threshold,
    createdBy: r.created_by_email,
    approvedBy: r.approved_by_email,
    approvedAt: isoOrNull(r.approved_at),
    paidAt: isoOrNull(r.paid_at),
    createdById: r.created_by,
    approvedById: r.approved_by,
    paidBy: r.paid_by_email,
    cancelledAt: isoOrNull(r.cancelled_at),
    journalReference: r.journal_reference,
    createdAt: iso(r.created_at),
  };
}

export async function runRow(db: Db, id: string): Promise<RunRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await q<RunRow>(db, sql`${RUN_SELECT} where r.id = ${id}`);
  return row ?? null;
}

type LineRow = { user_id: string; units: string; amount: string; fee_netted: string; reinvested: string; first_name: string; last_name: string; unicode: string };

export async function runLines(db: Db, runId: string): Promise<DistributionLineJson[]> {
  const rows = await q<LineRow>(
    db,
    sql`select l.user_id, l.units::text, l.amount::text, l.fee_netted::text, l.reinvested::text, u.first_name, u.last_name, u.unicode
          from distribution_lines l join users u on u.id = l.user_id where l.run_id = ${runId} order by l.units desc, l.user_id`,
  );
  return rows.map((l) => ({
    userId: l.user_id,
    units: big(l.units).toString(),
    amount: big(l.amount).toString(),
    name: `${l.first_name} ${l.last_name}`.trim(),
    unicode: l.unicode,
    feeNetted: big(l.fee_netted).toString(),
    reinvested: big(l.reinvested).toString(),
  }));
}

/** A run with every line; 404 for an unknown or malformed id. */
export async function getRun(db: Db, id: string): Promise<DistributionJson> {
  const row = await runRow(db, id);
  if (!row) throw notFound(msg.runNotFound, codes.runNotFound);
  const [threshold, lines] = await Promise.all([getDistributionApprovalThresholdFils(db), runLines(db, row.id)]);
  return { ...runJson(row, threshold), lines };
}

function where(query: Partial<DistributionsListQuery>): SQL {
  return (
    allOf(
      searchWhere(query.q, [sql`'DIST-' || lpad(r.number::text, 6, '0')`, sql`p.title`, sql`p.reference`, sql`r.period`, sql`r.status`]),
      query.status && sql`r.status = ${query.status}`,
      query.propertyId !== undefined && (UUID.test(query.propertyId) ? sql`r.property_id = ${query.propertyId}` : sql`p.reference = ${query.propertyId.toUpperCase()}`),
      query.period && sql`r.period = ${query.period}`,
    ) ?? sql`true`
  );
}
const SORT = { createdAt: sql`r.created_at`, period: sql`r.period`, amount: sql`r.amount`, status: sql`r.status` };
const page = (db: Db, query: DistributionsListQuery, limit: number, offset: number) =>
  sqlRows<RunRow>(db, sql`${RUN_SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`r.number`)} limit ${limit} offset ${offset}`);

export async function listRuns(db: Db, query: DistributionsListQuery): Promise<{ items: DistributionRunJson[]; total: number }> {
  const [items, [t], threshold] = await Promise.all([
    page(db, query, query.limit, query.offset),
    sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ${RUN_FROM} where ${where(query)}`),
    getDistributionApprovalThresholdFils(db),
  ]);
  return { items: items.map((r) => runJson(r, threshold)), total: Number(t?.n ?? 0) };
}

export const RUNS_CSV_HEADER = [
  'Distribution',
  'Property',
  'Reference',
  'Period',
  'Record date',
  'Status',
  'Amount (AED)',
  'Distributable (AED)',
  'Reserve (AED)',
  'Holders',
  'Per share (AED)',
  'Created by',
  'Approved by',
  'Paid at',
  'Journal entry',
  'Created at',
] as const;

export async function* runCsvRows(db: Db, query: DistributionsListQuery): AsyncGenerator<CsvCell[]> {
  const threshold = await getDistributionApprovalThresholdFils(db);
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    const j = runJson(r, threshold);
    const dec = (s: string) => minorToDecimalString(BigInt(s));
    yield [j.number, j.propertyTitle, j.propertyReference, j.period, j.recordDate, j.status, dec(j.amount), dec(j.distributable), dec(j.reserve), j.holders, dec(j.perShare), j.createdBy, j.approvedBy, j.paidAt, j.journalReference, j.createdAt];
  }
}
