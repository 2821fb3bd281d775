/**
 * Ledger benchmark on PostgreSQL (`bun tests/bench/ledger.ts`), side by side in one run:
 *
 *   (a) posting entries of 2–4 lines through the posting API (postMany, BATCH entries per transaction:
 *       all checks, the guard triggers, the deferred balance check and the balances upsert) against a raw
 *       batched INSERT of the same lines into a copy of the lines table (same columns, checks and indexes;
 *       no foreign keys, no triggers). Interleaved rounds; rows (lines) per second. Target ≥ 30 %.
 *   (b) with LINES posted lines (1,000,000 by default), the trial balance and the balance sheet (which read
 *       ledger_balances) against a raw GROUP BY over the journal lines for the same date. Median of ROUNDS
 *       runs each, interleaved. Target: each report ≤ 10 % of the GROUP BY's time.
 *
 * Env: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test): a server
 * where the bench may create and drop its own database. Flags: --entries=100000 --lines=1000000
 * --batch=2000 --rounds=5. Not a timed test: nothing fails on a slow figure.
 */
import postgres from 'postgres';
import { migrateDatabase, openDatabase } from '@db/client';
import { LEDGER_ACCOUNTS as A } from '@modules/ledger/contract';
import { seedChartOfAccounts } from '@modules/ledger/chart';
import { postMany, type PostingEntry } from '@modules/ledger/posting';
import { balanceSheet, trialBalance } from '@modules/ledger/reports';

const flags = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (k: string, d: number) => (flags.has(k) ? Number(flags.get(k)) : d);
const ENTRIES = num('entries', 100_000);
const TARGET_LINES = num('lines', 1_000_000);
const BATCH = num('batch', 2000);
const ROUNDS = num('rounds', 5);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = (m: string) => console.log(`[ledger-bench] ${m}`);

