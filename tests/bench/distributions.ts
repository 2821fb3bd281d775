/**
 * Rental distributions and the platform fee on PostgreSQL (`bun tests/bench/distributions.ts`, or
 * `npm run bench -- --only=distributions`), each against a raw-SQL batch doing the same writes on its own data.
 *
 *   (a) Distribution pay: one property held by HOLDERS (20,000) investors (purchases dated last month, so the
 *       record date finds them), last month's rent recorded through recordEntry; then createRun (the books'
 *       figures, the holders at the record date from the purchase documents, largest-remainder lines, the draft
 *       and its lines, the run read back with every line) and payRun (one transaction: the run and the wallets
 *       locked, owed fees looked up for netting, one journal entry of HOLDERS + 4 lines, a wallet movement per
 *       holder, the notifications — an email per holder by default, here the outbox row production keeps
 *       without SMTP — the run marked paid, the audit; then the reinvestment pass), in holders per second.
 *       A second payRun must pay nothing.
 *       Against: a raw batch over its own HOLDERS investors and property, lines worked out beforehand, in one
 *       transaction: one UPDATE of the wallets from jsonb_to_recordset, the wallet movements, one journal entry
 *       with the same HOLDERS + 4 lines (through the ledger's triggers), the distribution lines and the run row.
 *   (b) Platform fee run: INVESTORS (10,000) investors each holding units of one of 20 properties since 60 days
 *       ago, wallets funded; runPlatformFees through the last day of last month exactly as the admin route
 *       starts it (chunks of 500 under the fee lock: wallets locked, owed charges, the accrual per investor, the
 *       charge rows, one journal entry and one wallet movement per investor, notifications), in investors per
 *       second. A second run through the same day must charge nothing.
 *       Against: a raw batch over its own investors and 20 properties in chunks of the same size, the fee worked
 *       out beforehand in SQL (value × days × 0.5% ÷ 365 in whole fils, VAT 5%): per chunk the charge rows, one
 *       three-line entry (wallet, fee, VAT) per investor through the triggers, the wallet debits and movements,
 *       the run's totals. Its holdings have no purchase documents, so the fee run does not see them.
 *
 * The fee side runs first: the distribution holders are created after it, so it charges only its own investors.
 * At the end it checks the books (Σ wallets = client money per investor, shares sold = held, ledger balanced).
 * Env: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test). Flags:
 * --holders=20000 --investors=10000 --chunk=500 --pool=10. Not a timed test: nothing fails on a slow figure.
 */
import postgres from 'postgres';
import { migrateDatabase, openDatabase } from '@db/client';
import { LEDGER_ACCOUNTS, postMany, seedChartOfAccounts } from '@modules/ledger';
import { reconciliation } from '@modules/investing/service';
import { addDays, addMonths, daysBetween, monthEnd, monthStart, todayInDubai } from '@modules/platform/dates';
import { createRun, payRun, periodFigures, recordEntry } from '@modules/distributions';
import { runPlatformFees } from '@modules/fees';

const flags = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (k: string, d: number) => (flags.has(k) ? Number(flags.get(k)) : d);
const HOLDERS = num('holders', 20_000);
/** 10,000 by default: the fee run costs about 5 ms an investor, and a default run should stay under ~3 minutes. */
const INVESTORS = num('investors', 10_000);
const FEE_PROPERTIES = 20;
const CHUNK = num('chunk', 500);
const POOL = num('pool', 10);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = (m: string) => console.log(`[dist-bench] ${m}`);
process.env.DATABASE_POOL_SIZE = String(POOL);
// Notifications by email take the production path without SMTP (one outbox row each), not the development
// mailbox (a file and a console print per message).
process.env.NODE_ENV = 'production';

