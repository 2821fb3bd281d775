import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { createSandboxProvider } from '../payments';
import { SHARE_SCALE } from '../properties/contract';
import { q } from '../wallet';
import type { InvestmentJson, ReconciliationJson } from './contract';
import { clientWith, createInvestor, createProperty, fundWallet, moneyTestDatabase } from './test-helpers';

/** Concurrency is proven on a real PostgreSQL (PGlite runs one statement at a time). */
const run = process.env.TEST_DATABASE_URL ? describe : describe.skip;

run('purchases under concurrency [postgres]', () => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });

  beforeAll(async () => {
    database = await moneyTestDatabase('postgres');
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  it('300 parallel purchases by 100 investors for a property with 50 shares left sell at most 50, overdraw no wallet and keep the books balanced', async () => {
    // 50 shares at AED 1,000: each request asks for AED 250–1,500 worth; wallets hold AED 600–2,400.
    const property = await createProperty(database.db, { shares: 50n, sharePrice: 100_000n });
    const investors: { id: string; client: TestClient }[] = [];
    for (let i = 0; i < 100; i++) {
      const inv = await createInvestor(database.db);
      await fundWallet(database.db, inv.id, BigInt(60_000 + (i % 10) * 20_000), provider);
      investors.push({ ...inv, client: clientWith(app, inv.token) });
    }
    const [walletsBefore] = await q<{ total: string }>(database.db, sql`select sum(balance)::text as total from wallets`);

    const requests = Array.from({ length: 300 }, (_, i) => {
      const inv = investors[i % investors.length];
      const amount = 25_000 + ((i * 7919) % 6) * 25_000; // 250 … 1,500 AED
      return inv.client.request('POST', '/api/investments', { propertyId: property.id, amount });
    });
    const responses = await Promise.all(requests);
    const bodies = await Promise.all(responses.map(async (r) => ({ status: r.status, body: (await r.json()) as InvestmentJson & { error?: string } })));

    const statuses = new Map<string, number>();
    for (const b of bodies) {
      const k = b.status === 201 ? '201' : `${b.status} ${b.body.error}`;
      statuses.set(k, (statuses.get(k) ?? 0) + 1);
    }
    // Only successes and clear refusals: no 5xx, no lost updates.
    // (A purchase that takes the very last share closes funding, so later ones may hear that the property is no longer open.)
    for (const k of statuses.keys()) expect(['201', '422 not_enough_shares', '422 insufficient_funds', '422 property_not_open']).toContain(k);
    const sold = bodies.filter((b) => b.status === 201).reduce((s, b) => s + BigInt(b.body.units), 0n);
    expect(statuses.get('201') ?? 0).toBeGreaterThan(0);

    const [p] = await q<{ sold: string; total: string }>(database.db, sql`select shares_sold::text as sold, total_shares::text as total from properties where id = ${property.id}`);
    expect(BigInt(p.sold)).toBe(sold);
    expect(BigInt(p.sold)).toBeLessThanOrEqual(50n * SHARE_SCALE);
    // With demand six times the supply, the property sells out to within the smallest ask (AED 250).
    expect(50n * SHARE_SCALE - BigInt(p.sold)).toBeLessThan(2_500n);

    const [w] = await q<{ negative: string; overheld: string; total: string }>(
      database.db,
      sql`select count(*) filter (where balance < 0)::text as negative, count(*) filter (where held > balance)::text as overheld, sum(balance)::text as total from wallets`,
    );
    expect(w.negative).toBe('0');
    expect(w.overheld).toBe('0');
    const spent = bodies.filter((b) => b.status === 201).reduce((s, b) => s + BigInt(b.body.total), 0n);
    expect(BigInt(walletsBefore.total) - BigInt(w.total)).toBe(spent);

    const [{ n }] = await q<{ n: string }>(database.db, sql`select count(*)::text as n from investments where property_id = ${property.id}`);
    expect(Number(n)).toBe(statuses.get('201'));
    const rec = await admin.json<ReconciliationJson>('GET', '/api/admin/reconciliation');
    expect(rec.body).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
  }, 120_000);

  it('20 parallel repeats of one purchase with the same Idempotency-Key buy once', async () => {
    const property = await createProperty(database.db, { shares: 1000n });
    const inv = await createInvestor(database.db);
    await fundWallet(database.db, inv.id, 1_000_000n, provider);
    const c = clientWith(app, inv.token);
    const key = crypto.randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => c.request('POST', '/api/investments', { propertyId: property.id, amount: 100_000 }, { headers: { 'idempotency-key': key } })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as InvestmentJson).id)));
    expect(ids.size).toBe(1);
    const [{ n, sold }] = await q<{ n: string; sold: string }>(
      database.db,
      sql`select (select count(*) from investments where user_id = ${inv.id})::text as n, (select shares_sold from properties where id = ${property.id})::text as sold`,
    );
    expect(n).toBe('1');
    expect(sold).toBe(String(SHARE_SCALE));
  }, 60_000);

  it('parallel cancellations and purchases by one investor keep the wallet and holdings exact', async () => {
    const property = await createProperty(database.db, { shares: 1000n });
    const inv = await createInvestor(database.db);
    await fundWallet(database.db, inv.id, 2_000_000n, provider);
    const c = clientWith(app, inv.token);
    const first = await Promise.all(Array.from({ length: 8 }, () => c.json<InvestmentJson>('POST', '/api/investments', { propertyId: property.id, amount: 100_000 })));
    expect(first.every((r) => r.status === 201)).toBe(true);
    // Cancel each twice at once while buying more: every cancellation happens once.
    const mixed = await Promise.all([
      ...first.flatMap((r) => [c.request('POST', `/api/investments/${r.body.id}/cancel`, {}), c.request('POST', `/api/investments/${r.body.id}/cancel`, {})]),
      ...Array.from({ length: 8 }, () => c.request('POST', '/api/investments', { propertyId: property.id, amount: 50_000 })),
    ]);
    const cancelStatuses = mixed.slice(0, 16).map((r) => r.status);
    expect(cancelStatuses.filter((s) => s === 200)).toHaveLength(8);
    expect(cancelStatuses.filter((s) => s === 422)).toHaveLength(8);
    expect(mixed.slice(16).every((r) => r.status === 201)).toBe(true);
    const [h] = await q<{ units: string; sold: string }>(
      database.db,
      sql`select (select units from holdings where user_id = ${inv.id} and property_id = ${property.id})::text as units, (select shares_sold from properties where id = ${property.id})::text as sold`,
    );
    expect(h.units).toBe(String(8n * SHARE_SCALE / 2n));
    expect(h.sold).toBe(h.units);
    const rec = await admin.json<ReconciliationJson>('GET', '/api/admin/reconciliation');
    expect(rec.body.ok).toBe(true);
  }, 60_000);
});
