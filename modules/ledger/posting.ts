import { createHash } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, unprocessable, type ErrorCode } from '@api/errors';
import { formatEntryNumber, LEDGER_ACCOUNTS, ledgerMessages } from './contract';
import { monthLabel } from '../platform/dates';
import { withLedgerErrors } from './errors';
import { BASE_CURRENCY, filsToDecimal, isKnownCurrency, normalizeRate, toBaseMinor } from '../platform/money';
import { ledgerAccounts, ledgerCostCenters } from './schema';
import { rows } from './sql';

/**
 * A time-ordered UUID (version 7: 48-bit milliseconds, then random bits) for new entries, so the primary key,
 * the lines' entry_id index and their foreign-key checks write near the end of their B-trees, not all over them.
 */
export function uuidv7(now = Date.now()): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  let ms = now;
  for (let i = 5; i >= 0; i--) {
    b[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  b[6] = (b[6] & 0x0f) | 0x70;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** One line as another module (or the API) states it. Amounts are minor units of `currency` (AED when absent). */
export type PostingLine = {
  accountCode: string;
  debit?: bigint;
  credit?: bigint;
  /** ISO 4217; when not AED, `rate` (AED per 1 unit, decimal string) is required. */
  currency?: string;
  rate?: string;
  costCenter?: string | null;
  property?: string | null;
  memo?: string | null;
};

export type PostingEntry = {
  /** The accounting date, YYYY-MM-DD. */
  date: string;
  memo?: string;
  /** What caused the entry; unique, so a repeat post returns the first entry instead of a second one. */
  source: { module: string; id: string };
  /** The user who caused it, or null for the system. */
  authorId?: string | null;
  lines: PostingLine[];
};

export type PostedEntry = { id: string; number: number; reference: string; date: string; created: boolean };

export type EntryKind = 'standard' | 'reversal' | 'closing';

export type PreparedLine = {
  accountId: string;
  debit: bigint;
  credit: bigint;
  currency: string;
  originalAmount: bigint | null;
  rate: string | null;
  costCenterId: string | null;
  property: string | null;
  memo: string | null;
};

type Refs = {
  accounts: Map<string, { id: string; code: string; name: string; isGroup: boolean; archived: boolean }>;
  costCenters: Map<string, { id: string; archived: boolean }>;
};

export const fail = (message: string, code: ErrorCode) => unprocessable(message, code);

export async function loadRefs(tx: Db, lines: PostingLine[]): Promise<Refs> {
  const accountCodes = [...new Set([...lines.map((l) => l.accountCode), LEDGER_ACCOUNTS.fxRounding])];
  const ccCodes = [...new Set(lines.map((l) => l.costCenter).filter((c): c is string => !!c))];
  const accounts = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, name: ledgerAccounts.name, isGroup: ledgerAccounts.isGroup, archivedAt: ledgerAccounts.archivedAt })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, accountCodes));
  const centers = ccCodes.length
    ? await tx.select({ id: ledgerCostCenters.id, code: ledgerCostCenters.code, archivedAt: ledgerCostCenters.archivedAt }).from(ledgerCostCenters).where(inArray(ledgerCostCenters.code, ccCodes))
    : [];
  return {
    accounts: new Map(accounts.map((a) => [a.code, { id: a.id, code: a.code, name: a.name, isGroup: a.isGroup, archived: a.archivedAt !== null }])),
    costCenters: new Map(centers.map((c) => [c.code, { id: c.id, archived: c.archivedAt !== null }])),
  };
}

/**
 * Checks each line against the chart and converts foreign amounts to fils (half-even, once per line).
 * When posting, a residual of at most one fil per foreign line goes to the rounding account as a
 * visible line; anything else unbalanced is refused.
 */
