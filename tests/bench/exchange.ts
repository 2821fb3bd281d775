/**
 * Exchange benchmark on PostgreSQL (`bun tests/bench/exchange.ts`, or `npm run bench -- --only=exchange`): orders per
 * second through POST /api/exchange/orders on ONE hot property with TRADERS (50) concurrent traders, through the whole
 * API in-process (`app.handle`: CSRF, session, validation, idempotency, the KYC check, the market row lock, the holds,
 * matching price then time, the settlement of every fill — lots, trade row, holdings, wallet hold release and debit,
 * seller credit, one journal entry — and the notifications), against the matching core alone: the same placement,
 * matching and settlement SQL (`placeCore`, modules/exchange/orders.ts) called directly, without HTTP, on its own
 * hot property with its own traders. Every trader alternates a sell and a buy at the same price, so about every other
 * order trades against a resting one. Rounds are interleaved A, B, A, B.
 *
 * At the end it checks the books: Σ wallets = client money per investor, shares sold = Σ holdings, ledger balanced.
 * Env: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test). Flags: --traders=50
 * --duration=5 --rounds=2 --pool=20. Not a timed test: nothing fails on a slow figure.
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
import { invest } from '@modules/investing';
import { reconciliation } from '@modules/investing/service';
import { createSandboxProvider } from '@modules/payments';
import { properties } from '@modules/properties/schema';
import { SHARE_SCALE } from '@modules/properties/contract';
import { placeCore } from '@modules/exchange/orders';
import { confirmDeposit, createDeposit } from '@modules/wallet';

const flags = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (k: string, d: number) => (flags.has(k) ? Number(flags.get(k)) : d);
const TRADERS = num('traders', 50);
const DURATION = num('duration', 5);
const ROUNDS = num('rounds', 2);
const POOL = num('pool', 20);
const PRICE = 10_000n; // AED 100 a share
const UNITS = SHARE_SCALE / 10n; // 0.1 share an order (AED 10)
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = (m: string) => console.log(`[exchange-bench] ${m}`);

process.env.DATABASE_POOL_SIZE = String(POOL);
process.env.SANDBOX_CONFIRM_MS = 'off';
// Trade confirmations are emailed; the development mailbox would print each one. Not what this bench reads.
console.info = () => {};

const name = `manzil_exchange_bench_${Date.now().toString(36)}`;
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await openDatabase({ url: url.toString() });

type Trader = { id: string; cookie: string; csrf: string };

try {
  const { db } = database;
  await migrateDatabase(database);
  await seedChartOfAccounts(db);
  const provider = createSandboxProvider({ confirmAfterMs: null });
  const app = createApp({ db, paymentProvider: provider });

  log(`setting up ${TRADERS * 2} traders holding shares and cash, and two hot properties ...`);
  const makeProperty = async (tag: string) => {
    const shares = 1_000_000n;
    const [p] = await db
      .insert(properties)
      .values({
        reference: `MZ-XB-${tag}`,
        slug: `exchange-bench-${tag.toLowerCase()}`,
        title: `Exchange bench ${tag}`,
        community: 'Dubai Marina',
        city: 'Dubai',
        propertyType: 'apartment',
        sizeSqft: 1000,
        status: 'funding',
        sharePrice: PRICE,
        totalShares: shares * SHARE_SCALE,
        fundingTarget: shares * PRICE,
        purchasePrice: shares * PRICE,
        valuation: shares * PRICE,
      })
      .returning({ id: properties.id });
    return p.id;
  };
  const hot = await makeProperty('API');
  const core = await makeProperty('CORE');
  const makeTrader = async (i: number, propertyId: string, tag: string): Promise<Trader> => {
    const [u] = await db
      .insert(users)
      .values({ email: `trader-${tag}-${i}@bench.test`, passwordHash: 'x', firstName: 'Bench', lastName: `Trader ${i}`, role: 'investor', unicode: newUnicode(), kycStatus: 'approved' })
      .returning({ id: users.id });
    const d = await createDeposit(db, provider, u.id, { amount: 5_000_000n, method: 'uae-bank-transfer' });
    await confirmDeposit(db, provider.name, d.providerRef, { notify: false });
    await invest(db, u.id, { propertyId, amount: 2_000_000n }, { notify: false }); // 200 shares each
    const token = await createSession(db, u.id);
    const csrf = crypto.randomUUID().replaceAll('-', '');
    return { id: u.id, cookie: `${SESSION_COOKIE}=${encodeURIComponent(token)}; XSRF-TOKEN=${csrf}`, csrf };
  };
  const apiTraders: Trader[] = [];
  const coreTraders: Trader[] = [];
  for (let i = 0; i < TRADERS; i++) {
    apiTraders.push(await makeTrader(i, hot, 'api'));
    coreTraders.push(await makeTrader(i, core, 'core'));
  }
  await db.execute(sql`update properties set status = 'funded' where id in (${hot}, ${core})`);

  let n = 0;
  const viaApi = async (t: Trader, k: number) => {
    const res = await app.handle(
      new Request('http://localhost/api/exchange/orders', {
        method: 'POST',
        headers: { cookie: t.cookie, 'x-csrf-token': t.csrf, 'content-type': 'application/json', 'x-client-ip': '10.9.9.9', 'idempotency-key': `b-${++n}` },
        body: JSON.stringify({ propertyId: hot, side: k % 2 ? 'buy' : 'sell', units: String(UNITS), price: String(PRICE) }),
      }),
    );
    if (res.status !== 201) throw new Error(`order answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  const viaCore = async (t: Trader, k: number) => {
    await placeCore(db, t.id, { propertyId: core, side: k % 2 ? 'buy' : 'sell', units: UNITS, price: PRICE, timeInForce: 'gtc' });
  };

  const load = async (seconds: number, traders: Trader[], op: (t: Trader, k: number) => Promise<void>) => {
    const until = performance.now() + seconds * 1000;
    const start = performance.now();
    let done = 0;
    await Promise.all(
      traders.map(async (t, i) => {
        let k = i;
        while (performance.now() < until) {
          await op(t, k++);
          done += 1;
        }
      }),
    );
    return done / ((performance.now() - start) / 1000);
  };

  log('warm-up ...');
  await load(1, apiTraders, viaApi);
  await load(1, coreTraders, viaCore);
  const api: number[] = [];
  const bare: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    api.push(await load(DURATION, apiTraders, viaApi));
    bare.push(await load(DURATION, coreTraders, viaCore));
    log(`round ${r + 1}: API ${api.at(-1)!.toFixed(0)} orders/s, matching core ${bare.at(-1)!.toFixed(0)} orders/s`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const a = median(api);
  const b = median(bare);
  const [trades] = (await db.execute(sql`select count(*)::int as n from exchange_trades`)) as unknown as { n: number }[];
  const rec = await reconciliation(db);
  const booksOk = rec.ok;
  log(`trades made: ${(trades as { n: number } | undefined)?.n ?? '?'}; books: ${booksOk ? 'reconciled' : 'MISMATCH'}`);
  const rows = [
    {
      name: 'POST /api/exchange/orders/s (hot)',
      measured: `${Math.round(a).toLocaleString('en-US')}`,
      against: `core ${Math.round(b).toLocaleString('en-US')}`,
      ratio: `${((a / b) * 100).toFixed(0)}%`,
      verdict: `${a / b >= 0.2 ? 'ok' : 'BELOW TARGET'} (target ≥ 20%; ${TRADERS} traders, one property; the API against the matching core without HTTP)`,
    },
    { name: 'books after the exchange run', measured: booksOk ? 'reconciled' : 'MISMATCH', against: '—', ratio: '—', verdict: booksOk ? 'ok' : 'CHECK THE LEDGER' },
  ];
  provider.close();
  console.log(`BENCH_ROWS ${JSON.stringify({ rows, traders: TRADERS, duration: DURATION, rounds: ROUNDS, apiOrdersPerSec: Math.round(a), coreOrdersPerSec: Math.round(b), ratio: a / b, booksOk })}`);
  for (const r of rows) console.log(`${r.name.padEnd(40)} ${r.measured.padStart(10)} ${r.against.padStart(14)} ${r.ratio.padStart(6)}  ${r.verdict}`);
} finally {
  await database.close();
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end({ timeout: 5 });
}
