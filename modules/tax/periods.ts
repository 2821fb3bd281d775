/** The return periods as an admin list (list contract over the handful of periods a registration has) and its CSV. */
import type { z } from 'zod';
import type { Db } from '@db/client';
import { foldText, type CsvCell } from '@api/list';
import { parseSort } from '@modules/platform/list';
import { minorToDecimalString } from '@modules/platform/money';
import { vatPeriodStatusLabels, type VatPeriodJson, type vatPeriodsQuery } from './return-contract';
import { periodSummaries } from './vat-return';

export type VatPeriodsQuery = z.output<typeof vatPeriodsQuery>;

/** Filtered and sorted in memory: a registration has one period a month at most, so a few dozen rows. */
async function filtered(db: Db, query: VatPeriodsQuery): Promise<VatPeriodJson[]> {
  const words = foldText(query.q ?? '').split(/\s+/).filter(Boolean);
  const rows = (await periodSummaries(db)).filter(
    (p) => (!query.status || p.status === query.status) && words.every((w) => foldText(`${p.period} ${p.label} ${vatPeriodStatusLabels[p.status]}`).includes(w)),
  );
  const { field, direction } = parseSort(query.sort);
  const key = (p: VatPeriodJson) => (field === 'net' ? BigInt(p.net) : field === 'dueDate' ? p.dueDate : p.from);
  rows.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    const c = x < y ? -1 : x > y ? 1 : a.from < b.from ? -1 : a.from > b.from ? 1 : 0;
    return direction === 'asc' ? c : -c;
  });
  return rows;
}

export async function listPeriods(db: Db, query: VatPeriodsQuery): Promise<{ items: VatPeriodJson[]; total: number }> {
  const rows = await filtered(db, query);
  return { items: rows.slice(query.offset, query.offset + query.limit), total: rows.length };
}

export const PERIODS_CSV_HEADER = ['Period', 'From', 'To', 'Filing due', 'Status', 'Output VAT (AED)', 'Input VAT (AED)', 'Net VAT (AED)'] as const;
export async function periodCsvRows(db: Db, query: VatPeriodsQuery): Promise<CsvCell[][]> {
  const d = (s: string) => minorToDecimalString(BigInt(s));
  return (await filtered(db, query)).map((p) => [p.period, p.from, p.to, p.dueDate, vatPeriodStatusLabels[p.status], d(p.outputVat), d(p.inputVat), d(p.net)]);
}
