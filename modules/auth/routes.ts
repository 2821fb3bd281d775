import { Elysia, t } from 'elysia';
import { csvResponse, exportName } from '@api/list';
import type { Db } from '@db/client';
import { CSRF_COOKIE, isProduction, randomToken, SESSION_COOKIE, SESSION_TTL_SECONDS, SIGNUP_COOKIE } from '@api/cookies';
import { requestMeta } from '@api/request-meta';
import { ADMIN_USERS_CSV_HEADER, adminUsersCsvRows, listAdminUsers } from './admin-users';
import {
  adminUsersQuery,
  authMessages,
  forgotPasswordInput,
  loginInput,
  mfaPasswordInput,
  registerInput,
  resetPasswordInput,
  signupStep1Input,
  signupStep2Input,
  totpConfirmInput,
  verifyMfaInput,
} from './contract';
import { AppError } from '@api/errors';
import { authPlugin } from './plugin';
import * as auth from './service';
import { createSession, endSession, loadSession, toCurrentUser } from './sessions';
import { mfaRequiredFor } from './staff-mfa';

type CookieJar = Record<string, { value?: unknown; set: (o: Record<string, unknown>) => void; remove: () => void }>;

function setSessionCookie(cookie: CookieJar, token: string) {
  cookie[SESSION_COOKIE].set({ value: token, httpOnly: true, sameSite: 'lax', secure: isProduction(), path: '/', maxAge: SESSION_TTL_SECONDS });
  // A new CSRF token with every new session (§ renewed at login).
  cookie[CSRF_COOKIE].set({ value: randomToken(24), httpOnly: false, sameSite: 'lax', secure: isProduction(), path: '/' });
}

function clearSessionCookie(cookie: CookieJar) {
  cookie[SESSION_COOKIE].set({ value: '', httpOnly: true, sameSite: 'lax', secure: isProduction(), path: '/', maxAge: 0 });
}

