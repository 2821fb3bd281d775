/**
 * The VAT 201 on PostgreSQL (`bun tests/bench/tax.ts`, or `npm run bench -- --only=tax`), side by side in one run.
 *
 *   Seeding (set-based SQL, through the ledger's triggers: the guards, the deferred balance check and the
 *   ledger_balances upsert): LINES journal lines (1,000,000 by default) over the 12 months of 2025 in entries of
 *   three lines — invoice-like (Dr 1330 / Cr 4300 / Cr 2410, a tax line in box 1a–1g by emirate), bill-like
 *   (Dr 62xx–65xx / Dr 1410 / Cr 2310, a tax line in box 9) and one in ten a platform fee charged to an investor
 *   (Dr 1310 / Cr 4110 / Cr 2410, no tax line) — then the daily tax_totals from the tax lines in one statement.
 *   (a) getVatReturn for 2025-Q2 (the settings, the filed-return lookup, tax_totals and ledger_balances), warm,
 *       median of ROUNDS runs,
 *   against (b) the raw GROUP BY one would write without tax_totals: the quarter's journal lines joined to a
 *       box by account and grouped by box and month. Interleaved rounds. Target: (a) ≤ 25 % of (b).
 * It checks that both agree on box 14 (the VAT accounts' net movement).
 *
 * Env: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test): a server where
 * the bench may create and drop its own database. Flags: --lines=1000000 --rounds=7 --chunk=40000 (entries per
 * statement). Not a timed test: nothing fails on a slow figure.
 */
import { migrateDatabase } from '@db/client';
import { ownDatabase, percent, sideBySide } from './own-database';
import { LEDGER_ACCOUNTS as A, seedChartOfAccounts } from '@modules/ledger';
import { getVatReturn } from '@modules/tax';

const flags = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (k: string, d: number) => (flags.has(k) ? Number(flags.get(k)) : d);
const LINES = num('lines', 1_000_000);
const ROUNDS = num('rounds', 7);
const CHUNK = num('chunk', 40_000);
const ENTRIES = Math.ceil(LINES / 3);
const log = (m: string) => console.log(`[tax-bench] ${m}`);

const { database, raw, drop } = await ownDatabase('manzil_tax_bench');

/*
 * Entry g (1…ENTRIES) on day g % 365 of 2025: kind g % 10 = 0 a fee, otherwise even an invoice and odd a bill.
 * Net = 20 × (50 + g·7919 mod 50,000) fils, so 5% VAT is exactly net / 20.
 */
const KIND = `case when g % 10 = 0 then 'fee' when g % 2 = 0 then 'invoice' else 'bill' end`;
const DAY = `date '2025-01-01' + (g % 365)::int`;
const NET = `(20 * (50 + (g * 7919) % 50000))::bigint`;
const EMIRATES = `(array['abu_dhabi','dubai','sharjah','ajman','umm_al_quwain','ras_al_khaimah','fujairah'])[1 + g % 7]`;
const BOXES = `(array['1a','1b','1c','1d','1e','1f','1g'])[1 + g % 7]`;

