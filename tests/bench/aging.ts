/**
 * The receivables aging on PostgreSQL (`bun tests/bench/aging.ts`, or `npm run bench -- --only=aging`), side by side in one run.
 *
 *   Seeding (set-based SQL through the ledger's triggers: guards, the deferred balance check, the ledger_balances
 *   upsert): CUSTOMERS customers and INVOICES issued invoices over 2025 (Dr 1330 / Cr 4300 / Cr 2410, due 30 days
 *   after), seven in ten paid in full 0–74 days after their date (Dr 1110 / Cr 1330 and an allocation row), so
 *   about 1,000,000 journal lines (3 per invoice, 2 per payment), and the invoices' open amounts as the
 *   receivables module keeps them.
 *   (a) agingReport as at 2025-12-31 (the open invoices through their partial index, plus the allocations dated
 *       after the date read through their date index), warm, median of ROUNDS runs,
 *   against (b) the raw GROUP BY one would write without open amounts: every 1330 line up to the date, joined to
 *       its invoice through the entry's source, summed per customer and age bucket. Interleaved rounds.
 *   Target: (a) ≤ 25 % of (b). It checks both agree to the fil, and with the balance of 1330 at the date.
 *
 * Env: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test). Flags:
 * --invoices=240000 --customers=2000 --rounds=7 --chunk=40000. Not a timed test: nothing fails on a slow figure.
 */
import { migrateDatabase } from '@db/client';
import { ownDatabase, percent, sideBySide } from './own-database';
import { LEDGER_ACCOUNTS as A, seedChartOfAccounts } from '@modules/ledger';
import { agingReport } from '@modules/receivables';

const flags = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (k: string, d: number) => (flags.has(k) ? Number(flags.get(k)) : d);
const INVOICES = num('invoices', 240_000);
const CUSTOMERS = num('customers', 2_000);
const ROUNDS = num('rounds', 7);
const CHUNK = num('chunk', 40_000);
const AS_OF = '2025-12-31';
const log = (m: string) => console.log(`[aging-bench] ${m}`);

const { database, raw, drop } = await ownDatabase('manzil_aging_bench');

/* Invoice g (1…INVOICES): dated day g % 365 of 2025, net 20 × (50 + g·7919 mod 50,000) fils (5% VAT exact), paid when g % 10 < 7, LAG days after. */
const DAY = `(date '2025-01-01' + (g % 365)::int)`;
const NET = `(20 * (50 + (g * 7919) % 50000))::bigint`;
const TOTAL = `(${NET} + ${NET} / 20)`;
const PAID = `(g % 10 < 7)`;
const PAY_DAY = `(${DAY} + ((g * 37) % 75)::int)`;
const INV = `md5('aging-inv-' || g)::uuid`;
const CUST = `md5('aging-cust-' || (1 + g % ${CUSTOMERS}))::uuid`;

