/**
 * Property test on randomly generated books: whatever is posted (AED and foreign lines, dimensions,
 * drafts, batches, reversals, a year-end close), the trial balance, the general ledger, the balance
 * sheet, the P&L and the cash flow agree with each other and with an independent model of the
 * postings, to the fil, for random date ranges — and hledger reads the export to the same balances.
 * Seeded PRNG, a new seed each run: a failure prints its seed; rerun it with LEDGER_PBT_SEED=<seed>.
 * LEDGER_PBT_RUNS=<n> posts n books per database kind (default 1 on PGlite, 2 on PostgreSQL).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '@db/client';
import { testDbKinds } from '@tests/helpers/db';
import { LEDGER_ACCOUNTS as A, DEBIT_NORMAL, type AccountType } from './contract';
import { addDays, yearEnd } from '../platform/dates';
import { hledgerJournal } from './export';
import { toBaseMinor } from '../platform/money';
import { closeYear } from './periods';
import { post, postMany, type PostingEntry, type PostingLine } from './posting';
import { createDraft, getEntry, postDraft, reverseEntry } from './drafts';
import { balanceSheet, cashFlow, generalLedger, loadAccounts, profitAndLoss, trialBalance, verifyBalances } from './reports';
import { rows } from './sql';
import { ledgerTestDatabase } from './test-helpers';

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = ReturnType<typeof mulberry32>;
const int = (r: Rand, lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
const pick = <T,>(r: Rand, xs: readonly T[]) => xs[Math.floor(r() * xs.length)];

const POOL = [
  A.bankOperating, A.bankClientMoney, A.cardClearing, A.feesReceivable, A.vatInput, A.prepayments, A.officeEquipment, A.accumulatedDepreciation,
  A.distributionsPayable, A.tradePayables, A.vatOutput, A.salariesPayable, A.shareCapital,
  A.platformFees, A.performanceFees, A.transactionFees, A.earlyExitFees, A.rentalIncome,
  A.salaries, A.officeRent, A.technology, A.marketing, A.bankCharges, A.depreciation,
] as const;
const CENTERS = [null, null, 'OPS', 'TECH', 'MKT'] as const;
const PROPERTIES = [null, null, null, 'marina-heights', 'palm-villa'] as const;

/** What was posted, as the test itself computed it: date, closing or not, AED lines with dimensions. */
type ModelLine = { code: string; debit: bigint; credit: bigint; cc: string | null; property: string | null };
type ModelEntry = { date: string; closing: boolean; lines: ModelLine[] };

function randomDate(r: Rand, from: string, days: number) {
  return addDays(from, int(r, 0, days));
}

function randomEntry(r: Rand, date: string, id: string): { entry: PostingEntry; model: ModelEntry } {
  const n = int(r, 1, 4);
  const lines: PostingLine[] = [];
  const model: ModelLine[] = [];
  let net = 0n;
  for (let i = 0; i < n; i++) {
    const code = pick(r, POOL);
    const cc = pick(r, CENTERS);
    const property = pick(r, PROPERTIES);
    const debitSide = r() < 0.5;
    if (r() < 0.2) {
      const original = BigInt(int(r, 1, 5_000_000));
      const rate = pick(r, ['3.6725', '3.67', '4.02', '0.044', '11.95']);
      const currency = rate === '0.044' ? 'INR' : rate === '11.95' ? 'KWD' : rate === '4.02' ? 'EUR' : 'USD';
      const aed = toBaseMinor(original, currency, rate);
      if (aed === 0n) continue;
      lines.push({ accountCode: code, debit: debitSide ? original : 0n, credit: debitSide ? 0n : original, currency, rate, costCenter: cc, property });
      model.push({ code, debit: debitSide ? aed : 0n, credit: debitSide ? 0n : aed, cc, property });
      net += debitSide ? aed : -aed;
    } else {
      const amount = BigInt(int(r, 1, 20_000_000));
      lines.push({ accountCode: code, debit: debitSide ? amount : 0n, credit: debitSide ? 0n : amount, costCenter: cc, property });
      model.push({ code, debit: debitSide ? amount : 0n, credit: debitSide ? 0n : amount, cc, property });
      net += debitSide ? amount : -amount;
    }
  }
  const code = pick(r, POOL);
  const cc = pick(r, CENTERS);
  const property = pick(r, PROPERTIES);
  const balancing = net === 0n ? BigInt(int(r, 1, 1000)) : net;
  if (net === 0n) {
    // Everything cancelled out: add a matched pair instead so the entry still has real lines.
    lines.push({ accountCode: code, debit: balancing, costCenter: cc, property }, { accountCode: A.bankOperating, credit: balancing });
    model.push({ code, debit: balancing, credit: 0n, cc, property }, { code: A.bankOperating, debit: 0n, credit: balancing, cc: null, property: null });
  } else {
    const debit = net < 0n ? -net : 0n;
    const credit = net > 0n ? net : 0n;
    lines.push({ accountCode: code, debit, credit, costCenter: cc, property });
    model.push({ code, debit, credit, cc, property });
  }
  return { entry: { date, memo: `Random entry ${id}`, source: { module: 'pbt', id }, lines }, model: { date, closing: false, lines: model } };
}

