import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { DEMO_INVESTOR, seedDatabase } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { createInvestor, clientWith } from '@modules/investing/test-helpers';
import { CHAT_EMPTY_ANSWER } from './contract';
import { modelPhraser } from './phraser';
import { MockLanguageModelV3 } from 'ai/test';

describeEachDb('AI assistant conversations', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    app = createApp({ db: database.db });
  });
  afterAll(() => database.close());

  it('keeps a visitor conversation behind a cookie, answers from the knowledge base, and hides it from others', async () => {
    const visitor = new TestClient(app);
    const first = await visitor.json('POST', '/api/ai-assistant/messages', { content: 'What is the annual platform fee?' });
    expect(first.status).toBe(201);
    expect(first.body.userMessage).toMatchObject({ role: 'user', content: 'What is the annual platform fee?' });
    expect(first.body.assistantMessage.role).toBe('assistant');
    expect(first.body.assistantMessage.content).toContain('0.5%');
    expect(visitor.cookies.get('mz_visitor')).toBeTruthy();

    const follow = await visitor.json('POST', '/api/ai-assistant/messages', { sessionId: first.body.sessionId, content: 'qwxz plorb?' });
    expect(follow.body.sessionId).toBe(first.body.sessionId);
    expect(follow.body.assistantMessage.content).toBe(CHAT_EMPTY_ANSWER);

    const history = await visitor.json('GET', `/api/ai-assistant/sessions/${first.body.sessionId}/messages`);
    expect(history.body.items.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect((await visitor.json('GET', '/api/ai-assistant/sessions')).body.items).toHaveLength(1);

    const stranger = new TestClient(app);
    expect((await stranger.get(`/api/ai-assistant/sessions/${first.body.sessionId}/messages`)).status).toBe(404);
    expect((await stranger.json('GET', '/api/ai-assistant/sessions')).body.items).toHaveLength(0);
    expect((await stranger.post('/api/ai-assistant/messages', { sessionId: first.body.sessionId, content: 'hi' })).status).toBe(404);
  });

  it('keeps a signed-in user’s conversations with the account, across browsers', async () => {
    const a = new TestClient(app);
    await a.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password });
    const created = await a.json('POST', '/api/ai-assistant/sessions', { title: 'SIP questions' });
    expect(created.status).toBe(201);
    await a.post('/api/ai-assistant/messages', { sessionId: created.body.id, content: 'How does the SIP work?' });
    const b = new TestClient(app);
    await b.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password });
    const list = await b.json('GET', '/api/ai-assistant/sessions');
    expect(list.body.items.map((s: { title: string }) => s.title)).toContain('SIP questions');
  });

  it('needs no CSRF header (exempt) but refuses blank, oversized and foreign-origin messages', async () => {
    const c = new TestClient(app);
    expect((await c.post('/api/ai-assistant/messages', { content: 'Minimum investment?' }, { csrf: false })).status).toBe(201);
    expect((await c.post('/api/ai-assistant/messages', { content: '   ' })).status).toBe(400);
    expect((await c.post('/api/ai-assistant/messages', { content: 'x'.repeat(2001) })).status).toBe(400);
    expect((await c.post('/api/ai-assistant/messages', { content: 'hi' }, { csrf: false, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await c.get('/api/ai-assistant/sessions/not-a-uuid/messages')).status).toBe(400);
  });

  it('lists, names, resumes and deletes conversations (CRUD)', async () => {
    const c = new TestClient(app);
    const empty = await c.json('POST', '/api/ai-assistant/sessions', {});
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({ title: 'New conversation', messageCount: 0 });
    // The first question names an untitled conversation; a long one is cut at a word.
    const long = `How does the early exit fee work when I sell my shares on the exchange ${'before three years '.repeat(5)}?`;
    const asked = await c.json('POST', '/api/ai-assistant/messages', { sessionId: empty.body.id, content: long });
    expect(asked.status).toBe(201);
    const second = await c.json('POST', '/api/ai-assistant/messages', { content: '  What are the fees?  ' });
    expect(second.body.userMessage.content).toBe('What are the fees?');
    expect(second.body.assistantMessage.links.map((l: { href: string }) => l.href)).toContain('/learn/fees-explained');

    const list = await c.json('GET', '/api/ai-assistant/sessions');
    expect(list.body.items.map((s: { title: string }) => s.title)).toEqual(['What are the fees?', expect.stringMatching(/^How does the early exit fee work .*…$/)]);
    expect(list.body.items[1].title.length).toBeLessThanOrEqual(80);
    expect(list.body.items.map((s: { messageCount: number }) => s.messageCount)).toEqual([2, 2]);
    expect(Date.parse(list.body.items[0].updatedAt)).toBeGreaterThanOrEqual(Date.parse(list.body.items[1].updatedAt));

    const history = await c.json('GET', `/api/ai-assistant/sessions/${empty.body.id}/messages`);
    expect(history.body.items).toHaveLength(2);
    expect(history.body.items[1].content).toMatch(/early exit fee/i);

    const del = await c.json('DELETE', `/api/ai-assistant/sessions/${empty.body.id}`);
    expect(del.status).toBe(200);
    expect(del.body.success).toBe(true);
    expect((await c.get(`/api/ai-assistant/sessions/${empty.body.id}/messages`)).status).toBe(404);
    expect((await c.json('DELETE', `/api/ai-assistant/sessions/${empty.body.id}`)).status).toBe(404);
    expect((await c.json('GET', '/api/ai-assistant/sessions')).body.items).toHaveLength(1);
  });

  it('keeps one investor out of another’s conversations: 404 to read, continue or delete', async () => {
    const [u1, u2] = [await createInvestor(database.db), await createInvestor(database.db)];
    const a = clientWith(app, u1.token);
    const b = clientWith(app, u2.token);
    const mine = await a.json('POST', '/api/ai-assistant/messages', { content: 'What is my wallet balance?' });
    expect(mine.status).toBe(201);
    const id = mine.body.sessionId;
    for (const res of [
      await b.get(`/api/ai-assistant/sessions/${id}/messages`),
      await b.post('/api/ai-assistant/messages', { sessionId: id, content: 'And mine?' }),
      await b.request('DELETE', `/api/ai-assistant/sessions/${id}`),
    ]) {
      expect(res.status).toBe(404);
      expect((await res.json()).error).toBe('conversation_not_found');
    }
    expect((await b.json('GET', '/api/ai-assistant/sessions')).body.items).toHaveLength(0);
    // A visitor's cookie never reaches a signed-in user's conversation either.
    expect((await new TestClient(app).get(`/api/ai-assistant/sessions/${id}/messages`)).status).toBe(404);
    expect((await a.json('GET', `/api/ai-assistant/sessions/${id}/messages`)).body.items).toHaveLength(2);
  });

  it('answers bad input with a clear 4xx: NUL bytes, wrong types, malformed ids, long content, huge bodies', async () => {
    const c = new TestClient(app);
    const { body: s } = await c.json('POST', '/api/ai-assistant/sessions', {});
    const bad: [string, string, unknown][] = [
      ['POST', '/api/ai-assistant/messages', { content: 'a\u0000b' }],
      ['POST', '/api/ai-assistant/messages', { content: '\u0000' }],
      ['POST', '/api/ai-assistant/messages', { content: 42 }],
      ['POST', '/api/ai-assistant/messages', { content: ['hi'] }],
      ['POST', '/api/ai-assistant/messages', { content: null }],
      ['POST', '/api/ai-assistant/messages', {}],
      ['POST', '/api/ai-assistant/messages', { content: 'x'.repeat(2001) }],
      ['POST', '/api/ai-assistant/messages', { content: 'hi', sessionId: 'not-a-uuid' }],
      ['POST', '/api/ai-assistant/messages', { content: 'hi', sessionId: 1e300 }],
      ['POST', '/api/ai-assistant/messages', { content: 'hi', sessionId: "' or 1=1 --" }],
      ['POST', '/api/ai-assistant/messages', [1, 2]],
      ['POST', '/api/ai-assistant/sessions', { title: 'x'.repeat(81) }],
      ['POST', '/api/ai-assistant/sessions', { title: 'a\u0000b' }],
      ['POST', '/api/ai-assistant/sessions', { title: 7 }],
      ['GET', '/api/ai-assistant/sessions/%00/messages', undefined],
      ['GET', `/api/ai-assistant/sessions/${'0'.repeat(100)}/messages`, undefined],
      ['DELETE', '/api/ai-assistant/sessions/..%2F..%2Fetc', undefined],
    ];
    for (const [method, path, body] of bad) {
      const res = await c.request(method, path, body);
      const text = await res.text();
      expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 60)} → ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, text).toBeLessThan(500);
    }
    // A body far beyond any message is refused before it is read.
    const huge = await c.post('/api/ai-assistant/messages', { content: 'x'.repeat(3_000_000) });
    expect([400, 413]).toContain(huge.status);
    // A well-formed id that is not a conversation is a 404; nothing above was stored.
    expect((await c.get('/api/ai-assistant/sessions/00000000-0000-4000-8000-000000000000/messages')).status).toBe(404);
    expect((await c.json('GET', '/api/ai-assistant/sessions')).body.items.map((x: { id: string }) => x.id)).toEqual([s.id]);
  });

  it('words answers with the configured model, from the retrieved facts only', async () => {
    const reply = (text: string) => ({
      content: [{ type: 'text' as const, text }],
      finishReason: { unified: 'stop' as const, raw: undefined },
      usage: { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } },
      warnings: [],
    });
    const model = new MockLanguageModelV3({ doGenerate: [reply('The platform fee is 0.5% a year, charged on what you hold.'), reply('The platform fee is 0.9% a year.')] });
    const phrased = createApp({ db: database.db, assistantPhraser: modelPhraser(model, { log: { error: () => {} } }) });
    const c = new TestClient(phrased);
    const first = await c.json('POST', '/api/ai-assistant/messages', { content: 'What is the annual platform fee?' });
    expect(first.body.assistantMessage.content).toBe('The platform fee is 0.5% a year, charged on what you hold.');
    // A figure the retrieved facts do not contain is never stored: the offline draft is.
    const second = await c.json('POST', '/api/ai-assistant/messages', { sessionId: first.body.sessionId, content: 'What is the annual platform fee?' });
    expect(second.body.assistantMessage.content).toMatch(/^Platform fee: 0\.5% a year\./);
    expect(model.doGenerateCalls).toHaveLength(2);
  });
});
