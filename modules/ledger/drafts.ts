/**
 * Drafts and the journal entries people write by hand: save, edit and delete a draft, post it, reverse a
 * posted entry (dated when the reversal is made), and read an entry with its lines. Posting itself is
 * modules/ledger/posting.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { formatEntryNumber, ledgerMessages, type JournalEntryJson, type JournalLineJson } from './contract';
import { todayInDubai } from '../platform/dates';
import { withLedgerErrors } from './errors';
import { BASE_CURRENCY, normalizeRate } from '../platform/money';
import { ledgerJournalEntries, ledgerJournalLines } from './schema';
import { big, rows } from './sql';
import { randomUUID } from 'node:crypto';
import { assertPeriodOpen, entryFingerprint, fail, flushLines, loadRefs, postManyIn, prepareLines, queueLines, uuidv7, type EntryKind, type LineRow, type PostingLine, type PreparedLine } from './posting';

export const MANUAL_SOURCE = 'ledger.manual';
export const REVERSAL_SOURCE = 'ledger.reversal';

export type DraftInput = { date: string; memo?: string; lines: PostingLine[] };

/** Saves a draft. A draft may be unbalanced (work in progress); posting it is what requires balance. */
export async function createDraft(db: Db, input: DraftInput, opts: { authorId?: string | null; idempotencyKey?: string | null } = {}): Promise<{ entry: JournalEntryJson; created: boolean }> {
  return withLedgerErrors(() =>
    db.transaction(async (tx) => {
      const refs = await loadRefs(tx, input.lines);
      const lines = prepareLines(input.lines, refs, 'draft');
      const fingerprint = entryFingerprint(input.date, input.lines);
      const sourceId = opts.idempotencyKey ? `key:${opts.idempotencyKey}` : randomUUID();
      const [row] = await tx
        .insert(ledgerJournalEntries)
        .values({ id: uuidv7(), date: input.date, memo: input.memo ?? '', status: 'draft', kind: 'standard', sourceModule: MANUAL_SOURCE, sourceId, fingerprint, createdBy: opts.authorId ?? null })
        .onConflictDoNothing({ target: [ledgerJournalEntries.sourceModule, ledgerJournalEntries.sourceId] })
        .returning({ id: ledgerJournalEntries.id });
      if (!row) {
        const [existing] = await tx.select().from(ledgerJournalEntries).where(and(eq(ledgerJournalEntries.sourceModule, MANUAL_SOURCE), eq(ledgerJournalEntries.sourceId, sourceId)));
        if (existing.fingerprint !== fingerprint) throw new AppError(409, 'idempotency_conflict', 'This Idempotency-Key was already used for a different journal entry.');
        return { entry: await getEntry(tx, existing.id), created: false };
      }
      const all: LineRow[] = [];
      queueLines(row.id, input.date, lines, all);
      await flushLines(tx, all);
      return { entry: await getEntry(tx, row.id), created: true };
    }),
  );
}

async function lockEntry(tx: Db, id: string) {
  const [entry] = await rows<{ id: string; number: string; status: string; kind: EntryKind; date: string; memo: string; reversed_by_id: string | null; source_module: string; source_id: string }>(
    tx,
    sql`select id, number::text, status, kind, date::text, memo, reversed_by_id, source_module, source_id
          from ledger_journal_entries where id = ${id} for update`,
  );
  if (!entry) throw notFound(ledgerMessages.entryNotFound, 'entry_not_found');
  return entry;
}

export async function updateDraft(db: Db, id: string, input: Partial<DraftInput>): Promise<JournalEntryJson> {
  return withLedgerErrors(() =>
    db.transaction(async (tx) => {
      const entry = await lockEntry(tx, id);
      if (entry.status !== 'draft') throw fail(ledgerMessages.entryNotDraft(formatEntryNumber(entry.number)), 'entry_posted');
      const date = input.date ?? entry.date;
      let lineInputs = input.lines;
      if (!lineInputs) lineInputs = await draftLineInputs(tx, id);
      const refs = await loadRefs(tx, lineInputs);
      const lines = prepareLines(lineInputs, refs, 'draft');
      await tx.delete(ledgerJournalLines).where(eq(ledgerJournalLines.entryId, id));
      const all: LineRow[] = [];
      queueLines(id, date, lines, all);
      await flushLines(tx, all);
      await tx
        .update(ledgerJournalEntries)
        .set({ date, memo: input.memo ?? entry.memo, fingerprint: entryFingerprint(date, lineInputs), updatedAt: new Date() })
        .where(eq(ledgerJournalEntries.id, id));
      return getEntry(tx, id);
    }),
  );
}

