/**
 * Purchases benchmark on PostgreSQL (`bun tests/bench/purchases.ts`, or `npm run bench -- --only=purchases`):
 * purchases per second with BUYERS (50) concurrent buyers, each a signed-in, verified investor buying AED 200
 * of a property again and again for DURATION seconds, through the whole API in-process (`app.handle`: CSRF,
 * session, validation, the KYC / retail-limit / funds checks, the wallet row lock and conditional debit, the
 * holding, the journal entry with its balance triggers, the notification and the conditional share UPDATE, in
 * one transaction).
 *
 *   (a) spread: the buyers pick among PROPERTIES (10) properties; against the bare atomic core of a purchase
 *       (the same conditional wallet debit, conditional share UPDATE and holding upsert in one transaction of
 *       raw SQL, no checks, no ledger), the same number of concurrent buyers, interleaved rounds A, B, A, B.
 *   (b) hot: every buyer on ONE property (its row and its ledger balance row are every transaction's hot spot),
 *       against the bare core on one property.
 *
 * At the end it checks the books: Σ wallets = client money in the ledger, shares sold = shares held.
 * Env: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test): a server
 * where the bench may create and drop its own database. Flags: --buyers=50 --duration=5 --rounds=2
 * --properties=10 --pool=20. Not a timed test: nothing fails on a slow figure.
 */
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { createApp } from '@api/app';
import { SESSION_COOKIE } from '@api/cookies';
import { migrateDatabase, openDatabase } from '@db/client';
import { users } from '@modules/auth/schema';
import { createSession } from '@modules/auth';
import { newUnicode } from '@modules/auth/unicode';
import { seedChartOfAccounts } from '@modules/ledger';
import { reconciliation } from '@modules/investing/service';
import { createSandboxProvider } from '@modules/payments';
import { properties } from '@modules/properties/schema';
import { confirmDeposit, createDeposit } from '@modules/wallet';

const flags = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (k: string, d: number) => (flags.has(k) ? Number(flags.get(k)) : d);
const BUYERS = num('buyers', 50);
const DURATION = num('duration', 5);
const ROUNDS = num('rounds', 2);
const PROPERTIES = num('properties', 10);
const POOL = num('pool', 20);
const AMOUNT = 20_000; // AED 200, the minimum
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = (m: string) => console.log(`[purchases-bench] ${m}`);

process.env.DATABASE_POOL_SIZE = String(POOL);
process.env.SANDBOX_CONFIRM_MS = 'off';