async function buildBooks(db: Db, r: Rand): Promise<ModelEntry[]> {
  const model: ModelEntry[] = [];
  const posted: { id: string; model: ModelEntry }[] = [];
  let seq = 0;
  const next = (from: string, days: number) => randomEntry(r, randomDate(r, from, days), String(++seq));

  const postSome = async (from: string, days: number, count: number) => {
    let left = count;
    while (left > 0) {
      const mode = r();
      if (mode < 0.5) {
        const { entry, model: m } = next(from, days);
        const p = await post(db, entry);
        if (r() < 0.1) expect((await post(db, entry)).id).toBe(p.id); // an idempotent repeat
        posted.push({ id: p.id, model: m });
        model.push(m);
        left -= 1;
      } else if (mode < 0.8) {
        const batch = Array.from({ length: Math.min(left, int(r, 2, 6)) }, () => next(from, days));
        const ps = await db.transaction((tx) => postMany(tx, batch.map((b) => b.entry)));
        ps.forEach((p, i) => posted.push({ id: p.id, model: batch[i].model }));
        model.push(...batch.map((b) => b.model));
        left -= batch.length;
      } else {
        const { entry, model: m } = next(from, days);
        const { entry: draft } = await createDraft(db, entry);
        const p = await postDraft(db, draft.id);
        // The draft's lines are stored converted; the rounding line, if any, appears on posting.
        posted.push({ id: p.id, model: m });
        model.push(m);
        left -= 1;
      }
    }
  };
  const reverseSome = async (count: number, earliest: string, latest: string) => {
    for (let i = 0; i < count; i++) {
      const candidates = posted.filter((p) => !p.model.closing);
      const target = pick(r, candidates);
      const date = addDays(target.model.date, int(r, 0, 40));
      if (date > latest || date < earliest) continue;
      try {
        const { reversal } = await reverseEntry(db, target.id, { date });
        model.push({ date, closing: false, lines: reversal.lines.map((l) => ({ code: l.accountCode, debit: BigInt(l.debit), credit: BigInt(l.credit), cc: l.costCenter, property: l.property })) });
        // Its mirror must equal the model of the original, line by line.
        const original = model.find((m) => m === target.model)!;
        const sum = (ls: ModelLine[]) => ls.reduce((s, l) => s + l.debit - l.credit, 0n);
        expect(sum(model[model.length - 1].lines)).toBe(-sum(original.lines));
      } catch (err) {
        if ((err as { status?: number }).status !== 409) throw err; // already reversed: fine
      }
    }
  };

  await postSome('2025-01-01', 364, 50);
  await reverseSome(4, '2025-01-01', '2025-12-31');
  const { closingEntry } = await closeYear(db, 2025, { today: '2026-01-02' });
  if (closingEntry) {
    const closing = await getEntry(db, closingEntry.id);
    model.push({ date: closing.date, closing: true, lines: closing.lines.map((l) => ({ code: l.accountCode, debit: BigInt(l.debit), credit: BigInt(l.credit), cc: l.costCenter, property: l.property })) });
  }
  await postSome('2026-01-01', 180, 40);
  await reverseSome(6, '2026-01-01', '2026-07-31');

  // FX rounding lines: the model keeps the converted lines; take any rounding line the ledger added from the entries themselves.
  for (const p of posted) {
    const entry = await getEntry(db, p.id);
    const rounding = entry.lines.filter((l) => l.memo === 'Rounding from currency conversion');
    for (const l of rounding) p.model.lines.push({ code: l.accountCode, debit: BigInt(l.debit), credit: BigInt(l.credit), cc: null, property: null });
  }
  return model;
}