export function prepareLines(lines: PostingLine[], refs: Refs, mode: 'draft' | 'post'): PreparedLine[] {
  let fxLines = 0;
  const prepared = lines.map((line): PreparedLine => {
    const account = refs.accounts.get(line.accountCode);
    if (!account) throw fail(ledgerMessages.accountNotFound(line.accountCode), 'account_not_found');
    if (account.isGroup) throw fail(ledgerMessages.accountIsGroup(account.code, account.name), 'account_is_group');
    if (account.archived) throw fail(ledgerMessages.accountArchived(account.code, account.name), 'account_archived');
    let costCenterId: string | null = null;
    if (line.costCenter) {
      const cc = refs.costCenters.get(line.costCenter);
      if (!cc) throw fail(ledgerMessages.costCenterNotFound(line.costCenter), 'cost_center_not_found');
      if (cc.archived) throw fail(ledgerMessages.costCenterArchived(line.costCenter), 'cost_center_archived');
      costCenterId = cc.id;
    }
    const debit = line.debit ?? 0n;
    const credit = line.credit ?? 0n;
    if (debit < 0n || credit < 0n || (debit > 0n) === (credit > 0n)) {
      throw fail('Each line needs either a debit or a credit amount, not both.', 'invalid_line');
    }
    const currency = (line.currency ?? BASE_CURRENCY).toUpperCase();
    const base = { accountId: account.id, costCenterId, property: line.property ?? null, memo: line.memo ?? null };
    if (currency === BASE_CURRENCY) {
      if (line.rate !== undefined && line.rate !== null && line.rate !== '' && line.rate !== '1') throw fail(ledgerMessages.fxRateUnexpected, 'fx_rate_unexpected');
      return { ...base, debit, credit, currency, originalAmount: null, rate: null };
    }
    if (!isKnownCurrency(currency)) throw fail(ledgerMessages.unknownCurrency(currency), 'unknown_currency');
    if (!line.rate) throw fail(ledgerMessages.fxRateMissing(currency), 'fx_rate_missing');
    const original = debit > 0n ? debit : credit;
    const aed = toBaseMinor(original, currency, line.rate);
    if (aed <= 0n) throw fail(`The ${currency} amount on account ${account.code} converts to less than one fil.`, 'fx_amount_too_small');
    fxLines += 1;
    return { ...base, debit: debit > 0n ? aed : 0n, credit: credit > 0n ? aed : 0n, currency, originalAmount: original, rate: normalizeRate(line.rate) };
  });
  if (mode === 'draft') return prepared;
  return balanceOrRefuse(prepared, fxLines, refs);
}

function totals(lines: { debit: bigint; credit: bigint }[]) {
  let debit = 0n;
  let credit = 0n;
  for (const l of lines) {
    debit += l.debit;
    credit += l.credit;
  }
  return { debit, credit };
}

function balanceOrRefuse(lines: PreparedLine[], fxLines: number, refs: Refs): PreparedLine[] {
  if (lines.length < 2) throw fail(ledgerMessages.tooFewLines, 'too_few_lines');
  const { debit, credit } = totals(lines);
  const residual = debit - credit;
  if (residual === 0n) return lines;
  const rounding = refs.accounts.get(LEDGER_ACCOUNTS.fxRounding);
  const abs = residual < 0n ? -residual : residual;
  if (fxLines > 0 && abs <= BigInt(fxLines) && rounding && !rounding.archived && !rounding.isGroup) {
    return [
      ...lines,
      {
        accountId: rounding.id,
        debit: residual < 0n ? abs : 0n,
        credit: residual > 0n ? abs : 0n,
        currency: BASE_CURRENCY,
        originalAmount: null,
        rate: null,
        costCenterId: null,
        property: null,
        memo: 'Rounding from currency conversion',
      },
    ];
  }
  if (fxLines > 0) throw fail(ledgerMessages.fxResidualTooLarge(abs.toString()), 'unbalanced_entry');
  throw fail(ledgerMessages.unbalanced(filsToDecimal(debit), filsToDecimal(credit)), 'unbalanced_entry');
}

/** Checks lines exactly as posting would (accounts, cost centers, currencies, balance) without writing anything. */
export async function validateLines(db: Db, lines: PostingLine[]): Promise<void> {
  prepareLines(lines, await loadRefs(db, lines), 'post');
}

/** A stable digest of what an entry says (date and lines), to tell a true repeat from a clash of sources. */
export function entryFingerprint(date: string, lines: PostingLine[]): string {
  const canonical = lines.map((l) => [
    l.accountCode,
    String(l.debit ?? 0n),
    String(l.credit ?? 0n),
    (l.currency ?? BASE_CURRENCY).toUpperCase(),
    l.rate ? normalizeRate(l.rate) : '',
    l.costCenter ?? '',
    l.property ?? '',
  ]);
  return createHash('sha256').update(JSON.stringify([date, canonical])).digest('hex');
}

type ClosedPeriod = { kind: 'month' | 'year'; start: string; end: string };

async function closedPeriods(tx: Db): Promise<ClosedPeriod[]> {
  return rows<ClosedPeriod>(tx, sql`select kind, start_date::text as start, end_date::text as "end" from ledger_fiscal_periods where status = 'closed'`);
}

