/**
 * Payroll on PostgreSQL (`bun tests/bench/payroll.ts`, or `npm run bench -- --only=payroll`), in its own database.
 *
 *   Seeding (set-based SQL): EMPLOYEES employees across OPS/TECH/MKT/FIN, joined over the last eight years, a tenth
 *   leaving in the month (so the final settlement is computed), salaries AED 5,000–45,000 basic.
 *   (a) createRun + approveRun through the payroll services (the lines computed per employee in TypeScript with the
 *       gratuity, inserted in batches, the journal posted through post() and the ledger's triggers, the audit), in
 *       employees per second,
 *   against (b) a raw-SQL batch doing the same writes: the run row, one line per employee computed in SQL (full
 *   month or pro rata by calendar days, no items, no gratuity) and one journal entry of salaries and allowances by
 *   cost center and net pay, inserted straight into the ledger tables through its triggers.
 *   Each side runs ROUNDS different months, interleaved; the medians are compared.
 *
 * Env: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test).
 * Flags: --employees=5000 --rounds=3. Not a timed test: nothing fails on a slow figure.
 */
import { migrateDatabase } from '@db/client';
import { ownDatabase } from './own-database';
import { LEDGER_ACCOUNTS as A, seedChartOfAccounts } from '@modules/ledger';
import { approveRun } from '@modules/payroll/run-actions';
import { createRun } from '@modules/payroll/runs';