try {
  await migrateDatabase(database);
  await seedChartOfAccounts(database.db);
  const ids = new Map((await raw<{ code: string; id: string }[]>`select code, id from ledger_accounts`).map((r) => [r.code, r.id]));
  const id = (code: string) => `'${ids.get(code)}'::uuid`;
  const expenses = [A.officeRent, A.utilities, A.technology, A.marketing, A.legalFees].map(id).join(', ');
  await raw`insert into tax_settings (id, trn, legal_name, address, filing_frequency, first_period_start, default_emirate)
            values ('default', '100000000000003', 'Bench Properties FZ-LLC', 'Dubai', 'quarterly', '2025-01-01', 'dubai')`;

  // Accounts of each line n (1–3) by kind, and its debit and credit.
  const account = `case ${KIND}
      when 'invoice' then (array[${id(A.tradeReceivables)}, ${id(A.serviceIncome)}, ${id(A.vatOutput)}])[l.n]
      when 'fee' then (array[${id(A.feesReceivable)}, ${id(A.platformFees)}, ${id(A.vatOutput)}])[l.n]
      else (array[(array[${expenses}])[1 + g % 5], ${id(A.vatInput)}, ${id(A.tradePayables)}])[l.n] end`;
  const debit = `case when ${KIND} = 'bill' then (case l.n when 1 then ${NET} when 2 then ${NET} / 20 else 0 end) else (case l.n when 1 then ${NET} + ${NET} / 20 else 0 end) end`;
  const credit = `case when ${KIND} = 'bill' then (case l.n when 3 then ${NET} + ${NET} / 20 else 0 end) else (case l.n when 2 then ${NET} when 3 then ${NET} / 20 else 0 end) end`;

  const seedStart = performance.now();
  for (let from = 1; from <= ENTRIES; from += CHUNK) {
    const to = Math.min(ENTRIES, from + CHUNK - 1);
    await raw.begin(async (t) => {
      await t.unsafe(`insert into ledger_journal_entries (id, date, memo, status, kind, source_module, source_id, fingerprint, posted_at)
                      select md5('tax-bench-' || g)::uuid, ${DAY}, 'Bench ' || ${KIND} || ' ' || g, 'posted', 'standard', 'bench.tax', g::text, g::text, now()
                        from generate_series(${from}::bigint, ${to}::bigint) g`);
      await t.unsafe(`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit, credit, currency)
                      select md5('tax-bench-' || g)::uuid, l.n, ${DAY}, ${account}, ${debit}, ${credit}, 'AED'
                        from generate_series(${from}::bigint, ${to}::bigint) g cross join (values (1), (2), (3)) as l(n)`);
      await t.unsafe(`insert into tax_lines (date, document_type, document_id, document_number, counterparty, entry_id, direction, box, tax_code, emirate, taxable, vat)
                      select ${DAY}, ${KIND}, g::text, upper(${KIND}) || '-' || g, 'Bench counterparty', md5('tax-bench-' || g)::uuid,
                             case when ${KIND} = 'bill' then 'input' else 'output' end, case when ${KIND} = 'bill' then '9' else ${BOXES} end,
                             'standard', ${EMIRATES}, ${NET}, ${NET} / 20
                        from generate_series(${from}::bigint, ${to}::bigint) g where ${KIND} <> 'fee'`);
    });
    log(`${(to * 3).toLocaleString('en-US')} lines posted`);
  }
  await raw`insert into tax_totals (day, box, direction, taxable, vat)
            select date, box, direction, sum(taxable), sum(vat) from tax_lines group by 1, 2, 3
            on conflict (day, box, direction) do update set taxable = tax_totals.taxable + excluded.taxable, vat = tax_totals.vat + excluded.vat`;
  const seedSec = (performance.now() - seedStart) / 1000;
  await raw`analyze`;
  const [{ n: lines }] = await raw<{ n: string }[]>`select count(*)::text as n from ledger_journal_lines`;
  log(`seeded ${Number(lines).toLocaleString('en-US')} lines in ${seedSec.toFixed(1)} s`);

  const from = '2025-04-01';
  const to = '2025-06-30';
  // Without tax_totals: the journal lines of the quarter, each account mapped to its box, grouped by box and month.
  const boxOf = [
    [A.serviceIncome, '1b', 'amount'],
    [A.platformFees, '1b', 'amount'],
    [A.vatOutput, '1b', 'vat'],
    ...[A.officeRent, A.utilities, A.technology, A.marketing, A.legalFees].map((c) => [c, '9', 'amount']),
    [A.vatInput, '9', 'vat'],
  ];
  const mapping = boxOf.map(([code, box, col]) => `(${id(code!)}, '${box}', '${col}')`).join(', ');
  const groupBy = () =>
    raw.unsafe<{ box: string; m: string; col: string; net: string }[]>(`
      select m.box, date_trunc('month', l.date)::date::text as m, m.col,
             sum(case when m.box = '9' then l.debit - l.credit else l.credit - l.debit end)::text as net
        from ledger_journal_lines l join (values ${mapping}) as m(account_id, box, col) on m.account_id = l.account_id
       where l.date between '${from}' and '${to}'
       group by 1, 2, 3`);
  const ours = () => getVatReturn(database.db, '2025-Q2', '2026-01-15');

  const { raw: mRaw, ours: mOurs } = await sideBySide(ROUNDS, groupBy, ours);

  // Both must agree on what is due: box 14 against the VAT accounts' movement from the raw rows.
  const rows = await groupBy();
  const vat = (box: string) => rows.filter((r) => r.box === box && r.col === 'vat').reduce((s, r) => s + BigInt(r.net), 0n);
  const rawNet = vat('1b') - vat('9');
  const ret = await ours();
  const agree = BigInt(ret.boxes['14'].vat) === rawNet;
  if (!agree) console.error(`[tax-bench] box 14 ${ret.boxes['14'].vat} differs from the VAT accounts' movement ${rawNet}`);

  console.log('');
  console.log(`with ${Number(lines).toLocaleString('en-US')} journal lines (seeded in ${seedSec.toFixed(1)} s):`);
  console.log(`raw GROUP BY (quarter)   ${mRaw.toFixed(1)} ms`);
  console.log(`VAT 201 2025-Q2          ${mOurs.toFixed(1)} ms → ${percent(mOurs / mRaw)} of raw (target ≤ 25 %) ${mOurs / mRaw <= 0.25 ? 'OK' : 'ABOVE TARGET'}; box 14 ${agree ? 'agrees' : 'DISAGREES'}`);
  const verdict = (mOurs / mRaw <= 0.25 ? 'ok (target ≤ 25 %)' : 'MISSED (target ≤ 25 %)') + (agree ? '' : '; box 14 DISAGREES with the ledger');
  console.log(
    `BENCH_ROWS ${JSON.stringify({
      rows: [{ name: `VAT 201 quarter @ ${(Number(lines) / 1e6).toFixed(1)}M lines`, measured: `${mOurs.toFixed(1)} ms`, against: `GROUP BY ${mRaw.toFixed(0)} ms`, ratio: percent(mOurs / mRaw), verdict }],
      vat201: { lines: Number(lines), seedSeconds: seedSec, groupByMs: mRaw, vatReturnMs: mOurs, box14: ret.boxes['14'].vat, agree },
    })}`,
  );
} finally {
  await drop();
}
