/**
 * Issue 10, "Modes": demo data only when asked for and never in production; a production start on an empty
 * database needs a first admin from the environment, never prints a password and never creates the published
 * demo admin; staff accounts must set up MFA before anything else.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '@api/app';
import { bootDatabase } from '@api/boot';
import { runModeFromEnv, StartupError } from '@api/run-mode';
import type { Database, Db } from '@db/client';
import { properties, screeningLists, users } from '@db/schema';
import { DEMO_ADMIN, seedDatabase } from '@db/seed';
import { TestClient } from '../helpers/client';
import { createTestDatabase, describeEachDb } from '../helpers/db';

const root = path.resolve(import.meta.dirname, '../..');
const ADMIN = { ADMIN_EMAIL: 'ops.lead@example.ae', ADMIN_PASSWORD: 'Harbour-Lights-9281' };
const PROD = { NODE_ENV: 'production' } as const;
/** Each test here migrates a fresh database, which takes a while on a busy machine. */
const FRESH_DATABASE_MS = 120_000;

async function counts(db: Db) {
  const n = async (table: typeof users | typeof properties | typeof screeningLists) => (await db.select({ n: count() }).from(table))[0]!.n;
  return { users: await n(users), properties: await n(properties), screeningLists: await n(screeningLists) };
}

/** Everything the process printed while `run` ran. */
async function captureConsole<T>(run: () => Promise<T>): Promise<{ result: T | undefined; error: unknown; printed: string }> {
  const lines: string[] = [];
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
    vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' '))),
  );
  try {
    return { result: await run(), error: undefined, printed: lines.join('\n') };
  } catch (error) {
    return { result: undefined, error, printed: lines.join('\n') };
  } finally {
    for (const s of spies) s.mockRestore();
  }
}

describe('run mode from the environment', () => {
  it('refuses DEMO=1 with NODE_ENV=production, before any database is opened', async () => {
    expect(() => runModeFromEnv({ ...PROD, DEMO: '1' })).toThrow(StartupError);
    expect(() => runModeFromEnv({ ...PROD, DEMO: '1', ...ADMIN })).toThrow(/DEMO=1 is refused with NODE_ENV=production/);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manzil-modes-'));
    try {
      await expect(bootDatabase({ ...PROD, DEMO: '1', ...ADMIN, DATA_DIR: dataDir })).rejects.toThrow(StartupError);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('never turns staff MFA off in production, and demo is the default only outside production without ADMIN_EMAIL', () => {
    expect(() => runModeFromEnv({ ...PROD, REQUIRE_STAFF_MFA: '0', ...ADMIN })).toThrow(StartupError);
    expect(runModeFromEnv({ ...PROD, ...ADMIN })).toEqual({ production: true, demo: false, staffMfa: true });
    expect(runModeFromEnv({})).toEqual({ production: false, demo: true, staffMfa: false });
    expect(runModeFromEnv({ NODE_ENV: 'test', ADMIN_EMAIL: ADMIN.ADMIN_EMAIL })).toMatchObject({ demo: false });
    expect(runModeFromEnv({ DEMO: '0' })).toMatchObject({ demo: false });
    expect(runModeFromEnv({ REQUIRE_STAFF_MFA: '1' })).toMatchObject({ staffMfa: true });
    expect(() => runModeFromEnv({ DEMO: 'maybe' })).toThrow(StartupError);
  });
});

describe('a production server process on an empty database without ADMIN_*', () => {
  it('exits with status 1 and says what to set', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'manzil-modes-'));
    try {
      const script = `import { bootDatabaseOrExit } from ${JSON.stringify(path.join(root, 'api/boot.ts'))};\nawait bootDatabaseOrExit();\nconsole.log('STARTED');\nprocess.exit(0);`;
      const child = Bun.spawn([process.execPath, '-e', script], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', DATA_DIR: dataDir },
        stdout: 'pipe',
        stderr: 'pipe',
      });
      const [code, out, err] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
      expect(out).not.toContain('STARTED');
      expect(code).toBe(1);
      expect(err).toContain('refusing to start');
      expect(err).toContain('ADMIN_EMAIL and ADMIN_PASSWORD');
      expect(out + err).not.toContain(DEMO_ADMIN.password);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, FRESH_DATABASE_MS);
});

describe('bootDatabase in production (console captured)', () => {
  let dataDir: string;
  beforeAll(() => void (dataDir = mkdtempSync(path.join(os.tmpdir(), 'manzil-modes-'))));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates exactly the admin from ADMIN_*, no demo data, prints no password; a restart without ADMIN_* adds nothing', async () => {
    const first = await captureConsole(() => bootDatabase({ ...PROD, ...ADMIN, DATA_DIR: dataDir }));
    expect(first.error).toBeUndefined();
    const database = first.result!;
    try {
      const rows = await database.db.select({ email: users.email, role: users.role, mfaEnabled: users.mfaEnabled }).from(users);
      expect(rows).toEqual([{ email: ADMIN.ADMIN_EMAIL, role: 'admin', mfaEnabled: false }]);
      expect(await counts(database.db)).toEqual({ users: 1, properties: 0, screeningLists: 0 });
      expect(first.printed).toContain(ADMIN.ADMIN_EMAIL);
      expect(first.printed).not.toContain(ADMIN.ADMIN_PASSWORD);
      expect(first.printed).not.toMatch(/password:/i);
      expect(first.printed).not.toContain(DEMO_ADMIN.email);
    } finally {
      await database.close();
    }

    const restart = await captureConsole(() => bootDatabase({ ...PROD, DATA_DIR: dataDir }));
    expect(restart.error).toBeUndefined();
    try {
      expect(await counts(restart.result!.db)).toEqual({ users: 1, properties: 0, screeningLists: 0 });
      expect(restart.printed).not.toMatch(/password/i);
    } finally {
      await restart.result!.close();
    }
  }, FRESH_DATABASE_MS);
});

