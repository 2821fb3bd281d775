import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { DEMO_ADMIN, DEMO_INVESTOR, seedDatabase } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { listOutbox, readDevMailbox } from '../email';
import { authMessages } from './contract';

const strong = 'Sunrise2026';

describeEachDb('accounts API', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const client = () => new TestClient(app);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    app = createApp({ db: database.db });
  });
  afterAll(() => database.close());

  async function signedIn(username: string, password: string) {
    const c = client();
    const res = await c.post('/api/auth/login', { username, password });
    expect(res.status).toBe(200);
    return c;
  }

  describe('session basics', () => {
    it('issues the XSRF-TOKEN cookie on the first response to a visitor', async () => {
      const c = client();
      const res = await c.get('/api/auth/session-debug');
      expect(await res.json()).toEqual({ hasUserId: false, authStatus: { isAuthenticated: false, mfaRequired: false } });
      const set = res.headers.getSetCookie().find((s) => s.startsWith('XSRF-TOKEN='));
      expect(set).toBeDefined();
      expect(set).not.toMatch(/HttpOnly/i);
    });

    it('me is 401 for a visitor and the user after login (by username or email)', async () => {
      const c = client();
      expect((await c.get('/api/auth/me')).status).toBe(401);
      const login = await c.json('POST', '/api/auth/login', { username: DEMO_INVESTOR.email.toUpperCase(), password: DEMO_INVESTOR.password });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ firstName: 'Omar', role: 'investor', mfaEnabled: false, kycStatus: 'not_started' });
      const me = await c.json('GET', '/api/auth/me');
      expect(me.body).toMatchObject({ id: login.body.id, firstName: 'Omar', role: 'investor' });
      const byName = await client().json('POST', '/api/auth/login', { username: 'admin', password: DEMO_ADMIN.password });
      expect(byName.body.role).toBe('admin');
    });

    it('sets an HttpOnly SameSite=Lax session cookie and rotates it at login', async () => {
      const c = client();
      const first = await c.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password });
      const cookie = first.headers.getSetCookie().find((s) => s.startsWith('mz_session='))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const oldToken = c.cookies.get('mz_session')!;
      await c.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password });
      const newToken = c.cookies.get('mz_session')!;
      expect(newToken).not.toBe(oldToken);
      const stale = client();
      stale.cookies.set('mz_session', oldToken);
      expect((await stale.get('/api/auth/me')).status).toBe(401);
      expect((await c.get('/api/auth/me')).status).toBe(200);
    });

    it('logout ends the session on the server', async () => {
      const c = await signedIn('omar', DEMO_INVESTOR.password);
      const token = c.cookies.get('mz_session')!;
      const out = await c.json('POST', '/api/auth/logout', {});
      expect(out.body).toEqual({ success: true, message: authMessages.loggedOut });
      const replay = client();
      replay.cookies.set('mz_session', token);
      expect((await replay.get('/api/auth/me')).status).toBe(401);
    });

    it('a wrong password is 401 with one message for unknown accounts and bad passwords alike', async () => {
      const a = await client().json('POST', '/api/auth/login', { username: 'omar', password: 'nope' });
      const b = await client().json('POST', '/api/auth/login', { username: 'ghost@nowhere.ae', password: 'nope' });
      expect(a.status).toBe(401);
      expect(b.status).toBe(401);
      expect(a.body.message).toBe(authMessages.invalidCredentials);
      expect(b.body.message).toBe(a.body.message);
    });
  });

  describe('validation messages (§5)', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/auth/login', { username: '', password: 'x' }, 'Username or email is required'],
      ['/api/auth/login', { username: 'a', password: '' }, 'Password is required'],
      ['/api/simplified-auth/signup-step1', { email: 'bad', password: strong }, 'Please enter a valid email address'],
      ['/api/simplified-auth/signup-step1', { email: 'a@b.ae', password: 'Ab1' }, 'Password must be at least 8 characters long'],
      ['/api/simplified-auth/signup-step1', { email: 'a@b.ae', password: 'lowercase1' }, 'Password must contain at least one uppercase letter'],
      ['/api/simplified-auth/signup-step1', { email: 'a@b.ae', password: 'UPPERCASE1' }, 'Password must contain at least one lowercase letter'],
      ['/api/simplified-auth/signup-step1', { email: 'a@b.ae', password: 'NoDigitsHere' }, 'Password must contain at least one number'],
      ['/api/simplified-auth/signup-step2', { email: 'a@b.ae', firstName: 'A', lastName: 'Ali', phone: '+97150123456', terms: true }, 'First name must be at least 2 characters'],
      ['/api/simplified-auth/signup-step2', { email: 'a@b.ae', firstName: 'Ali', lastName: 'B', phone: '+97150123456', terms: true }, 'Last name must be at least 2 characters'],
      ['/api/simplified-auth/signup-step2', { email: 'a@b.ae', firstName: 'Ali', lastName: 'Bakr', phone: '123', terms: true }, 'Please enter a valid phone number'],
      ['/api/simplified-auth/signup-step2', { email: 'a@b.ae', firstName: 'Ali', lastName: 'Bakr', phone: '+97150123456', terms: false }, 'You must agree to the terms and conditions'],
    ];
    for (const [path, body, message] of cases) {
      it(`${path} → "${message}"`, async () => {
        const res = await client().json('POST', path, body);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(message);
      });
    }

    it('hostile input is refused with 400, stored nowhere and never echoed', async () => {
      const hostile = [
        { email: "x'; DROP TABLE users;--@a.ae", password: strong },
        { email: '<script>alert(1)</script>@a.ae', password: strong },
        { email: 'a@b.ae', password: 'A1a'.repeat(100) },
        { email: ['a@b.ae'], password: strong },
        { email: 'ünïcødé@例え.jp'.repeat(30), password: strong },
      ];
      for (const body of hostile) {
        const res = await client().post('/api/simplified-auth/signup-step1', body);
        expect(res.status).toBe(400);
        const text = await res.text();
        expect(text).not.toContain('<script>');
        expect(text).not.toContain('DROP TABLE');
      }
      const step2 = await client().json('POST', '/api/simplified-auth/signup-step2', {
        email: 'a@b.ae', firstName: '<img src=x onerror=alert(1)>', lastName: 'Ali', phone: '+97150123456', terms: true,
      });
      expect(step2.status).toBe(400);
      expect(JSON.stringify(step2.body)).not.toContain('<img');
    });
  });

  describe('two-step signup', () => {
    it('keeps a partial signup after step 1, resumes it in the same browser, and returns the unique ID', async () => {
      const c = client();
      const email = `layla.${kind}@example.ae`;
      expect((await c.json('POST', '/api/simplified-auth/signup-step1', { email, password: strong })).body).toEqual({ success: true, message: authMessages.step1Done });
      expect((await c.json('GET', `/api/simplified-auth/signup-status?email=${encodeURIComponent(email)}`)).body).toEqual({ hasPartialSignup: true, step: 1 });
      // Another browser learns nothing about this email.
      expect((await client().json('GET', `/api/simplified-auth/signup-status?email=${encodeURIComponent(email)}`)).body).toEqual({ hasPartialSignup: false, step: 0 });
      const done = await c.json('POST', '/api/simplified-auth/signup-step2', { email, firstName: 'Layla', lastName: 'Saeed', phone: '+971 50 123 4567', terms: true });
      expect(done.status).toBe(201);
      expect(done.body.success).toBe(true);
      expect(done.body.user.firstName).toBe('Layla');
      expect(done.body.user.unicode).toMatch(/^MZ-[2-9A-HJKMNP-Z]{6}$/);
      const me = await c.json('GET', '/api/auth/me');
      expect(me.body.unicode).toBe(done.body.user.unicode);
      const mail = await listOutbox(database.db, { to: email });
      expect(mail.map((m) => m.kind)).toContain('welcome');
      expect(mail[0].text).toContain(done.body.user.unicode);
      // Signed up → the email is taken.
      const again = await client().json('POST', '/api/simplified-auth/signup-step1', { email, password: strong });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(authMessages.emailTaken);
    });

    it('step 2 without step 1 in this browser is refused', async () => {
      const res = await client().json('POST', '/api/simplified-auth/signup-step2', { email: 'nobody@example.ae', firstName: 'No', lastName: 'Body', phone: '+97150123456', terms: true });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(authMessages.signupExpired);
    });

    it('register creates and signs in a user in one call', async () => {
      const c = client();
      const res = await c.json('POST', '/api/auth/register', { email: `reg.${kind}@example.ae`, password: strong, firstName: 'Reem', lastName: 'Nasser', phone: '+971501234567', terms: true });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ firstName: 'Reem', role: 'investor' });
      expect((await c.get('/api/auth/me')).status).toBe(200);
    });
  });

  describe('CSRF', () => {
    it('rejects a mutating request with a missing or wrong token (403) and accepts the right one', async () => {
      const c = await signedIn('omar', DEMO_INVESTOR.password);
      const missing = await c.post('/api/investment/mode', { mode: 'manual' }, { csrf: false });
      expect(missing.status).toBe(403);
      expect((await missing.json()).message).toBe('This request is missing its security token. Reload the page and try again.');
      const wrong = await c.post('/api/investment/mode', { mode: 'manual' }, { csrf: false, headers: { 'x-xsrf-token': 'forged' } });
      expect(wrong.status).toBe(403);
      const ok = await c.post('/api/investment/mode', { mode: 'manual' }, { csrf: false, headers: { 'x-xsrf-token': c.cookies.get('XSRF-TOKEN')! } });
      expect(ok.status).toBe(200);
    });

    it('exempt routes need no header but refuse a foreign Origin and a non-JSON body', async () => {
      const c = client();
      const plain = await c.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password }, { csrf: false });
      expect(plain.status).toBe(200);
      const foreign = await c.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password }, { csrf: false, headers: { origin: 'https://evil.example' } });
      expect(foreign.status).toBe(403);
      const form = await c.post('/api/waitlist/join', 'email=a@b.ae', { csrf: false, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(form.status).toBe(415);
      const same = await c.post('/api/waitlist/join', { email: `csrf.${kind}@example.ae` }, { csrf: false, headers: { origin: 'http://localhost' } });
      expect(same.status).toBe(201);
    });

    it('renews the XSRF token at login', async () => {
      const c = client();
      await c.get('/api/auth/session-debug');
      const before = c.cookies.get('XSRF-TOKEN');
      await c.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password });
      expect(c.cookies.get('XSRF-TOKEN')).toBeDefined();
      expect(c.cookies.get('XSRF-TOKEN')).not.toBe(before);
    });
  });

  describe('roles', () => {
    it('admin routes answer 401 to a visitor, 403 to an investor, 200 to an admin', async () => {
      for (const path of ['/api/admin/waitlist', '/api/admin/contact-messages', '/api/admin/outbox', '/api/admin/users']) {
        expect((await client().get(path)).status).toBe(401);
        expect((await (await signedIn('omar', DEMO_INVESTOR.password)).get(path)).status).toBe(403);
        const admin = await signedIn('admin', DEMO_ADMIN.password);
        const res = await admin.json('GET', path);
        expect(res.status).toBe(200);
        expect(Array.isArray(res.body.items)).toBe(true);
      }
    });
  });

  describe('investment mode', () => {
    it('is automated by default, persists per user, and anything else becomes automated', async () => {
      const c = await signedIn('omar', DEMO_INVESTOR.password);
      expect((await client().get('/api/investment/mode')).status).toBe(401);
      await c.post('/api/investment/mode', { mode: 'manual' });
      expect((await c.json('GET', '/api/investment/mode')).body).toEqual({ mode: 'manual' });
      expect((await c.json('POST', '/api/investment/mode', { mode: 'yolo' })).body.mode).toBe('automated');
      expect((await c.json('POST', '/api/investment/mode', {})).body.mode).toBe('automated');
      expect((await c.json('GET', '/api/investment/mode')).body).toEqual({ mode: 'automated' });
    });
  });

  describe('MFA', () => {
    it('authenticator app: enrol with a QR code, confirm with a first code, log in with TOTP; recovery codes work once', async () => {
      const email = `totp.${kind}@example.ae`;
      const c = client();
      await c.post('/api/auth/register', { email, password: strong, firstName: 'Tariq', lastName: 'Aziz', phone: '+971501234567', terms: true });
      const setup = await c.json('POST', '/api/auth/mfa/totp/setup', {});
      expect(setup.body.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
      expect(setup.body.otpauthUrl).toContain('issuer=Manzil');
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.body.secret), digits: 6, period: 30, algorithm: 'SHA1' });
      expect((await c.json('POST', '/api/auth/mfa/totp/confirm', { code: totp.generate() === '000000' ? '111111' : '000000' })).status).toBe(400);
      const firstCode = totp.generate();
      const confirmed = await c.json('POST', '/api/auth/mfa/totp/confirm', { code: firstCode });
      expect(confirmed.status).toBe(200);
      expect(confirmed.body.recoveryCodes).toHaveLength(10);
      expect((await c.json('GET', '/api/auth/mfa')).body).toEqual({ enabled: true, method: 'authenticator', recoveryCodesLeft: 10 });

      const d = client();
      const login = await d.json('POST', '/api/auth/login', { username: email, password: strong });
      expect(login.body).toMatchObject({ requiresMfa: true, mfaMethod: 'authenticator' });
      const pending = await d.json('GET', '/api/auth/me');
      expect(pending.status).toBe(401);
      expect(pending.body).toMatchObject({ requiresMfa: true, mfaMethod: 'authenticator' });
      expect((await d.json('GET', '/api/auth/session-debug')).body.authStatus).toEqual({ isAuthenticated: false, mfaRequired: true });
      expect((await d.get('/api/investment/mode')).status).toBe(401);
      // The code that confirmed enrolment cannot be used again: log in with the next step's code.
      const replayed = await d.json('POST', '/api/auth/verify-mfa', { code: firstCode });
      expect(replayed.status).toBe(401);
      const verified = await d.json('POST', '/api/auth/verify-mfa', { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
      expect(verified.status).toBe(200);
      expect(verified.body.firstName).toBe('Tariq');
      expect((await d.get('/api/auth/me')).status).toBe(200);

      const [recovery] = confirmed.body.recoveryCodes as string[];
      const e = client();
      await e.post('/api/auth/login', { username: email, password: strong });
      expect((await e.json('POST', '/api/auth/verify-mfa', { code: recovery })).status).toBe(200);
      const f = client();
      await f.post('/api/auth/login', { username: email, password: strong });
      const reused = await f.json('POST', '/api/auth/verify-mfa', { code: recovery });
      expect(reused.status).toBe(401);
      expect(reused.body.message).toBe(authMessages.mfaInvalid);
    });

    it('email codes: the code arrives by email (not kept in the outbox) and signs the user in once', async () => {
      const email = `mail.${kind}@example.ae`;
      const c = client();
      await c.post('/api/auth/register', { email, password: strong, firstName: 'Maha', lastName: 'Ali', phone: '+971501234567', terms: true });
      expect((await c.json('POST', '/api/auth/mfa/email/enable', { password: 'wrong' })).status).toBe(401);
      expect((await c.json('POST', '/api/auth/mfa/email/enable', { password: strong })).status).toBe(200);
      const d = client();
      const login = await d.json('POST', '/api/auth/login', { username: email, password: strong });
      expect(login.body).toMatchObject({ requiresMfa: true, mfaMethod: 'email' });
      // The code reaches the person (here: the development mailbox); the outbox keeps it redacted.
      const [mail] = readDevMailbox({ to: email });
      expect(mail.kind).toBe('mfa_code');
      const code = mail.subject.match(/^(\d{6})/)![1];
      const [stored] = await listOutbox(database.db, { to: email });
      expect(stored.kind).toBe('mfa_code');
      expect(`${stored.subject} ${stored.text}`).not.toContain(code);
      expect((await d.json('POST', '/api/auth/verify-mfa', { code })).status).toBe(200);
      expect((await d.json('GET', '/api/auth/me')).body.email).toBe(email);
    });

    it('verify-mfa without a pending login is 401', async () => {
      expect((await client().json('POST', '/api/auth/verify-mfa', { code: '123456' })).status).toBe(401);
    });
  });

  describe('password recovery', () => {
    it('never reveals whether an email exists; the emailed token works once, within the hour, and ends old sessions', async () => {
      const email = `reset.${kind}@example.ae`;
      const owner = client();
      await owner.post('/api/auth/register', { email, password: strong, firstName: 'Sara', lastName: 'Khan', phone: '+971501234567', terms: true });
      const known = await client().json('POST', '/api/auth/forgot-password', { email });
      const unknown = await client().json('POST', '/api/auth/forgot-password', { email: `ghost.${kind}@example.ae` });
      expect(known).toEqual(unknown);
      expect(known.body.message).toBe(authMessages.forgotSent);
      const mail = readDevMailbox({ to: email }).find((m) => m.kind === 'password_reset')!;
      const token = mail.text.match(/token=([\w-]+)/)![1];
      const stored = (await listOutbox(database.db, { to: email })).find((m) => m.kind === 'password_reset')!;
      expect(stored.text).toContain('[link removed]');
      expect(stored.text).not.toContain(token);
      expect((await client().json('POST', '/api/auth/reset-password', { token, password: 'weak' })).status).toBe(400);
      const done = await client().json('POST', '/api/auth/reset-password', { token, password: 'NewHarbour9' });
      expect(done.body).toEqual({ success: true, message: authMessages.resetDone });
      const twice = await client().json('POST', '/api/auth/reset-password', { token, password: 'OtherHarbour9' });
      expect(twice.status).toBe(400);
      expect(twice.body.message).toBe(authMessages.resetInvalid);
      expect((await owner.get('/api/auth/me')).status).toBe(401);
      expect((await client().post('/api/auth/login', { username: email, password: 'NewHarbour9' })).status).toBe(200);
    });
  });

  describe('rate limits', () => {
    it('slows repeated login failures with 429 per account, and the owner can still sign in later', async () => {
      const email = `limit.${kind}@example.ae`;
      await client().post('/api/auth/register', { email, password: strong, firstName: 'Hana', lastName: 'Saleh', phone: '+971501234567', terms: true });
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) statuses.push((await client().post('/api/auth/login', { username: email, password: 'Wrong-guess-1' })).status);
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses[5]).toBe(429);
      const limited = await client().json('POST', '/api/auth/login', { username: email, password: strong });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toMatch(/^Too many failed login attempts\. Please wait \d+ seconds and try again\.$/);
      expect(limited.body.retryAfter).toBeGreaterThan(0);
      expect(limited.body.retryAfter).toBeLessThanOrEqual(15 * 60);
    });

    it('limits signups per address', async () => {
      const c = new TestClient(app, '192.0.2.77');
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await c.post('/api/simplified-auth/signup-step1', { email: `burst${i}.${kind}@example.ae`, password: strong })).status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
