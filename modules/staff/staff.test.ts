import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import { SESSION_COOKIE } from '@api/cookies';
import type { Database } from '@db/client';
import { createSession, forgetCachedSessions } from '@modules/auth';
import { sessions, users } from '@modules/auth/schema';
import { auditLog } from '@modules/audit/schema';
import { listOutbox, readDevMailbox } from '@modules/email';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { staffMessages } from './contract';
import { changeRole, removeStaff } from './members';
import { staffInvites } from './schema';

type App = ReturnType<typeof createApp>;
const PASSWORD = 'Str0ngPassword';
const uniq = () => crypto.randomUUID().slice(0, 8);

describeEachDb('staff accounts: invite, accept, change role, remove', (kind) => {
  let database: Database;
  let app: App;
  let owner: TestClient;
  let ownerId: string;

  /** A signed-in staff account without the login flow. */
  async function staffClient(role: 'admin' | 'finance' | 'compliance', opts: { password?: string } = {}) {
    const email = `${role}.${uniq()}@manzil.test`;
    const passwordHash = opts.password ? await Bun.password.hash(opts.password, { algorithm: 'argon2id' }) : 'not-a-password';
    const [u] = await database.db.insert(users).values({ email, passwordHash, firstName: 'Staff', lastName: role, role, unicode: `MZ-S${uniq().toUpperCase()}` }).returning();
    const client = new TestClient(app);
    client.cookies.set(SESSION_COOKIE, await createSession(database.db, u!.id));
    return { client, user: u! };
  }

  /** The link of the newest invitation email to `email`, from the development mailbox. */
  function inviteToken(email: string): string {
    const mail = readDevMailbox({ to: email }).find((m) => m.kind === 'staff_invite');
    expect(mail, `an invitation email to ${email}`).toBeTruthy();
    const link = /https?:\/\/\S+\/staff\/accept\?token=(\S+)/.exec(mail!.text);
    expect(link, mail!.text).toBeTruthy();
    return decodeURIComponent(link![1]!);
  }

  async function invite(email: string, role = 'finance') {
    const res = await owner.json('POST', '/api/admin/staff/invites', { email, role });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.invite.id as string, token: inviteToken(email) };
  }

  const accept = (client: TestClient, token: string, body: Record<string, string> = { firstName: 'Fatima', lastName: 'Al Nuaimi', password: PASSWORD }) =>
    client.json('POST', `/api/staff/invites/${encodeURIComponent(token)}/accept`, body);

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    const o = await staffClient('admin');
    owner = o.client;
    ownerId = o.user.id;
  });
  afterAll(() => database.close());

  it('invite → an email with a link → accept → a Finance account that must set up MFA, signed in; after MFA it reads the ledger but not KYC', async () => {
    const email = `Finance.${uniq()}@Example.ae`;
    const { id, token } = await invite(email);
    const lower = email.toLowerCase();

    // The outbox keeps the email with the token redacted; only the recipient's copy has it.
    const stored = (await listOutbox(database.db, { to: lower })).find((m) => m.kind === 'staff_invite');
    expect(stored).toBeTruthy();
    expect(stored!.text).not.toContain(token);
    expect(inviteToken(lower)).toBe(token);

    // The invitation is listed as pending; the list follows the list contract.
    const list = await owner.json('GET', `/api/admin/staff?kind=invite&q=${encodeURIComponent(lower)}`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, items: [{ kind: 'invite', id, email: lower, role: 'finance', roleLabel: 'Finance', invitedBy: 'Staff admin' }] });

    const visitor = new TestClient(app);
    const preview = await visitor.json('GET', `/api/staff/invites/${encodeURIComponent(token)}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ email: lower, role: 'finance', roleLabel: 'Finance', invitedBy: 'Staff admin' });
    expect(new Date(preview.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);

    const accepted = await accept(visitor, token);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body).toMatchObject({ next: '/account/security', message: staffMessages.accepted, user: { email: lower, role: 'finance', firstName: 'Fatima' } });
    expect(visitor.cookies.get(SESSION_COOKIE)).toBeTruthy();

    const [u] = await database.db.select().from(users).where(eq(users.email, lower));
    expect(u).toMatchObject({ role: 'finance', mfaMandatory: true, mfaEnabled: false, firstName: 'Fatima', lastName: 'Al Nuaimi' });
    expect(await Bun.password.verify(PASSWORD, u!.passwordHash)).toBe(true);
    const [inv] = await database.db.select().from(staffInvites).where(eq(staffInvites.id, id));
    expect(inv!.acceptedAt).toBeTruthy();
    expect(inv!.acceptedUserId).toBe(u!.id);

    // Signed in, but only the MFA setup answers until MFA is on.
    const me = await visitor.json('GET', '/api/auth/me');
    expect(me.body).toMatchObject({ role: 'finance', mfaRequired: true, mfaEnabled: false });
    const blocked = await visitor.json('GET', '/api/admin/ledger/accounts');
    expect(blocked).toMatchObject({ status: 403, body: { error: 'mfa_setup_required' } });
    expect((await visitor.json('GET', '/api/auth/mfa')).status).toBe(200);

    // MFA on (set directly for the test): the ERP answers, KYC and staff management do not.
    await database.db.update(users).set({ mfaEnabled: true, mfaMethod: 'authenticator' }).where(eq(users.id, u!.id));
    forgetCachedSessions({ userId: u!.id });
    expect((await visitor.json('GET', '/api/admin/ledger/accounts')).status).toBe(200);
    const kyc = await visitor.json('GET', '/api/admin/kyc');
    expect(kyc).toMatchObject({ status: 403, body: { error: 'forbidden', permission: 'kyc:read' } });
    expect(kyc.body.message).toContain('Finance');
    for (const [method, path, body] of [
      ['GET', '/api/admin/staff', undefined],
      ['POST', '/api/admin/staff/invites', { email: `x.${uniq()}@example.ae`, role: 'admin' }],
      ['POST', `/api/admin/staff/invites/${id}/resend`, undefined],
      ['DELETE', `/api/admin/staff/invites/${id}`, undefined],
      ['PATCH', `/api/admin/staff/${ownerId}`, { role: 'finance' }],
      ['DELETE', `/api/admin/staff/${ownerId}`, undefined],
    ] as const) {
      const res = await visitor.json(method, path, body);
      expect(res, `${method} ${path}`).toMatchObject({ status: 403, body: { error: 'forbidden', permission: 'staff:manage' } });
    }

    // Audited: the invitation and its acceptance.
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action).sort();
    expect(actions).toEqual(['staff.invite_accepted', 'staff.invited']);
  });

  it('a link works once: of two simultaneous acceptances exactly one creates the account', async () => {
    const email = `race.${uniq()}@example.ae`;
    const { token } = await invite(email, 'support');
    const [a, b] = [new TestClient(app), new TestClient(app)];
    const results = await Promise.all([accept(a, token), accept(b, token, { firstName: 'Other', lastName: 'Person', password: PASSWORD })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 410]);
    expect(results.find((r) => r.status === 410)!.body).toMatchObject({ error: 'staff_invite_used', message: staffMessages.linkUsed });
    const rows = await database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    // And afterwards the link says it was used.
    expect(await new TestClient(app).json('GET', `/api/staff/invites/${token}`)).toMatchObject({ status: 410, body: { error: 'staff_invite_used' } });
  });

  it('refuses expired, revoked and unknown links with clear messages; resending gives a new link and kills the old one', async () => {
    const visitor = new TestClient(app);
    const expired = await invite(`expired.${uniq()}@example.ae`);
    await database.db.update(staffInvites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffInvites.id, expired.id));
    expect(await visitor.json('GET', `/api/staff/invites/${expired.token}`)).toMatchObject({ status: 410, body: { error: 'staff_invite_expired', message: staffMessages.linkExpired } });
    expect(await accept(visitor, expired.token)).toMatchObject({ status: 410, body: { error: 'staff_invite_expired' } });

    const resent = await owner.json('POST', `/api/admin/staff/invites/${expired.id}/resend`);
    expect(resent.status).toBe(200);
    const [row] = await database.db.select().from(staffInvites).where(eq(staffInvites.id, expired.id));
    const fresh = inviteToken(row!.email);
    expect(fresh).not.toBe(expired.token);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    expect(await visitor.json('GET', `/api/staff/invites/${expired.token}`)).toMatchObject({ status: 404, body: { error: 'staff_invite_not_found', message: staffMessages.linkNotFound } });
    expect((await visitor.json('GET', `/api/staff/invites/${fresh}`)).status).toBe(200);

    const revoked = await invite(`revoked.${uniq()}@example.ae`);
    expect((await owner.json('DELETE', `/api/admin/staff/invites/${revoked.id}`)).status).toBe(200);
    expect(await visitor.json('GET', `/api/staff/invites/${revoked.token}`)).toMatchObject({ status: 410, body: { error: 'staff_invite_revoked', message: staffMessages.linkRevoked } });
    expect(await accept(visitor, revoked.token)).toMatchObject({ status: 410, body: { error: 'staff_invite_revoked' } });
    // A revoked invitation can be neither resent nor revoked again, and leaves the list.
    expect(await owner.json('POST', `/api/admin/staff/invites/${revoked.id}/resend`)).toMatchObject({ status: 409, body: { error: 'staff_invite_closed' } });
    const listed = await owner.json('GET', `/api/admin/staff?kind=invite&limit=200`);
    expect(listed.body.items.some((i: { id: string }) => i.id === revoked.id)).toBe(false);
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.entityId, revoked.id))).map((a) => a.action).sort();
    expect(actions).toEqual(['staff.invite_revoked', 'staff.invited']);

    expect(await visitor.json('GET', `/api/staff/invites/${'x'.repeat(43)}`)).toMatchObject({ status: 404, body: { error: 'staff_invite_not_found' } });
  });

  it('refuses an email that already has an account or a pending invitation (any case), and a non-staff role', async () => {
    const { user } = await staffClient('compliance');
    expect(await owner.json('POST', '/api/admin/staff/invites', { email: user.email.toUpperCase(), role: 'finance' })).toMatchObject({
      status: 409,
      body: { error: 'staff_email_taken', message: staffMessages.emailTaken(user.email) },
    });
    const email = `twice.${uniq()}@example.ae`;
    await invite(email);
    expect(await owner.json('POST', '/api/admin/staff/invites', { email: ` ${email.toUpperCase()} `, role: 'auditor' })).toMatchObject({
      status: 409,
      body: { error: 'staff_invite_pending', message: staffMessages.invitePending(email) },
    });
    expect((await owner.json('POST', '/api/admin/staff/invites', { email: `inv.${uniq()}@example.ae`, role: 'investor' })).status).toBe(400);
    expect((await owner.json('POST', '/api/admin/staff/invites', { email: 'not-an-email', role: 'finance' })).status).toBe(400);
  });

  it('accepting uses the signup password and name rules', async () => {
    const { token } = await invite(`weak.${uniq()}@example.ae`);
    const weak = await accept(new TestClient(app), token, { firstName: 'Ali', lastName: 'Hassan', password: 'weakpass' });
    expect(weak).toMatchObject({ status: 400, body: { error: 'validation_failed' } });
    expect(weak.body.message).toMatch(/Password must contain/);
    expect((await accept(new TestClient(app), token, { firstName: 'A', lastName: 'Hassan', password: PASSWORD })).status).toBe(400);
  });

  it('changes a role (effective at once), never your own, and audits it', async () => {
    const { client, user } = await staffClient('finance');
    await database.db.update(users).set({ mfaEnabled: true, mfaMethod: 'authenticator' }).where(eq(users.id, user.id));
    expect((await client.json('GET', '/api/admin/ledger/accounts')).status).toBe(200);
    const res = await owner.json('PATCH', `/api/admin/staff/${user.id}`, { role: 'compliance' });
    expect(res).toMatchObject({ status: 200, body: { message: `${user.email} is now Compliance.` } });
    expect((await client.json('GET', '/api/auth/me')).body.permissions).toContain('kyc:read');
    expect((await client.json('GET', '/api/admin/ledger/accounts')).status).toBe(403);
    expect((await client.json('GET', '/api/admin/kyc')).status).toBe(200);
    expect(await owner.json('PATCH', `/api/admin/staff/${user.id}`, { role: 'compliance' })).toMatchObject({ status: 400, body: { error: 'nothing_to_change' } });
    expect(await owner.json('PATCH', `/api/admin/staff/${ownerId}`, { role: 'finance' })).toMatchObject({ status: 422, body: { error: 'staff_self_change', message: staffMessages.ownRole } });
    expect((await owner.json('PATCH', `/api/admin/staff/${user.id}`, { role: 'investor' })).status).toBe(400);
    const [investor] = await database.db.insert(users).values({ email: `investor.${uniq()}@example.ae`, passwordHash: 'x', firstName: 'In', lastName: 'Vestor', unicode: `MZ-I${uniq().toUpperCase()}` }).returning();
    expect(await owner.json('PATCH', `/api/admin/staff/${investor!.id}`, { role: 'finance' })).toMatchObject({ status: 404, body: { error: 'staff_member_not_found' } });
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'staff.role_changed')));
    expect(audit).toMatchObject({ actorId: ownerId, details: { from: 'finance', to: 'compliance' } });
  });

  it('removes a staff account: its sessions end and sign-in is refused; never yourself', async () => {
    const { client, user } = await staffClient('finance', { password: PASSWORD });
    await createSession(database.db, user.id);
    expect((await client.json('GET', '/api/auth/me')).status).toBe(200);
    const res = await owner.json('DELETE', `/api/admin/staff/${user.id}`);
    expect(res).toMatchObject({ status: 200, body: { message: staffMessages.removed(user.email) } });
    const left = await database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
    expect((await client.json('GET', '/api/auth/me')).status).toBe(401);
    const login = await new TestClient(app).json('POST', '/api/auth/login', { username: user.email, password: PASSWORD });
    expect(login).toMatchObject({ status: 403, body: { error: 'account_closed' } });
    const listed = await owner.json('GET', `/api/admin/staff?q=${encodeURIComponent(user.email)}`);
    expect(listed.body.total).toBe(0);
    expect((await owner.json('DELETE', `/api/admin/staff/${user.id}`)).status).toBe(404);
    expect(await owner.json('DELETE', `/api/admin/staff/${ownerId}`)).toMatchObject({ status: 422, body: { error: 'staff_self_change', message: staffMessages.removeSelf } });
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'staff.removed')));
    expect(audit).toBeTruthy();

    // Invited back later (in another role), they rejoin on the same account: a new password and two-factor
    // enrolment, the old password refused, the unique ID and audit trail kept.
    const again = await invite(user.email, 'compliance');
    const back = new TestClient(app);
    const rejoined = await accept(back, again.token, { firstName: 'Staff', lastName: 'Returned', password: `${PASSWORD}-2` });
    expect(rejoined.status, JSON.stringify(rejoined.body)).toBe(201);
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ role: 'compliance', closedAt: null, mfaMandatory: true, mfaEnabled: false, lastName: 'Returned', unicode: user.unicode });
    expect(await database.db.select().from(users).where(sql`lower(${users.email}) = ${user.email.toLowerCase()}`)).toHaveLength(1);
    expect((await new TestClient(app).json('POST', '/api/auth/login', { username: user.email, password: PASSWORD })).status).toBe(401);
    expect((await new TestClient(app).json('POST', '/api/auth/login', { username: user.email, password: `${PASSWORD}-2` })).status).toBe(200);
    const [joined] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.invite_accepted'), eq(auditLog.entityId, again.id)));
    expect(joined).toMatchObject({ actorId: user.id, details: { rejoined: true, role: 'compliance' } });
  });

  it('never invites the email of a closed investor account', async () => {
    const email = `closed.investor.${uniq()}@manzil.test`;
    await database.db.insert(users).values({ email, passwordHash: 'x', firstName: 'Closed', role: 'investor', unicode: `MZ-C${uniq().toUpperCase()}`, closedAt: new Date() });
    expect(await owner.json('POST', '/api/admin/staff/invites', { email, role: 'finance' })).toMatchObject({ status: 409, body: { error: 'staff_email_taken' } });
  });

  it('never demotes or removes the last owner/admin, even when two admins act on each other at once', async () => {
    const db = database.db;
    // A fresh database slice: count the admins this test controls.
    const a = await staffClient('admin');
    const b = await staffClient('admin');
    // Every other admin is closed for this test, so a and b are the only two.
    await db.execute(sql`update users set closed_at = now() where role = 'admin' and id not in (${a.user.id}, ${b.user.id})`);
    forgetCachedSessions({ userId: ownerId });
    try {
      const results = await Promise.all([
        a.client.json('PATCH', `/api/admin/staff/${b.user.id}`, { role: 'auditor' }),
        b.client.json('PATCH', `/api/admin/staff/${a.user.id}`, { role: 'auditor' }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
      expect(results.find((r) => r.status === 422)!.body).toMatchObject({ error: 'staff_last_admin', message: staffMessages.lastAdminDemote });
      const admins = await db.select().from(users).where(and(eq(users.role, 'admin'), sql`${users.closedAt} is null`));
      expect(admins).toHaveLength(1);
      const last = admins[0]!.id;
      // Asked by anyone else (here a service call on behalf of another account), the last admin stays.
      const someone = a.user.id === last ? b.user.id : a.user.id;
      await expect(changeRole(db, { id: someone, ip: null }, last, 'finance')).rejects.toMatchObject({ code: 'staff_last_admin' });
      await expect(removeStaff(db, { id: someone, ip: null }, last)).rejects.toMatchObject({ code: 'staff_last_admin', message: staffMessages.lastAdminRemove });
    } finally {
      await db.execute(sql`update users set closed_at = null where id = ${ownerId}`);
      forgetCachedSessions({ userId: ownerId });
    }
  });

  it('rate-limits invitation links per address', async () => {
    const visitor = new TestClient(app, '10.9.9.9');
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await visitor.json('GET', `/api/staff/invites/${'y'.repeat(40)}${i}`)).status);
    expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('staff routes declare staff:manage', () => {
  it('every /api/admin/staff route needs staff:manage', async () => {
    const { declaredAccess } = await import('@modules/auth');
    const { staffRoutes } = await import('./routes');
    const routes = staffRoutes({ db: {} as never }).routes.filter((r) => r.path.startsWith('/api/admin/staff'));
    expect(routes.length).toBe(6);
    for (const r of routes) expect(declaredAccess(r.hooks), `${r.method} ${r.path}`).toBe('staff:manage');
  });
});
