/**
 * Issue 10, modes: production never gets demo data or the published admin, refuses an empty
 * database without a first admin from the environment, never prints a password, and staff must
 * set up MFA before the back office opens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/app';
import { bootDatabase } from '../../api/boot';
import type { Db } from '../../db/client';
import { DEMO_ADMIN, runMode, seedDatabase, StartupError } from '../../db/seed';
import { users } from '../../modules/auth/schema';
import { properties } from '../../modules/properties/schema';
import { adminSession } from '../helpers/admin-session';
import { createTestDatabase, describeEachDb } from '../helpers/db';
import { BASE } from '../helpers/http';

const PROD = { NODE_ENV: 'production' };
const ADMIN = { ADMIN_EMAIL: 'ops@manzil.example', ADMIN_PASSWORD: 'Str0ng-Operator-Pass' };
const countOf = async (db: Db, table: typeof users | typeof properties) => (await db.select({ n: count() }).from(table))[0]!.n;

describe('run mode', () => {
  it('demo is on for a laptop start, off with a first admin or DEMO=0, and never in production', () => {
    expect(runMode({})).toEqual({ production: false, demo: true });
    expect(runMode({ ...ADMIN })).toEqual({ production: false, demo: false });
    expect(runMode({ DEMO: '0' })).toEqual({ production: false, demo: false });
    expect(runMode({ DEMO: '1', ...ADMIN })).toEqual({ production: false, demo: true });
    expect(runMode(PROD)).toEqual({ production: true, demo: false });
    expect(() => runMode({ ...PROD, DEMO: '1' })).toThrow(StartupError);
  });
});

describeEachDb('production seeding', (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('refuses an empty database without ADMIN_EMAIL/ADMIN_PASSWORD, creating nothing', async () => {
    await expect(seedDatabase(database.db, PROD)).rejects.toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD/);
    await expect(seedDatabase(database.db, { ...PROD, DEMO: '1' })).rejects.toThrow(StartupError);
    expect(await countOf(database.db, users)).toBe(0);
  });

  it('refuses a weak or published first-admin password', async () => {
    await expect(seedDatabase(database.db, { ...PROD, ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'short' })).rejects.toThrow(/too weak/);
    await expect(seedDatabase(database.db, { ...PROD, ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: DEMO_ADMIN.password })).rejects.toThrow(/demo password/);
    expect(await countOf(database.db, users)).toBe(0);
  });

  it('creates exactly the first admin from the environment, and no demo data', async () => {
    const report = await seedDatabase(database.db, { ...PROD, ...ADMIN });
    expect(report.accounts).toEqual([{ role: 'admin', email: ADMIN.ADMIN_EMAIL, password: null }]);
    const all = await database.db.select({ email: users.email, role: users.role }).from(users);
    expect(all).toEqual([{ email: ADMIN.ADMIN_EMAIL, role: 'admin' }]);
    expect(await countOf(database.db, properties)).toBe(0);
  });

  it('a restart without ADMIN_* (production, or a laptop) adds nothing to a non-demo database', async () => {
    for (const env of [PROD, {}]) {
      const report = await seedDatabase(database.db, env);
      expect(report.seeded).toBe(false);
    }
    expect(await countOf(database.db, users)).toBe(1);
    expect(await countOf(database.db, properties)).toBe(0);
  });
});

describe('production boot', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'manzil-prod-boot-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the first admin but never a password, and says MFA comes first', async () => {
    const lines: string[] = [];
    const database = await bootDatabase({ ...PROD, ...ADMIN, DATA_DIR: dir }, { log: (...a: unknown[]) => lines.push(a.join(' ')) });
    await database.close();
    const out = lines.join('\n');
    expect(out).toContain(ADMIN.ADMIN_EMAIL);
    expect(out).not.toContain(ADMIN.ADMIN_PASSWORD);
    expect(out).not.toContain(DEMO_ADMIN.email);
    expect(out).toMatch(/two-factor/);
  });

  it('an empty production database without a first admin does not start', async () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'manzil-prod-empty-'));
    await expect(bootDatabase({ ...PROD, DATA_DIR: empty }, { log: () => {} })).rejects.toThrow(StartupError);
    rmSync(empty, { recursive: true, force: true });
  });
});

describeEachDb('staff MFA required', (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db, requireStaffMfa: true, log: { error: () => {} } });
  });
  afterAll(async () => database?.close());

  it('an admin without MFA reaches only the MFA setup, then everything once it is on', async () => {
    const { cookie, get } = await adminSession(database.db, app);
    const blocked = await get('/api/admin/users');
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).error).toBe('mfa_setup_required');
    const me = await (await get('/api/auth/me')).json();
    expect(me.mfaSetupRequired).toBe(true);

    const csrf = 'test-csrf-token';
    const post = (p: string, body: unknown) =>
      app.handle(
        new Request(`${BASE}${p}`, {
          method: 'POST',
          headers: { cookie: `${cookie}; XSRF-TOKEN=${csrf}`, 'x-csrf-token': csrf, 'content-type': 'application/json', origin: BASE },
          body: JSON.stringify(body),
        }),
      );
    const setup = await post('/api/auth/mfa/totp/setup', {});
    expect(setup.status).toBe(200);
    const { secret } = await setup.json();
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
    const confirmed = await post('/api/auth/mfa/totp/confirm', { code });
    expect(confirmed.status).toBe(200);

    expect((await get('/api/admin/users')).status).toBe(200);
    expect((await (await get('/api/auth/me')).json()).mfaSetupRequired).toBeUndefined();
    // Staff cannot turn MFA off while it is required.
    const off = await post('/api/auth/mfa/disable', { password: 'anything' });
    expect(off.status).toBe(422);
  });
});
