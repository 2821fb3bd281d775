import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { DEMO_INVESTOR, seedDatabase } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { CHAT_EMPTY_ANSWER } from './contract';

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
});
