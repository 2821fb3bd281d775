import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '@tests/helpers/db';
import { q } from '@modules/wallet';
import type { CategoryJson, CommunityStatusJson, ThreadDetailJson, ThreadSummaryJson } from './contract';
import { communityWorld, giveHolding } from './test-helpers';

describeEachDb('community API', (kind) => {
  let w: Awaited<ReturnType<typeof communityWorld>>;
  beforeAll(async () => {
    w = await communityWorld(kind);
  }, 120_000);
  afterAll(async () => {
    await w?.database.close();
  });

  const thread = { category: 'rental-income', title: 'When does rent reach the wallet?', body: 'Does the **monthly** distribution arrive on a fixed day?' };

  it('lets a verified investor start a thread (201 { id }), refuses others clearly, and lists it publicly', async () => {
    const verified = await w.member({ firstName: 'Mariam' });
    const unverified = await w.member({ kyc: 'pending' });
    expect((await w.visitor.request('POST', '/api/community/threads', thread)).status).toBe(401);
    const refused = await unverified.client.json('POST', '/api/community/threads', thread);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'community_not_verified', link: '/kyc' });
    expect(refused.body.message).toMatch(/verified investors/);

    const created = await verified.client.json<{ id: string }>('POST', '/api/community/threads', thread);
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(['id']);

    const list = await w.visitor.json<{ items: ThreadSummaryJson[]; total: number }>('GET', '/api/community/threads?category=rental-income');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    expect(list.body.items[0]).toMatchObject({ id: created.body.id, title: thread.title, category: 'rental-income', replies: 0, locked: false, author: { name: `Mariam ${verified.email ? 'I' : ''}.`, verified: true, holder: false } });
    expect((await w.visitor.json('GET', '/api/community/threads?category=sip')).body.total).toBe(0);
    expect((await w.visitor.request('GET', '/api/community/threads?category=nonsense')).status).toBe(400);

    const detail = await w.visitor.json<ThreadDetailJson>('GET', `/api/community/threads/${created.body.id}`);
    expect(detail.body.opening.html).toContain('<strong>monthly</strong>');
  });

  it('replies to a thread, counts categories for real, and pages the replies', async () => {
    const a = await w.member();
    const b = await w.member();
    const { body: t } = await a.client.json<{ id: string }>('POST', '/api/community/threads', { category: 'sip', title: 'Best day for a monthly plan?', body: 'I get paid on the 25th.' });
    for (let i = 0; i < 3; i++) expect((await b.client.request('POST', `/api/community/threads/${t.id}/replies`, { body: `Reply number ${i}` })).status).toBe(201);
    const page = await w.visitor.json<ThreadDetailJson>('GET', `/api/community/threads/${t.id}?limit=2&offset=1`);
    expect(page.body.replies).toBe(3);
    expect(page.body.page.items.map((p) => p.html)).toEqual(['<p>Reply number 1</p>', '<p>Reply number 2</p>']);
    const cats = await w.visitor.json<{ items: CategoryJson[] }>('GET', '/api/community/categories');
    const sip = cats.body.items.find((c) => c.slug === 'sip')!;
    expect([sip.threads, sip.posts, sip.name]).toEqual([1, 4, 'SIP and monthly investing']);
    expect(cats.body.items.map((c) => c.slug)).toEqual(['getting-started', 'sip', 'properties', 'rental-income', 'selling', 'general']);
    expect((await w.visitor.request('POST', `/api/community/threads/${t.id}/replies`, { body: 'hello' })).status).toBe(401);
    expect((await b.client.request('POST', '/api/community/threads/00000000-0000-0000-0000-000000000000/replies', { body: 'hello' })).status).toBe(404);
  });

  it('sanitises Markdown: <script> is escaped and javascript: links are dropped', async () => {
    const a = await w.member();
    const body = 'Hi <script>alert(1)</script> [click](javascript:alert(document.cookie)) <img src=x onerror=alert(1)> [ok](https://manzil.ae) ![x](data:text/html;base64,PHNjcmlwdD4=)';
    const { body: t } = await a.client.json<{ id: string }>('POST', '/api/community/threads', { category: 'general', title: 'Markdown safety check', body });
    const { body: reply } = await a.client.json<{ id: string }>('POST', `/api/community/threads/${t.id}/replies`, { body: '<a href="javascript:alert(1)">x</a> <iframe src="https://evil.example"></iframe>' });
    const detail = (await w.visitor.json<ThreadDetailJson>('GET', `/api/community/threads/${t.id}`)).body;
    const html = detail.opening.html! + detail.page.items.find((p) => p.id === reply.id)!.html!;
    // Nothing the browser would run: no live tags, no live attributes, no dangerous URLs (escaped text is harmless).
    expect(html).not.toMatch(/<script|<iframe|<img[^>]*onerror|href="javascript:|src="data:|href="data:/i);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a rel="nofollow ugc noopener" href="https://manzil.ae">ok</a>');
    expect(html).toContain('<a rel="nofollow ugc noopener" href="">click</a>');
  });

  it('gives holders of the thread’s property a badge, and toggles reactions one per person and kind', async () => {
    const holder = await w.member();
    const other = await w.member();
    await giveHolding(w.db, holder.id, w.property.id);
    const { body: t } = await holder.client.json<{ id: string }>('POST', '/api/community/threads', { category: 'properties', title: 'Holders: how is occupancy?', body: 'Asking the other owners.', property: w.property.reference });
    await other.client.request('POST', `/api/community/threads/${t.id}/replies`, { body: 'Not a holder yet.' });
    const detail = (await w.visitor.json<ThreadDetailJson>('GET', `/api/community/threads/${t.id}`)).body;
    expect(detail.property).toMatchObject({ id: w.property.id, slug: w.property.slug });
    expect(detail.opening.author).toMatchObject({ verified: true, holder: true });
    expect(detail.page.items[0]!.author).toMatchObject({ verified: true, holder: false });

    const post = detail.opening.id;
    expect((await other.client.json('POST', `/api/community/posts/${post}/reactions`, { kind: 'helpful' })).body).toEqual({ kind: 'helpful', reacted: true, count: 1 });
    expect((await holder.client.json('POST', `/api/community/posts/${post}/reactions`, { kind: 'helpful' })).body).toMatchObject({ reacted: true, count: 2 });
    expect((await other.client.json('POST', `/api/community/posts/${post}/reactions`, { kind: 'like' })).body).toMatchObject({ reacted: true, count: 1 });
    const status = (await other.client.json<CommunityStatusJson>('GET', `/api/community/me?thread=${t.id}`)).body;
    expect(status).toMatchObject({ signedIn: true, userId: other.id, canPost: true, myReactions: { [post]: ['helpful', 'like'] } });
    expect((await other.client.json('POST', `/api/community/posts/${post}/reactions`, { kind: 'helpful' })).body).toEqual({ kind: 'helpful', reacted: false, count: 1 });
    expect((await w.visitor.json<ThreadDetailJson>('GET', `/api/community/threads/${t.id}`)).body.opening.reactions).toEqual({ like: 1, helpful: 1, insightful: 0 });
    expect((await other.client.request('POST', `/api/community/posts/${post}/reactions`, { kind: 'love' })).status).toBe(400);
    expect((await w.visitor.json<CommunityStatusJson>('GET', '/api/community/me')).body).toMatchObject({ signedIn: false, userId: null, canPost: false });
    expect((await holder.client.request('POST', '/api/community/threads', { ...thread, property: 'MZ-NOPE-999' })).status).toBe(422);
  });

  it('rate-limits new threads (5 an hour) and replies (30 an hour) per person with 429 and Retry-After', async () => {
    const a = await w.member();
    for (let i = 0; i < 5; i++) expect((await a.client.request('POST', '/api/community/threads', { ...thread, title: `${thread.title} ${i}` })).status).toBe(201);
    const sixth = await a.client.request('POST', '/api/community/threads', thread);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await sixth.json()) as { error: string }).error).toBe('rate_limited');
    const [{ n }] = await q<{ n: string }>(w.db, sql`select count(*)::text as n from community_threads where author_id = ${a.id}`);
    expect(n).toBe('5');
    const { body: t } = await (await w.member()).client.json<{ id: string }>('POST', '/api/community/threads', thread);
    for (let i = 0; i < 30; i++) expect((await a.client.request('POST', `/api/community/threads/${t.id}/replies`, { body: `r${i}` })).status).toBe(201);
    expect((await a.client.request('POST', `/api/community/threads/${t.id}/replies`, { body: 'one too many' })).status).toBe(429);
  });

  it('moderates: reports reach the queue; hidden posts vanish publicly; locked threads refuse replies; banned members cannot post; all audited', async () => {
    const author = await w.member({ firstName: 'Rashid' });
    const reader = await w.member();
    const { body: t } = await author.client.json<{ id: string }>('POST', '/api/community/threads', { category: 'selling', title: 'Guaranteed 40% returns, DM me', body: 'Send me your bank details.' });
    const { body: r } = await reader.client.json<{ id: string }>('POST', `/api/community/threads/${t.id}/replies`, { body: 'This looks like a scam.' });
    const opening = (await w.visitor.json<ThreadDetailJson>('GET', `/api/community/threads/${t.id}`)).body.opening.id;

    expect((await w.visitor.request('POST', `/api/community/posts/${opening}/reports`, { reason: 'Scam' })).status).toBe(401);
    expect((await reader.client.json('POST', `/api/community/posts/${opening}/reports`, { reason: 'x' })).status).toBe(400);
    expect((await reader.client.json('POST', `/api/community/posts/${opening}/reports`, { reason: 'Promises guaranteed returns and asks for bank details.' })).status).toBe(201);
    expect((await reader.client.json('POST', `/api/community/posts/${opening}/reports`, { reason: 'Promises guaranteed returns again.' })).status).toBe(409);
    expect((await author.client.json('POST', `/api/community/posts/${opening}/reports`, { reason: 'Reporting myself here.' })).status).toBe(422);

    // Only admins reach the queue.
    expect((await reader.client.request('GET', '/api/admin/community/reports')).status).toBe(403);
    const queue = await w.admin.json<{ items: { id: string; status: string; post: { id: string } }[]; total: number }>('GET', '/api/admin/community/reports?status=open');
    expect(queue.body.items.map((x) => x.post.id)).toContain(opening);

    // A reason is required.
    expect((await w.admin.request('POST', `/api/admin/community/threads/${t.id}/lock`, {})).status).toBe(400);
    expect((await w.admin.request('POST', `/api/admin/community/threads/${t.id}/lock`, { reason: 'Scam thread under review.' })).status).toBe(200);
    const locked = await reader.client.json('POST', `/api/community/threads/${t.id}/replies`, { body: 'Still here?' });
    expect([locked.status, locked.body.error]).toEqual([409, 'community_thread_locked']);
    expect((await w.admin.request('POST', `/api/admin/community/threads/${t.id}/lock`, { reason: 'Again please.' })).status).toBe(409);

    // Hiding a reply takes it out of the thread and the counts; hiding the opening post takes the thread out of the lists.
    expect((await w.admin.request('POST', `/api/admin/community/posts/${r.id}/hide`, { reason: 'Off topic test.' })).status).toBe(200);
    expect((await w.visitor.json<ThreadDetailJson>('GET', `/api/community/threads/${t.id}`)).body.page.items).toEqual([]);
    expect((await w.admin.request('POST', `/api/admin/community/posts/${r.id}/unhide`, { reason: 'Was fine after all.' })).status).toBe(200);
    expect((await w.visitor.json<ThreadDetailJson>('GET', `/api/community/threads/${t.id}`)).body.replies).toBe(1);
    expect((await w.admin.request('POST', `/api/admin/community/posts/${opening}/hide`, { reason: 'Scam: promises guaranteed returns.' })).status).toBe(200);
    expect((await w.visitor.request('GET', `/api/community/threads/${t.id}`)).status).toBe(404);
    const sellList = await w.visitor.json<{ items: ThreadSummaryJson[] }>('GET', '/api/community/threads?category=selling');
    expect(sellList.body.items.map((x) => x.id)).not.toContain(t.id);
    const resolved = await w.admin.json<{ items: { post: { id: string }; status: string }[] }>('GET', '/api/admin/community/reports?status=resolved');
    expect(resolved.body.items.find((x) => x.post.id === opening)?.status).toBe('resolved');
    const hiddenPosts = await w.admin.json<{ items: { id: string; hiddenReason: string }[] }>('GET', '/api/admin/community/posts?visibility=hidden');
    expect(hiddenPosts.body.items.find((p) => p.id === opening)?.hiddenReason).toBe('Scam: promises guaranteed returns.');

    // A ban stops posting (reading stays open) until it is lifted.
    expect((await w.admin.request('POST', `/api/admin/community/users/${author.id}/ban`, { reason: 'Repeated scam posts.' })).status).toBe(200);
    const banned = await author.client.json('POST', '/api/community/threads', thread);
    expect([banned.status, banned.body.error]).toEqual([403, 'community_banned']);
    expect((await author.client.json<CommunityStatusJson>('GET', '/api/community/me')).body).toMatchObject({ canPost: false, reason: expect.stringMatching(/paused/) });
    expect((await w.admin.json<{ items: { userId: string }[] }>('GET', '/api/admin/community/bans')).body.items.map((b) => b.userId)).toContain(author.id);
    expect((await w.admin.request('POST', `/api/admin/community/users/${author.id}/unban`, { reason: 'Appeal accepted.' })).status).toBe(200);
    expect((await author.client.request('POST', '/api/community/threads', { ...thread, title: 'Back again, properly this time' })).status).toBe(201);

    const audit = await q<{ action: string; details: { reason: string } }>(w.db, sql`select action, details from audit_log where action like 'community.%' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['community.thread.lock', 'community.post.hide', 'community.post.unhide', 'community.post.hide', 'community.user.ban', 'community.user.unban']);
    expect(audit[0]!.details.reason).toBe('Scam thread under review.');
  });

  it('answers junk with a 4xx and never a 5xx, changing nothing', async () => {
    const a = await w.member();
    const { body: t } = await a.client.json<{ id: string }>('POST', '/api/community/threads', thread);
    const before = await q<{ n: string }>(w.db, sql`select (select count(*) from community_posts) + (select count(*) from community_threads) + (select count(*) from community_reports) as n`);
    const JUNK: unknown[] = [null, true, 42, -1, 1e308, [], {}, 'a\u0000b', '', ' ', 'x'.repeat(20_000), { a: { b: {} } }];
    const IDS = ['x', '0'.repeat(100), '%00', "'%20or%201=1", '..%2F..', '00000000-0000-0000-0000-000000000000', 'a%00b'];
    const calls: [string, string, unknown?][] = [];
    for (const v of JUNK) {
      calls.push(['POST', '/api/community/threads', { category: v, title: v, body: v }]);
      calls.push(['POST', '/api/community/threads', { ...thread, title: v }]);
      calls.push(['POST', '/api/community/threads', { ...thread, body: v }]);
      if (v !== null && String(v).trim() !== '') calls.push(['POST', '/api/community/threads', { ...thread, property: v }]);
      calls.push(['POST', `/api/community/threads/${t.id}/replies`, { body: v }]);
      calls.push(['POST', `/api/community/threads/${t.id}/replies`, v]);
      calls.push(['GET', `/api/community/threads?category=${encodeURIComponent(String(v))}&limit=${encodeURIComponent(String(v))}`]);
      calls.push(['GET', `/api/community/threads/${t.id}?offset=${encodeURIComponent(String(v))}`]);
      calls.push(['POST', `/api/admin/community/threads/${t.id}/lock`, { reason: v }]);
    }
    for (const id of IDS) {
      calls.push(['GET', `/api/community/threads/${id}`]);
      calls.push(['POST', `/api/community/threads/${id}/replies`, { body: 'hello there' }]);
      calls.push(['POST', `/api/community/posts/${id}/reactions`, { kind: 'like' }]);
      calls.push(['POST', `/api/community/posts/${id}/reports`, { reason: 'A valid reason' }]);
      calls.push(['POST', `/api/admin/community/posts/${id}/hide`, { reason: 'A valid reason' }]);
      calls.push(['POST', `/api/admin/community/users/${id}/ban`, { reason: 'A valid reason' }]);
      calls.push(['POST', `/api/admin/community/reports/${id}/dismiss`, { reason: 'A valid reason' }]);
      calls.push(['GET', `/api/community/me?thread=${id}`]);
    }
    for (const [method, path, body] of calls) {
      const client = path.startsWith('/api/admin') ? w.admin : a.client;
      const res = await client.request(method, path, body);
      const text = await res.text();
      // Writes must refuse junk; a read may find a junk value acceptable (limit=42), but never fails.
      if (method !== 'GET') expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)} → ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path} → ${text.slice(0, 200)}`).toBeLessThan(500);
    }
    const after = await q<{ n: string }>(w.db, sql`select (select count(*) from community_posts) + (select count(*) from community_threads) + (select count(*) from community_reports) as n`);
    expect(after).toEqual(before);
  });
});
