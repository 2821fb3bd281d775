import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { jsonRequest } from '@tests/helpers/http';
import { listWaitlist, waitlistMessages } from '.';

describeEachDb('POST /api/waitlist/join', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
  });
  afterAll(() => database.close());

  it('stores a new entry once per email, case-insensitively, and answers a repeat kindly', async () => {
    const first = await app.handle(jsonRequest('/api/waitlist/join', { email: 'Noor@Example.com', name: 'Noor', interest: 'sip' }));
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ success: true, alreadyJoined: false, message: waitlistMessages.joined });

    const again = await app.handle(jsonRequest('/api/waitlist/join', { email: 'noor@example.COM' }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ success: true, alreadyJoined: true, message: waitlistMessages.already });

    const rows = await listWaitlist(database.db);
    expect(rows.filter((r) => r.email === 'noor@example.com')).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Noor', interest: 'sip' });
  });

  it('accepts just an email; rejects an unknown interest and an overlong name', async () => {
    expect((await app.handle(jsonRequest('/api/waitlist/join', { email: 'solo@example.com' }))).status).toBe(201);
    const badInterest = await app.handle(jsonRequest('/api/waitlist/join', { email: 'x@example.com', interest: 'crypto' }));
    expect(badInterest.status).toBe(400);
    expect((await badInterest.json()).message).toContain('Interest must be one of');
    const longName = await app.handle(jsonRequest('/api/waitlist/join', { email: 'y@example.com', name: 'n'.repeat(101) }));
    expect(longName.status).toBe(400);
    expect((await longName.json()).message).toBe('Name must be at most 100 characters');
  });
});
