import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { contactMessages } from '../modules/contact/schema';
import { emailOutbox } from '../modules/email/schema';
import { waitlistEntries } from '../modules/waitlist/schema';
import { adminSession, parseCsv } from '../tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '../tests/helpers/db';
import { createApp } from './app';

describeEachDb('waitlist, contact messages and outbox lists (the list contract)', (kind) => {
  let database: Database;
  let get: (path: string) => Promise<Response>;
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return res.json();
  };
  const csv = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    return parseCsv(await res.text());
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const app = createApp({ db: database.db });
    ({ get } = await adminSession(database.db, app));
    const t0 = Date.UTC(2026, 1, 1);
    await database.db.insert(waitlistEntries).values(
      Array.from({ length: 70 }, (_, i) => ({ email: `wait${String(i).padStart(2, '0')}@example.ae`, name: i === 3 ? 'Zoë Fàbregas' : `Person ${i}`, interest: i % 2 ? 'sip' : 'manual', createdAt: new Date(t0 + i * 1000) })),
    );
    await database.db.insert(contactMessages).values(
      Array.from({ length: 60 }, (_, i) => ({ name: `Sender ${i}`, email: `sender${i}@example.ae`, topic: i === 1 ? 'press' : 'general', message: i === 1 ? 'Interview about Société Générale, "quotes", and =2+2' : 'Hello', createdAt: new Date(t0 + i * 1000) })),
    );
    await database.db.insert(emailOutbox).values(
      Array.from({ length: 55 }, (_, i) => ({ to: `to${i}@example.ae`, subject: i === 2 ? 'Réinitialiser your password' : `Welcome ${i}`, text: `secret body ${i}`, kind: i === 2 ? 'password_reset' : 'welcome', createdAt: new Date(t0 + i * 1000) })),
    );
  });
  afterAll(() => database.close());

  it('waitlist: searches past the first page, ignoring accents, and exports the same rows', async () => {
    const first = await json('/api/admin/waitlist');
    expect(first).toMatchObject({ total: 70 });
    expect(first.items).toHaveLength(50);
    const found = await json('/api/admin/waitlist?q=zoe%20FABREGAS');
    expect(found).toMatchObject({ total: 1, items: [{ email: 'wait03@example.ae', name: 'Zoë Fàbregas', interest: 'sip' }] });
    expect((await json('/api/admin/waitlist?interest=sip&limit=1')).total).toBe(35);
    expect((await json('/api/admin/waitlist?sort=createdAt&limit=1')).items[0].email).toBe('wait00@example.ae');
    expect((await json('/api/admin/waitlist?sort=-createdAt&limit=1')).items[0].email).toBe('wait69@example.ae');
    const rows = await csv('/api/admin/waitlist/export?q=zo%C3%AB');
    expect(rows).toEqual([['Name', 'Email', 'Interest', 'Joined (UTC)'], ['Zoë Fàbregas', 'wait03@example.ae', 'A monthly SIP from AED 200', '2026-02-01T00:00:03.000Z']]);
    expect((await get('/api/admin/waitlist?limit=0')).status).toBe(400);
    expect((await get('/api/admin/waitlist?interest=crypto')).status).toBe(400);
  });

  it('contact messages: searches the message text; the CSV quotes and neutralises it', async () => {
    const found = await json('/api/admin/contact-messages?q=societe%20generale');
    expect(found).toMatchObject({ total: 1, items: [{ email: 'sender1@example.ae', topic: 'press' }] });
    expect((await json('/api/admin/contact-messages?topic=general&limit=5')).total).toBe(59);
    const rows = await csv('/api/admin/contact-messages/export?q=press');
    expect(rows.slice(1).map((r) => r[5])).toEqual(['Interview about Société Générale, "quotes", and =2+2']);
    const all = await csv('/api/admin/contact-messages/export');
    expect(all).toHaveLength(61);
  });

  it('outbox: searches subjects and kinds; the CSV leaves the bodies out', async () => {
    const found = await json('/api/admin/outbox?q=reinitialiser');
    expect(found).toMatchObject({ total: 1, items: [{ to: 'to2@example.ae', kind: 'password_reset', text: 'secret body 2' }] });
    expect((await json('/api/admin/outbox?kind=welcome&limit=1')).total).toBe(54);
    const rows = await csv('/api/admin/outbox/export');
    expect(rows[0]).toEqual(['Created (UTC)', 'To', 'Subject', 'Kind', 'Status', 'Sent (UTC)', 'Error']);
    expect(rows).toHaveLength(56);
    expect(rows.flat().some((c) => c.includes('secret body'))).toBe(false);
  });
});