const name = `manzil_purchases_bench_${Date.now().toString(36)}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });
const raw = postgres(url.toString(), { max: POOL, onnotice: () => {} });

type Buyer = { id: string; cookie: string; csrf: string };

try {
  const { db } = database;
  await migrateDatabase(database);
  await seedChartOfAccounts(db);
  const provider = createSandboxProvider({ confirmAfterMs: null });
  const app = createApp({ db, paymentProvider: provider });

  log(`setting up ${BUYERS * 2} funded investors and ${PROPERTIES + 3} properties ...`);
  const makeProperty = async (tag: string) => {
    const shares = 10_000_000n; // AED 100 a share: plenty for every round
    const [p] = await db
      .insert(properties)
      .values({
        reference: `MZ-BENCH-${tag}`,
        slug: `bench-${tag.toLowerCase()}`,
        title: `Bench property ${tag}`,
        community: 'Dubai Marina',
        city: 'Dubai',
        propertyType: 'apartment',
        sizeSqft: 1000,
        status: 'funding',
        sharePrice: 10_000n,
        totalShares: shares * 10_000n,
        fundingTarget: shares * 10_000n,
        purchasePrice: shares * 10_000n,
        valuation: shares * 10_000n,
      })
      .returning({ id: properties.id });
    return p.id;
  };
  const spread = await Promise.all(Array.from({ length: PROPERTIES }, (_, i) => makeProperty(`S${i}`)));
  const hot = await makeProperty('HOT');
  const bareSpread = await Promise.all(Array.from({ length: PROPERTIES }, (_, i) => makeProperty(`BS${i}`)));
  const bareHot = await makeProperty('BHOT');

  const makeBuyer = async (i: number): Promise<Buyer> => {
    const [u] = await db
      .insert(users)
      .values({ email: `buyer-${i}@bench.test`, passwordHash: 'x', firstName: 'Bench', lastName: `Buyer ${i}`, role: 'investor', unicode: newUnicode(), kycStatus: 'approved' })
      .returning({ id: users.id });
    const d = await createDeposit(db, provider, u.id, { amount: 5_000_000n, method: 'uae-bank-transfer' });
    await confirmDeposit(db, provider.name, d.providerRef, { notify: false });
    const token = await createSession(db, u.id);
    const csrf = crypto.randomUUID().replaceAll('-', '');
    return { id: u.id, cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}; XSRF-TOKEN=${csrf}`, csrf };
  };
  const buyers: Buyer[] = [];
  for (let i = 0; i < BUYERS; i++) buyers.push(await makeBuyer(i));
  // The bare core's buyers: their own wallets, so both sides start from the same state.
  const bareBuyers: string[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const [u] = await db
      .insert(users)
      .values({ email: `bare-${i}@bench.test`, passwordHash: 'x', firstName: 'Bare', lastName: `Buyer ${i}`, role: 'investor', unicode: newUnicode(), kycStatus: 'approved' })
      .returning({ id: users.id });
    await db.execute(sql`insert into wallets (user_id, balance) values (${u.id}, 500000000)`);
    bareBuyers.push(u.id);
  }

  const purchase = async (b: Buyer, propertyId: string) => {
    const res = await app.handle(
      new Request('http://localhost/api/investments', {
        method: 'POST',
        headers: { cookie: b.cookie, 'x-csrf-token': b.csrf, 'content-type': 'application/json', 'x-client-ip': '10.9.9.9' },
        body: JSON.stringify({ propertyId, amount: AMOUNT }),
      }),
    );
    if (res.status !== 201) throw new Error(`purchase answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  // 0.02 shares at AED 100 a share = AED 200.
  const units = 20_000;
  const bareCore = async (userId: string, propertyId: string) => {
    await raw.begin(async (t) => {
      const w = await t`update wallets set balance = balance - ${AMOUNT}, updated_at = now() where user_id = ${userId} and balance - held >= ${AMOUNT} returning balance`;
      if (!w.length) throw new Error('bare: insufficient funds');
      await t`insert into holdings (user_id, property_id, units, cost) values (${userId}, ${propertyId}, ${units}, ${AMOUNT})
              on conflict (user_id, property_id) do update set units = holdings.units + excluded.units, cost = holdings.cost + excluded.cost, updated_at = now()`;
      const p = await t`update properties set shares_sold = shares_sold + ${units}, updated_at = now() where id = ${propertyId} and status = 'funding' and shares_sold + ${units} <= total_shares returning 1`;
      if (!p.length) throw new Error('bare: sold out');
    });
  };

  /** BUYERS loops for `seconds`; each buyer sequential, all concurrent. Returns completed operations per second. */
  const load = async (seconds: number, op: (i: number, n: number) => Promise<void>) => {
    const until = performance.now() + seconds * 1000;
    const start = performance.now();
    let done = 0;
    await Promise.all(
      Array.from({ length: BUYERS }, async (_, i) => {
        let n = 0;
        while (performance.now() < until) {
          await op(i, n++);
          done += 1;
        }
      }),
    );
    return done / ((performance.now() - start) / 1000);
  };

  const scenarios = [
    { key: 'spread', label: `${BUYERS} buyers, ${PROPERTIES} properties`, api: (i: number, n: number) => purchase(buyers[i], spread[(i + n) % spread.length]), bare: (i: number, n: number) => bareCore(bareBuyers[i], bareSpread[(i + n) % bareSpread.length]) },
    { key: 'hot', label: `${BUYERS} buyers, one property`, api: (i: number) => purchase(buyers[i], hot), bare: (i: number) => bareCore(bareBuyers[i], bareHot) },
  ];
  const rows: { name: string; measured: string; against: string; ratio: string; verdict: string }[] = [];
  const result: Record<string, unknown> = { buyers: BUYERS, duration: DURATION, rounds: ROUNDS, pool: POOL };
  for (const s of scenarios) {
    log(`${s.label}: warm-up ...`);
    await load(1, s.api);
    await load(1, s.bare);
    const api: number[] = [];
    const bare: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      api.push(await load(DURATION, s.api));
      bare.push(await load(DURATION, s.bare));
      log(`${s.label}: round ${r + 1}: purchases ${api.at(-1)!.toFixed(0)}/s, bare core ${bare.at(-1)!.toFixed(0)}/s`);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const a = median(api);
    const b = median(bare);
    result[s.key] = { purchasesPerSec: Math.round(a), bareCorePerSec: Math.round(b), ratio: a / b, rounds: { api, bare } };
    rows.push({
      name: `POST /api/investments/s (${s.key})`,
      measured: `${Math.round(a).toLocaleString('en-US')}`,
      against: `core ${Math.round(b).toLocaleString('en-US')}`,
      ratio: `${((a / b) * 100).toFixed(0)}%`,
      verdict: `${s.label}; the full purchase against its bare atomic core (raw SQL)`,
    });
  }

  const rec = await reconciliation(db);
  // The bare core moves wallets and shares without the ledger: leave its buyers and properties out of the check.
  const [bareTotals] = await raw`select (select coalesce(sum(balance), 0) from wallets where user_id = any(${bareBuyers}))::text as wallets,
                                        (select coalesce(sum(shares_sold), 0) from properties where reference like 'MZ-BENCH-B%')::text as sold,
                                        (select coalesce(sum(units), 0) from holdings where user_id = any(${bareBuyers}))::text as held`;
  const walletsOk = BigInt(rec.walletsTotal) - BigInt(bareTotals.wallets) === BigInt(rec.clientMoneyLedger);
  const sharesOk = BigInt(rec.sharesSold) - BigInt(bareTotals.sold) === BigInt(rec.sharesHeld) - BigInt(bareTotals.held);
  log(`books after the run: wallets = client money ${walletsOk ? 'yes' : 'NO'}, shares sold = held ${sharesOk ? 'yes' : 'NO'}, ledger balanced ${rec.ledgerBalanced ? 'yes' : 'NO'}`);
  result.booksOk = walletsOk && sharesOk && rec.ledgerBalanced;
  rows.push({ name: 'books after the purchases run', measured: result.booksOk ? 'reconciled' : 'MISMATCH', against: '—', ratio: '—', verdict: result.booksOk ? 'ok' : 'CHECK THE LEDGER' });
  provider.close();
  console.log(`BENCH_ROWS ${JSON.stringify({ rows, ...result })}`);
  for (const r of rows) console.log(`${r.name.padEnd(40)} ${r.measured.padStart(10)} ${r.against.padStart(14)} ${r.ratio.padStart(6)}  ${r.verdict}`);
} finally {
  await raw.end({ timeout: 5 });
  await database.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end({ timeout: 5 });
}
process.exit(0);