export const authRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  const session = async (cookie: CookieJar) => loadSession(db, cookie[SESSION_COOKIE]?.value as string | undefined);

  return new Elysia()
    .use(authPlugin(deps))
    .group('/api/auth', (app) =>
      app
        .get('/session-debug', async ({ cookie }) => {
          const s = await session(cookie as CookieJar);
          return {
            hasUserId: Boolean(s),
            authStatus: { isAuthenticated: Boolean(s && !s.session.mfaPending), mfaRequired: Boolean(s?.session.mfaPending) },
          };
        })
        .get('/me', async ({ cookie, status }) => {
          const s = await session(cookie as CookieJar);
          if (!s) return status(401, { message: 'You are not logged in.', error: 'unauthenticated' });
          if (s.session.mfaPending) {
            return status(401, {
              message: 'Enter your verification code to finish logging in.',
              error: 'mfa_required',
              requiresMfa: true,
              mfaMethod: s.user.mfaMethod === 'authenticator' ? 'authenticator' : 'email',
            });
          }
          return toCurrentUser(s.user);
        })
        .post(
          '/login',
          async ({ body, cookie, request }) => {
            const jar = cookie as CookieJar;
            // Rotation: whatever session this browser had ends before a new one starts.
            await endSession(db, jar[SESSION_COOKIE]?.value as string | undefined);
            const outcome = await auth.login(db, body, requestMeta(request));
            setSessionCookie(jar, outcome.token);
            if (outcome.kind === 'mfa') {
              return {
                requiresMfa: true,
                mfaMethod: outcome.method,
                userId: outcome.user.id,
                message:
                  outcome.method === 'email'
                    ? 'Please enter the verification code sent to your email'
                    : 'Please enter the verification code from your authenticator app',
              };
            }
            return toCurrentUser(outcome.user);
          },
          { body: loginInput },
        )
        .post('/logout', async ({ cookie }) => {
          const jar = cookie as CookieJar;
          await endSession(db, jar[SESSION_COOKIE]?.value as string | undefined);
          clearSessionCookie(jar);
          return { success: true, message: authMessages.loggedOut };
        })
        .post(
          '/verify-mfa',
          async ({ body, cookie, request, status }) => {
            const jar = cookie as CookieJar;
            const s = await session(jar);
            if (!s || !s.session.mfaPending) return status(401, { message: authMessages.mfaNotPending, error: 'mfa_not_pending' });
            const token = await auth.verifyMfa(db, s.session, s.user, body.code, requestMeta(request));
            setSessionCookie(jar, token);
            return toCurrentUser(s.user);
          },
          { body: verifyMfaInput },
        )
        .post(
          '/register',
          async ({ body, cookie, request, set }) => {
            const user = await auth.register(db, body, requestMeta(request));
            const jar = cookie as CookieJar;
            await endSession(db, jar[SESSION_COOKIE]?.value as string | undefined);
            setSessionCookie(jar, await createSession(db, user.id, requestMeta(request)));
            set.status = 201;
            return toCurrentUser(user);
          },
          { body: registerInput },
        )
        .post(
          '/forgot-password',
          async ({ body, request }) => {
            await auth.forgotPassword(db, body.email, requestMeta(request));
            return { success: true, message: authMessages.forgotSent };
          },
          { body: forgotPasswordInput },
        )
        .post(
          '/reset-password',
          async ({ body }) => {
            await auth.resetPassword(db, body.token, body.password);
            return { success: true, message: authMessages.resetDone };
          },
          { body: resetPasswordInput },
        )
        // The MFA setup flow: the only routes a staff account that must use MFA reaches before it has it.
        .get('/mfa', ({ user }) => auth.mfaStatus(db, user), { auth: 'mfa-setup' })
        .post('/mfa/totp/setup', ({ user }) => auth.startTotpEnrolment(db, user), { auth: 'mfa-setup' })
        .post('/mfa/totp/confirm', ({ user, body }) => auth.confirmTotpEnrolment(db, user, body.code), { auth: 'mfa-setup', body: totpConfirmInput })
        .post(
          '/mfa/email/enable',
          async ({ user, body }) => {
            await auth.enableEmailMfa(db, user, body.password);
            return { success: true, message: 'Email verification codes are now required when you log in.' };
          },
          { auth: 'mfa-setup', body: mfaPasswordInput },
        )
        .post(
          '/mfa/disable',
          async ({ user, body }) => {
            if (mfaRequiredFor(user)) throw new AppError(403, 'staff_mfa_required', 'Staff accounts must keep two-factor verification on. Switch method instead of turning it off.');
            await auth.disableMfa(db, user, body.password);
            return { success: true, message: 'Two-factor verification is now off.' };
          },
          { auth: 'user', body: mfaPasswordInput },
        ),
    )
    .group('/api/simplified-auth', (app) =>
      app
        .get(
          '/signup-status',
          ({ query, cookie }) => auth.signupStatus(db, query.email, (cookie as CookieJar)[SIGNUP_COOKIE]?.value as string | undefined),
          { query: t.Object({ email: t.String({ maxLength: 254, error: 'Please enter a valid email address' }) }) },
        )
        .post(
          '/signup-step1',
          async ({ body, cookie, request }) => {
            const { result, signupToken } = await auth.signupStep1(db, body, requestMeta(request));
            (cookie as CookieJar)[SIGNUP_COOKIE].set({ value: signupToken, httpOnly: true, sameSite: 'lax', secure: isProduction(), path: '/api/simplified-auth', maxAge: 7 * 24 * 3600 });
            return result;
          },
          { body: signupStep1Input },
        )
        .post(
          '/signup-step2',
          async ({ body, cookie, request, set }) => {
            const jar = cookie as CookieJar;
            const user = await auth.signupStep2(db, body, jar[SIGNUP_COOKIE]?.value as string | undefined);
            jar[SIGNUP_COOKIE].set({ value: '', httpOnly: true, sameSite: 'lax', path: '/api/simplified-auth', maxAge: 0 });
            await endSession(db, jar[SESSION_COOKIE]?.value as string | undefined);
            setSessionCookie(jar, await createSession(db, user.id, requestMeta(request)));
            set.status = 201;
            return { success: true, message: authMessages.registered, user: { ...toCurrentUser(user), unicode: user.unicode, firstName: user.firstName } };
          },
          { body: signupStep2Input },
        ),
    )
    .group('/api/investment', (app) =>
      app
        .get('/mode', async ({ user }) => ({ mode: await auth.getInvestmentMode(db, user.id) }), { auth: 'user' })
        .post(
          '/mode',
          async ({ user, body }) => ({ success: true, mode: await auth.setInvestmentMode(db, user.id, (body as { mode?: unknown } | undefined)?.mode) }),
          { auth: 'user' },
        ),
    )
    .get('/api/geo/country', ({ request }) => {
      const h = request.headers;
      const code = h.get('cf-ipcountry') ?? h.get('x-vercel-ip-country') ?? h.get('x-country-code');
      return { country_code: code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null };
    })
    .get('/api/admin/users', ({ query }) => listAdminUsers(db, query), { auth: 'investors:read', query: adminUsersQuery })
    .get('/api/admin/users/export', ({ query }) => csvResponse(exportName('users'), ADMIN_USERS_CSV_HEADER, adminUsersCsvRows(db, query)), { auth: 'investors:read', query: adminUsersQuery });
};
