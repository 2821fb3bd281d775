import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { POOL_EMAIL } from '@modules/exchange/pool-setup';
import { createSandboxProvider } from '@modules/payments';
import { SHARE_SCALE } from '@modules/properties/contract';
import { q } from '@modules/wallet';
import type { DistributionJson, DistributionPreviewJson } from './contract';
import { PRICE, current, distributionFixtures, periodBefore } from './test-helpers';

const S = SHARE_SCALE;
const unitsBy = (lines: { userId: string; units: string }[]) => Object.fromEntries(lines.map((l) => [l.userId, BigInt(l.units)]));

describeEachDb('distributions: record-date holders', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });
  const fx = distributionFixtures(() => ({ database, app, admin, provider }));

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  it("follows the record date: a trade today leaves last month's lines alone and moves this month's; the pool's share is the operator's own", async () => {
    const { property, people } = await fx.holdersOf([10n, 0n], { status: 'funded', extraFils: 2_000_000n });
    const [seller, buyer] = people;

    // Today: the seller sells 4 shares to the buyer on the exchange, and 1 share to the liquidity pool.
    const ask = await seller.client.json('POST', '/api/exchange/orders', { propertyId: property.id, side: 'sell', units: String(4n * S), price: Number(PRICE) });
    expect(ask.status, JSON.stringify(ask.body)).toBe(201);
    const bid = await buyer.client.json('POST', '/api/exchange/orders', { propertyId: property.id, side: 'buy', units: String(4n * S), price: Number(PRICE) });
    expect(bid.status, JSON.stringify(bid.body)).toBe(201);
    expect((await admin.json('PUT', '/api/admin/exchange/pool', { totalBudget: '100000000', perPropertyBudget: '20000000' })).status).toBe(200);
    const sale = await seller.client.json('POST', '/api/exchange/pool/sell', { propertyId: property.id, units: String(1n * S) });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const [pool] = await q<{ id: string }>(database.db, sql`select id from users where email = ${POOL_EMAIL}`);

    const P1 = periodBefore(1);
    await fx.record(property.id, { period: P1, kind: 'rent', amount: 100_000 });
    await fx.record(property.id, { period: current(), kind: 'rent', amount: 100_000 });

    const past = await admin.json<DistributionPreviewJson>('GET', `/api/admin/distributions/preview?propertyId=${property.id}&period=${P1}&amount=100000`);
    expect(unitsBy(past.body.lines)).toEqual({ [seller.id]: 10n * S });
    // More than the books' distributable (AED 1,000 of rent less the 10% reserve): allowed, with a warning.
    expect(past.body.distributable).toBe('90000');
    expect(past.body.warnings).toContain(`AED 1,000 is more than the AED 900 distributable for ${new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${P1}-01`))} in the books: the difference comes out of the property's rent account.`);
    const now = await admin.json<DistributionPreviewJson>('GET', `/api/admin/distributions/preview?propertyId=${property.id}&period=${current()}&amount=100000`);
    expect(now.body.recordDate).toBe(new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10));
    expect(unitsBy(now.body.lines)).toEqual({ [seller.id]: 5n * S, [buyer.id]: 4n * S, [pool.id]: 1n * S });

    const lastMonth = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P1, amount: 90_000 });
    expect(unitsBy(lastMonth.body.lines)).toEqual({ [seller.id]: 10n * S });
    const thisMonth = await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: current(), amount: 90_000 });
    expect(thisMonth.status).toBe(201);
    expect(Object.fromEntries(thisMonth.body.lines.map((l) => [l.userId, l.amount]))).toEqual({ [seller.id]: '45000', [buyer.id]: '36000', [pool.id]: '9000' });

    const poolWallet = async () => BigInt((await q<{ b: string }>(database.db, sql`select coalesce(sum(balance), 0)::text as b from wallets where user_id = ${pool.id}`))[0].b);
    const poolBefore = await poolWallet();
    for (const run of [lastMonth.body, thisMonth.body]) {
      const paid = await admin.json<DistributionJson>('POST', `/api/admin/distributions/${run.id}/pay`);
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    }
    expect(await poolWallet()).toBe(poolBefore);
    const [notices] = await q<{ n: number }>(database.db, sql`select count(*)::int as n from notifications where user_id = ${pool.id}`);
    expect(notices.n).toBe(0);
    const entry = await fx.entryFor('distributions.run', thisMonth.body.id);
    expect(entry.find((l) => l.code === '4920')).toMatchObject({ credit: '9000' });
    expect(entry.find((l) => l.code === '1110')).toMatchObject({ debit: '9000' });
    expect(entry.find((l) => l.code === '1120')).toMatchObject({ debit: '81000' });
    expect(entry.find((l) => l.code === '1140')).toMatchObject({ credit: '90000' });
    await fx.reconcile();
  });
});