/** The 422 for a date inside a closed period (closing entries may still post into a closed month of their open year). */
export function periodClosedError(periods: ClosedPeriod[], date: string, kind: EntryKind): AppError | null {
  const year = periods.find((p) => p.kind === 'year' && p.start <= date && date <= p.end);
  if (year) return fail(ledgerMessages.yearClosed(year.start.slice(0, 4), date), 'period_closed');
  if (kind === 'closing') return null;
  const month = periods.find((p) => p.kind === 'month' && p.start <= date && date <= p.end);
  if (month) return fail(ledgerMessages.monthClosed(monthLabel(month.start), date), 'period_closed');
  return null;
}

export async function assertPeriodOpen(tx: Db, date: string, kind: EntryKind = 'standard') {
  const err = periodClosedError(await closedPeriods(tx), date, kind);
  if (err) throw err;
}

export type LineRow = PreparedLine & { entryId: string; lineNo: number; date: string };

export function queueLines(entryId: string, date: string, lines: PreparedLine[], all: LineRow[]) {
  lines.forEach((l, i) => all.push({ entryId, lineNo: i + 1, date, ...l }));
}

const LINE_CHUNK = 20_000;

/**
 * Inserts lines as one JSON parameter expanded by jsonb_to_recordset: one statement and one bind value per
 * 20,000 lines, instead of a dozen bind parameters per line.
 */
export async function flushLines(tx: Db, all: LineRow[]) {
  for (let i = 0; i < all.length; ) {
    // A posted entry takes its lines in one statement, so a chunk never splits an entry.
    let end = Math.min(i + LINE_CHUNK, all.length);
    while (end < all.length && all[end]!.entryId === all[end - 1]!.entryId) end += 1;
    const chunk = all.slice(i, end);
    i = end;
    const json = JSON.stringify(
      chunk.map((l) => ({
        e: l.entryId,
        n: l.lineNo,
        d: l.date,
        a: l.accountId,
        dr: l.debit.toString(),
        cr: l.credit.toString(),
        c: l.currency,
        o: l.originalAmount === null ? null : l.originalAmount.toString(),
        r: l.rate,
        cc: l.costCenterId,
        p: l.property,
        m: l.memo,
      })),
    );
    await tx.execute(sql`
      insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit, credit, currency, original_amount, rate, cost_center_id, property, memo)
      select x.e, x.n, x.d, x.a, x.dr, x.cr, x.c, x.o, x.r, x.cc, x.p, x.m
        from jsonb_to_recordset(${json}::jsonb) as x(e uuid, n smallint, d date, a uuid, dr bigint, cr bigint, c text, o bigint, r numeric, cc uuid, p text, m text)`);
  }
}

export type InternalEntry = PostingEntry & { kind?: EntryKind; reversesId?: string | null; prepared?: PreparedLine[] };

/**
 * Posts entries inside the caller's transaction (a savepoint when `db` is already one), so the business
 * change and its entries commit or fail together. Balance, accounts, cost centers and periods are checked
 * here first, then again by the database at commit. Repeats of a source return the existing entry.
 */
export async function postMany(db: Db, entries: PostingEntry[]): Promise<PostedEntry[]> {
  if (entries.length === 0) return [];
  return withLedgerErrors(() => db.transaction((tx) => postManyIn(tx, entries as InternalEntry[])));
}

/** Posts one entry: `post(tx, { date, memo, source: { module, id }, authorId, lines })`. */
export async function post(db: Db, entry: PostingEntry): Promise<PostedEntry> {
  const [posted] = await postMany(db, [entry]);
  return posted;
}

