/**
 * Session state for the whole site (spec §4): who is signed in (or waiting for an MFA code), the
 * login and logout flows, and the investment mode. Nanostores only — no React, no zod — because the
 * header script on every page imports this file.
 */
import { atom } from 'nanostores';
import type { CurrentUser } from '@modules/auth/contract';
import { TIMINGS } from '@modules/platform/contract';
import { ApiError, api, errorText } from '../api';
import { clearClientAuthState, logoutRedirectUrl } from '../session-flow';
import { toast } from './toast';

export type MfaMethod = 'email' | 'authenticator';
export type AuthState =
  | { status: 'loading' }
  | { status: 'visitor' }
  | { status: 'mfa-pending'; mfaMethod: MfaMethod | null }
  | { status: 'user'; user: CurrentUser };

export type SessionDebug = { hasUserId: boolean; authStatus: { isAuthenticated: boolean; mfaRequired: boolean } };

export const $auth = /* @__PURE__ */ atom<AuthState>({ status: 'loading' });

const mfaMethodOf = (body: unknown): MfaMethod | null => {
  const m = (body as { mfaMethod?: unknown } | null)?.mfaMethod;
  return m === 'email' || m === 'authenticator' ? m : null;
};

/**
 * §4: the session check comes first; no user id or not authenticated means signed out (an MFA code
 * still pending means MFA-pending). Only then is the current user fetched. A 401 with requiresMfa
 * from that call also means MFA-pending; any other failure is 'Failed to get user data' → no user.
 */
export async function fetchSession(http: Pick<typeof api, 'get'> = api): Promise<AuthState> {
  let debug: SessionDebug;
  try {
    debug = await http.get<SessionDebug>('/api/auth/session-debug');
  } catch (err) {
    console.warn('Failed to get user data', err);
    return { status: 'visitor' };
  }
  if (!debug?.hasUserId) return { status: 'visitor' };
  if (debug.authStatus?.mfaRequired) return { status: 'mfa-pending', mfaMethod: null };
  if (!debug.authStatus?.isAuthenticated) return { status: 'visitor' };
  try {
    const body = await http.get<CurrentUser | { user: CurrentUser }>('/api/auth/me');
    const user = ('user' in body && body.user ? body.user : body) as CurrentUser;
    return user?.id ? { status: 'user', user } : { status: 'visitor' };
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && (err.body as { requiresMfa?: unknown } | null)?.requiresMfa) {
      return { status: 'mfa-pending', mfaMethod: mfaMethodOf(err.body) };
    }
    console.warn('Failed to get user data', err);
    return { status: 'visitor' };
  }
}

let inflight: Promise<AuthState> | null = null;

/** The page's one session check, shared by the header, the dialogs and the KYC banner. */
export function loadSession(force = false): Promise<AuthState> {
  if (!inflight || force) {
    inflight = fetchSession().then((state) => {
      $auth.set(state);
      return state;
    });
  }
  return inflight;
}

export type LoginResult =
  | { kind: 'success'; user: CurrentUser }
  | { kind: 'mfa'; mfaMethod: MfaMethod; userId: string | null; message: string | null }
  | { kind: 'error'; error: unknown };

type LoginBody = Partial<CurrentUser> & { requiresMfa?: boolean; mfaMethod?: MfaMethod; userId?: string; message?: string; user?: CurrentUser };

/** §4: any existing session is logged out first; the login then ends in success, MFA-required or failure. */
export async function login(username: string, password: string, http: Pick<typeof api, 'post'> = api): Promise<LoginResult> {
  try {
    await http.post('/api/auth/logout');
  } catch {
    /* nothing to end, or it failed: the server rotates the session at login anyway */
  }
  try {
    const body = await http.post<LoginBody>('/api/auth/login', { username, password });
    if (body?.requiresMfa) {
      const mfaMethod = body.mfaMethod === 'authenticator' ? 'authenticator' : 'email';
      $auth.set({ status: 'mfa-pending', mfaMethod });
      return { kind: 'mfa', mfaMethod, userId: body.userId ?? null, message: body.message ?? null };
    }
    const user = (body?.user ?? body) as CurrentUser;
    $auth.set({ status: 'user', user });
    inflight = Promise.resolve($auth.get());
    return { kind: 'success', user };
  } catch (error) {
    return { kind: 'error', error };
  }
}

/** The text the login dialog shows inline for a failed login (§8). */
export function loginFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return errorText(error, 'Login failed. Please try again.');
  if (!(error instanceof ApiError) || error.status >= 500) return 'Login failed. Please try again.';
  return 'Login failed. Please check your credentials and try again.';
}

/**
 * §4 logout: end the server session, clear auth cookies, session storage and the auth keys in
 * local storage, then go to / with logged_out (after 300 ms) — or force_logout after 500 ms when
 * a step failed. Resolves with whether every step worked.
 */
export async function logout(opts: { redirect?: (url: string) => void; now?: () => number } = {}): Promise<boolean> {
  let ok = true;
  try {
    await api.post('/api/auth/logout');
  } catch {
    ok = false;
  }
  if (typeof window !== 'undefined' && !clearClientAuthState(window)) ok = false;
  $auth.set({ status: 'visitor' });
  inflight = Promise.resolve($auth.get());
  if (!ok) {
    toast({
      title: 'Logout issues detected',
      description: "We encountered some issues during logout, but you've been logged out of this device.",
      variant: 'warning',
    });
  }
  const go = opts.redirect ?? ((url: string) => window.location.assign(url));
  const url = logoutRedirectUrl(ok, (opts.now ?? Date.now)());
  setTimeout(() => go(url), ok ? TIMINGS.logoutRedirect : TIMINGS.logoutRedirectOnFailure);
  return ok;
}

// ---- Investment mode (§4, §5) ----

export type InvestmentMode = 'automated' | 'manual';

/** Only automated or manual are accepted; anything else becomes automated (same rule as the contract). */
export const normalizeInvestmentMode = (v: unknown): InvestmentMode => (v === 'manual' ? 'manual' : 'automated');

/** Defaults to automated until the server says otherwise. */
export const $investmentMode = /* @__PURE__ */ atom<InvestmentMode>('automated');

/** Read only when signed in. */
export async function loadInvestmentMode(http: Pick<typeof api, 'get'> = api): Promise<InvestmentMode> {
  const state = $auth.get();
  if (state.status !== 'user') return $investmentMode.get();
  try {
    const { mode } = await http.get<{ mode?: unknown }>('/api/investment/mode');
    $investmentMode.set(normalizeInvestmentMode(mode));
  } catch (err) {
    console.warn('Failed to load investment mode', err);
  }
  return $investmentMode.get();
}

const isUnauthorized = (err: unknown) =>
  (err instanceof ApiError && err.status === 401) || /unauthori[sz]ed/i.test(err instanceof Error ? err.message : String(err));

/**
 * Changing the mode updates the interface at once and posts { mode } to the server. A failure
 * shows 'Error' / 'Failed to update investment mode' (not when the message is Unauthorized) and
 * puts the previous mode back, so the screen never claims a mode the server did not save.
 */
export async function setInvestmentMode(next: unknown, http: Pick<typeof api, 'post'> = api): Promise<boolean> {
  const previous = $investmentMode.get();
  const mode = normalizeInvestmentMode(next);
  $investmentMode.set(mode);
  try {
    await http.post('/api/investment/mode', { mode });
    return true;
  } catch (err) {
    if (isUnauthorized(err)) return false;
    $investmentMode.set(previous);
    toast({ title: 'Error', description: 'Failed to update investment mode', variant: 'destructive' });
    return false;
  }
}