export async function deleteDraft(db: Db, id: string): Promise<void> {
  await withLedgerErrors(() =>
    db.transaction(async (tx) => {
      const entry = await lockEntry(tx, id);
      if (entry.status !== 'draft') throw fail(ledgerMessages.postedCannotBeDeleted(formatEntryNumber(entry.number)), 'entry_posted');
      await tx.delete(ledgerJournalEntries).where(eq(ledgerJournalEntries.id, id));
    }),
  );
}

/** A draft's lines as posting input again (original currency amounts for foreign lines). */
async function draftLineInputs(tx: Db, entryId: string): Promise<PostingLine[]> {
  const found = await rows<{ code: string; debit: string; credit: string; currency: string; original: string | null; rate: string | null; cc: string | null; property: string | null; memo: string | null }>(
    tx,
    sql`select a.code, l.debit::text, l.credit::text, l.currency, l.original_amount::text as original, l.rate::text, c.code as cc, l.property, l.memo
          from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
          left join ledger_cost_centers c on c.id = l.cost_center_id
         where l.entry_id = ${entryId} order by l.line_no`,
  );
  return found.map((l) => {
    const foreign = l.currency !== BASE_CURRENCY;
    const debit = big(l.debit);
    const credit = big(l.credit);
    return {
      accountCode: l.code,
      debit: foreign && debit > 0n ? big(l.original) : debit,
      credit: foreign && credit > 0n ? big(l.original) : credit,
      currency: l.currency,
      rate: l.rate ? normalizeRate(l.rate) : undefined,
      costCenter: l.cc,
      property: l.property,
      memo: l.memo,
    };
  });
}

/** Posts a draft after checking it again (balance, accounts, period). Posting a posted entry returns it unchanged. */
export async function postDraft(db: Db, id: string, opts: { userId?: string | null } = {}): Promise<JournalEntryJson> {
  return withLedgerErrors(() =>
    db.transaction(async (tx) => {
      const entry = await lockEntry(tx, id);
      if (entry.status === 'posted') return getEntry(tx, id);
      const inputs = await draftLineInputs(tx, id);
      const refs = await loadRefs(tx, inputs);
      const lines = prepareLines(inputs, refs, 'post');
      await assertPeriodOpen(tx, entry.date, entry.kind);
      await tx.delete(ledgerJournalLines).where(eq(ledgerJournalLines.entryId, id));
      const all: LineRow[] = [];
      queueLines(id, entry.date, lines, all);
      await flushLines(tx, all);
      await tx
        .update(ledgerJournalEntries)
        .set({ status: 'posted', postedBy: opts.userId ?? null, postedAt: new Date(), fingerprint: entryFingerprint(entry.date, inputs), updatedAt: new Date() })
        .where(eq(ledgerJournalEntries.id, id));
      return getEntry(tx, id);
    }),
  );
}

/**
 * Reverses a posted entry with a mirror entry dated when the reversal is made (today in Dubai unless
 * told), marks the original as reversed, and returns both. The original's lines never change.
 */