const name = `manzil_dist_bench_${Date.now().toString(36)}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });
const raw = postgres(url.toString(), { max: POOL, onnotice: () => {} });

const TODAY = todayInDubai();
const LAST_MONTH = addMonths(monthStart(TODAY), -1);
const PERIOD = LAST_MONTH.slice(0, 7);
const THROUGH = monthEnd(LAST_MONTH);
const FEE_FROM = addDays(TODAY, -60);
const FEE_DAYS = daysBetween(FEE_FROM, THROUGH) + 1;
/** 06:00 UTC is 10:00 in Dubai: the documents fall on that Dubai day. */
const at = (day: string) => `${day} 06:00:00+00`;
const k = (n: number) => `${(n / 1000).toFixed(n % 1000 ? 1 : 0)}k`;
const rate = (n: number, sec: number) => Math.round(n / sec).toLocaleString('en-US');
const ref = (col: string) => `'JE-' || lpad(${col}::text, greatest(6, length(${col}::text)), '0')`;

try {
  const { db } = database;
  await migrateDatabase(database);
  await seedChartOfAccounts(db);
  const [adminUser] = await raw<{ id: string }[]>`insert into users (email, password_hash, first_name, last_name, role, unicode, kyc_status)
    values ('dist-admin@bench.test', 'x', 'Bench', 'Admin', 'admin', 'BADMIN0001', 'approved') returning id`;
  const adminId = adminUser.id;
  const accountIds = new Map(
    (await raw<{ code: string; id: string }[]>`select code, id from ledger_accounts where code in ${raw(Object.values(LEDGER_ACCOUNTS))}`).map((a) => [a.code, a.id]),
  );
  const acct = (code: string) => accountIds.get(code)!;
  const [group] = await raw<{ id: string; type: string; cash_flow: string | null }[]>`select id, type, cash_flow from ledger_accounts where code = ${LEDGER_ACCOUNTS.investorClientMoney}`;

  /** Properties 'MZ-<prefix>NNN', funded, AED 100 a share, valued at 1 fil per unit (10^12 units, AED 10 bn). */
  const makeProperties = (prefix: string, n: number) => raw`
    insert into properties (reference, slug, title, community, city, property_type, size_sqft, status, share_price, total_shares,
                            funding_target, purchase_price, valuation, net_yield_bps, projected_appreciation_bps)
    select 'MZ-' || ${prefix} || lpad(i::text, 3, '0'), 'dist-bench-' || lower(${prefix}) || i, 'Bench ' || ${prefix} || i, 'Dubai Marina', 'Dubai', 'apartment',
           1000, 'funded', 10000, 1000000000000, 1000000000000, 1000000000000, 1000000000000, 600, 300
      from generate_series(1, ${n}) i`;

  /** n verified investors 'PFX0000001'…, each with a wallet of `fils`, its client-money account, and the ledger funding entries. */
  async function makeInvestors(prefix: string, n: number, fils: number) {
    await raw`insert into users (email, password_hash, first_name, last_name, role, unicode, kyc_status)
              select lower(${prefix}) || i || '@bench.test', 'x', 'Bench', 'Holder ' || i, 'investor', ${prefix} || lpad(i::text, 7, '0'), 'approved'
                from generate_series(1, ${n}) i`;
    await raw`insert into wallets (user_id, balance) select id, ${fils} from users where unicode like ${`${prefix}%`}`;
    await raw`insert into ledger_accounts (code, name, type, parent_id, is_group, cash_flow, ref)
              select ${LEDGER_ACCOUNTS.investorClientMoney} || '-' || u.unicode, 'Bench Holder (' || u.unicode || ')', ${group.type}, ${group.id}, false, ${group.cash_flow}, u.id::text
                from users u where u.unicode like ${`${prefix}%`}`;
    const accounts = await raw<{ code: string }[]>`select a.code from ledger_accounts a join users u on u.id::text = a.ref where u.unicode like ${`${prefix}%`} order by a.code`;
    for (let i = 0; i < accounts.length; i += 1000) {
      const part = accounts.slice(i, i + 1000);
      await postMany(db, [
        {
          date: FEE_FROM < LAST_MONTH ? FEE_FROM : LAST_MONTH,
          memo: 'Bench wallet funding',
          source: { module: 'bench.funding', id: `${prefix}${i}` },
          authorId: null,
          lines: [{ accountCode: LEDGER_ACCOUNTS.bankTransferClearing, debit: BigInt(part.length * fils) }, ...part.map((u) => ({ accountCode: u.code, credit: BigInt(fils) }))],
        },
      ]);
    }
  }

  /**
   * Investor n of `prefix` holds `shares` (SQL over n) of property 1 + n mod `props` of `propPrefix`: the holdings,
   * the shares sold and — with `on` — the purchase documents dated that day (what the unit history reads).
   */
  async function hold(prefix: string, propPrefix: string, props: number, shares: string, on: string | null) {
    await raw.unsafe(
      `insert into holdings (user_id, property_id, units, cost)
       select u.id, p.id, (${shares}) * 10000, (${shares}) * 10000
         from (select id, row_number() over (order by unicode) as n from users where unicode like $1) u
         join properties p on p.reference = 'MZ-' || $2 || lpad((1 + u.n % $3)::text, 3, '0')`,
      [`${prefix}%`, propPrefix, props],
    );
    if (on) {
      await raw`insert into investments (user_id, property_id, units, share_price, amount, principal, total, wallet_balance_after, created_at)
                select h.user_id, h.property_id, h.units, 10000, h.cost, h.cost, h.cost, w.balance, ${at(on)}::timestamptz
                  from holdings h join users u on u.id = h.user_id join wallets w on w.user_id = h.user_id where u.unicode like ${`${prefix}%`}`;
    }
    await raw`update properties p set shares_sold = (select coalesce(sum(units), 0) from holdings h where h.property_id = p.id) where p.reference like ${`MZ-${propPrefix}%`}`;
  }

  // ── (b) The platform fee run, first ──────────────────────────────────────────────────────────────
  log(`setting up ${INVESTORS.toLocaleString('en-US')} investors over ${FEE_PROPERTIES} properties, twice (run and raw batch), holding since ${FEE_FROM} ...`);
  let setupStart = performance.now();
  for (const side of ['R', 'B']) {
    await makeProperties(`FE${side}`, FEE_PROPERTIES);
    await makeInvestors(`BF${side}`, INVESTORS, 100_000);
    await hold(`BF${side}`, `FE${side}`, FEE_PROPERTIES, '10 + u.n % 91', side === 'R' ? FEE_FROM : null);
  }
  await raw`analyze`;
  log(`set up in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; fee window ${FEE_FROM} to ${THROUGH} (${FEE_DAYS} days)`);

  // The raw batch's fee, worked out beforehand: value × days × 0.5% ÷ 365, whole fils; VAT 5%.
  const feeRows = await raw<{ u: string; ua: string; p: string; un: string; val: string; f: string; v: string }[]>`
    select h.user_id as u, a.id as ua, h.property_id as p, u.unicode as un, x.val::text as val, x.f::text as f, round(x.f * 0.05)::bigint::text as v
      from holdings h join users u on u.id = h.user_id join ledger_accounts a on a.ref = u.id::text join properties p on p.id = h.property_id
     cross join lateral (select h.units::numeric * p.valuation / p.total_shares as val) v
     cross join lateral (select round(v.val)::bigint as val, round(v.val * ${FEE_DAYS} * 50 / (10000 * 365))::bigint as f) x
     where u.unicode like 'BFB%' order by h.user_id`;
  const rawFeeStart = performance.now();
  const [rawFeeRun] = await raw<{ id: string }[]>`insert into platform_fee_runs (through, trigger, started_by) values (${THROUGH}::date, 'admin', ${adminId}) returning id::text`;
  for (let i = 0; i < feeRows.length; i += CHUNK) {
    const part = feeRows.slice(i, i + CHUNK).map((r) => ({ ...r, t: String(BigInt(r.f) + BigInt(r.v)), c: crypto.randomUUID(), e: crypto.randomUUID() }));
    const json = JSON.stringify(part);
    const X = 'x(u uuid, ua uuid, p uuid, un text, val bigint, f bigint, v bigint, t bigint, c uuid, e uuid)';
    await raw.begin(async (t) => {
      await t.unsafe(`insert into ledger_journal_entries (id, date, memo, status, kind, source_module, source_id, fingerprint, created_by, posted_by, posted_at)
                      select x.e, $2::date, 'Platform fee: ' || x.un, 'posted', 'standard', 'bench.fee', x.c::text, x.c::text, $3::uuid, $3::uuid, now() from jsonb_to_recordset($1::text::jsonb) as ${X}`, [json, TODAY, adminId]);
      await t.unsafe(`insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit, credit, currency, memo)
                      select x.e, l.n, $2::date, case l.n when 1 then x.ua when 2 then $3::uuid else $4::uuid end,
                             case when l.n = 1 then x.t else 0 end, case l.n when 2 then x.f when 3 then x.v else 0 end, 'AED', 'Platform fee ' || x.un
                        from jsonb_to_recordset($1::text::jsonb) as ${X} cross join (values (1), (2), (3)) as l(n)
                       where case l.n when 1 then x.t when 2 then x.f else x.v end > 0`, [json, TODAY, acct(LEDGER_ACCOUNTS.platformFees), acct(LEDGER_ACCOUNTS.vatOutput)]);
      await t.unsafe(`insert into platform_fee_charges (id, run_id, user_id, from_date, through, days, average_value, accrued_micro, fee, vat, paid, outstanding, calculation, journal_reference)
                      select x.c, $2::uuid, x.u, $3::date, $4::date, $5::int, x.val, x.f * 1000000, x.f, x.v, x.t, 0,
                             jsonb_build_array(jsonb_build_object('propertyId', x.p, 'days', $5::int, 'averageValue', x.val::text, 'accruedMicro', (x.f * 1000000)::text)), ${ref('e.number')}
                        from jsonb_to_recordset($1::text::jsonb) as ${X} join ledger_journal_entries e on e.id = x.e`, [json, rawFeeRun.id, FEE_FROM, THROUGH, FEE_DAYS]);
      await t.unsafe(`update wallets w set balance = w.balance - x.t, updated_at = now() from jsonb_to_recordset($1::text::jsonb) as ${X}
                       where w.user_id = x.u and w.balance - w.held >= x.t`, [json]);
      await t.unsafe(`insert into wallet_transactions (user_id, kind, amount, balance_after, description, ref_type, ref_id, journal_reference, created_at)
                      select x.u, 'fee', -x.t, w.balance, 'Platform fee 0.5% a year', 'platform_fee', x.c, ${ref('e.number')}, now()
                        from jsonb_to_recordset($1::text::jsonb) as ${X} join wallets w on w.user_id = x.u join ledger_journal_entries e on e.id = x.e`, [json]);
      await t.unsafe(`update platform_fee_runs r set investors = r.investors + s.n, fee = r.fee + s.f, vat = r.vat + s.v, collected = r.collected + s.t
                        from (select count(*) as n, sum(x.f) as f, sum(x.v) as v, sum(x.t) as t from jsonb_to_recordset($1::text::jsonb) as ${X}) s where r.id = $2::uuid`, [json, rawFeeRun.id]);
    });
  }
  const rawFeeSec = (performance.now() - rawFeeStart) / 1000;
  log(`raw fee batch: ${feeRows.length.toLocaleString('en-US')} investors in ${rawFeeSec.toFixed(1)} s = ${rate(feeRows.length, rawFeeSec)} investors/s`);

  // Fresh statistics before the run, as a production ledger has (the raw batch's rows would otherwise be unknown to
  // the planner, and the ledger's line trigger then picks a nested loop over every entry: see the README).
  await raw`analyze`;
  const feeStart = performance.now();
  const feeRun = await runPlatformFees(db, { through: THROUGH, trigger: 'admin', startedBy: adminId, chunkSize: CHUNK });
  const feeSec = (performance.now() - feeStart) / 1000;
  const feeCharged = feeRun?.investors ?? 0;
  log(`fee run: ${feeCharged.toLocaleString('en-US')} investors charged (fee ${feeRun?.fee} + VAT ${feeRun?.vat} fils) in ${feeSec.toFixed(1)} s = ${rate(feeCharged, feeSec)} investors/s`);
  const againStart = performance.now();
  const feeAgain = await runPlatformFees(db, { through: THROUGH, trigger: 'admin', startedBy: adminId, chunkSize: CHUNK });
  const feeAgainSec = (performance.now() - againStart) / 1000;
  log(`second fee run through ${THROUGH}: ${feeAgain?.investors ?? 0} charged in ${feeAgainSec.toFixed(1)} s`);

  // ── (a) Distribution pay ─────────────────────────────────────────────────────────────────────────
  log(`setting up a property held by ${HOLDERS.toLocaleString('en-US')} investors, twice (run and raw batch), bought ${PERIOD}-05 ...`);
  setupStart = performance.now();
  for (const side of ['R', 'B']) {
    await makeProperties(`DI${side}`, 1);
    await makeInvestors(`BD${side}`, HOLDERS, 10_000);
    await hold(`BD${side}`, `DI${side}`, 1, '1 + u.n % 50', `${PERIOD}-05`);
  }
  const [propR, propB] = await raw<{ id: string; reference: string; title: string }[]>`select id, reference, title from properties where reference in ('MZ-DIR001', 'MZ-DIB001') order by reference desc`;
  // AED 100,000 of rent: 10% reserve, AED 90,000 to distribute (under the AED 100,000 second-approval threshold).
  for (const p of [propR, propB]) await recordEntry(db, adminId, p.id, { period: PERIOD, kind: 'rent', amount: 10_000_000n });
  const figures = await periodFigures(db, propB, PERIOD);
  const amount = figures.distributable;
  await raw`analyze`;
  log(`set up in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; ${PERIOD}: rent ${figures.rent}, reserve ${figures.reserve}, distributable ${amount} fils`);

  // The raw batch's lines, worked out beforehand: ⌊amount × units ÷ total⌋, the fils left over one each to the first.
  const holders = await raw<{ u: string; ua: string; un: string; n: string }[]>`
    select h.user_id as u, a.id as ua, u.unicode as un, h.units::text as n from holdings h join users u on u.id = h.user_id join ledger_accounts a on a.ref = u.id::text
     where h.property_id = ${propB.id} order by h.user_id`;
  const totalUnits = holders.reduce((s, h) => s + BigInt(h.n), 0n);
  let left = amount - holders.reduce((s, h) => s + (amount * BigInt(h.n)) / totalUnits, 0n);
  const lines = holders.map((h) => {
    let a = (amount * BigInt(h.n)) / totalUnits;
    if (left > 0n) {
      a += 1n;
      left -= 1n;
    }
    return { ...h, a: a.toString() };
  });
  const [rawRun] = await raw<{ id: string }[]>`insert into distribution_runs (property_id, period, record_date, amount, distributable, reserve, units, status, created_by)
    values (${propB.id}, ${PERIOD}, ${THROUGH}::date, ${amount.toString()}, ${amount.toString()}, ${figures.reserve.toString()}, ${totalUnits.toString()}, 'draft', ${adminId}) returning id::text`;
  const rawDistStart = performance.now();
  await raw.begin(async (t) => {
    const json = JSON.stringify(lines);
    const X = 'x(u uuid, ua uuid, un text, n bigint, a bigint)';
    const entry = crypto.randomUUID();
    const [{ number }] = await t.unsafe<{ number: string }[]>(
      `insert into ledger_journal_entries (id, date, memo, status, kind, source_module, source_id, fingerprint, created_by, posted_by, posted_at)
       values ($1::uuid, $2::date, $3, 'posted', 'standard', 'bench.distribution', $4, $4, $5::uuid, $5::uuid, now()) returning number::text`,
      [entry, TODAY, `Distribution: rent for ${PERIOD} from ${propB.title}`, rawRun.id, adminId],
    );
    const reference = `JE-${number.padStart(6, '0')}`;
    const reserve = figures.reserve.toString();
    const a = amount.toString();
    // Line numbers as the posting API gives them: the debit, the holders paid, then the reserve and the cash.
    const paidLines = lines.filter((l) => l.a !== '0').length;
    await t.unsafe(
      `insert into ledger_journal_lines (entry_id, line_no, date, account_id, debit, credit, currency, property, memo)
       select $1::uuid, l.n, $2::date, l.account, l.debit, l.credit, 'AED', $3, l.memo from (
         select 1 as n, $4::uuid as account, $9::bigint + $10::bigint as debit, 0::bigint as credit, 'Distribution and reserve' as memo
         union all select 1 + row_number() over (order by x.u), x.ua, 0, x.a, 'Rent ' || $11 || ' to ' || x.un from jsonb_to_recordset($8::text::jsonb) as ${X} where x.a > 0
         union all select $12::int + 2, $5::uuid, 0, $10::bigint, 'Reserve' where $10::bigint > 0
         union all select $12::int + 3, $6::uuid, $9::bigint, 0, 'Rent paid to investors'
         union all select $12::int + 4, $7::uuid, 0, $9::bigint, 'Rent distributed') l`,
      [entry, TODAY, propB.reference, acct(LEDGER_ACCOUNTS.distributionsToInvestors), acct(LEDGER_ACCOUNTS.propertyReserves), acct(LEDGER_ACCOUNTS.bankClientMoney), acct(LEDGER_ACCOUNTS.propertyRentAccount), json, a, reserve, PERIOD, paidLines],
    );
    await t.unsafe(`update wallets w set balance = w.balance + x.a, updated_at = now() from jsonb_to_recordset($1::text::jsonb) as ${X} where w.user_id = x.u and x.a > 0`, [json]);
    await t.unsafe(`insert into wallet_transactions (user_id, kind, amount, balance_after, description, ref_type, ref_id, journal_reference, created_at)
                    select x.u, 'distribution', x.a, w.balance, 'Rent for ' || $3 || ' from ' || $4, 'distribution', $2::uuid, $5, now()
                      from jsonb_to_recordset($1::text::jsonb) as ${X} join wallets w on w.user_id = x.u where x.a > 0`, [json, rawRun.id, PERIOD, propB.title, reference]);
    await t.unsafe(`insert into distribution_lines (run_id, user_id, units, amount) select $2::uuid, x.u, x.n, x.a from jsonb_to_recordset($1::text::jsonb) as ${X}`, [json, rawRun.id]);
    await t.unsafe(`update distribution_runs set status = 'paid', paid_at = now(), paid_by = $2::uuid, journal_reference = $3 where id = $1::uuid`, [rawRun.id, adminId, reference]);
  });
  const rawDistSec = (performance.now() - rawDistStart) / 1000;
  log(`raw distribution batch: ${lines.length.toLocaleString('en-US')} holders in ${rawDistSec.toFixed(2)} s = ${rate(lines.length, rawDistSec)} holders/s`);

  await raw`analyze`;
  const createStart = performance.now();
  const created = await createRun(db, adminId, { propertyId: propR.id, period: PERIOD, amount });
  const createSec = (performance.now() - createStart) / 1000;
  const payStart = performance.now();
  const paid = await payRun(db, adminId, created.body.id);
  const paySec = (performance.now() - payStart) / 1000;
  const distSec = createSec + paySec;
  const paidHolders = paid.holders;
  log(`createRun: ${created.body.holders.toLocaleString('en-US')} holders (${created.status}) in ${createSec.toFixed(2)} s = ${rate(created.body.holders, createSec)} holders/s`);
  log(`payRun: ${paid.status}, ${paidHolders.toLocaleString('en-US')} holders in ${paySec.toFixed(2)} s = ${rate(paidHolders, paySec)} holders/s; together ${distSec.toFixed(2)} s = ${rate(paidHolders, distSec)} holders/s`);
  const movements = async () => (await raw<{ n: number }[]>`select count(*)::int as n from wallet_transactions where ref_type = 'distribution' and ref_id = ${created.body.id}`)[0].n;
  const before = await movements();
  const payAgain = await payRun(db, adminId, created.body.id);
  const paidTwice = (await movements()) - before;
  log(`second payRun: ${payAgain.status}, ${paidTwice} more wallet movements`);

  // ── The books after both ────────────────────────────────────────────────────────────────────────
  const rec = await reconciliation(db);
  const walletsOk = rec.difference === '0' && rec.walletMismatches.length === 0;
  const sharesOk = rec.sharesDifference === '0' && rec.propertyMismatches.length === 0;
  const secondsOk = paidTwice === 0 && payAgain.status === 'paid' && (feeAgain?.investors ?? 0) === 0;
  const countsOk = paidHolders === HOLDERS && feeCharged === INVESTORS && before === HOLDERS;
  const booksOk = walletsOk && sharesOk && rec.ledgerBalanced && secondsOk && countsOk;
  log(
    `books after both: wallets = client money ${walletsOk ? 'yes' : 'NO'}, shares sold = held ${sharesOk ? 'yes' : 'NO'}, ledger balanced ${rec.ledgerBalanced ? 'yes' : 'NO'}, ` +
      `second pay paid ${paidTwice}, second fee run charged ${feeAgain?.investors ?? 0}, holders paid ${paidHolders}/${HOLDERS}, investors charged ${feeCharged}/${INVESTORS}`,
  );

  const distRate = paidHolders / distSec;
  const rawDistRate = lines.length / rawDistSec;
  const distRatio = distRate / rawDistRate;
  const feeRate = feeCharged / feeSec;
  const rawFeeRate = feeRows.length / rawFeeSec;
  const feeRatio = feeRate / rawFeeRate;
  const verdict = (r: number) => (r >= 0.25 ? 'ok' : 'BELOW TARGET');
  const rows = [
    {
      name: `Distribution pay holders/s (${k(HOLDERS)} holders)`,
      measured: `${Math.round(distRate).toLocaleString('en-US')}`,
      against: `raw ${Math.round(rawDistRate).toLocaleString('en-US')}`,
      ratio: `${(distRatio * 100).toFixed(0)}%`,
      verdict: `${verdict(distRatio)} (target ≥ 25%; createRun ${createSec.toFixed(1)} s = ${rate(paidHolders, createSec)}/s, payRun ${paySec.toFixed(1)} s = ${rate(paidHolders, paySec)}/s, raw batch ${rawDistSec.toFixed(1)} s)`,
    },
    {
      name: `Platform fee run investors/s (${k(INVESTORS)})`,
      measured: `${Math.round(feeRate).toLocaleString('en-US')}`,
      against: `raw ${Math.round(rawFeeRate).toLocaleString('en-US')}`,
      ratio: `${(feeRatio * 100).toFixed(0)}%`,
      verdict: `${verdict(feeRatio)} (target ≥ 25%; ${FEE_PROPERTIES} properties, ${FEE_DAYS} days; run ${feeSec.toFixed(1)} s, raw batch ${rawFeeSec.toFixed(1)} s)`,
    },
    {
      name: 'books after distributions and fees',
      measured: booksOk ? 'reconciled' : 'MISMATCH',
      against: '—',
      ratio: '—',
      verdict: booksOk ? 'ok (a second pay paid nothing, a second fee run charged nothing)' : 'CHECK THE LEDGER',
    },
  ];
  console.log(
    `BENCH_ROWS ${JSON.stringify({
      rows,
      holders: HOLDERS,
      investors: INVESTORS,
      chunk: CHUNK,
      distribution: { createSec, paySec, sec: distSec, rawSec: rawDistSec, holdersPerSec: Math.round(distRate), rawHoldersPerSec: Math.round(rawDistRate), ratio: distRatio },
      fees: { sec: feeSec, rawSec: rawFeeSec, secondRunSec: feeAgainSec, days: FEE_DAYS, investorsPerSec: Math.round(feeRate), rawInvestorsPerSec: Math.round(rawFeeRate), ratio: feeRatio },
      booksOk,
    })}`,
  );
  for (const r of rows) console.log(`${r.name.padEnd(44)} ${r.measured.padStart(10)} ${r.against.padStart(14)} ${r.ratio.padStart(6)}  ${r.verdict}`);
} finally {
  await raw.end({ timeout: 5 });
  await database.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end({ timeout: 5 });
}
