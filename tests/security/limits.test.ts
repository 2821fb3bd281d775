/**
 * Issue 10 — limits that hold under parallel requests. Each test fails if the finding comes back:
 * failures counted after verifying (parallel guesses all checked), the left-most X-Forwarded-For
 * trusted, lockout keyed on the typed name, public writes unlimited, password checks behind MFA
 * changes unlimited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '@api/request-meta';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { users } from '@modules/auth/schema';
import { POLICIES } from '@modules/auth/throttle';
import { readDevMailbox } from '@modules/email';
import { TestClient } from '../helpers/client';
import { createTestDatabase, describeEachDb } from '../helpers/db';

const password = 'Sunrise2026';
let ipSeq = 0;
/** A fresh client address per call (TEST-NET-3 and 10/8), so only the limit under test can bite. */
const freshIp = () => `10.${77 + Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}.${(ipSeq++ % 200) + 1}`;

const statuses = (responses: Response[]) => responses.map((r) => r.status);
const countOf = (list: number[], status: number) => list.filter((s) => s === status).length;

describeEachDb('security: limits under parallel requests', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const client = (ip = freshIp()) => new TestClient(app, ip);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db, log: { error: () => {} } });
  });
  afterAll(() => database.close());
  afterEach(() => {
    delete process.env.TRUST_PROXY;
  });

  async function register(tag: string) {
    const email = `${tag}.${kind}.${Date.now().toString(36)}@example.ae`;
    const c = client();
    const res = await c.post('/api/auth/register', { email, password, firstName: 'Noor', lastName: 'Hamdan', phone: '+971501234567', terms: true });
    expect(res.status).toBe(201);
    return { email, c };
  }

  it('parallel wrong passwords: exactly the allowance is checked, the rest get 429 before verification', async () => {
    const { email } = await register('par-login');
    const free = POLICIES.loginAccount.free;
    const all = statuses(await Promise.all(Array.from({ length: 20 }, () => client().post('/api/auth/login', { username: email, password: 'Wrong-guess-1' }))));
    expect(countOf(all, 401)).toBe(free);
    expect(countOf(all, 429)).toBe(20 - free);
    // The right password is refused too while the account cools down.
    const owner = await client().json('POST', '/api/auth/login', { username: email, password });
    expect(owner.status).toBe(429);
    expect(owner.body).toMatchObject({ error: 'rate_limited' });
    expect(owner.body.retryAfter).toBeGreaterThan(0);
  });

  it('parallel wrong MFA codes, across one and several pending logins: exactly the allowance is checked', async () => {
    const { email, c } = await register('par-mfa');
    expect((await c.json('POST', '/api/auth/mfa/email/enable', { password })).status).toBe(200);
    // Four pending logins (each password check succeeds and clears the login counter).
    const pending: TestClient[] = [];
    for (let i = 0; i < 4; i++) {
      const p = client();
      expect((await p.json('POST', '/api/auth/login', { username: email, password })).body.requiresMfa).toBe(true);
      pending.push(p);
    }
    const sent = new Set(readDevMailbox({ to: email }).map((m) => m.subject.slice(0, 6)));
    const wrong = (i: number) => {
      let n = 100_000 + i * 7919;
      while (sent.has(String(n))) n++;
      return String(n);
    };
    const attempts = pending.flatMap((p, i) => Array.from({ length: 5 }, (_, j) => p.post('/api/auth/verify-mfa', { code: wrong(i * 5 + j) })));
    const all = statuses(await Promise.all(attempts));
    expect(countOf(all, 401)).toBe(POLICIES.mfaAccount.free);
    expect(countOf(all, 429)).toBe(20 - POLICIES.mfaAccount.free);
  });

  it('parallel wrong codes on one pending login: five are checked, then not even the right code signs in', async () => {
    const { email, c } = await register('par-mfa-session');
    expect((await c.json('POST', '/api/auth/mfa/email/enable', { password })).status).toBe(200);
    const p = client();
    await p.post('/api/auth/login', { username: email, password });
    const [{ subject }] = readDevMailbox({ to: email });
    const code = subject.slice(0, 6);
    const wrong = code === '000001' ? '000002' : '000001';
    const all = statuses(await Promise.all(Array.from({ length: 12 }, () => p.post('/api/auth/verify-mfa', { code: wrong }))));
    expect(countOf(all, 401)).toBe(5);
    expect(countOf(all, 429)).toBe(7);
    const late = await p.json('POST', '/api/auth/verify-mfa', { code });
    expect(late.status).toBe(429);
    expect((await p.get('/api/auth/me')).status).toBe(401);
  });

  it('a spoofed X-Forwarded-For (new left-most value each time) does not dodge the address limit with TRUST_PROXY=1', async () => {
    process.env.TRUST_PROXY = '1';
    const proxy = '172.16.0.1';
    const client203 = '203.0.113.50';
    const free = POLICIES.loginAddress.free;
    const attempts = Array.from({ length: free + 10 }, (_, i) =>
      new TestClient(app, proxy).post(
        '/api/auth/login',
        // A different unknown name each time, so only the address limit applies.
        { username: `nobody${i}.${kind}@example.ae`, password: 'Wrong-guess-1' },
        { headers: { 'x-forwarded-for': `198.51.100.${i + 1}, ${client203}` } },
      ),
    );
    const all = statuses(await Promise.all(attempts));
    expect(countOf(all, 401)).toBe(free);
    expect(countOf(all, 429)).toBe(10);
  });

  it('takes the right-most hop with TRUST_PROXY=1 and the n-th from the right with TRUST_PROXY=n; ignores the header otherwise', () => {
    const h = new Headers({ 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 203.0.113.9', 'x-client-ip': '10.0.0.2' });
    expect(clientAddress(h, 1)).toBe('203.0.113.9');
    expect(clientAddress(h, 2)).toBe('198.51.100.7');
    expect(clientAddress(h, 0)).toBe('10.0.0.2');
    expect(clientAddress(new Headers({ 'x-forwarded-for': '6.6.6.6', 'x-client-ip': '10.0.0.2' }), 3)).toBe('6.6.6.6');
    expect(clientAddress(new Headers({ 'x-client-ip': '10.0.0.2' }), 1)).toBe('10.0.0.2');
  });

  it('one lockout per account, whichever spelling is typed (email, username, any case)', async () => {
    const { email } = await register('spellings');
    const username = `noor${kind}${Date.now().toString(36)}`;
    await database.db.update(users).set({ username }).where(eq(users.email, email));
    const spellings = [email, username, email.toUpperCase(), username.toUpperCase(), ` ${email} `, `Noor${username.slice(4)}`];
    const all: number[] = [];
    for (const s of [...spellings, ...spellings]) all.push((await client().post('/api/auth/login', { username: s, password: 'Wrong-guess-1' })).status);
    expect(all.slice(0, POLICIES.loginAccount.free)).toEqual(Array(POLICIES.loginAccount.free).fill(401));
    expect(all.slice(POLICIES.loginAccount.free)).toEqual(Array(all.length - POLICIES.loginAccount.free).fill(429));
  });

  it('unknown names still consume the address allowance', async () => {
    const ip = freshIp();
    const all: number[] = [];
    for (let i = 0; i < POLICIES.loginAddress.free + 2; i++) {
      all.push((await client(ip).post('/api/auth/login', { username: `ghost${i}.${kind}@example.ae`, password: 'x' })).status);
    }
    expect(countOf(all, 401)).toBe(POLICIES.loginAddress.free);
    expect(all.at(-1)).toBe(429);
  });

  it('password checks behind MFA changes are limited per user, counted before checking', async () => {
    const { c } = await register('mfa-password');
    const free = POLICIES.passwordCheck.free;
    const all = statuses(await Promise.all(Array.from({ length: 12 }, () => c.post('/api/auth/mfa/email/enable', { password: 'Wrong-guess-1' }))));
    expect(countOf(all, 401)).toBe(free);
    expect(countOf(all, 429)).toBe(12 - free);
    expect((await c.post('/api/auth/mfa/disable', { password })).status).toBe(429);
  });

  describe('public writes answer a flood with 429 and retryAfter', () => {
    const flood = async (n: number, send: () => Promise<Response>) => {
      const responses = await Promise.all(Array.from({ length: n }, send));
      const limited = responses.find((r) => r.status === 429);
      const body = limited ? await limited.json() : null;
      return { all: statuses(responses), body, retryHeader: limited?.headers.get('retry-after') };
    };
    const expectLimited = (r: Awaited<ReturnType<typeof flood>>, accepted: number, ok: number) => {
      expect(countOf(r.all, ok)).toBe(accepted);
      expect(countOf(r.all, 429)).toBe(r.all.length - accepted);
      expect(r.body).toMatchObject({ error: 'rate_limited', message: expect.stringMatching(/^Too many .+\. Please wait \d+ (seconds|minutes) and try again\.$/) });
      expect(r.body.retryAfter).toBeGreaterThan(0);
      expect(r.retryHeader).toBe(String(r.body.retryAfter));
    };

    it('contact form, per address', async () => {
      const ip = freshIp();
      const r = await flood(POLICIES.contactAddress.free + 5, () =>
        client(ip).post('/api/contact', { name: 'Flood Test', email: 'flood@example.com', topic: 'general', message: 'Hello there, a question.' }),
      );
      expectLimited(r, POLICIES.contactAddress.free, 201);
    });

    it('waitlist, per address', async () => {
      const ip = freshIp();
      let i = 0;
      const r = await flood(POLICIES.waitlistAddress.free + 5, () => client(ip).post('/api/waitlist/join', { email: `flood${i++}.${kind}@example.ae` }));
      expectLimited(r, POLICIES.waitlistAddress.free, 201);
    });

    it('chat questions, per address', async () => {
      const ip = freshIp();
      const r = await flood(POLICIES.chatAddress.free + 5, () => client(ip).post('/api/chat/query', { message: 'What fees do you charge?' }));
      expectLimited(r, POLICIES.chatAddress.free, 200);
    });

    it('AI assistant messages, per address', async () => {
      const ip = freshIp();
      const r = await flood(POLICIES.assistantAddress.free + 5, () => client(ip).post('/api/ai-assistant/messages', { content: 'Minimum investment?' }));
      expectLimited(r, POLICIES.assistantAddress.free, 201);
    });

    it('AI assistant messages, per signed-in user across addresses', async () => {
      const { email } = await register('assistant-user');
      // One signed-in browser per address (signed in one after another: each login is itself an attempt).
      const browsers: TestClient[] = [];
      for (let i = 0; i < POLICIES.assistantUser.free + 5; i++) {
        const c = client();
        expect((await c.post('/api/auth/login', { username: email, password })).status).toBe(200);
        browsers.push(c);
      }
      let i = 0;
      const r = await flood(browsers.length, () => browsers[i++].post('/api/ai-assistant/messages', { content: 'How does the SIP work?' }));
      expectLimited(r, POLICIES.assistantUser.free, 201);
    });
  });
});
