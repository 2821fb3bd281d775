import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { CSRF_COOKIE, isProduction, randomToken, SESSION_COOKIE, SESSION_TTL_SECONDS } from '@api/cookies';
import { requestMeta } from '@api/request-meta';
import { authPlugin } from '../auth';
import { ROLE_LABELS, type StaffRole } from '../auth/permissions-contract';
import { endSession } from '../auth/sessions';
import { acceptInvite, previewInvite } from './accept';
import {
  acceptInput,
  changeRoleInput,
  inviteIdParam,
  inviteInput,
  MFA_SETUP_PATH,
  staffListQuery,
  staffMessages as msg,
  tokenParam,
  userIdParam,
  type AcceptResult,
  type InviteResult,
  type StaffActionResult,
} from './contract';
import { inviteStaff, resendInvite, revokeInvite } from './invites';
import { listStaff } from './list';
import { changeRole, removeStaff } from './members';
import type { Actor } from './shared';

type CookieJar = Record<string, { value?: unknown; set: (o: Record<string, unknown>) => void }>;

/** The session cookie as login sets it, with a new CSRF token (modules/auth/routes.ts). */
function setSessionCookie(cookie: CookieJar, token: string) {
  cookie[SESSION_COOKIE].set({ value: token, httpOnly: true, sameSite: 'lax', secure: isProduction(), path: '/', maxAge: SESSION_TTL_SECONDS });
  cookie[CSRF_COOKIE].set({ value: randomToken(24), httpOnly: false, sameSite: 'lax', secure: isProduction(), path: '/' });
}

/** Staff accounts (contract: ./contract.ts). Every admin route needs staff:manage; the accept routes are public and rate-limited. */
export const staffRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  const actorOf = (user: { id: string }, request: Request): Actor => ({ id: user.id, ip: requestMeta(request).ip });
  return new Elysia()
    .use(authPlugin(deps))
    .get('/api/admin/staff', ({ user, query }) => listStaff(db, query, user.id), { auth: 'staff:manage', query: staffListQuery })
    .post(
      '/api/admin/staff/invites',
      async ({ user, body, request, set }): Promise<InviteResult> => {
        const invite = await inviteStaff(db, actorOf(user, request), body);
        set.status = 201;
        return { message: msg.invited(invite.email), invite };
      },
      { auth: 'staff:manage', body: inviteInput },
    )
    .post(
      '/api/admin/staff/invites/:id/resend',
      async ({ user, params, request }): Promise<InviteResult> => {
        const invite = await resendInvite(db, actorOf(user, request), params.id);
        return { message: msg.resent(invite.email), invite };
      },
      { auth: 'staff:manage', params: inviteIdParam },
    )
    .delete(
      '/api/admin/staff/invites/:id',
      async ({ user, params, request }): Promise<InviteResult> => {
        const invite = await revokeInvite(db, actorOf(user, request), params.id);
        return { message: msg.revoked(invite.email), invite };
      },
      { auth: 'staff:manage', params: inviteIdParam },
    )
    .patch(
      '/api/admin/staff/:userId',
      async ({ user, params, body, request }): Promise<StaffActionResult> => {
        const u = await changeRole(db, actorOf(user, request), params.userId, body.role);
        return { message: msg.roleChanged(u.email, ROLE_LABELS[u.role as StaffRole]) };
      },
      { auth: 'staff:manage', params: userIdParam, body: changeRoleInput },
    )
    .delete(
      '/api/admin/staff/:userId',
      async ({ user, params, request }): Promise<StaffActionResult> => {
        const u = await removeStaff(db, actorOf(user, request), params.userId);
        return { message: msg.removed(u.email) };
      },
      { auth: 'staff:manage', params: userIdParam },
    )
    .get('/api/staff/invites/:token', ({ params, request }) => previewInvite(db, params.token, requestMeta(request)), { params: tokenParam })
    .post(
      '/api/staff/invites/:token/accept',
      async ({ params, body, request, cookie, set }): Promise<AcceptResult> => {
        const { user, sessionToken } = await acceptInvite(db, params.token, body, requestMeta(request));
        const jar = cookie as unknown as CookieJar;
        // Rotation: whatever session this browser had ends; the new account's starts.
        await endSession(db, jar[SESSION_COOKIE]?.value as string | undefined);
        setSessionCookie(jar, sessionToken);
        set.status = 201;
        return {
          message: msg.accepted,
          next: MFA_SETUP_PATH,
          user: { id: user.id, email: user.email, role: user.role as StaffRole, firstName: user.firstName, lastName: user.lastName },
        };
      },
      { params: tokenParam, body: acceptInput },
    );
};
