import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@tests/helpers/db';
import { q } from '@modules/wallet';
import { seedCommunications } from './seed';
import { commsWorld, createInvestor, createProperty, hold } from './test-helpers';

describeEachDb('communications demo seed', (kind) => {
  let w: Awaited<ReturnType<typeof commsWorld>>;
  beforeAll(async () => {
    w = await commsWorld(kind);
    const p = await createProperty(w.db, { title: 'Seeded Residence' });
    const a = await createInvestor(w.db);
    await hold(w.db, a.id, p.id);
    await seedCommunications(w.db);
    await seedCommunications(w.db); // idempotent
  }, 120_000);
  afterAll(() => w?.database.close());

  it('seeds templates, conversations in every state and two announcements, once', async () => {
    const [counts] = await q<Record<string, number>>(
      w.db,
      sql`select (select count(*)::int from announcement_templates) as templates, (select count(*)::int from contact_messages) as messages,
                 (select count(*)::int from announcements) as announcements`,
    );
    expect(counts).toEqual({ templates: 3, messages: 5, announcements: 2 });
    const page = (await w.admin.json<{ items: { name: string; status: string; unread: boolean; replies: number; assignee: unknown }[]; unread: number }>('GET', '/api/admin/communications/threads')).body;
    const by = Object.fromEntries(page.items.map((t) => [t.name, t]));
    expect(by['Fatima Al Suwaidi']).toMatchObject({ status: 'open', unread: true, assignee: null, replies: 0 });
    expect(by['Rajesh Menon']).toMatchObject({ status: 'pending', unread: false, replies: 1 });
    expect(by['Claire Dubois']).toMatchObject({ status: 'open', unread: true, replies: 2 });
    expect(by['Hamad Al Mansoori']).toMatchObject({ status: 'open', replies: 0 });
    expect(by['Hamad Al Mansoori']!.assignee).not.toBeNull();
    expect(by['Sara Khan']).toMatchObject({ status: 'closed', replies: 1 });
    // The contact messages follow their conversations.
    const contact = (await w.admin.json<{ items: { name: string; status: string }[] }>('GET', '/api/admin/contact-messages')).body.items;
    expect(Object.fromEntries(contact.map((c) => [c.name, c.status]))).toEqual({
      'Fatima Al Suwaidi': 'new',
      'Rajesh Menon': 'replied',
      'Claire Dubois': 'open',
      'Hamad Al Mansoori': 'new',
      'Sara Khan': 'closed',
    });
    const ann = (await w.admin.json<{ items: { status: string; segment: { kind: string }; figures: { recipients: number; inAppDelivered: number } }[] }>('GET', '/api/admin/communications/announcements')).body.items;
    const sent = ann.find((x) => x.status === 'sent')!;
    expect(sent.figures.recipients).toBe(2); // the demo investor and the holder
    expect(sent.figures.inAppDelivered).toBe(2);
    const scheduled = ann.find((x) => x.status === 'scheduled')!;
    expect(scheduled.segment.kind).toBe('property_holders');
  });
});