export async function reverseEntry(db: Db, id: string, opts: { userId?: string | null; date?: string; memo?: string } = {}): Promise<{ reversal: JournalEntryJson; original: JournalEntryJson }> {
  return withLedgerErrors(() =>
    db.transaction(async (tx) => {
      const entry = await lockEntry(tx, id);
      const ref = formatEntryNumber(entry.number);
      if (entry.status !== 'posted') throw fail(ledgerMessages.entryNotPosted(ref), 'entry_not_posted');
      if (entry.kind === 'closing') throw fail(ledgerMessages.closingCannotBeReversed, 'closing_entry');
      if (entry.reversed_by_id) {
        const [by] = await rows<{ number: string }>(tx, sql`select number::text from ledger_journal_entries where id = ${entry.reversed_by_id}`);
        throw new AppError(409, 'already_reversed', ledgerMessages.alreadyReversed(ref, formatEntryNumber(by?.number ?? '?')));
      }
      const date = opts.date ?? todayInDubai();
      await assertPeriodOpen(tx, date, 'reversal');
      const original = await rows<{ account_id: string; debit: string; credit: string; currency: string; original_amount: string | null; rate: string | null; cost_center_id: string | null; property: string | null; memo: string | null }>(
        tx,
        sql`select account_id, debit::text, credit::text, currency, original_amount::text, rate::text, cost_center_id, property, memo
              from ledger_journal_lines where entry_id = ${id} order by line_no`,
      );
      const prepared: PreparedLine[] = original.map((l) => ({
        accountId: l.account_id,
        debit: big(l.credit),
        credit: big(l.debit),
        currency: l.currency,
        originalAmount: l.original_amount === null ? null : big(l.original_amount),
        rate: l.rate,
        costCenterId: l.cost_center_id,
        property: l.property,
        memo: l.memo,
      }));
      const memo = opts.memo?.trim() || `Reversal of ${ref}${entry.memo ? `: ${entry.memo}` : ''}`;
      const [posted] = await postManyIn(tx, [
        {
          date,
          memo,
          source: { module: REVERSAL_SOURCE, id },
          authorId: opts.userId ?? null,
          kind: 'reversal',
          reversesId: id,
          lines: prepared.map((l, i) => ({ accountCode: `#${i}`, debit: l.debit, credit: l.credit })),
          prepared,
        },
      ]);
      await tx.update(ledgerJournalEntries).set({ reversedById: posted.id, reversedAt: new Date() }).where(eq(ledgerJournalEntries.id, id));
      return { reversal: await getEntry(tx, posted.id), original: await getEntry(tx, id) };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Reading entries

export type EntryRow = {
  id: string;
  number: string;
  date: string;
  memo: string;
  status: 'draft' | 'posted';
  kind: 'standard' | 'reversal' | 'closing';
  source_module: string;
  source_id: string;
  created_by: string | null;
  posted_by: string | null;
  posted_at: string | null;
  reverses_id: string | null;
  reverses_number: string | null;
  reversed_by_id: string | null;
  reversed_by_number: string | null;
  debit: string;
  credit: string;
};

export const entrySelect = sql`
  select e.id, e.number::text, e.date::text, e.memo, e.status, e.kind, e.source_module, e.source_id,
         e.created_by, e.posted_by, e.posted_at::text,
         e.reverses_id, r.number::text as reverses_number, e.reversed_by_id, rb.number::text as reversed_by_number,
         coalesce(t.debit, 0)::text as debit, coalesce(t.credit, 0)::text as credit
    from ledger_journal_entries e
    left join ledger_journal_entries r on r.id = e.reverses_id
    left join ledger_journal_entries rb on rb.id = e.reversed_by_id
    left join lateral (select sum(l.debit) as debit, sum(l.credit) as credit from ledger_journal_lines l where l.entry_id = e.id) t on true`;

export function toEntryJson(e: EntryRow, lines: JournalLineJson[]): JournalEntryJson {
  const debit = big(e.debit);
  const credit = big(e.credit);
  return {
    id: e.id,
    number: formatEntryNumber(e.number),
    date: e.date,
    memo: e.memo,
    status: e.status,
    kind: e.kind,
    source: { module: e.source_module, id: e.source_id },
    createdBy: e.created_by,
    postedBy: e.posted_by,
    postedAt: e.posted_at ? new Date(e.posted_at.replace(' ', 'T').replace(/\+00$/, 'Z')).toISOString() : null,
    reverses: e.reverses_id ? { id: e.reverses_id, number: formatEntryNumber(e.reverses_number ?? '') } : null,
    reversedBy: e.reversed_by_id ? { id: e.reversed_by_id, number: formatEntryNumber(e.reversed_by_number ?? '') } : null,
    totals: { debit: debit.toString(), credit: credit.toString(), difference: (debit - credit).toString() },
    lines,
  };
}

export async function getEntry(db: Db, id: string): Promise<JournalEntryJson> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(ledgerMessages.entryNotFound, 'entry_not_found');
  const [entry] = await rows<EntryRow>(db, sql`${entrySelect} where e.id = ${id}`);
  if (!entry) throw notFound(ledgerMessages.entryNotFound, 'entry_not_found');
  const lines = await rows<{ line_no: number; code: string; name: string; debit: string; credit: string; currency: string; original_amount: string | null; rate: string | null; cc: string | null; property: string | null; memo: string | null }>(
    db,
    sql`select l.line_no, a.code, a.name, l.debit::text, l.credit::text, l.currency, l.original_amount::text, l.rate::text, c.code as cc, l.property, l.memo
          from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
          left join ledger_cost_centers c on c.id = l.cost_center_id
         where l.entry_id = ${id} order by l.line_no`,
  );
  return toEntryJson(
    entry,
    lines.map((l) => ({
      lineNo: Number(l.line_no),
      accountCode: l.code,
      accountName: l.name,
      debit: l.debit,
      credit: l.credit,
      currency: l.currency,
      originalAmount: l.original_amount,
      rate: l.rate ? normalizeRate(l.rate) : null,
      costCenter: l.cc,
      property: l.property,
      memo: l.memo,
    })),
  );
}