describeEachDb('seeding by mode', (kind) => {
  const databases: Database[] = [];
  const fresh = async () => {
    const d = await createTestDatabase(kind);
    databases.push(d);
    return d.db;
  };
  afterAll(async () => {
    for (const d of databases) await d.close();
  });

  it('refuses an empty production database without ADMIN_*, and never creates the demo admin', async () => {
    const db = await fresh();
    await expect(seedDatabase(db, { ...PROD })).rejects.toThrow(/set ADMIN_EMAIL and ADMIN_PASSWORD/);
    await expect(seedDatabase(db, { ...PROD, ADMIN_EMAIL: ADMIN.ADMIN_EMAIL })).rejects.toThrow(StartupError);
    expect(await counts(db)).toEqual({ users: 0, properties: 0, screeningLists: 0 });
  }, FRESH_DATABASE_MS);

  it('checks ADMIN_PASSWORD with the signup rules and refuses the published demo password, without echoing it', async () => {
    const db = await fresh();
    const weak = await seedDatabase(db, { ...PROD, ADMIN_EMAIL: ADMIN.ADMIN_EMAIL, ADMIN_PASSWORD: 'lowercase-only' }).catch((e: Error) => e);
    expect(weak).toBeInstanceOf(StartupError);
    expect((weak as Error).message).toContain('Password must contain at least one uppercase letter');
    expect((weak as Error).message).not.toContain('lowercase-only');
    const demo = await seedDatabase(db, { ...PROD, ADMIN_EMAIL: DEMO_ADMIN.email, ADMIN_PASSWORD: DEMO_ADMIN.password }).catch((e: Error) => e);
    expect(demo).toBeInstanceOf(StartupError);
    expect((demo as Error).message).not.toContain(DEMO_ADMIN.password);
    expect(await counts(db)).toEqual({ users: 0, properties: 0, screeningLists: 0 });
  }, FRESH_DATABASE_MS);

  it('restarting a production database that once held demo data (and no ADMIN_*) adds nothing', async () => {
    const db = await fresh();
    await seedDatabase(db, { DEMO: '1' });
    // A demo catalogue that grew later would be topped up in demo mode; production must never do it.
    await db.delete(properties);
    const before = await counts(db);
    expect(before.users).toBeGreaterThan(0);
    const report = await seedDatabase(db, { ...PROD });
    expect(report).toMatchObject({ seeded: false, demo: false, accounts: [] });
    expect(await counts(db)).toEqual(before);
    // Outside production the same database, asked for demo, is topped up (the check above can fail).
    await seedDatabase(db, { DEMO: '1' });
    expect((await counts(db)).properties).toBeGreaterThan(0);
  }, FRESH_DATABASE_MS);

  it('a database created from ADMIN_* gets no demo data when later started without them outside production', async () => {
    const db = await fresh();
    await seedDatabase(db, { NODE_ENV: 'development', ...ADMIN });
    const before = await counts(db);
    expect(before).toEqual({ users: 1, properties: 0, screeningLists: 0 });
    expect(await seedDatabase(db, { NODE_ENV: 'development' })).toMatchObject({ seeded: false, demo: false });
    expect(await counts(db)).toEqual(before);
  }, FRESH_DATABASE_MS);

  it('DEMO=0 outside production seeds nothing demo and warns that there is no account', async () => {
    const db = await fresh();
    const report = await seedDatabase(db, { DEMO: '0' });
    expect(report).toMatchObject({ seeded: false, demo: false, accounts: [] });
    expect(report.warnings[0]).toContain('ADMIN_EMAIL');
    expect(await counts(db)).toEqual({ users: 0, properties: 0, screeningLists: 0 });
  }, FRESH_DATABASE_MS);
});

