import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { SESSION_COOKIE } from '@api/cookies';
import { AppError, type ErrorCode } from '@api/errors';
import { loadSession, type SessionInfo, type UserRow } from './sessions';
import { can, isPermission, isStaffRole, permissionDeniedMessage, type Permission } from './permissions-contract';
import { mfaSetupRequired, mfaSetupRequiredFor } from './staff-mfa';

/**
 * 'user': any signed-in account; a permission ('finance:write'…): a staff account whose role holds it (every
 * /api/admin route declares one, see permissions.ts); 'mfa-setup': any signed-in account, including a staff
 * account that has yet to set up the MFA it must use — only the MFA setup routes take this one.
 */
export type Access = 'user' | 'mfa-setup' | Permission;

const unauthenticated = { message: 'Please log in to continue.', error: 'unauthenticated' } as const;
const forbidden = { message: 'This area is for Manzil administrators only.', error: 'forbidden' } as const;

type Loaded = { session: SessionInfo; user: UserRow };
export type AccessDenial = { status: 401 | 403; body: { message: string; error: ErrorCode; permission?: Permission } };

/**
 * Who may pass, decided in one place: 401 to a visitor (or a session still waiting for its MFA code),
 * 403 `mfa_setup_required` to a staff account that must use MFA and has not set it up (everywhere but
 * the MFA setup flow), 403 to an investor on a staff route and to a staff account whose role lacks the
 * permission (saying which).
 */
export function accessDenial(found: Loaded | null, access: Access): AccessDenial | null {
  if (!found || found.session.mfaPending) return { status: 401, body: unauthenticated };
  if (access !== 'mfa-setup' && mfaSetupRequiredFor(found.user)) {
    return { status: 403, body: { message: mfaSetupRequired.message, error: mfaSetupRequired.error } };
  }
  if (isPermission(access)) {
    if (!isStaffRole(found.user.role)) return { status: 403, body: forbidden };
    if (!can(found.user.role, access)) return { status: 403, body: { message: permissionDeniedMessage(found.user.role, access), error: 'forbidden', permission: access } };
  }
  return null;
}

/** One session lookup per request, shared by the early check and the resolver. */
const lookups = new WeakMap<Request, Promise<Loaded | null>>();
function lookup(db: Db, request: Request, token: string | undefined) {
  let found = lookups.get(request);
  if (!found) lookups.set(request, (found = loadSession(db, token)));
  return found;
}

/** The access a route declared, read back from its hooks (the permission matrix test lists every route's). */
export function declaredAccess(hooks: unknown): Access | undefined {
  const t = (hooks as { transform?: unknown } | undefined)?.transform;
  for (const h of Array.isArray(t) ? t : t ? [t] : []) {
    const fn = (h as { fn?: unknown }).fn ?? h;
    const access = (fn as { access?: Access }).access;
    if (access) return access;
  }
  return undefined;
}

/**
 * Request-scoped auth as a macro: `{ auth: 'user' }`, `{ auth: 'finance:read' }` (any permission) or
 * `{ auth: 'mfa-setup' }` on a route resolves `user` and `session`. Access is checked in `transform`, before
 * the input is validated, so who may ask is settled before what they asked (a visitor never learns a route's
 * schema). The transform carries the access it checks, so the route table can be audited (declaredAccess).
 */
export const authPlugin = (deps: { db: Db }) =>
  new Elysia().macro({
    auth: (access: Access) => ({
      transform: Object.assign(
        async ({ cookie, request }: { cookie: Record<string, { value?: unknown }>; request: Request }) => {
          const denial = accessDenial(await lookup(deps.db, request, cookie[SESSION_COOKIE]?.value as string | undefined), access);
          if (denial) throw new AppError(denial.status, denial.body.error, denial.body.message, denial.body.permission ? { permission: denial.body.permission } : undefined);
        },
        { access },
      ),
      async resolve({ cookie, request, status }) {
        const found = await lookup(deps.db, request, cookie[SESSION_COOKIE]?.value as string | undefined);
        const denial = accessDenial(found, access);
        if (denial || !found) return status(denial?.status ?? 401, denial?.body ?? unauthenticated);
        return { user: found.user as UserRow, session: found.session as SessionInfo };
      },
    }),
  });
