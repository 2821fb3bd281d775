import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { ledgerMessages, type recurringEntryInput, type updateRecurringEntryInput } from './contract';
import { addMonths, dayInMonth, monthStart, todayInDubai } from '../platform/dates';
import { post, validateLines, type PostingLine } from './posting';
import type { RecurringEntryJson, RecurringLineJson, RecurringRunReport } from './recurring-contract';
import { ledgerRecurringEntries } from './schema';
import { rows } from './sql';

export const RECURRING_SOURCE = 'ledger.recurring';

type StoredLine = RecurringLineJson;
export type { RecurringEntryJson, RecurringRunReport } from './recurring-contract';

type Row = typeof ledgerRecurringEntries.$inferSelect;

export const toRecurringJson = (r: Row): RecurringEntryJson => ({
  id: r.id,
  name: r.name,
  memo: r.memo,
  dayOfMonth: r.dayOfMonth,
  startDate: r.startDate,
  endDate: r.endDate,
  active: r.active,
  lines: r.lines as StoredLine[],
  lastRunAt: r.lastRunAt ? r.lastRunAt.toISOString() : null,
  createdBy: r.createdBy,
});

const toPostingLines = (lines: StoredLine[]): PostingLine[] =>
  lines.map((l) => ({ ...l, debit: BigInt(l.debit), credit: BigInt(l.credit) }));

export async function listRecurringEntries(db: Db): Promise<RecurringEntryJson[]> {
  return (await db.select().from(ledgerRecurringEntries).orderBy(asc(ledgerRecurringEntries.name))).map(toRecurringJson);
}

async function getTemplate(db: Db, id: string): Promise<Row> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(ledgerMessages.templateNotFound, 'template_not_found');
  const [r] = await db.select().from(ledgerRecurringEntries).where(eq(ledgerRecurringEntries.id, id));
  if (!r) throw notFound(ledgerMessages.templateNotFound, 'template_not_found');
  return r;
}

/** Saves a monthly template after checking its lines would post (accounts, cost centers, balance). */
export async function createRecurringEntry(db: Db, input: z.output<typeof recurringEntryInput>, opts: { userId?: string | null } = {}): Promise<RecurringEntryJson> {
  const lines: StoredLine[] = input.lines.map((l) => ({
    accountCode: l.accountCode,
    debit: l.debit.toString(),
    credit: l.credit.toString(),
    ...(l.currency ? { currency: l.currency } : {}),
    ...(l.rate ? { rate: l.rate } : {}),
    costCenter: l.costCenter ?? null,
    property: l.property ?? null,
    memo: l.memo ?? null,
  }));
  if (input.endDate && input.endDate < input.startDate) throw new AppError(400, 'invalid_range', 'The end date must be on or after the start date.');
  await validateLines(db, toPostingLines(lines));
  const [created] = await db
    .insert(ledgerRecurringEntries)
    .values({ name: input.name, memo: input.memo, dayOfMonth: input.dayOfMonth, startDate: input.startDate, endDate: input.endDate ?? null, active: input.active, lines, createdBy: opts.userId ?? null })
    .returning();
  return toRecurringJson(created);
}

export async function updateRecurringEntry(db: Db, id: string, input: z.output<typeof updateRecurringEntryInput>): Promise<RecurringEntryJson> {
  const current = await getTemplate(db, id);
  const patch: Partial<typeof ledgerRecurringEntries.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.memo !== undefined) patch.memo = input.memo;
  if (input.active !== undefined) patch.active = input.active;
  if (input.endDate !== undefined) {
    if (input.endDate && input.endDate < current.startDate) throw new AppError(400, 'invalid_range', 'The end date must be on or after the start date.');
    patch.endDate = input.endDate;
  }
  const [updated] = await db.update(ledgerRecurringEntries).set(patch).where(eq(ledgerRecurringEntries.id, id)).returning();
  return toRecurringJson(updated);
}

export async function deleteRecurringEntry(db: Db, id: string): Promise<void> {
  await getTemplate(db, id);
  await db.delete(ledgerRecurringEntries).where(eq(ledgerRecurringEntries.id, id));
}


/**
 * Posts every due month of every active template up to `asOf` (catching up missed months), each in its
 * own transaction with the source (ledger.recurring, "<template id>:<YYYY-MM>"), so running it twice,
 * or on two servers at once, posts each template-month exactly once. A month that cannot post (a closed
 * period, an archived account) is reported and retried on the next run.
 */
export async function runRecurringEntries(db: Db, asOf: string | Date = todayInDubai()): Promise<RecurringRunReport> {
  const day = typeof asOf === 'string' ? asOf : todayInDubai(asOf);
  const report: RecurringRunReport = { asOf: day, posted: [], failed: [] };
  const templates = await db.select().from(ledgerRecurringEntries).where(eq(ledgerRecurringEntries.active, true)).orderBy(asc(ledgerRecurringEntries.createdAt));
  for (const t of templates) {
    const done = new Set(
      (await rows<{ source_id: string }>(db, sql`select source_id from ledger_journal_entries where source_module = ${RECURRING_SOURCE} and source_id like ${`${t.id}:%`}`)).map((r) => r.source_id),
    );
    for (let m = monthStart(t.startDate); m <= monthStart(day); m = addMonths(m, 1)) {
      const date = dayInMonth(m, t.dayOfMonth);
      if (date < t.startDate || date > day || (t.endDate && date > t.endDate)) continue;
      const sourceId = `${t.id}:${m.slice(0, 7)}`;
      if (done.has(sourceId)) continue;
      try {
        const posted = await db.transaction((tx) =>
          post(tx, { date, memo: t.memo || t.name, source: { module: RECURRING_SOURCE, id: sourceId }, authorId: t.createdBy, lines: toPostingLines(t.lines as StoredLine[]) }),
        );
        if (posted.created) report.posted.push({ templateId: t.id, month: m.slice(0, 7), entryId: posted.id, number: posted.reference });
      } catch (err) {
        report.failed.push({ templateId: t.id, month: m.slice(0, 7), message: err instanceof Error ? err.message : String(err) });
      }
    }
    await db.update(ledgerRecurringEntries).set({ lastRunAt: new Date() }).where(eq(ledgerRecurringEntries.id, t.id));
  }
  return report;
}
