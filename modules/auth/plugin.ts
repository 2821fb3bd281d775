import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { SESSION_COOKIE } from '@api/cookies';
import { AppError, type ErrorCode } from '@api/errors';
import { loadSession, type SessionInfo, type UserRow } from './sessions';
import { mfaSetupRequired, mfaSetupRequiredFor } from './staff-mfa';

/**
 * 'user': any signed-in account; 'admin': staff only; 'mfa-setup': any signed-in account, including a staff
 * account that has yet to set up the MFA it must use — only the MFA setup routes take this one.
 */
export type Access = 'user' | 'admin' | 'mfa-setup';

const unauthenticated = { message: 'Please log in to continue.', error: 'unauthenticated' } as const;
const forbidden = { message: 'This area is for Manzil administrators only.', error: 'forbidden' } as const;

type Loaded = { session: SessionInfo; user: UserRow };
export type AccessDenial = { status: 401 | 403; body: { message: string; error: ErrorCode } };

/**
 * Who may pass, decided in one place: 401 to a visitor (or a session still waiting for its MFA code),
 * 403 `mfa_setup_required` to a staff account that must use MFA and has not set it up (everywhere but
 * the MFA setup flow), 403 to a signed-in user without the role.
 */
export function accessDenial(found: Loaded | null, access: Access): AccessDenial | null {
  if (!found || found.session.mfaPending) return { status: 401, body: unauthenticated };
  if (access !== 'mfa-setup' && mfaSetupRequiredFor(found.user)) {
    return { status: 403, body: { message: mfaSetupRequired.message, error: mfaSetupRequired.error } };
  }
  if (access === 'admin' && found.user.role !== 'admin') return { status: 403, body: forbidden };
  return null;
}

/** One session lookup per request, shared by the early check and the resolver. */
const lookups = new WeakMap<Request, Promise<Loaded | null>>();
function lookup(db: Db, request: Request, token: string | undefined) {
  let found = lookups.get(request);
  if (!found) lookups.set(request, (found = loadSession(db, token)));
  return found;
}

/**
 * Request-scoped auth as a macro: `{ auth: 'user' }`, `{ auth: 'admin' }` or `{ auth: 'mfa-setup' }` on a
 * route resolves `user` and `session`. Access is checked in `transform`, before the input is validated,
 * so who may ask is settled before what they asked (a visitor never learns a route's schema).
 */
export const authPlugin = (deps: { db: Db }) =>
  new Elysia().macro({
    auth: (access: Access) => ({
      async transform({ cookie, request }) {
        const denial = accessDenial(await lookup(deps.db, request, cookie[SESSION_COOKIE]?.value as string | undefined), access);
        if (denial) throw new AppError(denial.status, denial.body.error, denial.body.message);
      },
      async resolve({ cookie, request, status }) {
        const found = await lookup(deps.db, request, cookie[SESSION_COOKIE]?.value as string | undefined);
        const denial = accessDenial(found, access);
        if (denial || !found) return status(denial?.status ?? 401, denial?.body ?? unauthenticated);
        return { user: found.user as UserRow, session: found.session as SessionInfo };
      },
    }),
  });
