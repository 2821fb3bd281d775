/**
 * SIP benchmark on PostgreSQL (`bun tests/bench/sip.ts`, or `npm run bench -- --only=sip`): one monthly run of
 * PLANS (100,000) active plans over PROPERTIES (50) properties open for funding, in plans per second.
 *
 *   (a) the run: runCollections (modules/sip/run.ts) exactly as the scheduler starts it — chunks of 500 plans,
 *       each in one transaction: plans claimed with FOR UPDATE SKIP LOCKED, wallets and properties locked,
 *       each instalment allocated by the investor's profile (ranking, spill-over, remainders), the wallet
 *       debits, the investments, holdings and shares sold, one balanced journal entry per instalment with its
 *       balance triggers, the instalment rows under the (plan, month) key, the run's totals, and the
 *       notifications.
 *   (b) against: a raw-SQL batch doing the same debits and inserts for the same number of plans, in chunks of
 *       the same size, with the allocation worked out beforehand (plan i buys property i mod 50): per chunk one
 *       transaction with the wallet debits, the wallet movements, one journal entry of two lines per
 *       instalment (through the ledger's own triggers), the investments, the holdings upsert, the shares sold
 *       and the instalment rows — no locks, no allocation, no account lookups, no checks, no notifications.
 *
 * Each side has its own PLANS investors, wallets, plans and properties; both start from the same state. At the
 * end it checks the books of both (Σ wallets = client money per investor, shares sold = held, ledger balanced).
 * Env: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test). Flags:
 * --plans=100000 --properties=50 --chunk=500 --pool=10. Not a timed test: nothing fails on a slow figure.
 */
import postgres from 'postgres';
import { migrateDatabase, openDatabase } from '@db/client';
import { LEDGER_ACCOUNTS, postMany, seedChartOfAccounts } from '@modules/ledger';
import { reconciliation } from '@modules/investing/service';
import { addMonths, dayInMonth, monthStart, todayInDubai } from '@modules/platform/dates';
import { runCollections } from '@modules/sip';