const name = `manzil_ledger_bench_${Date.now().toString(36)}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });
const raw = postgres(url.toString(), { max: 1, onnotice: () => {} });

try {
  await migrateDatabase(database);
  await seedChartOfAccounts(database.db);
  await raw.unsafe(`CREATE TABLE bench_raw_lines (LIKE ledger_journal_lines INCLUDING ALL)`);
  const ids = new Map((await raw<{ code: string; id: string }[]>`select code, id from ledger_accounts`).map((r) => [r.code, r.id]));
  const pool = [A.bankOperating, A.bankClientMoney, A.cardClearing, A.feesReceivable, A.vatInput, A.tradePayables, A.vatOutput, A.distributionsPayable, A.platformFees, A.transactionFees, A.rentalIncome, A.salaries, A.technology, A.marketing, A.officeRent, A.bankCharges];
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const day = (i: number) => new Date(Date.UTC(2025, 0, 1) + (i % 730) * 86_400_000).toISOString().slice(0, 10);

  let made = 0;
  const makeEntries = (n: number): PostingEntry[] =>
    Array.from({ length: n }, () => {
      const i = made++;
      const count = 2 + Math.floor(rnd() * 3);
      const amounts = Array.from({ length: count - 1 }, () => BigInt(1 + Math.floor(rnd() * 1_000_000)));
      const total = amounts.reduce((s, a) => s + a, 0n);
      const lines = amounts.map((a) => ({ accountCode: pool[Math.floor(rnd() * pool.length)], debit: a }));
      return { date: day(i), memo: `Bench ${i}`, source: { module: 'bench', id: String(i) }, lines: [...lines, { accountCode: pool[Math.floor(rnd() * pool.length)], credit: total, costCenter: i % 4 === 0 ? 'OPS' : null }] };
    });

  const rawRows = (entries: PostingEntry[]) =>
    entries.flatMap((e, k) =>
      e.lines.map((l, j) => ({
        entry_id: '00000000-0000-4000-8000-' + String(k).padStart(12, '0'),
        line_no: j + 1,
        date: e.date,
        account_id: ids.get(l.accountCode)!,
        debit: String(l.debit ?? 0n),
        credit: String(l.credit ?? 0n),
        currency: 'AED',
      })),
    );

  // (a) posting API vs raw batched INSERT, interleaved in chunks.
  const chunk = Math.max(BATCH, Math.floor(ENTRIES / 10));
  let apiMs = 0;
  let rawMs = 0;
  let apiLines = 0;
  let rawLines = 0;
  for (let done = 0; done < ENTRIES; done += chunk) {
    const entries = makeEntries(Math.min(chunk, ENTRIES - done));
    const lines = rawRows(entries);
    let t = performance.now();
    for (let i = 0; i < entries.length; i += BATCH) await database.db.transaction((tx) => postMany(tx, entries.slice(i, i + BATCH)));
    apiMs += performance.now() - t;
    apiLines += lines.length;
    t = performance.now();
    for (let i = 0; i < lines.length; i += 5000) {
      const part = lines.slice(i, i + 5000);
      await raw`insert into bench_raw_lines ${raw(part, 'entry_id', 'line_no', 'date', 'account_id', 'debit', 'credit', 'currency')}`;
    }
    rawMs += performance.now() - t;
    rawLines += lines.length;
    log(`posted ${done + entries.length} entries (${apiLines} lines)`);
  }
  const apiRate = (apiLines / apiMs) * 1000;
  const rawRate = (rawLines / rawMs) * 1000;

  // Fill up to TARGET_LINES posted lines.
  let total = Number((await raw`select count(*)::text as n from ledger_journal_lines`)[0].n);
  while (total < TARGET_LINES) {
    const entries = makeEntries(Math.min(20_000, Math.ceil((TARGET_LINES - total) / 3)));
    for (let i = 0; i < entries.length; i += BATCH) await database.db.transaction((tx) => postMany(tx, entries.slice(i, i + BATCH)));
    total = Number((await raw`select count(*)::text as n from ledger_journal_lines`)[0].n);
    log(`${total} lines posted`);
  }
  await raw`analyze`;

  // (b) reports vs raw GROUP BY over the lines, same date, medians of interleaved rounds.
  const to = '2026-12-31';
  const groupBy = () => raw`select account_id, sum(debit)::text as d, sum(credit)::text as c from ledger_journal_lines where date <= ${to} group by account_id`;
  const time = async (f: () => Promise<unknown>) => {
    const t = performance.now();
    await f();
    return performance.now() - t;
  };
  await groupBy();
  await trialBalance(database.db, { from: '2026-01-01', to });
  await balanceSheet(database.db, { from: '2026-01-01', to });
  const samples = { raw: [] as number[], tb: [] as number[], bs: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    samples.raw.push(await time(groupBy));
    samples.tb.push(await time(() => trialBalance(database.db, { from: '2026-01-01', to })));
    samples.bs.push(await time(() => balanceSheet(database.db, { from: '2026-01-01', to })));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const [mRaw, mTb, mBs] = [median(samples.raw), median(samples.tb), median(samples.bs)];
  const [{ n: balanceRows }] = await raw`select count(*)::text as n from ledger_balances`;

  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  console.log('');
  console.log(`posting API      ${apiRate.toFixed(0)} lines/s (${apiLines} lines in ${(apiMs / 1000).toFixed(1)} s, ${BATCH} entries per transaction)`);
  console.log(`raw INSERT       ${rawRate.toFixed(0)} lines/s (${rawLines} lines in ${(rawMs / 1000).toFixed(1)} s, 5000 rows per statement)`);
  console.log(`  → posting reaches ${pct(apiRate / rawRate)} of raw (target ≥ 30 %) ${apiRate / rawRate >= 0.3 ? 'OK' : 'BELOW TARGET'}`);
  console.log(`with ${total} posted lines (${balanceRows} balance rows):`);
  console.log(`raw GROUP BY     ${mRaw.toFixed(1)} ms`);
  console.log(`trial balance    ${mTb.toFixed(1)} ms → ${pct(mTb / mRaw)} of raw (target ≤ 10 %) ${mTb / mRaw <= 0.1 ? 'OK' : 'ABOVE TARGET'}`);
  console.log(`balance sheet    ${mBs.toFixed(1)} ms → ${pct(mBs / mRaw)} of raw (target ≤ 10 %) ${mBs / mRaw <= 0.1 ? 'OK' : 'ABOVE TARGET'}`);
  // One machine-readable line for `npm run bench` (tests/bench/run.ts) to add to its table.
  const ok = (good: boolean, target: string) => (good ? `ok (target ${target})` : `MISSED (target ${target})`);
  console.log(
    `BENCH_ROWS ${JSON.stringify({
      rows: [
        { name: 'ledger posting, PG (lines/s)', measured: apiRate.toFixed(0), against: `raw ${rawRate.toFixed(0)}`, ratio: pct(apiRate / rawRate), verdict: ok(apiRate / rawRate >= 0.3, '≥ 30 %') + `; ${apiLines} lines, ${BATCH} entries/tx` },
        { name: `trial balance @ ${(total / 1e6).toFixed(1)}M lines`, measured: `${mTb.toFixed(1)} ms`, against: `GROUP BY ${mRaw.toFixed(0)} ms`, ratio: pct(mTb / mRaw), verdict: ok(mTb / mRaw <= 0.1, '≤ 10 %') },
        { name: `balance sheet @ ${(total / 1e6).toFixed(1)}M lines`, measured: `${mBs.toFixed(1)} ms`, against: `GROUP BY ${mRaw.toFixed(0)} ms`, ratio: pct(mBs / mRaw), verdict: ok(mBs / mRaw <= 0.1, '≤ 10 %') },
      ],
      posting: { apiLinesPerSec: apiRate, rawLinesPerSec: rawRate, ratio: apiRate / rawRate, lines: apiLines, batch: BATCH },
      reports: { lines: total, balanceRows: Number(balanceRows), groupByMs: mRaw, trialBalanceMs: mTb, balanceSheetMs: mBs },
    })}`,
  );
} finally {
  await raw.end({ timeout: 5 });
  await database.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end({ timeout: 5 });
}
