import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { DEMO_ADMIN, DEMO_INVESTOR, seedDatabase } from '@db/seed';
import { SESSION_COOKIE } from '@api/cookies';
import { createSession } from '../auth/sessions';
import type { StaffRole } from '../auth/permissions-contract';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { users } from '../auth/schema';
import { emailOutbox } from '../email';
import type { NotificationPage, NotificationPreference } from './contract';
import { bellLabel } from './contract';
import { notify, notifyAdmins } from './service';

describe('bellLabel', () => {
  it('reads the unread count for screen readers', () => {
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(0)).toBe('Notifications, none unread');
  });
});

describeEachDb('notifications', (kind) => {
  let database: Database;
  let app: { handle: (r: Request) => Promise<Response> };
  let investor: TestClient;
  let admin: TestClient;
  let investorId: string;
  let adminId: string;
  let secondAdminId: string;

  const outboxFor = async (to: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    app = createApp({ db: database.db });
    investor = new TestClient(app);
    admin = new TestClient(app);
    expect((await investor.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password })).status).toBe(200);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: DEMO_ADMIN.password })).status).toBe(200);
    const all = await database.db.select({ id: users.id, email: users.email }).from(users);
    investorId = all.find((u) => u.email === DEMO_INVESTOR.email)!.id;
    adminId = all.find((u) => u.email === DEMO_ADMIN.email)!.id;
    const [second] = await database.db
      .insert(users)
      .values({ email: 'second.admin@manzil.test', passwordHash: 'x', firstName: 'Sara', role: 'admin', unicode: `MZ-T${kind === 'pglite' ? 'PG' : 'PS'}01` })
      .returning({ id: users.id });
    secondAdminId = second.id;
  });
  afterAll(() => database.close());

  it('answers 401 to a visitor and 403 to an investor on the admin feed', async () => {
    const visitor = new TestClient(app);
    for (const [method, path] of [['GET', '/api/notifications'], ['GET', '/api/notifications/unread-count'], ['POST', '/api/notifications/read-all'], ['GET', '/api/notifications/preferences']] as const) {
      expect((await visitor.request(method, path, method === 'POST' ? {} : undefined)).status, `${method} ${path}`).toBe(401);
    }
    for (const [method, path] of [['GET', '/api/admin/notifications'], ['GET', '/api/admin/notifications/unread-count'], ['POST', '/api/admin/notifications/read-all']] as const) {
      const body = method === 'POST' ? {} : undefined;
      expect((await visitor.request(method, path, body)).status, `${method} ${path} visitor`).toBe(401);
      expect((await investor.request(method, path, body)).status, `${method} ${path} investor`).toBe(403);
    }
  });

  it('delivers a notification in the app and by email, and keeps read state', async () => {
    const sent = await database.db.transaction((tx) =>
      notify(tx, { userId: investorId, kind: 'kyc', title: 'Your identity is verified', body: 'You can now invest.', link: '/properties' }),
    );
    expect(sent.id).toBeTruthy();
    expect(sent.emailed).toBe(true);
    const mails = await outboxFor(DEMO_INVESTOR.email);
    const copy = mails.find((m) => m.subject === 'Your identity is verified');
    expect(copy?.kind).toBe('notification.kyc');
    expect(copy?.text).toContain('You can now invest.');
    expect(copy?.text).toMatch(/http:\/\/[^ ]+\/properties/);

    const count = await investor.json<{ unread: number }>('GET', '/api/notifications/unread-count');
    expect(count.body.unread).toBe(1);
    const page = await investor.json<NotificationPage>('GET', '/api/notifications');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(1);
    expect(page.body.items[0]).toMatchObject({ kind: 'kyc', title: 'Your identity is verified', link: '/properties', read: false, readAt: null });

    // The admin does not see the investor's notification, nor can they mark it read.
    expect((await admin.json<NotificationPage>('GET', '/api/notifications')).body.total).toBe(0);
    expect((await admin.json('POST', `/api/notifications/${sent.id}/read`)).status).toBe(404);

    const read = await investor.json<{ unread: number; read: boolean }>('POST', `/api/notifications/${sent.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ read: true, unread: 0 });
    // Idempotent.
    expect((await investor.json('POST', `/api/notifications/${sent.id}/read`)).status).toBe(200);
    const after = await investor.json<NotificationPage>('GET', '/api/notifications?filter=unread');
    expect(after.body).toMatchObject({ total: 0, unread: 0, items: [] });
    expect((await investor.json('POST', '/api/notifications/not-a-uuid/read')).status).toBe(400);
  });

  it('filters by kind and unread, paginates newest first, and marks all read', async () => {
    await database.db.transaction(async (tx) => {
      for (let i = 1; i <= 5; i++) await notify(tx, { userId: investorId, kind: 'wallet', title: `Deposit ${i} received`, body: `AED ${i}00 arrived.`, email: false });
      await notify(tx, { userId: investorId, kind: 'investment', title: 'Shares allotted', body: '10 shares.', email: false });
    });
    const wallet = await investor.json<NotificationPage>('GET', '/api/notifications?kind=wallet&limit=2&offset=0');
    expect(wallet.body.total).toBe(5);
    expect(wallet.body.items.map((n) => n.title)).toEqual(['Deposit 5 received', 'Deposit 4 received']);
    const second = await investor.json<NotificationPage>('GET', '/api/notifications?kind=wallet&limit=2&offset=4');
    expect(second.body.items.map((n) => n.title)).toEqual(['Deposit 1 received']);
    expect((await investor.json<NotificationPage>('GET', '/api/notifications?filter=unread')).body.total).toBe(6);
    expect((await investor.json('GET', '/api/notifications?kind=nonsense')).status).toBe(400);
    expect((await investor.json('GET', '/api/notifications?limit=1000')).status).toBe(400);

    const onlyWallet = await investor.json<{ marked: number; unread: number }>('POST', '/api/notifications/read-all', { kind: 'wallet' });
    expect(onlyWallet.body).toEqual({ marked: 5, unread: 1 });
    const all = await investor.json<{ marked: number; unread: number }>('POST', '/api/notifications/read-all', {});
    expect(all.body).toEqual({ marked: 1, unread: 0 });
    expect((await investor.json<NotificationPage>('GET', '/api/notifications')).body.items.every((n) => n.read)).toBe(true);
  });

  it('honours preferences: in-app off hides the kind, email off stops the copy, security stays in the app', async () => {
    const prefs = await investor.json<{ preferences: NotificationPreference[] }>('GET', '/api/notifications/preferences');
    expect(prefs.body.preferences.map((p) => p.kind)).toEqual(['kyc', 'wallet', 'investment', 'sip', 'sip_alert', 'exchange', 'distribution', 'fee', 'property', 'security', 'system', 'announcement']);
    expect(prefs.body.preferences.find((p) => p.kind === 'security')).toMatchObject({ inApp: true, inAppLocked: true });

    const locked = await investor.json('PUT', '/api/notifications/preferences', { preferences: [{ kind: 'security', inApp: false }] });
    expect(locked.status).toBe(422);
    const adminKind = await investor.json('PUT', '/api/notifications/preferences', { preferences: [{ kind: 'screening_hit', email: false }] });
    expect(adminKind.status).toBe(422);
    expect((await investor.json('PUT', '/api/notifications/preferences', { preferences: [{ kind: 'bogus' }] })).status).toBe(400);

    const saved = await investor.json<{ preferences: NotificationPreference[] }>('PUT', '/api/notifications/preferences', {
      preferences: [{ kind: 'property', inApp: false }, { kind: 'security', email: false }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.preferences.find((p) => p.kind === 'property')).toMatchObject({ inApp: false, email: false });
    expect(saved.body.preferences.find((p) => p.kind === 'security')).toMatchObject({ inApp: true, email: false });

    const before = (await outboxFor(DEMO_INVESTOR.email)).length;
    const [property, security] = await database.db.transaction(async (tx) => [
      await notify(tx, { userId: investorId, kind: 'property', title: 'New property', body: 'Marina flat.' }),
      await notify(tx, { userId: investorId, kind: 'security', title: 'New sign-in', body: 'From Dubai.' }),
    ]);
    expect(property).toEqual({ id: null, emailed: false });
    expect(security.id).toBeTruthy();
    expect(security.emailed).toBe(false);
    expect((await outboxFor(DEMO_INVESTOR.email)).length).toBe(before);
    const titles = (await investor.json<NotificationPage>('GET', '/api/notifications?filter=unread')).body.items.map((n) => n.title);
    expect(titles).toEqual(['New sign-in']);
  });

  it('rolls back with the transaction that raised it', async () => {
    const before = (await investor.json<NotificationPage>('GET', '/api/notifications')).body.total;
    await expect(
      database.db.transaction(async (tx) => {
        await notify(tx, { userId: investorId, kind: 'wallet', title: 'Never', body: 'Rolled back.' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await investor.json<NotificationPage>('GET', '/api/notifications')).body.total).toBe(before);
  });

  it('shares the admin feed between administrators with read state per admin, and emails each per preference', async () => {
    expect((await admin.json('PUT', '/api/notifications/preferences', { preferences: [{ kind: 'kyc_submitted', email: true }] })).status).toBe(200);
    const result = await database.db.transaction((tx) =>
      notifyAdmins(tx, { kind: 'kyc_submitted', title: 'New KYC application', body: 'Omar Rahman applied.', link: '/admin/kyc' }),
    );
    // Only the first admin turned kyc_submitted emails on (off by default).
    expect(result.emailed).toBe(1);
    expect((await outboxFor(DEMO_ADMIN.email)).some((m) => m.subject === 'New KYC application')).toBe(true);
    expect((await outboxFor('second.admin@manzil.test')).length).toBe(0);
    const hit = await database.db.transaction((tx) =>
      notifyAdmins(tx, { kind: 'screening_hit', title: 'Screening hit', body: 'A name matched.', link: '/admin/kyc' }),
    );
    expect(hit.emailed).toBe(2); // on by default

    const feed = await admin.json<NotificationPage>('GET', '/api/admin/notifications');
    expect(feed.body).toMatchObject({ total: 2, unread: 2 });
    expect(feed.body.items.map((n) => n.kind)).toEqual(['screening_hit', 'kyc_submitted']);
    expect((await investor.json<NotificationPage>('GET', '/api/notifications')).body.items.some((n) => n.kind === 'kyc_submitted')).toBe(false);

    expect((await admin.json('POST', `/api/admin/notifications/${result.id}/read`)).body).toMatchObject({ unread: 1 });
    // The other administrator still sees both unread.
    const { unreadCount } = await import('./service');
    expect(await unreadCount(database.db, { userId: secondAdminId, audience: 'admin', role: 'admin' })).toBe(2);
    expect((await admin.json('POST', '/api/admin/notifications/read-all', {})).body).toEqual({ marked: 1, unread: 0 });
    expect(await unreadCount(database.db, { userId: secondAdminId, audience: 'admin', role: 'admin' })).toBe(2);
    expect(await unreadCount(database.db, { userId: adminId, audience: 'admin', role: 'admin' })).toBe(0);
    // An investor's notification id is not in the admin feed.
    const [mine] = (await investor.json<NotificationPage>('GET', '/api/notifications')).body.items;
    expect((await admin.json('POST', `/api/admin/notifications/${mine.id}/read`)).status).toBe(404);
  });

  it('sends each operator kind to the staff whose role acts on it: in the feed, the bell and by email', async () => {
    // One account per staff role (the unit suites seed no demo staff), signed in with a session of its own.
    const staff = async (role: StaffRole, name: string = role) => {
      const email = `${name}.${kind}@manzil.test`;
      const [u] = await database.db
        .insert(users)
        .values({ email, passwordHash: 'x', firstName: role, role, unicode: `MZ-${crypto.randomUUID().slice(0, 6).toUpperCase()}`, kycStatus: 'approved' })
        .returning({ id: users.id });
      const client = new TestClient(app);
      client.cookies.set(SESSION_COOKIE, await createSession(database.db, u!.id));
      return client;
    };
    const [finance, compliance, support, auditor] = await Promise.all((['finance', 'compliance', 'support', 'auditor'] as const).map((role) => staff(role)));
    // A second compliance officer, suspended: no email for them.
    await staff('compliance', 'suspended-compliance');
    await database.db.update(users).set({ suspendedAt: new Date(), suspendedReason: 'On leave (test)' }).where(eq(users.email, `suspended-compliance.${kind}@manzil.test`));
    const stamp = `${kind}-${Date.now()}`;
    const withdrawal = await database.db.transaction((tx) =>
      notifyAdmins(tx, { kind: 'withdrawal_requested', title: `Withdrawal to approve ${stamp}`, body: 'AED 300.00 to an IBAN.', link: '/admin/users/wallet-management' }),
    );
    const screening = await database.db.transaction((tx) =>
      notifyAdmins(tx, { kind: 'screening_hit', title: `Screening hit ${stamp}`, body: 'A name matched.', link: '/admin/kyc' }),
    );
    const kindsIn = async (client: TestClient) => (await client.json<NotificationPage>('GET', '/api/admin/notifications?limit=100')).body.items.map((n) => n.kind);
    expect(new Set(await kindsIn(finance))).toEqual(new Set(['withdrawal_requested']));
    expect(await kindsIn(compliance)).toContain('screening_hit');
    expect(await kindsIn(compliance)).not.toContain('withdrawal_requested');
    expect(await kindsIn(admin)).toEqual(expect.arrayContaining(['withdrawal_requested', 'screening_hit']));
    expect(await kindsIn(support)).toEqual([]);
    expect(await kindsIn(auditor)).toEqual([]);
    expect((await support.json('GET', '/api/admin/notifications/unread-count')).body).toEqual({ unread: 0 });
    // Another role's notification cannot be marked read either.
    expect((await finance.json('POST', `/api/admin/notifications/${screening.id}/read`)).status).toBe(404);
    expect((await finance.json('POST', `/api/admin/notifications/${withdrawal.id}/read`)).status).toBe(200);

    // Emails follow the same roles (screening hits are emailed by default): never a suspended account.
    const subjects = async (email: string) => (await outboxFor(email)).map((m) => m.subject);
    expect(await subjects(`compliance.${kind}@manzil.test`)).toContain(`Screening hit ${stamp}`);
    for (const role of ['finance', 'support', 'auditor', 'suspended-compliance']) expect(await subjects(`${role}.${kind}@manzil.test`)).not.toContain(`Screening hit ${stamp}`);
    // Preferences list the kinds of the role only.
    const prefs = async (client: TestClient) => (await client.json<{ preferences: NotificationPreference[] }>('GET', '/api/notifications/preferences')).body.preferences.map((p) => p.kind);
    expect(await prefs(finance)).toEqual(expect.arrayContaining(['withdrawal_requested', 'distribution_approval', 'tracker_alert']));
    expect(await prefs(finance)).not.toContain('screening_hit');
    expect(await prefs(support)).not.toContain('screening_hit');
    expect((await finance.json('PUT', '/api/notifications/preferences', { preferences: [{ kind: 'screening_hit', email: false }] })).status).toBe(422);
  });

  it('refuses links that leave the site', async () => {
    await expect(notify(database.db, { userId: investorId, kind: 'system', title: 'x', body: 'y', link: 'https://evil.example' })).rejects.toThrow(/path inside the site/);
    await expect(notify(database.db, { userId: investorId, kind: 'system', title: 'x', body: 'y', link: '//evil.example' })).rejects.toThrow(/path inside the site/);
  });
});
