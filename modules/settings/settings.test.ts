/**
 * Settings with effective dates: a change from today applies at once, a change from a later date is scheduled
 * and applies from that day (settingsOn), never back-dated; the history keeps every change with its reason; the
 * public endpoint serves what investors' screens read; bad input is a 4xx with nothing changed.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { seedDatabase } from '@db/seed';
import { addDays, todayInDubai } from '@modules/platform/dates';
import type { PublicSettingsJson, SettingChangeJson, SettingJson } from './contract';
import { settingsOn } from './service';

const today = todayInDubai();

describeEachDb('settings with effective dates', (kind) => {
  let database: Database;
  let admin: TestClient;
  let visitor: TestClient;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    const app = createApp({ db: database.db, paymentProvider: null });
    admin = new TestClient(app);
    visitor = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  const settings = async () => (await admin.json<{ items: SettingJson[] }>('GET', '/api/admin/settings')).body.items;
  const one = async (key: string) => (await settings()).find((s) => s.key === key)!;

  it('lists every setting by group with its default, and serves the public fees and limits to anyone', async () => {
    const all = await settings();
    expect(all.map((s) => s.group)).toContain('fees');
    expect(all.find((s) => s.key === 'platformFeeBps')).toMatchObject({ value: '50', default: '50', unit: 'bps', effectiveFrom: null, scheduled: [] });
    const pub = await visitor.json<PublicSettingsJson>('GET', '/api/settings/public');
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({
      minInvestment: '20000',
      retailAnnualLimit: '18000000',
      platformFeeBps: 50,
      transactionChargeBps: { 'uae-bank-transfer': 50, 'credit-card': 250 },
      transactionChargeRange: { min: 50, max: 250 },
    });
    expect((await visitor.json('GET', '/api/admin/settings')).status).toBe(401);
  });

  it('a change from today applies at once; one from a later date is scheduled and applies from that day', async () => {
    const now = await admin.json<SettingJson>('PUT', '/api/admin/settings/retailAnnualLimit', { value: '20000000', reason: 'Regulator raised the retail cap' });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(now.body).toMatchObject({ value: '20000000', effectiveFrom: today });
    expect((await visitor.json<PublicSettingsJson>('GET', '/api/settings/public')).body.retailAnnualLimit).toBe('20000000');

    const later = addDays(today, 10);
    const scheduled = await admin.json<SettingJson>('PUT', '/api/admin/settings/platformFeeBps', { value: 40, effectiveFrom: later, reason: 'Lower fee from next month' });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ value: '50', scheduled: [{ value: '40', effectiveFrom: later, reason: 'Lower fee from next month' }] });
    expect((await settingsOn(database.db, addDays(later, -1))).platformFeeBps).toBe(50n);
    expect((await settingsOn(database.db, later)).platformFeeBps).toBe(40n);
    expect((await settingsOn(database.db)).retailAnnualLimit).toBe(20_000_000n);

    const history = await admin.json<{ items: SettingChangeJson[] }>('GET', '/api/admin/settings/platformFeeBps/history');
    expect(history.body.items).toEqual([expect.objectContaining({ value: '40', effectiveFrom: later, reason: 'Lower fee from next month', changedBy: 'admin@manzil.ae' })]);
  });

  it('refuses back-dated changes, out-of-range values, malformed dates and reasons with NUL bytes, changing nothing', async () => {
    const before = await one('chargeDebitCardBps');
    for (const body of [
      { value: 60, effectiveFrom: addDays(today, -1) },
      { value: 60, effectiveFrom: '2026-02-30' },
      { value: 60, effectiveFrom: 'tomorrow' },
      { value: 1001 },
      { value: '5.5' },
      { value: -1 },
      { value: 60, reason: 'bad\u0000reason' },
      { value: 60, reason: 'x'.repeat(501) },
      { value: { nested: true } },
      {},
    ]) {
      const r = await admin.json<{ error: string }>('PUT', '/api/admin/settings/chargeDebitCardBps', body);
      expect([400, 422], JSON.stringify(body)).toContain(r.status);
    }
    expect((await admin.json('PUT', '/api/admin/settings/noSuchSetting', { value: 1 })).status).toBe(404);
    expect((await admin.json('GET', '/api/admin/settings/noSuchSetting/history')).status).toBe(404);
    expect(await one('chargeDebitCardBps')).toEqual(before);
  });
});