const flags = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (k: string, d: number) => (flags.has(k) ? Number(flags.get(k)) : d);
const EMPLOYEES = num('employees', 5_000);
const ROUNDS = num('rounds', 3);
const log = (m: string) => console.log(`[payroll-bench] ${m}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { database, raw, drop } = await ownDatabase('manzil_payroll_bench');

try {
  await migrateDatabase(database);
  await seedChartOfAccounts(database.db);
  const [preparer] = await raw<{ id: string }[]>`insert into users (email, password_hash, first_name, last_name, role, unicode, kyc_status)
    values ('pay-prep@bench.test', 'x', 'Bench', 'Preparer', 'admin', 'BPAY00001', 'approved') returning id`;
  const [approver] = await raw<{ id: string }[]>`insert into users (email, password_hash, first_name, last_name, role, unicode, kyc_status)
    values ('pay-appr@bench.test', 'x', 'Bench', 'Approver', 'admin', 'BPAY00002', 'approved') returning id`;
  const seedStart = performance.now();
  await raw.unsafe(`insert into payroll_employees (first_name, last_name, email, cost_center, job_title, basic_salary, housing_allowance, transport_allowance, iban, routing_code, wps_person_id, joined_on, left_on)
    select 'Employee', 'No ' || g, 'e' || g || '@bench.test', (array['OPS','TECH','MKT','FIN'])[1 + g % 4], 'Staff',
           (500000 + (g * 7919) % 4000000)::bigint, (200000 + (g * 104729) % 1200000)::bigint, 100000,
           'AE07033123456789' || lpad(g::text, 7, '0'), '803320101', lpad((10000000000000 + g)::text, 14, '0'),
           date '2018-01-01' + ((g * 37) % 2900)::int, null
      from generate_series(1, ${EMPLOYEES}) g`);
  const seedSec = (performance.now() - seedStart) / 1000;
  await raw`vacuum analyze`;
  log(`seeded ${EMPLOYEES.toLocaleString('en-US')} employees in ${seedSec.toFixed(2)} s`);

  const ids = new Map((await raw<{ code: string; id: string }[]>`select code, id from ledger_accounts`).map((r) => [r.code, r.id]));
  const centers = new Map((await raw<{ code: string; id: string }[]>`select code, id from ledger_cost_centers`).map((r) => [r.code, r.id]));
  const acc = (code: string) => `'${ids.get(code)}'::uuid`;
  const cc = `(case l.cost_center ${[...centers].map(([c, id]) => `when '${c}' then '${id}'::uuid`).join(' ')} end)`;

  /** The raw batch for one month: run, lines, one journal entry (Dr 6110 / Dr 6120 by cost center, Cr 2510). */
  const rawRun = async (period: string) => {
    const first = `date '${period}-01'`;
    const last = `(date_trunc('month', ${first}) + interval '1 month - 1 day')::date`;
    await raw.begin(async (t) => {
      const [run] = await t.unsafe<{ id: string }[]>(`insert into payroll_runs (period, status, created_by) values ('${period}', 'approved', '${preparer.id}') returning id::text`);
      await t.unsafe(`insert into payroll_lines (run_id, employee_id, cost_center, start_date, end_date, days_paid, basic, allowances, net)
        select '${run.id}', e.id, e.cost_center, greatest(e.joined_on, ${first}), least(coalesce(e.left_on, ${last}), ${last}), d.days,
               x.basic, x.allow, x.basic + x.allow
          from payroll_employees e
          cross join lateral (select (least(coalesce(e.left_on, ${last}), ${last}) - greatest(e.joined_on, ${first}) + 1) as days) d
          cross join lateral (select extract(day from ${last})::int as mdays) m
          cross join lateral (select case when d.days = m.mdays then e.basic_salary else round(e.basic_salary * d.days / m.mdays::numeric)::bigint end as basic,
                                     case when d.days = m.mdays then e.housing_allowance + e.transport_allowance + e.other_allowance
                                          else round((e.housing_allowance + e.transport_allowance + e.other_allowance) * d.days / m.mdays::numeric)::bigint end as allow) x
         where e.joined_on <= ${last} and (e.left_on is null or e.left_on >= ${first})`);
      const [totals] = await t.unsafe<{ net: string; gross: string }[]>(`select sum(net)::text as net, sum(basic + allowances)::text as gross from payroll_lines where run_id = '${run.id}'`);
      await t.unsafe(`insert into ledger_journal_entries (id, date, memo, status, kind, source_module, source_id, fingerprint, posted_at)
        values (md5('payroll-raw-' || '${run.id}')::uuid, ${last}, 'Payroll ${period}', 'posted', 'standard', 'payroll.raw', '${run.id}', '${run.id}', now())`);
      await t.unsafe(`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit, credit, currency, cost_center_id)
        select md5('payroll-raw-' || '${run.id}')::uuid, row_number() over (order by s.cc, s.acc), ${last}, s.acc, s.amount, 0, 'AED', s.ccid
          from (select l.cost_center as cc, ${cc} as ccid, ${acc(A.salaries)} as acc, sum(l.basic) as amount from payroll_lines l where l.run_id = '${run.id}' group by l.cost_center
                union all
                select l.cost_center, ${cc}, ${acc(A.allowances)}, sum(l.allowances) from payroll_lines l where l.run_id = '${run.id}' group by l.cost_center) s
        union all
        select md5('payroll-raw-' || '${run.id}')::uuid, 1000, ${last}, ${acc(A.salariesPayable)}, 0, ${totals.net}, 'AED', null`);
      await t.unsafe(`update payroll_runs set gross = ${totals.gross}, net = ${totals.net} where id = '${run.id}'`);
    });
  };
  const oursRun = async (period: string) => {
    const run = await createRun(database.db, preparer.id, period);
    await approveRun(database.db, approver.id, run.id);
  };
  const time = async (f: () => Promise<unknown>) => {
    const t = performance.now();
    await f();
    return (performance.now() - t) / 1000;
  };

  const samples = { ours: [] as number[], raw: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    samples.ours.push(await time(() => oursRun(`2026-${String(2 * r + 1).padStart(2, '0')}`)));
    samples.raw.push(await time(() => rawRun(`2026-${String(2 * r + 2).padStart(2, '0')}`)));
    log(`round ${r + 1}: service ${samples.ours.at(-1)!.toFixed(2)} s, raw ${samples.raw.at(-1)!.toFixed(2)} s`);
  }
  const oursSec = median(samples.ours);
  const rawSec = median(samples.raw);
  const rate = EMPLOYEES / oursSec;
  const rawRate = EMPLOYEES / rawSec;
  const [{ unbalanced }] = await raw<{ unbalanced: number }[]>`select count(*)::int as unbalanced from (select entry_id from ledger_journal_lines group by entry_id having sum(debit) <> sum(credit)) x`;
  const [{ n: checked }] = await raw<{ n: number }[]>`select count(*)::int as n from payroll_runs r join ledger_journal_lines l on true join ledger_journal_entries e on e.id = l.entry_id and e.source_id = r.id::text
     join ledger_accounts a on a.id = l.account_id where a.code = ${A.salariesPayable} and l.credit = r.net`;
  const booksOk = unbalanced === 0 && checked === 2 * ROUNDS;
  const ratio = rate / rawRate;
  console.log('');
  console.log(`payroll run of ${EMPLOYEES.toLocaleString('en-US')} employees (median of ${ROUNDS}):`);
  console.log(`service (create + approve)   ${oursSec.toFixed(2)} s → ${Math.round(rate).toLocaleString('en-US')} employees/s`);
  console.log(`raw SQL batch                ${rawSec.toFixed(2)} s → ${Math.round(rawRate).toLocaleString('en-US')} employees/s (service at ${(ratio * 100).toFixed(0)} % of raw)`);
  const rows = [
    { name: `Payroll run @ ${EMPLOYEES.toLocaleString('en-US')} employees`, measured: `${Math.round(rate)} emp/s`, against: `raw ${Math.round(rawRate)} emp/s`, ratio: `${(ratio * 100).toFixed(0)} %`, verdict: booksOk ? 'ok (each run’s 2510 credit equals its net pay)' : 'CHECK THE LEDGER' },
  ];
  console.log(`BENCH_ROWS ${JSON.stringify({ rows, payroll: { employees: EMPLOYEES, rounds: ROUNDS, seedSeconds: seedSec, serviceSec: oursSec, rawSec, employeesPerSec: Math.round(rate), rawEmployeesPerSec: Math.round(rawRate), ratio, booksOk } })}`);
} finally {
  await drop();
}
