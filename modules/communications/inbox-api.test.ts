import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@tests/helpers/db';
import { readDevMailbox } from '@modules/email';
import { q } from '@modules/wallet';
import type { StaffJson, ThreadDetailJson, ThreadJson } from './contract';
import { commsWorld, createInvestor } from './test-helpers';

type Page = { items: ThreadJson[]; total: number; unread: number };

describeEachDb('communications inbox', (kind) => {
  let w: Awaited<ReturnType<typeof commsWorld>>;
  let id: string;
  const email = `noor-${kind}@example.ae`;
  beforeAll(async () => {
    w = await commsWorld(kind);
    const res = await w.admin.json<{ id: string }>('POST', '/api/contact', { name: 'Noor Hadid', email, topic: 'account', message: 'My wallet shows a pending deposit since Monday.' });
    expect(res.status).toBe(201);
    id = res.body.id;
    await w.admin.post('/api/contact', { name: 'Yusuf Ali', email: 'yusuf@example.ae', topic: 'general', message: 'Do you have an office in Abu Dhabi?' });
  }, 120_000);
  afterAll(() => w?.database.close());

  const list = async (qs = '') => (await w.admin.json<Page>('GET', `/api/admin/communications/threads${qs}`)).body;
  /** The contact message's own status, as /admin/contact-messages lists it. */
  const contactStatus = async (messageId = id) => {
    const res = await w.admin.json<{ items: { id: string; status: string }[] }>('GET', `/api/admin/contact-messages?limit=100`);
    expect(res.status).toBe(200);
    return res.body.items.find((x) => x.id === messageId)?.status;
  };

  it('lists every contact message as an open, unassigned, unread conversation', async () => {
    const page = await list();
    expect(page.total).toBe(2);
    expect(page.unread).toBe(2);
    expect(page.items.find((t) => t.id === id)).toMatchObject({ name: 'Noor Hadid', email, status: 'open', assignee: null, unread: true, replies: 0 });
    expect(await contactStatus()).toBe('new');
    expect((await list('?q=abu%20dhabi')).items.map((t) => t.name)).toEqual(['Yusuf Ali']);
  });

  it('assigns to a staff member and changes the status, refusing anyone who is not staff', async () => {
    const staff = (await w.admin.json<{ items: StaffJson[] }>('GET', '/api/admin/communications/staff')).body.items;
    expect(staff.map((s) => s.id)).toContain(w.adminId);
    const investor = await createInvestor(w.db);
    const refused = await w.admin.request('PATCH', `/api/admin/communications/threads/${id}`, { assigneeId: investor.id });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error).toBe('assignee_not_staff');
    const ok = await w.admin.json<ThreadDetailJson>('PATCH', `/api/admin/communications/threads/${id}`, { assigneeId: w.adminId, status: 'pending' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'pending', assignee: { id: w.adminId, name: 'Layla Haddad' } });
    // Waiting for the sender, but nobody has answered by email: open on the contact message, not replied.
    expect(await contactStatus()).toBe('open');
    expect((await list('?assignee=me')).items.map((t) => t.id)).toEqual([id]);
    expect((await list('?assignee=none')).items.map((t) => t.name)).toEqual(['Yusuf Ali']);
    expect((await list('?status=pending')).items.map((t) => t.id)).toEqual([id]);
    const cleared = await w.admin.json<ThreadDetailJson>('PATCH', `/api/admin/communications/threads/${id}`, { assigneeId: null, status: 'open' });
    expect(cleared.body).toMatchObject({ status: 'open', assignee: null });
    expect(await contactStatus()).toBe('new');
    expect((await w.admin.json<{ total: number }>('GET', '/api/admin/contact-messages?status=new')).body.total).toBe(2);
  });

  it('marks a conversation read', async () => {
    const read = await w.admin.json<ThreadDetailJson>('POST', `/api/admin/communications/threads/${id}/read`, {});
    expect(read.body.unread).toBe(false);
    expect((await list('?unread=true')).items.map((t) => t.name)).toEqual(['Yusuf Ali']);
  });

  it('sends a reply through the outbox with threading headers and keeps it in the conversation', async () => {
    const res = await w.admin.json<ThreadDetailJson>('POST', `/api/admin/communications/threads/${id}/reply`, { body: 'We found your deposit; it is in your wallet now.' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'pending', assignee: { id: w.adminId }, replies: 1, unread: false });
    expect(await contactStatus()).toBe('replied');
    expect((await w.admin.json<{ items: { id: string }[] }>('GET', '/api/admin/contact-messages?status=replied')).body.items.map((x) => x.id)).toEqual([id]);
    const [reply] = res.body.messages;
    expect(reply).toMatchObject({ direction: 'outbound', author: 'Layla Haddad', inReplyTo: `<contact-${id}@manzil.local>`, outboxStatus: 'stored' });
    expect(reply!.subject).toBe(`Re: your message to Manzil (My account or wallet) [ref:${id.slice(0, 8)}]`);
    const [out] = await q<{ to: string; kind: string; text: string }>(w.db, sql`select "to", kind, text from email_outbox where kind = 'communications.reply' and "to" = ${email}`);
    expect(out).toMatchObject({ to: email, kind: 'communications.reply' });
    expect(out!.text).toContain('We found your deposit; it is in your wallet now.');
    expect(out!.text).toContain('> My wallet shows a pending deposit since Monday.');
    const [mail] = readDevMailbox({ to: email });
    const raw = readFileSync(mail!.file, 'utf8');
    expect(raw).toContain(`Message-ID: ${reply!.messageId}`);
    expect(raw).toContain(`In-Reply-To: <contact-${id}@manzil.local>`);
    expect(raw).toContain(`References: <contact-${id}@manzil.local>`);
    const audit = await q<{ action: string; summary: string }>(w.db, sql`select action, summary from audit_log where entity_id = ${id} order by id`);
    expect(audit.map((a) => a.action)).toEqual(['communications.thread.update', 'communications.thread.update', 'communications.reply']);
    expect(audit[0]!.summary).toBe('Conversation with Noor Hadid: status pending, assigned to Layla Haddad');
  });

  it('records an emailed answer in its conversation, reopening it as unread, and threads the next reply to it', async () => {
    const thread = (await w.admin.json<ThreadDetailJson>('GET', `/api/admin/communications/threads/${id}`)).body;
    const ours = thread.messages[0]!;
    const res = await w.admin.json<ThreadDetailJson>('POST', '/api/admin/communications/inbound', { from: email.toUpperCase(), subject: `Re: ${ours.subject}`, text: 'Thank you, I see it now.', inReplyTo: ours.messageId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id, status: 'open', unread: true, replies: 2 });
    // The sender wrote back: waiting for staff again.
    expect(await contactStatus()).toBe('open');
    const inbound = res.body.messages[1]!;
    expect(inbound).toMatchObject({ direction: 'inbound', author: 'Noor Hadid', body: 'Thank you, I see it now.' });
    // Matched by the subject's [ref:…] from the same sender when there is no In-Reply-To.
    const byRef = await w.admin.json<ThreadDetailJson>('POST', '/api/admin/communications/inbound', { from: email, subject: `Re: something [ref:${id.slice(0, 8)}]`, text: 'One more thing.' });
    expect(byRef.body.id).toBe(id);
    // A stranger answering nothing is refused.
    const stray = await w.admin.request('POST', '/api/admin/communications/inbound', { from: 'stranger@example.com', subject: 'Hello', text: 'Hi' });
    expect(stray.status).toBe(422);
    expect((await stray.json()).error).toBe('inbound_unmatched');

    const next = await w.admin.json<ThreadDetailJson>('POST', `/api/admin/communications/threads/${id}/reply`, { body: 'Glad to help.' });
    const last = next.body.messages.at(-1)!;
    expect(await contactStatus()).toBe('replied');
    expect(last.inReplyTo).toBe(next.body.messages.at(-2)!.messageId);
    const raw = readFileSync(readDevMailbox({ to: email }).find((m) => m.text.includes('Glad to help.'))!.file, 'utf8');
    expect(raw).toContain(`References: <contact-${id}@manzil.local> ${ours.messageId} ${inbound.messageId}`);
  });

  it('closes and reopens: the contact message follows, and the other message is untouched', async () => {
    const other = (await list('?q=abu%20dhabi')).items[0]!.id;
    const closed = await w.admin.json<ThreadDetailJson>('PATCH', `/api/admin/communications/threads/${id}`, { status: 'closed' });
    expect(closed.body.status).toBe('closed');
    expect(await contactStatus()).toBe('closed');
    expect((await w.admin.json<{ items: { id: string }[] }>('GET', '/api/admin/contact-messages?status=closed')).body.items.map((x) => x.id)).toEqual([id]);
    expect(await contactStatus(other)).toBe('new');
    // Closing a conversation nobody answered closes its message too; reopening it makes it new again.
    await w.admin.json('PATCH', `/api/admin/communications/threads/${other}`, { status: 'closed' });
    expect(await contactStatus(other)).toBe('closed');
    await w.admin.json('PATCH', `/api/admin/communications/threads/${other}`, { status: 'open' });
    expect(await contactStatus(other)).toBe('new');
    const reopened = await w.admin.json<ThreadDetailJson>('PATCH', `/api/admin/communications/threads/${id}`, { status: 'open' });
    expect(reopened.body.status).toBe('open');
    expect(await contactStatus()).toBe('open');
    await w.admin.json('PATCH', `/api/admin/communications/threads/${id}`, { status: 'pending' });
    expect(await contactStatus()).toBe('replied');
    // An unknown status is refused on the contact messages list.
    expect((await w.admin.request('GET', '/api/admin/contact-messages?status=archived')).status).toBe(400);
  });

  it('changes the conversation and its contact message together, or neither', async () => {
    // A status change whose audit entry cannot be written (the audit table is locked out for this one statement)
    // rolls back the conversation's status and the contact message's.
    const before = (await w.admin.json<ThreadDetailJson>('GET', `/api/admin/communications/threads/${id}`)).body.status;
    const statusBefore = await contactStatus();
    await w.db.execute(sql`create or replace function comms_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`);
    await w.db.execute(sql`create trigger comms_test_refuse before insert on audit_log for each row execute function comms_test_refuse()`);
    try {
      const res = await w.admin.request('PATCH', `/api/admin/communications/threads/${id}`, { status: 'closed' });
      expect(res.status).toBe(500);
    } finally {
      await w.db.execute(sql`drop trigger comms_test_refuse on audit_log`);
    }
    expect((await w.admin.json<ThreadDetailJson>('GET', `/api/admin/communications/threads/${id}`)).body.status).toBe(before);
    expect(await contactStatus()).toBe(statusBefore);
  });

  it('exports the inbox as CSV', async () => {
    const res = await w.admin.request('GET', '/api/admin/communications/threads/export?status=pending');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.split('\r\n')[0]).toBe('Received (UTC),Last activity (UTC),Name,Email,Topic,Status,Assignee,Replies,Unread');
    expect(text).toContain('Noor Hadid');
    expect(text).not.toContain('Yusuf Ali');
  });

  it('answers bad input with a 4xx and changes nothing', async () => {
    const before = await q<{ n: number }>(w.db, sql`select count(*)::int as n from communication_messages`);
    const cases: [string, string, unknown][] = [
      ['POST', `/api/admin/communications/threads/${id}/reply`, { body: '' }],
      ['POST', `/api/admin/communications/threads/${id}/reply`, { body: 'a\u0000b' }],
      ['POST', `/api/admin/communications/threads/${id}/reply`, { body: 'x'.repeat(10_001) }],
      ['POST', `/api/admin/communications/threads/${id}/reply`, { body: 42 }],
      ['POST', '/api/admin/communications/threads/00000000-0000-0000-0000-000000000000/reply', { body: 'hello' }],
      ['POST', '/api/admin/communications/threads/nope/reply', { body: 'hello' }],
      ['PATCH', `/api/admin/communications/threads/${id}`, {}],
      ['PATCH', `/api/admin/communications/threads/${id}`, { status: 'archived' }],
      ['PATCH', `/api/admin/communications/threads/${id}`, { assigneeId: 'me' }],
      ['POST', '/api/admin/communications/inbound', { from: 'not-an-email', subject: 's', text: 't' }],
      ['POST', '/api/admin/communications/inbound', { from: email, subject: '', text: 't' }],
      ['POST', '/api/admin/communications/inbound', { from: email, subject: 's', text: 't', inReplyTo: 'a\u0000' }],
      ['GET', '/api/admin/communications/threads?status=archived', undefined],
      ['GET', '/api/admin/communications/threads?assignee=someone', undefined],
      ['GET', '/api/admin/communications/threads?limit=1e9', undefined],
      ['GET', '/api/admin/communications/threads?sort=email', undefined],
    ];
    for (const [method, path, body] of cases) {
      const res = await w.admin.request(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
    expect(await q<{ n: number }>(w.db, sql`select count(*)::int as n from communication_messages`)).toEqual(before);
  });
});
