import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { SESSION_COOKIE } from '../../api/cookies';
import { loadSession, type SessionInfo, type UserRow } from './sessions';
import { authMessages } from './contract';

export type Access = 'user' | 'admin';

/** What the auth plugin needs: the database, and whether staff must have MFA (default: staffMfaRequired()). */
export type AuthDeps = { db: Db; requireStaffMfa?: boolean };

const unauthenticated = { message: 'Please log in to continue.', error: 'unauthenticated' };
const forbidden = { message: 'This area is for Manzil administrators only.', error: 'forbidden' };
const mfaSetupRequired = { message: authMessages.staffMfaRequired, error: 'mfa_setup_required' };

/**
 * Staff (every role but investor) must use two-factor verification: always in production, and
 * wherever REQUIRE_STAFF_MFA=1. REQUIRE_STAFF_MFA=0 turns it off outside production only.
 */
export function staffMfaRequired(env: Record<string, string | undefined> = process.env): boolean {
  if (env.NODE_ENV === 'production') return true;
  const v = env.REQUIRE_STAFF_MFA?.trim().toLowerCase();
  return v === '1' || v === 'true';
}

export const isStaff = (role: string) => role !== 'investor';

/** A staff member without MFA while it is required: they may only reach /api/auth (to set it up, or sign out). */
export const needsMfaSetup = (user: Pick<UserRow, 'role' | 'mfaEnabled'>, required: boolean) => required && isStaff(user.role) && !user.mfaEnabled;

/**
 * Request-scoped auth as a macro: `{ auth: 'user' }` or `{ auth: 'admin' }` on a route resolves
 * `user` and `session`, answering 401 to a visitor (or a session still waiting for its MFA code),
 * 403 to a signed-in user without the role, and 403 mfa_setup_required to staff who must set up MFA
 * first (everything but /api/auth/* is closed to them until they do).
 */
export const authPlugin = (deps: AuthDeps) => {
  const required = deps.requireStaffMfa ?? staffMfaRequired();
  return new Elysia().macro({
    auth: (access: Access) => ({
      async resolve({ cookie, status, request }) {
        const found = await loadSession(deps.db, cookie[SESSION_COOKIE]?.value as string | undefined);
        if (!found || found.session.mfaPending) return status(401, unauthenticated);
        if (access === 'admin' && found.user.role !== 'admin') return status(403, forbidden);
        if (needsMfaSetup(found.user, required) && !new URL(request.url).pathname.startsWith('/api/auth/')) return status(403, mfaSetupRequired);
        return { user: found.user as UserRow, session: found.session as SessionInfo };
      },
    }),
  });
};