type Acc = { code: string; type: AccountType; cashFlow: string | null };

async function checkAgreement(db: Db, model: ModelEntry[], accounts: Map<string, Acc>, from: string, to: string, r: Rand) {
  const ctx = `range ${from}..${to}`;
  const net = (filter: (e: ModelEntry, l: ModelLine) => boolean) => {
    const out = new Map<string, bigint>();
    for (const e of model) for (const l of e.lines) if (filter(e, l)) out.set(l.code, (out.get(l.code) ?? 0n) + l.debit - l.credit);
    return out;
  };
  const closingModel = net((e) => e.date <= to);
  const openingModel = net((e) => e.date < from);
  const movement = (e: ModelEntry) => e.date >= from && e.date <= to;

  // Trial balance: balanced, and every account equal to the model.
  const tb = await trialBalance(db, { from, to });
  expect(tb.totals.debit, ctx).toBe(tb.totals.credit);
  expect(tb.totals.opening.debit, ctx).toBe(tb.totals.opening.credit);
  expect(tb.totals.movement.debit, ctx).toBe(tb.totals.movement.credit);
  const tbNet = new Map(tb.rows.map((row) => [row.accountCode, BigInt(row.debit) - BigInt(row.credit)]));
  for (const [code, v] of closingModel) expect(tbNet.get(code) ?? 0n, `${ctx} TB ${code}`).toBe(v);
  for (const row of tb.rows) {
    const opening = BigInt(row.opening.debit) - BigInt(row.opening.credit);
    expect(opening, `${ctx} opening ${row.accountCode}`).toBe(openingModel.get(row.accountCode) ?? 0n);
    expect(opening + BigInt(row.movement.debit) - BigInt(row.movement.credit), `${ctx} roll-forward ${row.accountCode}`).toBe(tbNet.get(row.accountCode));
  }

  // General ledger over everything: totals from the lines equal the trial balance's movements.
  const glAll = await generalLedger(db, { from, to, limit: 1 });
  expect(glAll.totals, ctx).toEqual(tb.totals.movement);
  // For a few accounts: opening, paged running balance and closing agree with the trial balance.
  for (const row of tb.rows.filter(() => r() < 0.25).slice(0, 4)) {
    let offset = 0;
    let last: string | null = null;
    let d = 0n;
    let c = 0n;
    let first = true;
    let opening = 0n;
    for (;;) {
      const page = await generalLedger(db, { from, to, account: row.accountCode, limit: 7, offset });
      if (first) {
        opening = BigInt(page.openingBalance);
        expect(page.closingBalance, `${ctx} GL closing ${row.accountCode}`).toBe((tbNet.get(row.accountCode) ?? 0n).toString());
        first = false;
      }
      let running = last === null ? opening : BigInt(last);
      for (const l of page.lines) {
        running += BigInt(l.debit) - BigInt(l.credit);
        expect(l.balance, `${ctx} running ${row.accountCode}`).toBe(running.toString());
        d += BigInt(l.debit);
        c += BigInt(l.credit);
        last = l.balance;
      }
      offset += page.lines.length;
      if (page.lines.length < 7) break;
    }
    expect(d.toString()).toBe(row.movement.debit);
    expect(c.toString()).toBe(row.movement.credit);
    expect((opening + d - c).toString()).toBe((tbNet.get(row.accountCode) ?? 0n).toString());
  }

  // P&L: equals the model without closing entries; sections add up.
  const pl = await profitAndLoss(db, { from, to });
  let income = 0n;
  let expenses = 0n;
  for (const e of model) {
    if (e.closing || !movement(e)) continue;
    for (const l of e.lines) {
      const t = accounts.get(l.code)!.type;
      if (t === 'income') income += l.credit - l.debit;
      if (t === 'expense') expenses += l.debit - l.credit;
    }
  }
  expect(pl.income.total, ctx).toBe(income.toString());
  expect(pl.expenses.total, ctx).toBe(expenses.toString());
  expect(pl.netIncome, ctx).toBe((income - expenses).toString());
  const leafSum = (rs: typeof pl.income.rows) => rs.filter((x) => !x.isGroup).reduce((s, x) => s + BigInt(x.amount), 0n);
  expect(leafSum(pl.income.rows).toString()).toBe(pl.income.total);

  // Balance sheet: assets = liabilities + equity + current earnings, and each side equals the trial balance.
  const bs = await balanceSheet(db, { from, to });
  expect(bs.balanced, ctx).toBe(true);
  const sumType = (types: AccountType[], sign: (t: AccountType) => bigint) =>
    [...tbNet].reduce((s, [code, v]) => (types.includes(accounts.get(code)!.type) ? s + sign(accounts.get(code)!.type) * v : s), 0n);
  const naturalSign = (t: AccountType) => (DEBIT_NORMAL.includes(t) ? 1n : -1n);
  expect(BigInt(bs.assets.total), ctx).toBe(sumType(['asset'], naturalSign));
  expect(BigInt(bs.liabilities.total), ctx).toBe(sumType(['liability'], naturalSign));
  expect(BigInt(bs.equity.total), ctx).toBe(sumType(['equity'], naturalSign));
  expect(BigInt(bs.currentEarnings), ctx).toBe(-sumType(['income', 'expense'], () => 1n));
  expect(BigInt(bs.assets.total)).toBe(BigInt(bs.liabilities.total) + BigInt(bs.equity.total) + BigInt(bs.currentEarnings));

  // Cash flow: reconciles to the change in cash, which equals the trial balance's cash accounts.
  const cf = await cashFlow(db, { from, to });
  const cash = (m: Map<string, bigint>) => [...m].reduce((s, [code, v]) => (accounts.get(code)!.cashFlow === 'cash' ? s + v : s), 0n);
  expect(BigInt(cf.closingCash), ctx).toBe(cash(closingModel));
  expect(BigInt(cf.openingCash), ctx).toBe(cash(openingModel));
  expect(BigInt(cf.openingCash) + BigInt(cf.netChange), ctx).toBe(BigInt(cf.closingCash));
  expect(cf.operating.netIncome, ctx).toBe(pl.netIncome);

  // A cost-center filtered trial balance equals the model filtered the same way.
  const cc = pick(r, ['OPS', 'TECH', 'MKT'] as const);
  const tbCc = await trialBalance(db, { from, to, costCenter: cc });
  const ccModel = net((e, l) => e.date <= to && l.cc === cc);
  const tbCcNet = new Map(tbCc.rows.map((row) => [row.accountCode, BigInt(row.debit) - BigInt(row.credit)]));
  for (const [code, v] of ccModel) expect(tbCcNet.get(code) ?? 0n, `${ctx} TB[${cc}] ${code}`).toBe(v);

  return { tbNet };
}

