import { Elysia } from 'elysia';
import type { Db } from '../../db/client';
import { SESSION_COOKIE } from '../../api/cookies';
import { loadSession, type SessionInfo, type UserRow } from './sessions';

export type Access = 'user' | 'admin';

const unauthenticated = { message: 'Please log in to continue.', error: 'unauthenticated' };
const forbidden = { message: 'This area is for Manzil administrators only.', error: 'forbidden' };

/**
 * Request-scoped auth as a macro: `{ auth: 'user' }` or `{ auth: 'admin' }` on a route resolves
 * `user` and `session`, answering 401 to a visitor (or a session still waiting for its MFA code)
 * and 403 to a signed-in user without the role.
 */
export const authPlugin = (deps: { db: Db }) =>
  new Elysia().macro({
    auth: (access: Access) => ({
      async resolve({ cookie, status }) {
        const found = await loadSession(deps.db, cookie[SESSION_COOKIE]?.value as string | undefined);
        if (!found || found.session.mfaPending) return status(401, unauthenticated);
        if (access === 'admin' && found.user.role !== 'admin') return status(403, forbidden);
        return { user: found.user as UserRow, session: found.session as SessionInfo };
      },
    }),
  });
