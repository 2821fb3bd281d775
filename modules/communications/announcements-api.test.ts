import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@tests/helpers/db';
import { q } from '@modules/wallet';
import { readDevMailbox } from '@modules/email';
import type { AnnouncementJson, RecipientCountJson } from './contract';
import { sendDueAnnouncements, sendIfScheduled } from './announcements';
import { commsWorld, count, createInvestor, createProperty, hold } from './test-helpers';

describeEachDb('announcements', (kind) => {
  let w: Awaited<ReturnType<typeof commsWorld>>;
  let property: { id: string; title: string };
  let other: { id: string };
  const people: Record<string, { id: string; email: string }> = {};
  beforeAll(async () => {
    w = await commsWorld(kind);
    property = await createProperty(w.db, { title: 'Palm Vista Residence' });
    other = await createProperty(w.db);
    for (const name of ['Amal', 'Badr', 'Carla', 'Dana']) people[name] = await createInvestor(w.db, { firstName: name });
    await hold(w.db, people.Amal!.id, property.id);
    await hold(w.db, people.Badr!.id, property.id);
    await hold(w.db, people.Carla!.id, other.id);
    // Dana holds the property but sold everything: units 0 is not a holder.
    await hold(w.db, people.Dana!.id, property.id, 0n);
    // Badr turned announcement emails off in his preferences.
    await w.db.execute(sql`insert into notification_preferences (user_id, kind, in_app, email) values (${people.Badr!.id}::uuid, 'announcement', true, false)`);
  }, 120_000);
  afterAll(() => w?.database.close());

  const notes = (userId: string) => count(w.db, sql`select count(*)::int as n from notifications where user_id = ${userId}::uuid and kind = 'announcement'`);
  const mails = (id: string) => q<{ to: string; text: string; subject: string }>(w.db, sql`select "to", text, subject from email_outbox where kind = ${`announcement.${id}`} order by "to"`);

  it('previews the count of a segment and reaches exactly the holders of one property', async () => {
    const preview = await w.admin.json<RecipientCountJson>('GET', `/api/admin/communications/recipients?kind=property_holders&propertyId=${property.id}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ count: 2, segmentLabel: 'Holders of Palm Vista Residence' });
    const all = await w.admin.json<RecipientCountJson>('GET', '/api/admin/communications/recipients?kind=all_investors');
    expect(all.body.count).toBe(5); // the four above and the demo investor

    const res = await w.admin.json<AnnouncementJson>('POST', '/api/admin/communications/announcements', {
      subject: 'Rent from {{propertyTitle}}',
      body: 'Dear {{firstName}}, rent from {{propertyTitle}} was paid.',
      segment: { kind: 'property_holders', propertyId: property.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('sent');
    expect(res.body.figures).toMatchObject({ recipients: 2, inAppDelivered: 2, emailsQueued: 1, skippedByPreference: 1 });
    expect(await notes(people.Amal!.id)).toBe(1);
    expect(await notes(people.Badr!.id)).toBe(1);
    expect(await notes(people.Carla!.id)).toBe(0);
    expect(await notes(people.Dana!.id)).toBe(0);
    const [note] = await q<{ title: string; body: string }>(w.db, sql`select title, body from notifications where user_id = ${people.Amal!.id}::uuid and kind = 'announcement'`);
    expect(note).toEqual({ title: 'Rent from Palm Vista Residence', body: 'Dear Amal, rent from Palm Vista Residence was paid.' });
    const sent = await mails(res.body.id);
    expect(sent.map((m) => m.to)).toEqual([people.Amal!.email]);
    expect(sent[0]!.text).toContain('Dear Amal, rent from Palm Vista Residence was paid.');
    expect(sent[0]!.text).toMatch(/\/unsubscribe\?token=[\w-]+\.[\w-]+/);
    const [audit] = await q<{ action: string; summary: string }>(w.db, sql`select action, summary from audit_log where entity_id = ${res.body.id}`);
    expect(audit).toEqual({ action: 'communications.announcement.send', summary: 'Sent “Rent from {{propertyTitle}}” to Holders of Palm Vista Residence (2 recipients)' });
  });

  it('unsubscribes by the signed link without signing in, and later emails skip that person', async () => {
    const [mail] = await q<{ text: string }>(w.db, sql`select text from email_outbox where "to" = ${people.Amal!.email} and kind like 'announcement.%'`);
    const token = decodeURIComponent(/unsubscribe\?token=([^\s]+)/.exec(mail!.text)![1]!);
    const visitor = new (w.admin.constructor as new (app: unknown) => typeof w.admin)(w.app);
    const status = await visitor.json('GET', `/api/communications/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(status).toMatchObject({ status: 200, body: { subscribed: true } });
    expect(status.body.email).toBe('i•••@example.test');
    // A forged or altered token is refused and changes nothing.
    const [idPart, sig] = token.split('.');
    const forged = `${idPart}.${sig!.slice(0, -2)}${sig!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await visitor.post('/api/communications/unsubscribe', { token: forged })).status).toBe(400);
    const otherId = Buffer.from(people.Carla!.id).toString('base64url');
    expect((await visitor.post('/api/communications/unsubscribe', { token: `${otherId}.${sig}` })).status).toBe(400);
    expect((await visitor.post('/api/communications/unsubscribe', { token: 'not-a-token' })).status).toBe(400);

    const done = await visitor.json('POST', '/api/communications/unsubscribe', { token });
    expect(done).toMatchObject({ status: 200, body: { subscribed: false } });
    expect((await visitor.json('POST', '/api/communications/unsubscribe', { token })).status).toBe(200);

    const again = await w.admin.json<AnnouncementJson>('POST', '/api/admin/communications/announcements', {
      subject: 'Second note', body: 'Hello {{firstName}}.', segment: { kind: 'property_holders', propertyId: property.id },
    });
    expect(again.body.figures).toMatchObject({ recipients: 2, inAppDelivered: 2, emailsQueued: 0, skippedByPreference: 2 });
    expect(await mails(again.body.id)).toEqual([]);
    // In-app only: no email at all, nothing skipped.
    const inApp = await w.admin.json<AnnouncementJson>('POST', '/api/admin/communications/announcements', {
      subject: 'In the app only', body: 'Hello.', segment: { kind: 'property_holders', propertyId: property.id }, email: false,
    });
    expect(inApp.body.figures).toMatchObject({ recipients: 2, inAppDelivered: 2, emailsQueued: 0, skippedByPreference: 0 });
  });

  it('respects the in-app preference too', async () => {
    await w.db.execute(sql`insert into notification_preferences (user_id, kind, in_app, email) values (${people.Carla!.id}::uuid, 'announcement', false, true)`);
    const res = await w.admin.json<AnnouncementJson>('POST', '/api/admin/communications/announcements', {
      subject: 'For holders of the other', body: 'Hi {{firstName}}', segment: { kind: 'property_holders', propertyId: other.id },
    });
    expect(res.body.figures).toMatchObject({ recipients: 1, inAppDelivered: 0, emailsQueued: 1 });
    expect(await notes(people.Carla!.id)).toBe(0);
    expect((await mails(res.body.id)).map((m) => m.to)).toEqual([people.Carla!.email]);
    expect(readDevMailbox({ to: people.Carla!.email }).some((m) => m.subject === 'For holders of the other')).toBe(true);
  });

  it('sends a scheduled announcement once, however many ticks race for it', async () => {
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    const res = await w.admin.json<AnnouncementJson>('POST', '/api/admin/communications/announcements', {
      subject: 'Later', body: 'Scheduled {{firstName}}', segment: { kind: 'all_investors' }, sendAt,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'scheduled', sendAt, sentAt: null, figures: { recipients: 0 } });
    expect(await sendDueAnnouncements(w.db)).toBe(0);
    const later = new Date(Date.now() + 2 * 3_600_000);
    const results = await Promise.all([sendIfScheduled(w.db, res.body.id, later), sendIfScheduled(w.db, res.body.id, later)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await sendDueAnnouncements(w.db, later)).toBe(0);
    const got = await w.admin.json<AnnouncementJson>('GET', `/api/admin/communications/announcements/${res.body.id}`);
    expect(got.body.status).toBe('sent');
    expect(got.body.figures.recipients).toBe(5);
    expect(await count(w.db, sql`select count(*)::int as n from notifications where kind = 'announcement' and title = 'Later'`)).toBe(got.body.figures.inAppDelivered);
    expect(await count(w.db, sql`select count(*)::int as n from email_outbox where kind = ${`announcement.${res.body.id}`}`)).toBe(got.body.figures.emailsQueued);
    // Too late to cancel.
    expect((await w.admin.post(`/api/admin/communications/announcements/${res.body.id}/cancel`, {})).status).toBe(409);
  });

  it('cancels a scheduled announcement, which then never goes out', async () => {
    const res = await w.admin.json<AnnouncementJson>('POST', '/api/admin/communications/announcements', {
      subject: 'Cancelled one', body: 'x', segment: { kind: 'kyc_pending' }, sendAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const cancelled = await w.admin.json<AnnouncementJson>('POST', `/api/admin/communications/announcements/${res.body.id}/cancel`, {});
    expect(cancelled.body.status).toBe('cancelled');
    expect(await sendDueAnnouncements(w.db, new Date(Date.now() + 3_600_000))).toBe(0);
    expect(await count(w.db, sql`select count(*)::int as n from notifications where title = 'Cancelled one'`)).toBe(0);
    const list = await w.admin.json<{ items: AnnouncementJson[]; total: number }>('GET', '/api/admin/communications/announcements?status=cancelled');
    expect(list.body.items.map((a) => a.id)).toEqual([res.body.id]);
  });

  it('counts the other segments', async () => {
    const c = async (qs: string) => (await w.admin.json<RecipientCountJson>('GET', `/api/admin/communications/recipients?${qs}`)).body.count;
    expect(await c('kind=kyc_pending')).toBe(1); // the demo investor has not started
    await w.db.execute(sql`insert into sip_plans (user_id, mode, amount, day_of_month, start_month) values (${people.Dana!.id}::uuid, 'automated', 20000, 5, date_trunc('month', now())::date)`);
    expect(await c('kind=sip_active')).toBe(1);
    await w.db.execute(sql`insert into onboarding_progress (user_id, answers) values (${people.Carla!.id}::uuid, '{"preferences":{"currency":"EUR","mode":"automated"}}'::jsonb)`);
    expect(await c('kind=currency&currency=EUR')).toBe(1);
    expect(await c('kind=currency&currency=AED')).toBe(4);
    // Inactive: an old account with no session and nothing audited in 90 days.
    await w.db.execute(sql`update users set created_at = now() - interval '200 days' where id in (${people.Amal!.id}::uuid, ${people.Badr!.id}::uuid)`);
    await w.db.execute(sql`delete from sessions where user_id = ${people.Amal!.id}::uuid`);
    expect(await c('kind=inactive_90_days')).toBe(1);
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const before = await count(w.db, sql`select count(*)::int as n from announcements`);
    const base = { subject: 'S', body: 'B', segment: { kind: 'all_investors' } };
    const bad: unknown[] = [
      { ...base, subject: '' },
      { ...base, subject: 'a\u0000b' },
      { ...base, body: 'Hi {{nickname}}' },
      { ...base, body: 'About {{propertyTitle}}' },
      { ...base, segment: { kind: 'everyone' } },
      { ...base, segment: { kind: 'property_holders' } },
      { ...base, segment: { kind: 'property_holders', propertyId: 'x' } },
      { ...base, segment: { kind: 'currency', currency: 'JPY' } },
      { ...base, inApp: false, email: false },
      { ...base, sendAt: '2020-01-01T00:00:00Z' },
      { ...base, sendAt: '2099-01-01T00:00:00Z' },
      { ...base, sendAt: 'tomorrow' },
      { ...base, templateId: '00000000-0000-0000-0000-000000000000' },
      { ...base, segment: { kind: 'property_holders', propertyId: '00000000-0000-0000-0000-000000000000' } },
      { ...base, body: 'x'.repeat(10_001) },
      { ...base, inApp: 'yes' },
      null,
      [],
      'text',
    ];
    for (const body of bad) {
      const res = await w.admin.request('POST', '/api/admin/communications/announcements', body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
      expect((await res.json()).error).toBeTruthy();
    }
    expect(await count(w.db, sql`select count(*)::int as n from announcements`)).toBe(before);
    for (const qs of ['kind=nope', 'kind=property_holders', 'kind=currency', 'kind=currency&currency=XX', 'kind=property_holders&propertyId=%00']) {
      expect((await w.admin.request('GET', `/api/admin/communications/recipients?${qs}`)).status).toBe(400);
    }
    expect((await w.admin.request('GET', '/api/admin/communications/announcements/not-an-id')).status).toBe(400);
    expect((await w.admin.request('GET', '/api/admin/communications/announcements/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    // An empty segment is refused for a send now.
    const none = await createProperty(w.db);
    const empty = await w.admin.request('POST', '/api/admin/communications/announcements', { ...base, segment: { kind: 'property_holders', propertyId: none.id } });
    expect(empty.status).toBe(422);
  });

  it('is for administrators only', async () => {
    const visitor = new (w.admin.constructor as new (app: unknown) => typeof w.admin)(w.app);
    expect((await visitor.request('GET', '/api/admin/communications/announcements')).status).toBe(401);
    const investor = await createInvestor(w.db);
    const c = new (w.admin.constructor as new (app: unknown) => typeof w.admin)(w.app);
    c.cookies.set('manzil_session', investor.token);
    expect([401, 403]).toContain((await c.request('GET', '/api/admin/communications/recipients?kind=all_investors')).status);
  });
});