function hledgerBalances(journal: string): Map<string, bigint> | null {
  const probe = spawnSync('hledger', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) return null;
  const dir = mkdtempSync(path.join(tmpdir(), 'manzil-ledger-'));
  try {
    const file = path.join(dir, 'export.journal');
    writeFileSync(file, journal);
    const out = spawnSync('hledger', ['-f', file, 'balance', '--flat', '--no-total', '-O', 'csv'], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`hledger failed: ${out.stderr}`);
    const ledgerCli = spawnSync('ledger', ['-f', file, 'balance'], { encoding: 'utf8' });
    if (!ledgerCli.error && ledgerCli.status !== 0) throw new Error(`ledger failed: ${ledgerCli.stderr}`);
    const balances = new Map<string, bigint>();
    for (const line of out.stdout.trim().split('\n').slice(1)) {
      const m = /^"([^"]+)","([^"]*)"$/.exec(line.trim());
      if (!m) throw new Error(`unexpected hledger output: ${line}`);
      const amount = m[2].replace(/ AED$/, '').replace(/,/g, '');
      const [whole, frac = ''] = amount.replace('-', '').split('.');
      const fils = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
      balances.set(m[1].split(' ')[0], amount.startsWith('-') ? -fils : fils);
    }
    return balances;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Books per run: one on PGlite (whose first instance in a worker is slow to start), two on PostgreSQL. */
const runsFor = (kind: string) => Number(process.env.LEDGER_PBT_RUNS ?? (kind === 'pglite' ? 1 : 2));
const fixedSeed = process.env.LEDGER_PBT_SEED ? Number(process.env.LEDGER_PBT_SEED) : null;
const hasHledger = !spawnSync('hledger', ['--version']).error;

for (const kind of testDbKinds) {
  describe(`ledger reports agree on random books [${kind}]`, () => {
    for (let run = 0; run < (fixedSeed === null ? runsFor(kind) : 1); run++) {
      const seed = fixedSeed ?? (Date.now() + run * 7919 + (kind === 'postgres' ? 104729 : 0)) % 2_147_483_647;
      it(`seed ${seed}: trial balance, general ledger, balance sheet, P&L and cash flow agree to the fil`, { timeout: 120_000 }, async () => {
        const database = await ledgerTestDatabase(kind);
        try {
          const db = database.db;
          const r = mulberry32(seed);
          const model = await buildBooks(db, r);
          expect((await verifyBalances(db)).ok).toBe(true);
          const accounts = new Map((await loadAccounts(db)).map((a) => [a.code, { code: a.code, type: a.type, cashFlow: a.cashFlow }]));
          const ranges: [string, string][] = [['2025-01-01', '2025-12-31'], ['2026-01-01', '2026-06-30'], ['2025-01-01', '2026-08-31']];
          for (let i = 0; i < 3; i++) {
            const from = randomDate(r, '2024-12-01', 600);
            ranges.push([from, addDays(from, int(r, 0, 200))]);
          }
          for (const [from, to] of ranges) await checkAgreement(db, model, accounts, from, to, r);
          // After the close, 2025's income and expense accounts are zero at year end.
          const closed = await trialBalance(db, { from: '2025-12-01', to: yearEnd(2025) });
          for (const row of closed.rows) if (['income', 'expense'].includes(row.accountType)) expect(row.debit === '0' && row.credit === '0', row.accountCode).toBe(true);

          if (!hasHledger) return;
          const [from, to] = ranges[3];
          let journal = '';
          for await (const chunk of await hledgerJournal(db, { from, to })) journal += chunk;
          const viaHledger = hledgerBalances(journal)!;
          const { tbNet } = await checkAgreement(db, model, accounts, from, to, r);
          for (const [code, v] of tbNet) expect(viaHledger.get(code) ?? 0n, `hledger ${code}`).toBe(v);
          for (const [code, v] of viaHledger) expect(tbNet.get(code) ?? 0n, `hledger ${code}`).toBe(v);
          const [{ n }] = await rows<{ n: string }>(db, sql`select count(*)::text as n from ledger_journal_entries where status = 'posted'`);
          expect(Number(n)).toBeGreaterThan(60);
        } catch (err) {
          console.error(`ledger property test failed with LEDGER_PBT_SEED=${seed} (${kind})`);
          throw err;
        } finally {
          await database.close();
        }
      });
    }
  });
}

describe('hledger', () => {
  it.skipIf(!hasHledger)('is installed, so the export is checked against hledger and ledger above', () => {
    expect(hasHledger).toBe(true);
  });
  it.skipIf(hasHledger)('is not installed: skipping the hledger comparison (apt-get install -y hledger ledger to enable it)', () => {});
});
