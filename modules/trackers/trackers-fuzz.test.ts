import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { q } from '@modules/wallet';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import type { TrackerJson } from './contract';

/** Values no field of these routes accepts, whatever its type. */
const ALWAYS_BAD: unknown[] = [true, {}, [], { a: { b: { c: {} } } }, 1.5e300, 1e21, '9'.repeat(40), 'a\u0000b'];
const TEXT_BAD: unknown[] = [null, true, {}, [], 1.5, 42, 'a\u0000b', '', 'x', 'x'.repeat(121)];
const VALUE_BAD: unknown[] = [...ALWAYS_BAD, null, '', ' ', '1e3', '1.5', 1.5, '--1', '0x10', '1'.repeat(17), 2 ** 64, "' or 1=1"];
const BAD_IDS = ['x', "'%20or%201=1", '0'.repeat(100), '%00', 'a%00b', '00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc', '%F0%9F%98%80'];
let deep: unknown = 1;
for (let i = 0; i < 200; i++) deep = { d: deep };
const BAD_BODIES: unknown[] = [null, [], 'text', 42, deep, [1, [2, [3]]]];

describeEachDb('data tracker routes: fuzz', (kind) => {
  let database: Database;
  let admin: TestClient;
  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    admin = new TestClient(createApp({ db: database.db, paymentProvider: null }));
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  let tried = 0;
  const expect4xx = async (method: string, path: string, body?: unknown) => {
    tried += 1;
    const res = await admin.request(method, path, body);
    const text = await res.text();
    expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 160)} → ${res.status} ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `${method} ${path} → ${text.slice(0, 200)}`).toBeLessThan(500);
    if (res.headers.get('content-type')?.includes('json')) expect(JSON.parse(text)).toHaveProperty('error');
  };
  const counts = async () =>
    (await q<Record<string, string>>(database.db, sql`select (select count(*) from trackers)::text as t, (select count(*) from tracker_points)::text as p, (select string_agg(name || threshold::text || status, ',') from trackers) as s`))[0];

  it('answers every malformed request with a 4xx and changes nothing', { timeout: 240_000 }, async () => {
    const created = await admin.json<TrackerJson>('POST', '/api/admin/trackers', { name: 'Fuzz target', metric: 'ops.deposits', target: 100, threshold: 0, alertWhen: 'below' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    const before = await counts();
    const valid = { name: 'Another', metric: 'ops.signups', target: 1, threshold: 1, alertWhen: 'above' };
    const fields: Record<string, unknown[]> = {
      name: [...TEXT_BAD, 'Fuzz target', 'FUZZ TARGET'],
      metric: [...TEXT_BAD.filter((v) => v !== 'x'), 'ops.nothing', 'ledger.account.0000', "ops'; drop table trackers;--", 'a'.repeat(121)],
      target: VALUE_BAD,
      threshold: VALUE_BAD,
      alertWhen: [...ALWAYS_BAD, null, '', 'equal', 'ABOVE'],
      direction: [...ALWAYS_BAD, null, '', 'up'],
      targetPeriod: [...ALWAYS_BAD, null, '', 'year'],
      propertyId: [...ALWAYS_BAD, 'x', '00000000-0000-0000-0000-000000000000'],
      costCenterId: [...ALWAYS_BAD, 'x', '00000000-0000-0000-0000-000000000000'],
    };
    for (const [field, values] of Object.entries(fields)) for (const v of values) await expect4xx('POST', '/api/admin/trackers', { ...valid, [field]: v });
    for (const b of BAD_BODIES) await expect4xx('POST', '/api/admin/trackers', b);
    for (const [field, values] of Object.entries(fields)) for (const v of values.filter((x) => x !== 'Fuzz target' && x !== 'FUZZ TARGET')) await expect4xx('PATCH', `/api/admin/trackers/${id}`, { [field]: v });
    await expect4xx('PATCH', `/api/admin/trackers/${id}`, {});
    for (const b of BAD_BODIES) await expect4xx('PATCH', `/api/admin/trackers/${id}`, b);
    for (const bad of BAD_IDS) {
      await expect4xx('GET', `/api/admin/trackers/${bad}`);
      await expect4xx('GET', `/api/admin/trackers/${bad}/points`);
      await expect4xx('PATCH', `/api/admin/trackers/${bad}`, { name: 'Renamed' });
      await expect4xx('POST', `/api/admin/trackers/${bad}/pause`);
      await expect4xx('POST', `/api/admin/trackers/${bad}/resume`);
      await expect4xx('DELETE', `/api/admin/trackers/${bad}`);
    }
    for (const v of ['2026-02-30', 'x', '%00', '9999-99-99', '2026-1-1', "'"]) {
      await expect4xx('GET', `/api/admin/trackers/${id}/points?from=${v}`);
      await expect4xx('GET', `/api/admin/trackers/${id}/points?to=${v}`);
    }
    await expect4xx('GET', `/api/admin/trackers/${id}/points?from=2026-03-02&to=2026-03-01`);
    await expect4xx('GET', `/api/admin/trackers/${id}/points?from=2020-01-01&to=2026-03-01`);
    for (const v of ['x', -1, 1e308, '%00', '-createdAt,;drop']) await expect4xx('GET', `/api/admin/trackers?limit=${v}`);
    await expect4xx('GET', '/api/admin/trackers?sort=password');
    await expect4xx('GET', '/api/admin/trackers?status=deleted');
    for (const b of [...BAD_BODIES.filter((x) => x !== null), { trackerId: 'x' }, { trackerId: '00000000-0000-0000-0000-00000000000z' }, { full: 'yes' }]) await expect4xx('POST', '/api/admin/trackers/recompute', b);
    expect(tried).toBeGreaterThan(250);
    expect(await counts()).toEqual(before);
  });
});
