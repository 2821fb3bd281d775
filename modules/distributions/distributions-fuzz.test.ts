import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { createSandboxProvider } from '@modules/payments';
import type { DistributionJson, PropertyRecordJson } from './contract';
import { distributionFixtures, periodBefore } from './test-helpers';

/** Values no field of these routes accepts, whatever its type. */
const ALWAYS_BAD: unknown[] = [null, true, {}, [], { a: { b: { c: {} } } }, -1, 1.5, 1e300, 1e21, '9'.repeat(40), 'a\u0000b'];
const TEXT_BAD: unknown[] = [null, true, {}, [], 1.5, 42, 'x'.repeat(501), 'a\u0000b'];
const BAD_IDS = ['x', "'%20or%201=1", '0'.repeat(100), '%00', 'a%00b', '00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc', '%F0%9F%98%80'];
let deep: unknown = 1;
for (let i = 0; i < 200; i++) deep = { d: deep };
const BAD_BODIES: unknown[] = [null, [], 'text', 42, deep, [1, [2, [3]]]];

describeEachDb('distributions routes: fuzz', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  let investor: TestClient;
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

  let tried = 0;
  const expect4xx = async (c: TestClient, method: string, path: string, body?: unknown) => {
    tried += 1;
    const res = await c.request(method, path, body);
    const text = await res.text();
    expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 120)} → ${res.status} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `${method} ${path} → ${text.slice(0, 200)}`).toBeLessThan(500);
    if (res.headers.get('content-type')?.includes('json')) expect(JSON.parse(text)).toHaveProperty('error');
  };

  it('answers every malformed request with a 4xx and changes nothing', async () => {
    const { property, people } = await fx.holdersOf([10n]);
    investor = people[0].client;
    const P1 = periodBefore(1);
    const P2 = periodBefore(2);
    const rec = (await fx.record(property.id, { period: P1, kind: 'rent', amount: 100_000 })) as PropertyRecordJson;
    const draft = (await admin.json<DistributionJson>('POST', '/api/admin/distributions', { propertyId: property.id, period: P1, amount: 50_000 })).body;
    const before = await fx.snapshot();

    const bodies: [string, string, Record<string, unknown>, Record<string, unknown[]>][] = [
      ['POST', `/api/admin/property-books/${property.id}/records`, { period: P2, kind: 'rent', amount: 1_000 }, {
        period: [...ALWAYS_BAD, '', '2026-13', '2026-1', '12345-01', "' or 1=1"],
        kind: [...ALWAYS_BAD, '', 'RENT', 'tax', "' or 1=1"],
        amount: [...ALWAYS_BAD, 0, '0', '', ' ', '1e3', '-5', '99999999999999999999', 10_000_000_001, "' or 1=1"],
        description: [...TEXT_BAD.filter((v) => v !== 'x'.repeat(501)), 'x'.repeat(301)],
        date: [...ALWAYS_BAD, '', '2020-01-01', `${P2}-32`, `${P1}-01`, "' or 1=1"],
      }],
      ['POST', `/api/admin/property-books/records/${rec.id}/reverse`, { reason: 'A real reason' }, { reason: [...TEXT_BAD.filter((v) => v !== 'x'.repeat(501)), '', 'ab', 'x'.repeat(301)] }],
      ['PUT', `/api/admin/property-books/${property.id}/months/${P2}`, { occupancyBps: 9_000 }, { occupancyBps: [...ALWAYS_BAD, 10_001, '9000', ''], note: TEXT_BAD }],
      ['PUT', `/api/admin/property-books/${property.id}/reserve`, { reserveBps: 500 }, { reserveBps: [...ALWAYS_BAD, 5_001, '500', ''] }],
      ['POST', '/api/admin/distributions', { propertyId: property.id, period: P2, amount: 1_000 }, {
        propertyId: [...ALWAYS_BAD, '', 'x', "' or 1=1", 'x'.repeat(65), '00000000-0000-0000-0000-000000000000'],
        period: [...ALWAYS_BAD, '', '2026-00', `${Number(P1.slice(0, 4)) + 2}-01`],
        amount: [...ALWAYS_BAD, 0, '', '-1', '1.5', '99999999999999999999', 10_000_000_001],
      }],
    ];
    for (const [method, path, valid, fields] of bodies) {
      for (const [field, values] of Object.entries(fields)) {
        for (const v of values) await expect4xx(admin, method, path, { ...valid, [field]: v });
        const { [field]: _omitted, ...without } = valid;
        if (field in valid) await expect4xx(admin, method, path, without);
      }
      for (const b of BAD_BODIES) await expect4xx(admin, method, path, b);
      // Fields nobody asked for do not sneak in a nested object or an array in place of the real ones.
      await expect4xx(admin, method, path, { data: valid });
    }
    for (const v of [...ALWAYS_BAD, '', 'everything', 'WALLET']) await expect4xx(investor, 'PUT', '/api/distributions/preferences', { reinvest: v });
    for (const b of BAD_BODIES) await expect4xx(investor, 'PUT', '/api/distributions/preferences', b);

    for (const id of BAD_IDS) {
      await expect4xx(admin, 'GET', `/api/admin/distributions/${id}`);
      for (const action of ['approve', 'cancel', 'pay']) await expect4xx(admin, 'POST', `/api/admin/distributions/${id}/${action}`);
      await expect4xx(admin, 'POST', `/api/admin/property-books/records/${id}/reverse`, { reason: 'A real reason' });
      await expect4xx(admin, 'GET', `/api/admin/property-books/${id}`);
      await expect4xx(admin, 'POST', `/api/admin/property-books/${id}/records`, { period: P2, kind: 'rent', amount: 1_000 });
      await expect4xx(admin, 'PUT', `/api/admin/property-books/${id}/reserve`, { reserveBps: 500 });
      await expect4xx(admin, 'PUT', `/api/admin/property-books/${id}/months/${P2}`, { occupancyBps: 500 });
      await expect4xx(admin, 'PUT', `/api/admin/property-books/${property.id}/months/${id}`, { occupancyBps: 500 });
      await expect4xx(new TestClient(app), 'GET', `/api/properties/${id}/pnl`);
    }

    const queries: [TestClient, string, string[]][] = [
      [admin, '/api/admin/distributions', ['limit=-1', 'limit=abc', 'limit=1e3', 'offset=-5', 'offset=99999999999999', 'sort=evil', 'sort=-', 'status=bogus', 'period=2026-13', `q=${'x'.repeat(201)}`, 'propertyId=' + 'x'.repeat(65)]],
      [admin, '/api/admin/distributions/export', ['status=bogus', 'sort=drop%20table', 'period=x']],
      [admin, '/api/admin/distributions/preview', ['', `propertyId=${property.id}`, `period=${P1}`, `propertyId=${property.id}&period=x`, `propertyId=${property.id}&period=${P1}&amount=-1`, `propertyId=${property.id}&period=${P1}&amount=1e30`, `propertyId=x&period=${P1}`, `propertyId=${property.id}&period=2999-01`]],
      [admin, `/api/admin/property-books/${property.id}`, ['from=x', 'to=2026-13', `from=${P1}&to=${P2}`, 'from=1990-01&to=2030-01', 'from=%27%20or%201%3D1']],
      [new TestClient(app), `/api/properties/${property.id}/pnl`, ['from=x', 'to=99999-01', `from=${P1}&to=${P2}`]],
      [investor, '/api/distributions', ['year=20x6', 'sort=amount;drop', 'limit=0', 'limit=201', 'propertyId=' + 'x'.repeat(65)]],
    ];
    for (const [client, path, list] of queries) for (const qs of list) await expect4xx(client, 'GET', `${path}?${qs}`);
    // Odd but valid searches answer normally.
    for (const qs of ["q=' or 1=1", 'q=%25', 'q=_', 'propertyId=x', 'propertyId=%27%27']) {
      const res = await admin.request('GET', `/api/admin/distributions?${qs}`);
      expect(res.status, qs).toBe(200);
    }

    // Investors and visitors never reach admin routes, whatever they send.
    for (const [method, path] of [['GET', '/api/admin/distributions'], ['POST', '/api/admin/distributions'], ['POST', `/api/admin/distributions/${draft.id}/pay`], ['POST', `/api/admin/property-books/${property.id}/records`], ['GET', `/api/admin/property-books/${property.id}`]] as const) {
      await expect4xx(investor, method, path, method === 'POST' ? { propertyId: property.id, period: P1, amount: 1 } : undefined);
      await expect4xx(new TestClient(app), method, path, method === 'POST' ? { propertyId: property.id, period: P1, amount: 1 } : undefined);
    }
    // A mutating request without the CSRF header is refused too.
    const noCsrf = await admin.request('POST', `/api/admin/distributions/${draft.id}/pay`, {}, { csrf: false });
    expect(noCsrf.status).toBe(403);

    expect(tried).toBeGreaterThan(300);
    expect(await fx.snapshot()).toEqual(before);
    await fx.reconcile();
  }, 300_000);
});