describeEachDb('staff MFA in production', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  const previousEnv = process.env.NODE_ENV;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { ...PROD, ...ADMIN });
    process.env.NODE_ENV = 'production';
    app = createApp({ db: database.db });
  });
  afterAll(async () => {
    process.env.NODE_ENV = previousEnv;
    await database.close();
  });
  afterEach(() => void (process.env.NODE_ENV = 'production'));

  const signIn = async () => {
    const c = new TestClient(app);
    const res = await c.json('POST', '/api/auth/login', { username: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD });
    return { c, res };
  };

  /** Every /api/admin route, with a made-up id for its parameters. */
  const adminRoutes = () =>
    app.routes
      .filter((r) => r.path.startsWith('/api/admin') && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .map((r) => ({ method: r.method, path: r.path.replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000') }));

  it('the first admin without MFA gets 403 mfa_setup_required on every admin route and on money routes', async () => {
    const { c, res } = await signIn();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ role: 'admin', mfaEnabled: false, mfaRequired: true });
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(50);
    for (const r of [...routes, { method: 'GET', path: '/api/wallet' }, { method: 'POST', path: '/api/wallet/deposits' }, { method: 'POST', path: '/api/investments' }, { method: 'GET', path: '/api/portfolio' }]) {
      const answer = await c.request(r.method, r.path, r.method === 'GET' ? undefined : {});
      expect({ ...r, status: answer.status }).toEqual({ ...r, status: 403 });
      expect(((await answer.json()) as { error: string }).error).toBe('mfa_setup_required');
    }
  });

  it('can reach the MFA setup flow, cannot turn MFA off once on, and after enabling it everything answers', async () => {
    const { c } = await signIn();
    expect((await c.json('GET', '/api/auth/me')).body).toMatchObject({ mfaEnabled: false, mfaRequired: true });
    expect((await c.json('GET', '/api/auth/mfa')).body).toMatchObject({ enabled: false });
    const setup = await c.json<{ secret: string }>('POST', '/api/auth/mfa/totp/setup', {});
    expect(setup.status).toBe(200);
    const totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(setup.body.secret) });
    const confirmed = await c.json('POST', '/api/auth/mfa/totp/confirm', { code: totp.generate() });
    expect(confirmed.status).toBe(200);

    expect((await c.json('GET', '/api/admin/users')).status).toBe(200);
    expect((await c.json('GET', '/api/wallet')).status).not.toBe(403);
    const off = await c.json('POST', '/api/auth/mfa/disable', { password: ADMIN.ADMIN_PASSWORD });
    expect(off).toMatchObject({ status: 403, body: { error: 'staff_mfa_required' } });

    // A new sign-in now asks for the code, and the verified session is a full one.
    const { c: next, res } = await signIn();
    expect(res.body).toMatchObject({ requiresMfa: true, mfaMethod: 'authenticator' });
    expect((await next.json('GET', '/api/admin/users')).status).toBe(401);
    const verified = await next.json('POST', '/api/auth/verify-mfa', { code: totp.generate({ timestamp: Date.now() + 30_000 }) });
    expect(verified.status).toBe(200);
    expect((await next.json('GET', '/api/admin/users')).status).toBe(200);
  });

  it('outside production the same account is not gated unless REQUIRE_STAFF_MFA=1', async () => {
    const [admin] = await database.db.select().from(users).where(eq(users.email, ADMIN.ADMIN_EMAIL));
    await database.db.update(users).set({ mfaEnabled: false, mfaMethod: null, totpSecret: null }).where(eq(users.id, admin!.id));
    process.env.NODE_ENV = 'test';
    const { c } = await signIn();
    expect((await c.json('GET', '/api/admin/users')).status).toBe(200);
    process.env.REQUIRE_STAFF_MFA = '1';
    try {
      const gated = await c.json('GET', '/api/admin/users');
      expect(gated).toMatchObject({ status: 403, body: { error: 'mfa_setup_required' } });
    } finally {
      delete process.env.REQUIRE_STAFF_MFA;
    }
  });
});
