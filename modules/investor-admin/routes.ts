import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { requestMeta } from '@api/request-meta';
import { authPlugin } from '@modules/auth';
import { closeUser, resendVerification, resetUserMfa, suspendUser, unsuspendUser, type Actor } from './actions';
import { investorAdminMessages as msg, optionalReasonInput, reasonInput, userIdParam, userSectionParam, userSectionQuery, type UserActionResult } from './contract';
import { exportUserData } from './data-export';
import { getUserDetail } from './detail';
import { listSection } from './sections';

/**
 * One investor's story and the actions on the account (contract: ./contract.ts), under /api/admin/users/:id:
 *   GET  /                    profile, standing, KYC and screening, wallet, section counts
 *   GET  /:section            a page of transactions | holdings | orders | sip | distributions | notifications | sessions | audit
 *   POST /suspend { reason }  POST /unsuspend { reason? }   (the contract relied on by outside tools)
 *   POST /reset-mfa, /resend-verification, /close { reason };  POST /data-export { reason } → a JSON download
 */
export const investorAdminRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  const actorOf = (user: { id: string }, request: Request): Actor => ({ id: user.id, ip: requestMeta(request).ip });
  const done = async (id: string, message: string): Promise<UserActionResult> => ({ message, user: await getUserDetail(db, id) });
  return new Elysia({ prefix: '/api/admin/users/:id' })
    .use(authPlugin(deps))
    .get('', ({ params }) => getUserDetail(db, params.id), { auth: 'investors:read', params: userIdParam })
    .get('/:section', ({ params, query }) => listSection(db, params.id, params.section, query.limit, query.offset), { auth: 'investors:read', params: userSectionParam, query: userSectionQuery })
    .post(
      '/suspend',
      async ({ user, params, body, request }) => {
        await suspendUser(db, actorOf(user, request), params.id, body.reason);
        return done(params.id, msg.suspended);
      },
      { auth: 'investors:write', params: userIdParam, body: reasonInput },
    )
    .post(
      '/unsuspend',
      async ({ user, params, body, request }) => {
        await unsuspendUser(db, actorOf(user, request), params.id, body?.reason);
        return done(params.id, msg.unsuspended);
      },
      { auth: 'investors:write', params: userIdParam, body: optionalReasonInput },
    )
    .post(
      '/reset-mfa',
      async ({ user, params, body, request }) => {
        await resetUserMfa(db, actorOf(user, request), params.id, body.reason);
        return done(params.id, msg.mfaReset);
      },
      { auth: 'investors:write', params: userIdParam, body: reasonInput },
    )
    .post(
      '/resend-verification',
      async ({ user, params, body, request }) => {
        await resendVerification(db, actorOf(user, request), params.id, body.reason);
        return done(params.id, msg.verificationSent);
      },
      { auth: 'investors:write', params: userIdParam, body: reasonInput },
    )
    .post(
      '/close',
      async ({ user, params, body, request }) => {
        await closeUser(db, actorOf(user, request), params.id, body.reason);
        return done(params.id, msg.closedDone);
      },
      { auth: 'investors:write', params: userIdParam, body: reasonInput },
    )
    .post(
      '/data-export',
      async ({ user, params, body, request }) => {
        const { filename, body: data } = await exportUserData(db, actorOf(user, request), params.id, body.reason);
        return new Response(JSON.stringify(data, null, 2), {
          headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
        });
      },
      { auth: 'investors:write', params: userIdParam, body: reasonInput },
    );
};
