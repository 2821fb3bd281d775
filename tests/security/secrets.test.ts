import { readFileSync } from 'node:fs';
import path from 'node:path';
/**
 * Issue 10 — secrets out of reach. Each test fails if the finding comes back: reset tokens or MFA
 * codes stored in the email outbox (any column), bodies kept after delivery, TOTP seeds stored in
 * plain text.
 */
import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { sealPlaintextTotpSecrets } from '@modules/auth';
import { users } from '@modules/auth/schema';
import { deliverQueuedEmails, emailDeliveryWarning, queueEmail, queueEmails, readDevMailbox, redactSecrets, sendEmail, setEmailTransport, type EmailMessage } from '@modules/email';
import { TestClient } from '../helpers/client';
import { createTestDatabase, describeEachDb } from '../helpers/db';

const password = 'Sunrise2026';

describeEachDb('security: secrets out of reach', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const client = () => new TestClient(app);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db, log: { error: () => {} } });
  });
  afterAll(() => database.close());
  afterEach(() => setEmailTransport(undefined));

  /** Every stored column of every outbox row, as text. */
  const outboxDump = async () => {
    const rows = await database.db.execute(sql`select row_to_json(o)::text as j from email_outbox o`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { j: string }[];
    return list.map((r) => r.j).join('\n');
  };
  const userDump = async (id: string) => {
    const rows = await database.db.execute(sql`select row_to_json(u)::text as j from users u where id = ${id}`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as { j: string }[];
    return list[0].j;
  };

  async function register(tag: string) {
    const email = `${tag}.${kind}.${Date.now().toString(36)}@example.ae`;
    const c = client();
    expect((await c.post('/api/auth/register', { email, password, firstName: 'Sara', lastName: 'Khan', phone: '+971501234567', terms: true })).status).toBe(201);
    const [u] = await database.db.select().from(users).where(eq(users.email, email));
    return { email, c, id: u.id };
  }

  it('after a password reset request, no outbox column holds the token; the person still gets a working link', async () => {
    const { email } = await register('reset');
    await client().post('/api/auth/forgot-password', { email });
    const mail = readDevMailbox({ to: email }).find((m) => m.kind === 'password_reset')!;
    const token = mail.text.match(/token=([\w-]+)/)![1];
    expect(token.length).toBeGreaterThan(20);
    const dump = await outboxDump();
    expect(dump).toContain(email);
    expect(dump).not.toContain(token);
    expect(dump).toContain('[link removed]');
    expect((await client().post('/api/auth/reset-password', { token, password: 'NewHarbour9' })).status).toBe(200);
  });

  it('after an email MFA code is sent, no outbox column holds the code', async () => {
    const { email, c } = await register('code');
    expect((await c.post('/api/auth/mfa/email/enable', { password })).status).toBe(200);
    const d = client();
    expect((await d.json('POST', '/api/auth/login', { username: email, password })).body.requiresMfa).toBe(true);
    const [mail] = readDevMailbox({ to: email });
    const code = mail.subject.match(/^(\d{6})/)![1];
    expect(mail.text).toContain(code);
    const row = (await outboxDump()).split('\n').find((j) => j.includes(email) && j.includes('mfa_code'))!;
    expect(row).toBeDefined();
    expect(row).not.toContain(code);
    expect(row).toContain('••••••');
    expect((await d.post('/api/auth/verify-mfa', { code })).status).toBe(200);
  });

  it('with SMTP, the transport gets the full message; the outbox keeps no secret and drops the body once sent', async () => {
    const sent: EmailMessage[] = [];
    setEmailTransport({ send: async (m) => void sent.push(m) });
    const { email } = await register('smtp');
    await client().post('/api/auth/forgot-password', { email });
    const delivered = sent.find((m) => m.to === email && m.kind === 'password_reset')!;
    const token = delivered.text.match(/token=([\w-]+)/)![1];
    const rows = (await outboxDump()).split('\n').filter((j) => j.includes(email));
    expect(rows.length).toBeGreaterThanOrEqual(2); // welcome and reset
    for (const j of rows) {
      expect(j).not.toContain(token);
      expect(JSON.parse(j)).toMatchObject({ status: 'sent', text: null });
    }
  });

  it('with SMTP, mail queued inside a transaction is sent after the commit by the outbox loop, once, and never when it rolls back', async () => {
    const sent: EmailMessage[] = [];
    setEmailTransport({ send: async (m) => void sent.push(m) });
    const to = `queued.${kind}.${Date.now().toString(36)}@example.ae`;
    await database.db.transaction(async (tx) => {
      expect((await queueEmail(tx, { to, subject: 'Rent paid', text: 'Your share of the rent is in your wallet.', kind: 'notification.distribution' })).status).toBe('queued');
    });
    await database.db
      .transaction(async (tx) => {
        await queueEmail(tx, { to, subject: 'Rolled back', text: 'Never sent.', kind: 'notification.distribution' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(sent.filter((m) => m.to === to)).toHaveLength(0);
    expect(await deliverQueuedEmails(database.db)).toBeGreaterThanOrEqual(1);
    expect(await deliverQueuedEmails(database.db)).toBe(0);
    expect(sent.filter((m) => m.to === to).map((m) => m.subject)).toEqual(['Rent paid']);
    const row = (await outboxDump()).split('\n').find((j) => j.includes(to))!;
    expect(JSON.parse(row)).toMatchObject({ status: 'sent', text: null });
    // A batch (a run's notifications) is one insert, delivered the same way.
    expect(await queueEmails(database.db, [1, 2].map((n) => ({ to, subject: `Batch ${n}`, text: 'Rent paid.', kind: 'notification.distribution' })))).toBe(2);
    expect(await deliverQueuedEmails(database.db)).toBe(2);
    // Rows of one insert share their creation time, so the batch's own order is not promised.
    expect(sent.filter((m) => m.to === to).map((m) => m.subject).sort()).toEqual(['Batch 1', 'Batch 2', 'Rent paid']);
    await expect(queueEmails(database.db, [{ to, subject: 'Code', text: 'Code 123456', kind: 'mfa_code', secrets: ['123456'] }])).rejects.toThrow(/no message with secrets/);
    // A message with secrets is never queued with its text: it goes out at once, redacted in the outbox.
    const secret = await queueEmail(database.db, { to, subject: 'Code', text: 'Code 123456', kind: 'mfa_code', secrets: ['123456'] });
    expect(secret.status).toBe('sent');
  });

  it('attachments (an invoice PDF) are queued with the message, reach the transport byte for byte, and leave the outbox once sent', async () => {
    const sent: EmailMessage[] = [];
    setEmailTransport({ send: async (m) => void sent.push(m) });
    const to = `attach.${kind}.${Date.now().toString(36)}@example.ae`;
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x00, 0xff]);
    await database.db.transaction(async (tx) => {
      await queueEmail(tx, { to, subject: 'Tax Invoice INV-2026-0001', text: 'Attached.', kind: 'invoice', attachments: [{ filename: 'INV-2026-0001.pdf', contentType: 'application/pdf', content: pdf }] });
    });
    const queued = JSON.parse((await outboxDump()).split('\n').find((j) => j.includes(to))!);
    expect(queued.attachments).toEqual([{ filename: 'INV-2026-0001.pdf', contentType: 'application/pdf', base64: Buffer.from(pdf).toString('base64') }]);
    expect(await deliverQueuedEmails(database.db)).toBeGreaterThanOrEqual(1);
    const got = sent.find((m) => m.to === to)!;
    expect(got.attachments?.map((a) => [a.filename, a.contentType, [...a.content]])).toEqual([['INV-2026-0001.pdf', 'application/pdf', [...pdf]]]);
    expect(JSON.parse((await outboxDump()).split('\n').find((j) => j.includes(to))!)).toMatchObject({ status: 'sent', text: null, attachments: null });
  });

  it('without SMTP, the development mailbox keeps the attachment beside the message and names it', async () => {
    setEmailTransport(null);
    const to = `devattach.${kind}.${Date.now().toString(36)}@example.ae`;
    await sendEmail(database.db, { to, subject: 'Purchase order PO-2026-0001', text: 'Please find our order attached.', kind: 'purchase_order', attachments: [{ filename: 'PO 2026/0001.pdf', contentType: 'application/pdf', content: new TextEncoder().encode('%PDF-1.7') }] });
    const mail = readDevMailbox({ to })[0]!;
    const name = mail.text.match(/Attached: (\S+)/)![1]!;
    expect(name).toMatch(/-PO_2026_0001\.pdf$|-0001\.pdf$/);
    expect(readFileSync(path.join(path.dirname(mail.file), name), 'utf8')).toBe('%PDF-1.7');
  });

  it('a failed delivery keeps only the redacted body', async () => {
    setEmailTransport({ send: async () => Promise.reject(new Error('Connection refused')) });
    const to = `fail.${kind}@example.ae`;
    const result = await sendEmail(database.db, { to, kind: 'password_reset', subject: 'Reset 482913', text: 'Code 482913, link https://x.example/r?token=SeCrEtToKeN123', secrets: ['482913', 'SeCrEtToKeN123'] });
    expect(result.status).toBe('failed');
    const row = (await outboxDump()).split('\n').find((j) => j.includes(to))!;
    expect(row).not.toContain('482913');
    expect(row).not.toContain('SeCrEtToKeN123');
    expect(JSON.parse(row)).toMatchObject({ status: 'failed', subject: 'Reset ••••••', text: 'Code ••••••, link [link removed]' });
  });

  it('redaction removes a link that carries a secret and masks the secret elsewhere', () => {
    expect(redactSecrets('Go to https://m.ae/reset?token=abc123XYZ now; token abc123XYZ.', ['abc123XYZ'])).toBe('Go to [link removed] now; token ••••••.');
    expect(redactSecrets('No secrets https://m.ae/kyc', [])).toBe('No secrets https://m.ae/kyc');
  });

  it('production without SMTP_URL gets a start-up warning; with it, none', () => {
    expect(emailDeliveryWarning({ NODE_ENV: 'production' })).toMatch(/SMTP_URL is not set/);
    expect(emailDeliveryWarning({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:587' })).toBeNull();
    expect(emailDeliveryWarning({ NODE_ENV: 'development' })).toBeNull();
  });

  describe('TOTP secrets at rest', () => {
    it('the pending and the confirmed secret are stored sealed, never as the base32 seed; sign-in still works', async () => {
      const { email, c, id } = await register('totp');
      const setup = await c.json('POST', '/api/auth/mfa/totp/setup', {});
      const secret: string = setup.body.secret;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const pending = await userDump(id);
      expect(pending).not.toContain(secret);
      expect(pending).toMatch(/"totp_pending_secret":"mzs1:/);
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
      expect((await c.json('POST', '/api/auth/mfa/totp/confirm', { code: totp.generate() })).status).toBe(200);
      const confirmed = await userDump(id);
      expect(confirmed).not.toContain(secret);
      expect(confirmed).toMatch(/"totp_secret":"mzs1:/);
      const d = client();
      await d.post('/api/auth/login', { username: email, password });
      expect((await d.post('/api/auth/verify-mfa', { code: totp.generate({ timestamp: Date.now() + 30_000 }) })).status).toBe(200);
    });

    it('a sealed secret copied to another user does not open there', async () => {
      const a = await register('copy-a');
      const b = await register('copy-b');
      await a.c.json('POST', '/api/auth/mfa/totp/setup', {});
      const [row] = await database.db.select({ s: users.totpPendingSecret }).from(users).where(eq(users.id, a.id));
      await database.db.update(users).set({ totpPendingSecret: row.s }).where(eq(users.id, b.id));
      const res = await b.c.post('/api/auth/mfa/totp/confirm', { code: '123456' });
      expect(res.status).not.toBe(200);
      const [after] = await database.db.select({ on: users.mfaEnabled }).from(users).where(eq(users.id, b.id));
      expect(after.on).toBe(false);
    });

    it('plaintext secrets from before are sealed: on first use, and all at once by the boot migration', async () => {
      const seed = new OTPAuth.Secret({ size: 20 }).base32;
      const used = await register('legacy-used');
      const idle = await register('legacy-idle');
      for (const u of [used, idle]) {
        await database.db.update(users).set({ totpSecret: seed, mfaEnabled: true, mfaMethod: 'authenticator' }).where(eq(users.id, u.id));
      }
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(seed), digits: 6, period: 30, algorithm: 'SHA1' });
      const d = client();
      await d.post('/api/auth/login', { username: used.email, password });
      expect((await d.post('/api/auth/verify-mfa', { code: totp.generate() })).status).toBe(200);
      expect(await userDump(used.id)).not.toContain(seed);
      expect(await userDump(idle.id)).toContain(seed);
      expect(await sealPlaintextTotpSecrets(database.db)).toBeGreaterThanOrEqual(1);
      expect(await userDump(idle.id)).not.toContain(seed);
      expect(await sealPlaintextTotpSecrets(database.db)).toBe(0);
      // Still usable after the migration.
      const e = client();
      await e.post('/api/auth/login', { username: idle.email, password });
      expect((await e.post('/api/auth/verify-mfa', { code: totp.generate({ timestamp: Date.now() + 30_000 }) })).status).toBe(200);
    });
  });
});