/** Internal: posts inside an open transaction (used by reversal and year-end close). */
export async function postManyIn(tx: Db, entries: InternalEntry[]): Promise<PostedEntry[]> {
  const refs = await loadRefs(tx, entries.flatMap((e) => e.lines));
  const periods = await closedPeriods(tx);
  const prepared = entries.map((e) => {
    if (!e.source?.module || !e.source?.id) throw fail('Every entry needs its source: the module and the id of what caused it.', 'source_missing');
    const kind = e.kind ?? 'standard';
    const lines = e.prepared ?? prepareLines(e.lines, refs, 'post');
    if (e.prepared) balanceOrRefuse(lines, 0, refs);
    const closed = periodClosedError(periods, e.date, kind);
    if (closed) throw closed;
    return { entry: e, kind, lines, fingerprint: entryFingerprint(e.date, e.lines) };
  });

  // Sources that already have an entry are answered from it (no insert, so no gap in entry numbers).
  const key = (m: string, id: string) => `${m}\u0000${id}`;
  type Existing = { id: string; number: string; date: string; status: string; fingerprint: string; source_module: string; source_id: string };
  const lookup = async (list: typeof prepared) =>
    rows<Existing>(
      tx,
      sql`select e.id, e.number::text, e.date::text, e.status, e.fingerprint, e.source_module, e.source_id
            from jsonb_to_recordset(${JSON.stringify(list.map((p) => ({ m: p.entry.source.module, i: p.entry.source.id })))}::jsonb) as s(m text, i text)
            join ledger_journal_entries e on e.source_module = s.m and e.source_id = s.i`,
    );
  const existing = new Map((await lookup(prepared)).map((e) => [key(e.source_module, e.source_id), e]));
  const toInsert: typeof prepared = [];
  const queued = new Set<string>();
  for (const p of prepared) {
    const k = key(p.entry.source.module, p.entry.source.id);
    if (existing.has(k) || queued.has(k)) continue;
    queued.add(k);
    toInsert.push(p);
  }

  const inserted = toInsert.length
    ? (
        await rows<{ id: string; number: string; source_module: string; source_id: string }>(
          tx,
          // Inserted already posted; the lines follow in this transaction, and the database checks the whole
          // entry (balance, lines, dates, period) at commit (migration 0017).
          sql`insert into ledger_journal_entries (id, date, memo, status, kind, source_module, source_id, fingerprint, created_by, reverses_id, posted_by, posted_at)
              select x.id, x.d, x.memo, 'posted', x.k::ledger_entry_kind, x.m, x.i, x.f, x.cb, x.rv, x.cb, now()
                from jsonb_to_recordset(${JSON.stringify(
                  toInsert.map((p, n) => ({
                    n,
                    id: uuidv7(),
                    d: p.entry.date,
                    memo: (p.entry.memo ?? '').slice(0, 1000),
                    k: p.kind,
                    m: p.entry.source.module,
                    i: p.entry.source.id,
                    f: p.fingerprint,
                    cb: p.entry.authorId ?? null,
                    rv: p.entry.reversesId ?? null,
                  })),
                )}::jsonb) as x(n int, id uuid, d date, memo text, k text, m text, i text, f text, cb uuid, rv uuid)
               order by x.n
              -- A concurrent transaction may have claimed a source since the lookup: it wins, we answer from it.
              on conflict (source_module, source_id) do nothing
              returning id, number::text, source_module, source_id`,
        )
      ).map((r) => ({ id: r.id, number: Number(r.number), sourceModule: r.source_module, sourceId: r.source_id }))
    : [];

  const created = new Map(inserted.map((r) => [key(r.sourceModule, r.sourceId), r]));
  const allLines: LineRow[] = [];
  for (const p of toInsert) {
    const row = created.get(key(p.entry.source.module, p.entry.source.id));
    if (row) queueLines(row.id, p.entry.date, p.lines, allLines);
  }
  await flushLines(tx, allLines);

  const raced = toInsert.filter((p) => !created.has(key(p.entry.source.module, p.entry.source.id)));
  if (raced.length) for (const e of await lookup(raced)) existing.set(key(e.source_module, e.source_id), e);

  const results: PostedEntry[] = [];
  const answered = new Set<string>();
  for (const p of prepared) {
    const k = key(p.entry.source.module, p.entry.source.id);
    const row = created.get(k);
    if (row && !answered.has(k)) {
      answered.add(k);
      results.push({ id: row.id, number: row.number, reference: formatEntryNumber(row.number), date: p.entry.date, created: true });
      continue;
    }
    const found = existing.get(k) ?? (row ? { id: row.id, number: String(row.number), date: p.entry.date, status: 'posted', fingerprint: toInsert.find((t) => key(t.entry.source.module, t.entry.source.id) === k)!.fingerprint } : undefined);
    if (!found) throw new AppError(409, 'retry', 'Another posting for the same source was in progress. Please try again.');
    if (found.fingerprint !== p.fingerprint) throw new AppError(409, 'source_conflict', ledgerMessages.sourceConflict(p.entry.source.module, p.entry.source.id));
    if (found.status !== 'posted') throw new AppError(409, 'source_is_draft', `The entry for ${p.entry.source.module} ${p.entry.source.id} is still a draft (${formatEntryNumber(found.number)}).`);
    results.push({ id: found.id, number: Number(found.number), reference: formatEntryNumber(found.number), date: found.date, created: false });
  }
  return results;
}
