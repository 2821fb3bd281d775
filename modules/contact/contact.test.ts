import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { TestClient } from '@tests/helpers/client';
import { listContactMessages } from '.';

describeEachDb('POST /api/contact', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let client: TestClient;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    client = new TestClient(app);
  });
  afterAll(() => database.close());

  it('stores the message for admins and confirms with the first name', async () => {
    const res = await client.post('/api/contact', { name: 'Aisha Karim', email: 'Aisha@Example.com', topic: 'verification', message: 'My Emirates ID upload keeps failing.' });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Thank you, Aisha. We received your message and will reply by email within one business day.');
    const [stored] = await listContactMessages(database.db);
    expect(stored).toMatchObject({ id: body.id, name: 'Aisha Karim', email: 'aisha@example.com', topic: 'verification', status: 'new' });
  });

  it('refuses a post without the CSRF token and stores nothing', async () => {
    const before = (await listContactMessages(database.db)).length;
    const res = await client.post('/api/contact', { name: 'Eve', email: 'eve@example.com', topic: 'general', message: 'Cross-site forged message' }, { csrf: false });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('csrf_missing');
    expect(await listContactMessages(database.db)).toHaveLength(before);
  });

  it('validates each field with a clear message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A', email: 'a@b.co', topic: 'general', message: 'Long enough message' }, 'Name must be at least 2 characters'],
      [{ name: 'Ali', email: 'nope', topic: 'general', message: 'Long enough message' }, 'Please enter a valid email address'],
      [{ name: 'Ali', email: 'a@b.co', topic: 'gossip', message: 'Long enough message' }, 'Please choose a topic'],
      [{ name: 'Ali', email: 'a@b.co', topic: 'general', message: 'short' }, 'Message must be at least 10 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await client.post('/api/contact', body);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
  });
});