try {
  await migrateDatabase(database);
  await seedChartOfAccounts(database.db);
  const ids = new Map((await raw<{ code: string; id: string }[]>`select code, id from ledger_accounts`).map((r) => [r.code, r.id]));
  const id = (code: string) => `'${ids.get(code)}'::uuid`;
  await raw.unsafe(`insert into customers (id, name, email) select md5('aging-cust-' || c)::uuid, 'Customer ' || c, 'c' || c || '@example.ae' from generate_series(1, ${CUSTOMERS}) c`);

  const seedStart = performance.now();
  for (let from = 1; from <= INVOICES; from += CHUNK) {
    const to = Math.min(INVOICES, from + CHUNK - 1);
    const gs = `generate_series(${from}::bigint, ${to}::bigint) g`;
    await raw.begin(async (t) => {
      await t.unsafe(`insert into invoices (id, number, customer_id, status, date, due_date, net, vat, total, total_aed, paid_amount, open_amount, open_aed, entry_id)
                      select ${INV}, 'INV-B-' || g, ${CUST}, case when ${PAID} then 'paid' else 'issued' end, ${DAY}, ${DAY} + 30,
                             ${NET}, ${NET} / 20, ${TOTAL}, ${TOTAL}, case when ${PAID} then ${TOTAL} else 0 end,
                             case when ${PAID} then 0 else ${TOTAL} end, case when ${PAID} then 0 else ${TOTAL} end, md5('aging-je-' || g)::uuid
                        from ${gs}`);
      await t.unsafe(`insert into ledger_journal_entries (id, date, memo, status, kind, source_module, source_id, fingerprint, posted_at)
                      select md5('aging-je-' || g)::uuid, ${DAY}, 'Invoice INV-B-' || g, 'posted', 'standard', 'receivables.invoice', (${INV})::text, g::text, now() from ${gs}`);
      await t.unsafe(`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit, credit, currency)
                      select md5('aging-je-' || g)::uuid, l.n, ${DAY},
                             (array[${id(A.tradeReceivables)}, ${id(A.serviceIncome)}, ${id(A.vatOutput)}])[l.n],
                             case l.n when 1 then ${TOTAL} else 0 end, case l.n when 2 then ${NET} when 3 then ${NET} / 20 else 0 end, 'AED'
                        from ${gs} cross join (values (1), (2), (3)) as l(n)`);
      await t.unsafe(`insert into ledger_journal_entries (id, date, memo, status, kind, source_module, source_id, fingerprint, posted_at)
                      select md5('aging-pay-' || g)::uuid, ${PAY_DAY}, 'Payment INV-B-' || g, 'posted', 'standard', 'receivables.payment', (${INV})::text, g::text, now()
                        from ${gs} where ${PAID}`);
      await t.unsafe(`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit, credit, currency)
                      select md5('aging-pay-' || g)::uuid, l.n, ${PAY_DAY}, (array[${id(A.bankOperating)}, ${id(A.tradeReceivables)}])[l.n],
                             case l.n when 1 then ${TOTAL} else 0 end, case l.n when 2 then ${TOTAL} else 0 end, 'AED'
                        from ${gs} cross join (values (1), (2)) as l(n) where ${PAID}`);
      await t.unsafe(`insert into receivable_allocations (invoice_id, customer_id, kind, date, amount_doc, amount_aed, received_aed, entry_id)
                      select ${INV}, ${CUST}, 'payment', ${PAY_DAY}, ${TOTAL}, ${TOTAL}, ${TOTAL}, md5('aging-pay-' || g)::uuid from ${gs} where ${PAID}`);
    });
    log(`${to.toLocaleString('en-US')} invoices posted`);
  }
  const seedSec = (performance.now() - seedStart) / 1000;
  // As autovacuum leaves a table at rest: statistics and the visibility map (index-only scans) up to date.
  await raw`vacuum analyze`;
  const [{ n: lines }] = await raw<{ n: string }[]>`select count(*)::text as n from ledger_journal_lines`;
  log(`seeded ${Number(lines).toLocaleString('en-US')} lines in ${seedSec.toFixed(1)} s`);

  // Without open amounts: every 1330 line up to the date, back to its invoice through the entry's source.
  const groupBy = () =>
    raw.unsafe<{ customer_id: string; current: string; d1_30: string; d31_60: string; d61_90: string; d90_plus: string; total: string }[]>(`
      with per_invoice as (
        select i.customer_id, ('${AS_OF}'::date - i.due_date) as d, sum(l.debit - l.credit) as o
          from ledger_journal_lines l
          join ledger_journal_entries e on e.id = l.entry_id
          join invoices i on i.id = e.source_id::uuid
         where l.account_id = ${id(A.tradeReceivables)} and l.date <= '${AS_OF}'
         group by i.id, i.customer_id, i.due_date
      )
      select customer_id,
             coalesce(sum(o) filter (where d <= 0), 0)::text as current,
             coalesce(sum(o) filter (where d between 1 and 30), 0)::text as d1_30,
             coalesce(sum(o) filter (where d between 31 and 60), 0)::text as d31_60,
             coalesce(sum(o) filter (where d between 61 and 90), 0)::text as d61_90,
             coalesce(sum(o) filter (where d > 90), 0)::text as d90_plus,
             sum(o)::text as total
        from per_invoice group by customer_id having sum(o) <> 0`);
  const ours = () => agingReport(database.db, AS_OF);

  const { raw: mRaw, ours: mOurs } = await sideBySide(ROUNDS, groupBy, ours);

  // Both must agree per customer and bucket, and with the balance of 1330 at the date.
  const rawRows = await groupBy();
  const report = await ours();
  const key = (r: { current: string; d1_30: string; d31_60: string; d61_90: string; d90_plus: string; total: string }) =>
    [r.current, r.d1_30, r.d31_60, r.d61_90, r.d90_plus, r.total].join('|');
  const rawBy = new Map(rawRows.map((r) => [r.customer_id, key(r)]));
  const same = report.customers.length === rawRows.length && report.customers.every((c) => rawBy.get(c.customerId) === key(c));
  const [{ b: balance }] = await raw.unsafe<{ b: string }[]>(
    `select coalesce(sum(debit - credit), 0)::text as b from ledger_balances where account_id = ${id(A.tradeReceivables)} and day <= '${AS_OF}'`,
  );
  const agree = same && report.totals.total === balance;
  if (!agree) console.error(`[aging-bench] aging ${report.totals.total} (per customer ${same ? 'same' : 'DIFFERENT'}) against 1330 ${balance}`);

  const ratio = mOurs / mRaw;
  console.log('');
  console.log(`with ${Number(lines).toLocaleString('en-US')} journal lines, ${INVOICES.toLocaleString('en-US')} invoices (seeded in ${seedSec.toFixed(1)} s):`);
  console.log(`raw GROUP BY (1330 lines)   ${mRaw.toFixed(1)} ms`);
  console.log(`AR aging at ${AS_OF}        ${mOurs.toFixed(1)} ms → ${percent(ratio)} of raw (target ≤ 25 %); ${agree ? 'agrees with the raw query and 1330' : 'DISAGREES'}`);
  const verdict = (ratio <= 0.25 ? 'ok (target ≤ 25 %)' : 'MISSED (target ≤ 25 %)') + (agree ? '' : '; DISAGREES with the ledger');
  console.log(
    `BENCH_ROWS ${JSON.stringify({
      rows: [{ name: `AR aging @ ${(Number(lines) / 1e6).toFixed(1)}M lines`, measured: `${mOurs.toFixed(1)} ms`, against: `GROUP BY ${mRaw.toFixed(0)} ms`, ratio: percent(ratio), verdict }],
      aging: { lines: Number(lines), invoices: INVOICES, seedSeconds: seedSec, groupByMs: mRaw, agingMs: mOurs, total: report.totals.total, agree },
    })}`,
  );
} finally {
  await drop();
}