const flags = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (k: string, d: number) => (flags.has(k) ? Number(flags.get(k)) : d);
const PLANS = num('plans', 100_000);
const PROPERTIES = num('properties', 50);
const CHUNK = num('chunk', 500);
const POOL = num('pool', 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = (m: string) => console.log(`[sip-bench] ${m}`);
process.env.DATABASE_POOL_SIZE = String(POOL);

const name = `manzil_sip_bench_${Date.now().toString(36)}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });
const raw = postgres(url.toString(), { max: POOL, onnotice: () => {} });

/** The run is for day 10 of last month, so it is never in the future. */
const MONTH = addMonths(monthStart(todayInDubai()), -1);
const DAY = 10;
const DATE = dayInMonth(MONTH, DAY);

try {
  const { db } = database;
  await migrateDatabase(database);
  await seedChartOfAccounts(db);

  log(`setting up ${PROPERTIES * 2} properties and ${PLANS.toLocaleString('en-US')} investors with a plan, twice (run and raw batch) ...`);
  const setupStart = performance.now();
  // Properties: AED 100 a share, enough shares for every plan several times over; varied yields and cities so
  // the automated ranking has work to do. 'R' properties are the run's, 'B' the raw batch's.
  for (const side of ['R', 'B']) {
    await raw`insert into properties (reference, slug, title, community, city, property_type, size_sqft, status, share_price, total_shares,
                                      funding_target, purchase_price, valuation, net_yield_bps, projected_appreciation_bps)
              select 'MZ-SB-' || ${side} || lpad(i::text, 3, '0'), 'sip-bench-' || lower(${side}) || i, 'Bench ' || ${side} || i, 'Dubai Marina',
                     (array['Dubai', 'Abu Dhabi', 'Sharjah'])[1 + i % 3], (array['apartment', 'villa', 'townhouse'])[1 + i % 3], 1000, 'funding',
                     10000, 1000000000000, 1000000000000, 1000000000000, 1000000000000, 400 + (i * 37) % 300, 200 + (i * 53) % 400
                from generate_series(1, ${PROPERTIES}) i`;
  }
  // Investors (verified), their wallets (AED 1,000 each), their client-money accounts, and the plans:
  // AED 200–500 a month, automated (with varied city preferences) or a manual split over two properties.
  for (const side of ['R', 'B']) {
    await raw`insert into users (email, password_hash, first_name, last_name, role, unicode, kyc_status)
              select 'sip-' || lower(${side}) || i || '@bench.test', 'x', 'Bench', 'Saver ' || i, 'investor', 'SB' || ${side} || lpad(i::text, 7, '0'), 'approved'
                from generate_series(1, ${PLANS}) i`;
    await raw`insert into wallets (user_id, balance) select id, 100000 from users where unicode like ${`SB${side}%`}`;
  }
  const [group] = await raw<{ id: string; type: string; cash_flow: string | null }[]>`select id, type, cash_flow from ledger_accounts where code = ${LEDGER_ACCOUNTS.investorClientMoney}`;
  const [holdingsGroup] = await raw<{ id: string; type: string; cash_flow: string | null }[]>`select id, type, cash_flow from ledger_accounts where code = ${LEDGER_ACCOUNTS.propertyHoldings}`;
  for (const side of ['R', 'B']) {
    await raw`insert into ledger_accounts (code, name, type, parent_id, is_group, cash_flow, ref)
              select ${LEDGER_ACCOUNTS.investorClientMoney} || '-' || u.unicode, 'Bench Saver (' || u.unicode || ')', ${group.type}, ${group.id}, false, ${group.cash_flow}, u.id::text
                from users u where u.unicode like ${`SB${side}%`}`;
    // Both sides' wallets are backed in the ledger (one funding entry per 1,000 investors), so the books reconcile.
    const accounts = await raw<{ code: string }[]>`select a.code from ledger_accounts a join users u on u.id::text = a.ref where u.unicode like ${`SB${side}%`} order by a.code`;
    for (let i = 0; i < accounts.length; i += 1000) {
      const part = accounts.slice(i, i + 1000);
      await postMany(db, [
        {
          date: MONTH,
          memo: 'Bench wallet funding',
          source: { module: 'bench.funding', id: `${side}${i}` },
          authorId: null,
          lines: [{ accountCode: LEDGER_ACCOUNTS.bankTransferClearing, debit: BigInt(part.length) * 100_000n }, ...part.map((u) => ({ accountCode: u.code, credit: 100_000n }))],
        },
      ]);
    }
    await raw`insert into sip_plans (user_id, mode, amount, day_of_month, start_month, allocations, preferences)
              select u.id,
                     case when n % 4 = 0 then 'manual' else 'automated' end,
                     20000 + (n % 4) * 10000, ${DAY}, ${MONTH}::date,
                     case when n % 4 = 0 then jsonb_build_array(
                            jsonb_build_object('propertyId', (select id from properties where reference = 'MZ-SB-' || ${side} || lpad((1 + n % ${PROPERTIES})::text, 3, '0')), 'bps', 6000),
                            jsonb_build_object('propertyId', (select id from properties where reference = 'MZ-SB-' || ${side} || lpad((1 + (n + 7) % ${PROPERTIES})::text, 3, '0')), 'bps', 4000))
                          else '[]'::jsonb end,
                     case when n % 3 = 0 then '{"cities":["Dubai"],"propertyTypes":[]}'::jsonb when n % 3 = 1 then '{"cities":[],"propertyTypes":["villa"]}'::jsonb
                          else '{"cities":[],"propertyTypes":[]}'::jsonb end
                from (select id, row_number() over (order by unicode) as n from users where unicode like ${`SB${side}%`}) u`;
  }
  // The raw batch's property accounts (the run opens its own on first use, as in production).
  await raw`insert into ledger_accounts (code, name, type, parent_id, is_group, cash_flow, ref)
            select ${LEDGER_ACCOUNTS.propertyHoldings} || '-' || p.reference, p.title, ${holdingsGroup.type}, ${holdingsGroup.id}, false, ${holdingsGroup.cash_flow}, p.id::text
              from properties p where p.reference like 'MZ-SB-B%'`;
  await raw`analyze`;
  log(`set up in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

  // (b) first on its own data (so the run does not warm its pages for it): the raw batch.
  const batchPlans = await raw<{ plan: string; user: string; account: string; amount: string; n: number }[]>`
    select p.id as plan, p.user_id as user, a.id as account, p.amount::text as amount, (row_number() over (order by u.unicode))::int as n
      from sip_plans p join users u on u.id = p.user_id join ledger_accounts a on a.ref = u.id::text
     where u.unicode like 'SBB%' order by u.unicode`;
  const bProps = await raw<{ id: string; account: string }[]>`select p.id, a.id as account from properties p join ledger_accounts a on a.ref = p.id::text where p.reference like 'MZ-SB-B%' order by p.reference`;
  const rawStart = performance.now();
  for (let i = 0; i < batchPlans.length; i += CHUNK) {
    const part = batchPlans.slice(i, i + CHUNK).map((r) => {
      const prop = bProps[r.n % bProps.length];
      // AED 100 a share and 10,000 units a share: one fil buys one unit.
      return { pl: r.plan, u: r.user, ua: r.account, p: prop.id, pa: prop.account, a: Number(r.amount), units: Number(r.amount), e: crypto.randomUUID(), s: crypto.randomUUID() };
    });
    const json = JSON.stringify(part);
    const X = 'x(pl uuid, u uuid, ua uuid, p uuid, pa uuid, a bigint, units bigint, e uuid, s uuid)';
    await raw.begin(async (t) => {
      await t.unsafe(`update wallets w set balance = w.balance - x.a, updated_at = now() from jsonb_to_recordset($1::text::jsonb) as ${X}
                       where w.user_id = x.u and w.balance - w.held >= x.a`, [json]);
      await t.unsafe(`insert into wallet_transactions (user_id, kind, amount, balance_after, description, ref_type, ref_id, created_at)
                      select x.u, 'investment', -x.a, w.balance, 'SIP instalment', 'sip_instalment', x.s, now()
                        from jsonb_to_recordset($1::text::jsonb) as ${X} join wallets w on w.user_id = x.u`, [json]);
      await t.unsafe(`insert into ledger_journal_entries (id, date, memo, status, kind, source_module, source_id, fingerprint, posted_at)
                      select x.e, $2::date, 'SIP instalment', 'posted', 'standard', 'bench.raw', x.s::text, x.s::text, now() from jsonb_to_recordset($1::text::jsonb) as ${X}`, [json, DATE]);
      await t.unsafe(`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit, credit, currency)
                      select x.e, l.n, $2::date, case when l.n = 1 then x.ua else x.pa end, case when l.n = 1 then x.a else 0 end, case when l.n = 2 then x.a else 0 end, 'AED'
                        from jsonb_to_recordset($1::text::jsonb) as ${X} cross join (values (1), (2)) as l(n)`, [json, DATE]);
      await t.unsafe(`insert into investments (user_id, property_id, units, share_price, amount, principal, total, wallet_balance_after, sip_instalment_id)
                      select x.u, x.p, x.units, 10000, x.a, x.a, x.a, 0, x.s from jsonb_to_recordset($1::text::jsonb) as ${X}`, [json]);
      await t.unsafe(`insert into holdings (user_id, property_id, units, cost)
                      select x.u, x.p, x.units, x.a from jsonb_to_recordset($1::text::jsonb) as ${X}
                      on conflict (user_id, property_id) do update set units = holdings.units + excluded.units, cost = holdings.cost + excluded.cost`, [json]);
      await t.unsafe(`update properties pr set shares_sold = pr.shares_sold + s.n, updated_at = now()
                        from (select x.p, sum(x.units) as n from jsonb_to_recordset($1::text::jsonb) as ${X} group by x.p) s where pr.id = s.p`, [json]);
      await t.unsafe(`insert into sip_instalments (id, plan_id, user_id, month, due_date, status, amount, invested, unspent, attempts, purchases, explanation)
                      select x.s, x.pl, x.u, $2::date, $3::date, 'collected', x.a, x.a, 0, 1,
                             jsonb_build_array(jsonb_build_object('propertyId', x.p, 'units', x.units, 'amount', x.a)), '[]'::jsonb
                        from jsonb_to_recordset($1::text::jsonb) as ${X}`, [json, MONTH, DATE]);
    });
  }
  const rawSec = (performance.now() - rawStart) / 1000;
  const rawRate = batchPlans.length / rawSec;
  log(`raw batch: ${batchPlans.length.toLocaleString('en-US')} plans in ${rawSec.toFixed(1)} s = ${rawRate.toFixed(0)} plans/s`);

  // (a) the run, over its own properties only (the raw batch's are closed now).
  await raw`update properties set status = 'funded' where reference like 'MZ-SB-B%'`;
  const runStart = performance.now();
  const runId = await runCollections(db, { date: DATE, trigger: 'admin', chunkSize: CHUNK, log: { error: () => {} } });
  const runSec = (performance.now() - runStart) / 1000;
  const [totals] = await raw<{ plans: number; collected: number; failed: number; retrying: number }[]>`select plans, collected, failed, retrying from sip_runs where id = ${runId}`;
  const runRate = totals.plans / runSec;
  log(`run: ${totals.plans.toLocaleString('en-US')} plans (${totals.collected} collected, ${totals.retrying} retrying, ${totals.failed} failed) in ${runSec.toFixed(1)} s = ${runRate.toFixed(0)} plans/s`);

  // A second run for the same date collects nothing twice.
  const again = await runCollections(db, { date: DATE, trigger: 'admin', chunkSize: CHUNK });
  const [second] = await raw<{ collected: number }[]>`select collected from sip_runs where id = ${again}`;
  const rec = await reconciliation(db);
  const walletsOk = rec.difference === '0' && rec.walletMismatches.length === 0;
  const sharesOk = rec.sharesDifference === '0' && rec.propertyMismatches.length === 0;
  const booksOk = walletsOk && sharesOk && rec.ledgerBalanced && second.collected === 0;
  log(`books after both: wallets = client money ${walletsOk ? 'yes' : 'NO'}, shares sold = held ${sharesOk ? 'yes' : 'NO'}, ledger balanced ${rec.ledgerBalanced ? 'yes' : 'NO'}, second run collected ${second.collected}`);

  const ratio = runRate / rawRate;
  const rows = [
    {
      name: `SIP run plans/s (${(PLANS / 1000).toFixed(0)}k plans)`,
      measured: `${Math.round(runRate).toLocaleString('en-US')}`,
      against: `raw ${Math.round(rawRate).toLocaleString('en-US')}`,
      ratio: `${(ratio * 100).toFixed(0)}%`,
      verdict: `${ratio >= 0.25 ? 'ok' : 'BELOW TARGET'} (target ≥ 25%; ${PROPERTIES} properties; run ${runSec.toFixed(1)} s, raw batch ${rawSec.toFixed(1)} s)`,
    },
    { name: 'books after the SIP run', measured: booksOk ? 'reconciled' : 'MISMATCH', against: '—', ratio: '—', verdict: booksOk ? 'ok (a second run collected nothing)' : 'CHECK THE LEDGER' },
  ];
  console.log(`BENCH_ROWS ${JSON.stringify({ rows, plans: PLANS, properties: PROPERTIES, chunk: CHUNK, runPlansPerSec: Math.round(runRate), rawPlansPerSec: Math.round(rawRate), ratio, runSec, rawSec, collected: totals.collected, booksOk })}`);
  for (const r of rows) console.log(`${r.name.padEnd(40)} ${r.measured.padStart(10)} ${r.against.padStart(14)} ${r.ratio.padStart(6)}  ${r.verdict}`);
} finally {
  await raw.end({ timeout: 5 });
  await database.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end({ timeout: 5 });
}
