import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { accountMessages } from '../auth/contract';
import { createSession } from '../auth';
import { clientWith, createInvestor, createProperty, fundWallet, moneyTestDatabase, snapshot } from '../investing/test-helpers';
import { createSandboxProvider } from '../payments';
import { addMonths, dayInMonth, monthStart, todayInDubai } from '../platform/dates';
import type { SipRunResultJson, SipPlanJson } from '../sip/contract';
import { q } from '../wallet';
import type { UserActionResult, UserDetailJson, UserSectionPage } from './contract';
import { USER_SECTIONS } from './contract';
import { DEMO_SUSPENDED_EMAIL, DEMO_SUSPENSION_REASON, seedAccountStanding } from './seed';
import { DEMO_ADMIN } from '@db/seed';
import { newUnicode } from '../auth/unicode';
import { users } from '../auth/schema';

const PASSWORD = 'Investor#2026';
const IBAN = 'AE070331234567890123456';

describeEachDb('investor detail and suspension (/api/admin/users/:id)', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  let adminId: string;
  const provider = createSandboxProvider({ confirmAfterMs: null });

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    adminId = (await admin.json<{ id: string }>('GET', '/api/auth/me')).body.id;
  }, 60_000);
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  /** A verified investor who can sign in with PASSWORD, with an open session (with device and address). */
  const investor = async (opts: { kyc?: string } = {}) => {
    const inv = await createInvestor(database.db, { kyc: opts.kyc });
    await database.db.execute(sql`update users set password_hash = ${await Bun.password.hash(PASSWORD)} where id = ${inv.id}`);
    const token = await createSession(database.db, inv.id, { ip: '198.51.100.7', userAgent: 'Mozilla/5.0 (iPhone) Safari' });
    return { ...inv, token, client: clientWith(app, token) };
  };
  const act = (id: string, action: string, body: unknown = { reason: 'Chargeback investigation #4411' }) => admin.json<UserActionResult & { error?: string; message: string }>('POST', `/api/admin/users/${id}/${action}`, body);
  const detail = async (id: string) => {
    const r = await admin.json<UserDetailJson>('GET', `/api/admin/users/${id}`);
    expect(r.status).toBe(200);
    return r.body;
  };
  const login = (email: string) => new TestClient(app).json<{ error?: string; message?: string; id?: string }>('POST', '/api/auth/login', { username: email, password: PASSWORD });

  it('suspends with a reason (the contract): sessions end, sign-in and every money movement is refused with a clear message', async () => {
    const inv = await investor();
    await fundWallet(database.db, inv.id, 500_000n, provider);
    const property = await createProperty(database.db, { status: 'funded' });
    await database.db.execute(sql`insert into holdings (user_id, property_id, units, cost) values (${inv.id}, ${property.id}, 20000, 200000)`);
    expect((await inv.client.request('GET', '/api/auth/me')).status).toBe(200);

    const res = await act(inv.id, 'suspend', { reason: '  Chargeback investigation #4411  ' });
    expect(res.status).toBe(200);
    expect(res.body.user.standing).toMatchObject({ status: 'suspended', suspendedReason: 'Chargeback investigation #4411', suspendedBy: { id: adminId } });
    expect(res.body.user.standing.suspendedBy!.label).toContain('@');
    expect(res.body.user.counts.sessions).toBe(0);

    // The accounts list shows the standing too.
    const listed = await admin.json<{ items: { id: string; standing: string }[] }>('GET', `/api/admin/users?q=${encodeURIComponent(inv.email)}`);
    expect(listed.body.items).toEqual([expect.objectContaining({ id: inv.id, standing: 'suspended' })]);
    // The open session is gone at once.
    expect((await inv.client.request('GET', '/api/auth/me')).status).toBe(401);
    // Sign-in: the right password learns the account is suspended; a wrong one learns nothing.
    const refused = await login(inv.email);
    expect(refused).toMatchObject({ status: 403, body: { error: 'account_suspended', message: accountMessages.suspended } });
    expect((await new TestClient(app).json('POST', '/api/auth/login', { username: inv.email, password: 'Wrong#2026x' })).status).toBe(401);

    // A session that somehow survived (another instance) still cannot move money.
    const c = clientWith(app, await createSession(database.db, inv.id));
    const before = await snapshot(database.db);
    const refusals: [string, unknown][] = [
      ['/api/wallet/deposits', { amount: 10_000, method: 'uae-bank-transfer' }],
      ['/api/wallet/withdrawals', { amount: 10_000, iban: IBAN }],
      ['/api/investments', { propertyId: (await createProperty(database.db)).id, amount: 100_000 }],
      ['/api/exchange/orders', { propertyId: property.id, side: 'sell', units: '10000', price: '100000' }],
      ['/api/exchange/pool/sell', { propertyId: property.id, units: '10000' }],
    ];
    for (const [path, body] of refusals) {
      const r = await c.json<{ error: string; message: string }>('POST', path, body);
      expect(r, path).toMatchObject({ status: 403, body: { error: 'account_suspended', message: accountMessages.suspended } });
    }
    expect(await snapshot(database.db)).toEqual(before);

    // Unsuspend restores sign-in and money movement.
    const back = await act(inv.id, 'unsuspend', {});
    expect(back.status).toBe(200);
    expect(back.body.user.standing).toEqual({ status: 'active', suspendedAt: null, suspendedBy: null, suspendedReason: null, closedAt: null });
    const again = await login(inv.email);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(inv.id);
    expect((await c.json('POST', '/api/wallet/deposits', { amount: 10_000, method: 'uae-bank-transfer' })).status).toBe(201);

    // Both actions are in the investor's audit trail, with the reason.
    const audit = await admin.json<UserSectionPage>('GET', `/api/admin/users/${inv.id}/audit?limit=200`);
    const actions = audit.body.items.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['user.suspend', 'user.unsuspend']));
    expect(audit.body.items.find((a) => a.action === 'user.suspend')).toMatchObject({ reason: 'Chargeback investigation #4411' });
  });

  it('refuses repeats, the admin themselves, other staff, and bad input', async () => {
    const inv = await investor();
    expect((await act(inv.id, 'suspend')).status).toBe(200);
    expect(await act(inv.id, 'suspend')).toMatchObject({ status: 409, body: { error: 'already_suspended' } });
    expect((await act(inv.id, 'unsuspend')).status).toBe(200);
    expect(await act(inv.id, 'unsuspend')).toMatchObject({ status: 409, body: { error: 'not_suspended' } });

    const self = await act(adminId, 'suspend');
    expect(self).toMatchObject({ status: 403, body: { error: 'user_protected' } });
    expect(self.body.message).toMatch(/your own account/);
    const other = await createInvestor(database.db, { role: 'admin' });
    expect(await act(other.id, 'suspend')).toMatchObject({ status: 403, body: { error: 'user_protected' } });
    expect(await act(other.id, 'close')).toMatchObject({ status: 403, body: { error: 'user_protected' } });
    const [row] = await q<{ suspended_at: string | null }>(database.db, sql`select suspended_at from users where id = ${other.id}`);
    expect(row!.suspended_at).toBeNull();

    for (const body of [{}, { reason: '' }, { reason: 'no' }, { reason: 'x'.repeat(501) }, { reason: 42 }, { reason: 'bad\u0000byte reason' }]) {
      const r = await act(inv.id, 'suspend', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message.length).toBeGreaterThan(5);
    }
    expect((await admin.json('POST', '/api/admin/users/not-a-uuid/suspend', { reason: 'A good reason' })).status).toBe(400);
    expect((await admin.json('POST', `/api/admin/users/${crypto.randomUUID()}/suspend`, { reason: 'A good reason' })).status).toBe(404);
    expect((await admin.json('GET', `/api/admin/users/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await admin.json('GET', `/api/admin/users/${inv.id}/passwords`)).status).toBe(400);
    expect((await admin.json('GET', `/api/admin/users/${inv.id}/audit?limit=0`)).status).toBe(400);
    // Only administrators (the earlier suspension ended inv's sessions: a new investor asks).
    const nosy = await investor();
    expect((await nosy.client.json('POST', `/api/admin/users/${inv.id}/unsuspend`, {})).status).toBe(403);
    expect((await nosy.client.json('GET', `/api/admin/users/${inv.id}`)).status).toBe(403);
    expect((await new TestClient(app).json('POST', `/api/admin/users/${inv.id}/suspend`, { reason: 'A good reason' })).status).toBe(401);
  });

  it('shows the whole story in small paged sections', async () => {
    const inv = await investor();
    await fundWallet(database.db, inv.id, 1_000_000n, provider);
    const property = await createProperty(database.db);
    expect((await inv.client.json('POST', '/api/investments', { propertyId: property.id, amount: 200_000 })).status).toBe(201);
    const d = await detail(inv.id);
    expect(d.profile).toMatchObject({ id: inv.id, email: inv.email, role: 'investor' });
    expect(d.standing.status).toBe('active');
    expect(BigInt(d.wallet.balance)).toBeGreaterThan(0n);
    expect(d.counts).toMatchObject({ holdings: 1, orders: 1, sessions: 2 });
    expect(d.counts.transactions).toBeGreaterThanOrEqual(2);
    expect(Object.keys(d.counts).sort()).toEqual([...USER_SECTIONS].sort());

    const sessions = await admin.json<UserSectionPage>('GET', `/api/admin/users/${inv.id}/sessions`);
    expect(sessions.body.items[0]).toMatchObject({ ip: '198.51.100.7', userAgent: 'Mozilla/5.0 (iPhone) Safari' });
    expect(sessions.body.items[0]!.lastSeenAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    const holdings = await admin.json<UserSectionPage>('GET', `/api/admin/users/${inv.id}/holdings`);
    expect(holdings.body).toMatchObject({ total: 1, items: [{ propertyId: property.id, property: property.title }] });
    const orders = await admin.json<UserSectionPage>('GET', `/api/admin/users/${inv.id}/orders`);
    expect(orders.body.items[0]).toMatchObject({ kind: 'purchase', side: 'buy', status: 'active' });
    const page1 = await admin.json<UserSectionPage>('GET', `/api/admin/users/${inv.id}/transactions?limit=1`);
    const page2 = await admin.json<UserSectionPage>('GET', `/api/admin/users/${inv.id}/transactions?limit=1&offset=1`);
    expect(page1.body.items).toHaveLength(1);
    expect(page1.body.total).toBe(d.counts.transactions);
    expect(page1.body.items[0]!.kind).toBe('investment');
    expect(page2.body.items[0]!.id).not.toBe(page1.body.items[0]!.id);
    for (const s of USER_SECTIONS) expect((await admin.json('GET', `/api/admin/users/${inv.id}/${s}`)).status, s).toBe(200);
  });

  it('closes only at a zero balance with no holdings; closing anonymises and blocks sign-in', async () => {
    const inv = await investor();
    await fundWallet(database.db, inv.id, 300_000n, provider);
    const withBalance = await act(inv.id, 'close', { reason: 'Investor asked to leave' });
    expect(withBalance).toMatchObject({ status: 409, body: { error: 'account_not_closable' } });
    expect(withBalance.body.message).toMatch(/wallet still holds AED/);

    const holder = await investor();
    const property = await createProperty(database.db, { status: 'funded' });
    await database.db.execute(sql`insert into holdings (user_id, property_id, units, cost) values (${holder.id}, ${property.id}, 10000, 100000)`);
    const withHoldings = await act(holder.id, 'close', { reason: 'Investor asked to leave' });
    expect(withHoldings).toMatchObject({ status: 409, body: { error: 'account_not_closable' } });
    expect(withHoldings.body.message).toMatch(/holds shares in 1 property/);

    const leaver = await investor();
    const res = await act(leaver.id, 'close', { reason: 'Investor asked to leave' });
    expect(res.status).toBe(200);
    expect(res.body.user.standing.status).toBe('closed');
    expect(res.body.user.profile).toMatchObject({ firstName: 'Closed', lastName: 'account', phone: null, username: null });
    expect(res.body.user.profile.email).not.toBe(leaver.email);
    expect(res.body.user.profile.email).toMatch(/@closed\.manzil\.invalid$/);
    expect((await leaver.client.request('GET', '/api/auth/me')).status).toBe(401);
    expect((await login(leaver.email)).status).toBe(401);
    expect((await login(res.body.user.profile.email)).status).toBe(401);
    expect(await act(leaver.id, 'close', { reason: 'Investor asked to leave' })).toMatchObject({ status: 409, body: { error: 'already_closed' } });
    // A closed account moves no money even with a session made behind the server's back.
    const c = clientWith(app, await createSession(database.db, leaver.id));
    expect(await c.json('POST', '/api/wallet/deposits', { amount: 10_000, method: 'uae-bank-transfer' })).toMatchObject({ status: 403, body: { error: 'account_closed' } });
  });

  it('exports the investor’s data with every section (KYC metadata, no documents), and audits it', async () => {
    const inv = await investor();
    await fundWallet(database.db, inv.id, 400_000n, provider);
    const res = await admin.request('POST', `/api/admin/users/${inv.id}/data-export`, { reason: 'Data-subject request DSR-2026-11' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="manzil-user-MZ-[A-Z0-9-]+-\d{4}-\d\d-\d\d\.json"$/);
    const data = (await res.json()) as Record<string, unknown> & { profile: { email: string }; transactions: unknown[] };
    expect(data.format).toBe('manzil.user-data.v1');
    for (const key of ['profile', 'standing', 'kyc', 'wallet', ...USER_SECTIONS]) expect(data, key).toHaveProperty(key);
    expect(data.profile.email).toBe(inv.email);
    expect(data.transactions).toHaveLength(2); // the deposit and its charge
    expect(JSON.stringify(data)).not.toMatch(/password|totp|file_id|fileId/i);
    const audit = await admin.json<UserSectionPage>('GET', `/api/admin/users/${inv.id}/audit`);
    expect(audit.body.items.find((a) => a.action === 'user.data_export')).toMatchObject({ reason: 'Data-subject request DSR-2026-11' });
    expect((await admin.request('POST', `/api/admin/users/${inv.id}/data-export`, {})).status).toBe(400);
  });

  it('resets MFA (sessions end) and resends the verification email only to an unverified investor', async () => {
    const inv = await investor({ kyc: 'in_progress' });
    await database.db.execute(sql`update users set mfa_enabled = true, mfa_method = 'email' where id = ${inv.id}`);
    const reset = await act(inv.id, 'reset-mfa', { reason: 'Lost phone, identity checked by call' });
    expect(reset.status).toBe(200);
    expect(reset.body.user.profile).toMatchObject({ mfaEnabled: false, mfaMethod: null });
    expect((await inv.client.request('GET', '/api/auth/me')).status).toBe(401);

    const sent = await act(inv.id, 'resend-verification', { reason: 'Investor asked on chat' });
    expect(sent.status).toBe(200);
    const [mail] = await q<{ subject: string; text: string }>(database.db, sql`select subject, text from email_outbox where "to" = ${inv.email} order by created_at desc limit 1`);
    expect(mail!.subject).toMatch(/Verify your identity/);
    expect(mail!.text).toContain('/kyc');
    const verified = await investor();
    expect(await act(verified.id, 'resend-verification', { reason: 'Investor asked on chat' })).toMatchObject({ status: 409, body: { error: 'already_verified' } });
  });

  it('skips a suspended investor\u2019s SIP collection with a recorded reason, charging nothing', async () => {
    const inv = await investor();
    await fundWallet(database.db, inv.id, 2_000_000n, provider);
    await createProperty(database.db);
    const plan = (await inv.client.json<SipPlanJson>('POST', '/api/sip/plans', { amount: 50_000, dayOfMonth: 10, mode: 'automated' })).body;
    const lastMonth = addMonths(monthStart(todayInDubai()), -1);
    await database.db.execute(sql`update sip_plans set start_month = ${lastMonth}::date, day_of_month = 10 where id = ${plan.id}`);
    await database.db.execute(sql`update sip_plans set status = 'cancelled' where id <> ${plan.id} and status <> 'cancelled'`);
    expect((await act(inv.id, 'suspend', { reason: 'Source of funds under review' })).status).toBe(200);

    const before = await snapshot(database.db);
    const run = await admin.json<SipRunResultJson>('POST', '/api/admin/sip/runs', { date: dayInMonth(lastMonth, 10) });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ collected: 0 });
    expect(run.body.items[0]).toMatchObject({ planId: plan.id, status: 'failed', failureCode: 'account_suspended' });
    const after = await snapshot(database.db);
    expect({ ...after, keys: before.keys }).toEqual(before);
    const sip = await admin.json<UserSectionPage>('GET', `/api/admin/users/${inv.id}/sip`);
    expect(sip.body.items[0]).toMatchObject({ reference: expect.stringMatching(/^SIP-/), lastNote: expect.stringMatching(/suspended/) });
  });

  it('seeds one suspended demo investor once, through the service (audited), and never again after it is lifted', async () => {
    const [khalid] = await database.db
      .insert(users)
      .values({ email: DEMO_SUSPENDED_EMAIL, passwordHash: 'x', firstName: 'Khalid', lastName: 'Al Suwaidi', unicode: newUnicode(), kycStatus: 'approved' })
      .returning();
    expect(await seedAccountStanding(database.db, DEMO_ADMIN.email)).toEqual({ suspended: 1 });
    expect((await detail(khalid!.id)).standing).toMatchObject({ status: 'suspended', suspendedReason: DEMO_SUSPENSION_REASON, suspendedBy: { label: DEMO_ADMIN.email } });
    expect((await act(khalid!.id, 'unsuspend', {})).status).toBe(200);
    expect(await seedAccountStanding(database.db, DEMO_ADMIN.email)).toEqual({ suspended: 0 });
    expect((await detail(khalid!.id)).standing.status).toBe('active');
  });
});
