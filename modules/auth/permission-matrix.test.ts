/**
 * The permission matrix, generated from the route table: every /api/admin route must declare the permission it
 * needs (a new route without one fails here), and every role × route answers as the role matrix says — 403 where
 * the role lacks the permission, anything but 403 where it holds it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import { CSRF_COOKIE, SESSION_COOKIE } from '@api/cookies';
import type { Database } from '@db/client';
import { createTestDatabase } from '../../tests/helpers/db';
import { BASE } from '../../tests/helpers/http';
import { declaredAccess, type Access } from './plugin';
import { can, isPermission, PERMISSION_KEYS, ROLE_PERMISSIONS, ROLES, STAFF_ROLES, type Permission, type Role } from './permissions-contract';
import { users } from './schema';
import { createSession } from './sessions';

type Route = { method: string; path: string; access: Access | undefined };

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, SAMPLE_ID).replace(/\*$/, 'x');

describe('permission matrix (generated from the route declarations)', () => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let routes: Route[];
  const cookies = new Map<Role, string>();

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = createApp({ db: database.db });
    routes = app.routes
      .filter((r) => r.path.startsWith('/api/admin') && r.method !== 'HEAD' && r.method !== 'OPTIONS')
      .map((r) => ({ method: r.method, path: r.path, access: declaredAccess(r.hooks) }));
    for (const role of ROLES) {
      const [u] = await database.db
        .insert(users)
        .values({ email: `${role}.${crypto.randomUUID().slice(0, 6)}@manzil.test`, passwordHash: 'x', firstName: role, role, unicode: `MZ-${crypto.randomUUID().slice(0, 6).toUpperCase()}`, kycStatus: 'approved' })
        .returning();
      cookies.set(role, `${SESSION_COOKIE}=${encodeURIComponent(await createSession(database.db, u!.id))}; ${CSRF_COOKIE}=matrix`);
    }
  }, 120_000);
  afterAll(() => database.close());

  it('lists the admin routes it checks', () => {
    expect(routes.length).toBeGreaterThan(350);
  });

  it('every /api/admin route declares a permission', () => {
    const undeclared = routes.filter((r) => !r.access || !isPermission(r.access)).map((r) => `${r.method} ${r.path} (${r.access ?? 'no auth'})`);
    expect(undeclared).toEqual([]);
  });

  it('each role holds only known permissions; the owner holds all and the auditor no write', () => {
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...PERMISSION_KEYS].sort());
    expect(ROLE_PERMISSIONS.auditor.every((p) => p.endsWith(':read'))).toBe(true);
    expect(can('finance', 'finance:write')).toBe(true);
    expect(can('finance', 'kyc:read')).toBe(false);
    expect(can('investor', 'overview:read')).toBe(false);
    expect(STAFF_ROLES).not.toContain('investor');
  });

  const send = (role: Role, r: Route) =>
    app.handle(
      new Request(`${BASE}${concrete(r.path)}`, {
        method: r.method,
        headers: { cookie: cookies.get(role)!, 'x-csrf-token': 'matrix', ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { body: '{}' }),
      }),
    );

  // Refusals are decided before the handler runs, so every refused pair is cheap to check.
  it.each(ROLES.map((role) => [role]))('refuses %s with 403 on every route its role does not hold', async (role) => {
    const wrong: string[] = [];
    for (const r of routes) {
      if (can(role, r.access as Permission)) continue;
      const res = await send(role, r);
      if (res.status !== 403) wrong.push(`${r.method} ${r.path} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  // One allowed role per permission (the least privileged that holds it), so handlers run once per route.
  it('lets a role through on every route its role holds (never 403)', async () => {
    const wrong: string[] = [];
    const holder = (p: Permission) => (['auditor', 'support', 'operations', 'compliance', 'finance', 'admin'] as const).find((role) => can(role, p))!;
    for (const r of routes) {
      const role = holder(r.access as Permission);
      const res = await send(role, r);
      if (res.status === 403 || res.status === 401) wrong.push(`${role}: ${r.method} ${r.path} → ${res.status} ${await res.text()}`);
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('names the role and what it lacks in the refusal', async () => {
    const kyc = routes.find((r) => r.method === 'GET' && r.path === '/api/admin/kyc')!;
    const res = await send('finance', kyc);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: 'forbidden', permission: 'kyc:read', message: expect.stringContaining('Your role (Finance) does not include KYC') });
    const investor = await send('investor', kyc);
    expect((await investor.json()).message).toBe('This area is for Manzil administrators only.');
  });
});
