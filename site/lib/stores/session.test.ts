// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { normalizeInvestmentMode as contractNormalize } from '@modules/auth/contract';
import { ApiError } from '../api';
import {
  $auth,
  $investmentMode,
  fetchSession,
  loadInvestmentMode,
  login,
  loginFailureText,
  logout,
  normalizeInvestmentMode,
  setInvestmentMode,
} from './session';
import { $toasts } from './toast';

const user = { id: 'u1', firstName: 'Omar', lastName: 'Rahman', email: 'o@x.ae', role: 'investor' as const, mfaEnabled: false, kycStatus: 'not_started', unicode: 'MZ-1' };
const debug = (hasUserId: boolean, isAuthenticated: boolean, mfaRequired = false) => ({ hasUserId, authStatus: { isAuthenticated, mfaRequired } });

function getter(routes: Record<string, unknown | (() => never)>) {
  const get = vi.fn(async (url: string) => {
    const r = routes[url];
    if (typeof r === 'function') return (r as () => never)();
    return r;
  });
  return { get: get as never, calls: get.mock.calls };
}

beforeEach(() => {
  $toasts.set([]);
  $auth.set({ status: 'loading' });
  $investmentMode.set('automated');
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('session check (§4)', () => {
  it('is signed out without a user id, and never asks for the user then', async () => {
    const http = getter({ '/api/auth/session-debug': debug(false, false) });
    expect(await fetchSession(http)).toEqual({ status: 'visitor' });
    expect(http.calls.map((c) => c[0])).toEqual(['/api/auth/session-debug']);
  });

  it('is signed out when the session is not authenticated', async () => {
    expect(await fetchSession(getter({ '/api/auth/session-debug': debug(true, false) }))).toEqual({ status: 'visitor' });
  });

  it('is MFA-pending while a code is awaited', async () => {
    expect(await fetchSession(getter({ '/api/auth/session-debug': debug(true, false, true) }))).toEqual({ status: 'mfa-pending', mfaMethod: null });
  });

  it('fetches the current user once authenticated', async () => {
    const http = getter({ '/api/auth/session-debug': debug(true, true), '/api/auth/me': user });
    expect(await fetchSession(http)).toEqual({ status: 'user', user });
  });

  it('a 401 with requiresMfa from /me means MFA-pending, with its method', async () => {
    const http = getter({
      '/api/auth/session-debug': debug(true, true),
      '/api/auth/me': () => {
        throw new ApiError('401: Enter your code', 401, { requiresMfa: true, mfaMethod: 'authenticator' });
      },
    });
    expect(await fetchSession(http)).toEqual({ status: 'mfa-pending', mfaMethod: 'authenticator' });
  });

  it('any other failure yields no user', async () => {
    const http = getter({
      '/api/auth/session-debug': debug(true, true),
      '/api/auth/me': () => {
        throw new ApiError('500: Service temporarily unavailable. Please try again.', 500, {});
      },
    });
    expect(await fetchSession(http)).toEqual({ status: 'visitor' });
  });
});

describe('login (§4)', () => {
  it('logs out any existing session before the attempt, then signs in', async () => {
    const post = vi.fn(async (url: string, _body?: unknown) => (url === '/api/auth/login' ? user : { success: true }));
    const result = await login('o@x.ae', 'pw', { post } as never);
    expect(post.mock.calls.map((c) => c[0])).toEqual(['/api/auth/logout', '/api/auth/login']);
    expect(post.mock.calls[1][1]).toEqual({ username: 'o@x.ae', password: 'pw' });
    expect(result).toEqual({ kind: 'success', user });
    expect($auth.get()).toEqual({ status: 'user', user });
  });

  it('still tries to log in when the logout call fails', async () => {
    const post = vi.fn(async (url: string) => {
      if (url === '/api/auth/logout') throw new TypeError('Failed to fetch');
      return user;
    });
    expect((await login('o', 'p', { post } as never)).kind).toBe('success');
  });

  it('ends in MFA-required with the method', async () => {
    const post = vi.fn(async (url: string) =>
      url === '/api/auth/login' ? { requiresMfa: true, mfaMethod: 'authenticator', userId: 'u1', message: 'm' } : {},
    );
    expect(await login('o', 'p', { post } as never)).toEqual({ kind: 'mfa', mfaMethod: 'authenticator', userId: 'u1', message: 'm' });
    expect($auth.get()).toEqual({ status: 'mfa-pending', mfaMethod: 'authenticator' });
  });

  it('ends in failure with the error', async () => {
    const err = new ApiError('401: Invalid username/email or password', 401, {});
    const post = vi.fn(async (url: string) => {
      if (url === '/api/auth/login') throw err;
      return {};
    });
    expect(await login('o', 'p', { post } as never)).toEqual({ kind: 'error', error: err });
  });

  it('words failures for the dialog: credentials, rate limit, outage', () => {
    expect(loginFailureText(new ApiError('401: Invalid username/email or password', 401, {}))).toBe(
      'Login failed. Please check your credentials and try again.',
    );
    const wait = 'Too many failed login attempts. Please wait 60 seconds and try again.';
    expect(loginFailureText(new ApiError(`429: ${wait}`, 429, {}))).toBe(wait);
    expect(loginFailureText(new ApiError('503: Service temporarily unavailable. Please try again.', 503, {}))).toBe('Login failed. Please try again.');
    expect(loginFailureText(new TypeError('Failed to fetch'))).toBe('Login failed. Please try again.');
  });
});

describe('logout (§4)', () => {
  it('ends the session, clears client state and redirects after 300 ms with logged_out', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('authToken', 'x');
    localStorage.setItem('manzil.currency', 'GBP');
    sessionStorage.setItem('manzil.returnTo', '/wallet');
    const redirect = vi.fn();
    expect(await logout({ redirect, now: () => 7 })).toBe(true);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/logout');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('manzil.currency')).toBe('GBP');
    expect(sessionStorage.length).toBe(0);
    expect($auth.get()).toEqual({ status: 'visitor' });
    vi.advanceTimersByTime(299);
    expect(redirect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(redirect).toHaveBeenCalledWith('/?logged_out=true&t=7');
  });

  it('on a failed step warns and redirects after 500 ms with force_logout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"nope"}', { status: 500, headers: { 'content-type': 'application/json' } })));
    const redirect = vi.fn();
    expect(await logout({ redirect, now: () => 9 })).toBe(false);
    expect($toasts.get()[0]).toMatchObject({ title: 'Logout issues detected', variant: 'warning' });
    vi.advanceTimersByTime(499);
    expect(redirect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(redirect).toHaveBeenCalledWith('/?force_logout=true&t=9');
  });
});

describe('investment mode (§4, §5)', () => {
  it('accepts only automated or manual; anything else becomes automated — same as the contract', () => {
    for (const v of ['manual', 'automated', 'MANUAL', 'auto', '', null, undefined, 1, {}]) {
      expect(normalizeInvestmentMode(v)).toBe(contractNormalize(v));
    }
    expect(normalizeInvestmentMode('manual')).toBe('manual');
    expect(normalizeInvestmentMode('sip')).toBe('automated');
  });

  it('defaults to automated and is read only when signed in', async () => {
    expect($investmentMode.get()).toBe('automated');
    const get = vi.fn(async () => ({ mode: 'manual' }));
    $auth.set({ status: 'visitor' });
    await loadInvestmentMode({ get } as never);
    expect(get).not.toHaveBeenCalled();
    $auth.set({ status: 'user', user });
    expect(await loadInvestmentMode({ get } as never)).toBe('manual');
    get.mockResolvedValueOnce({ mode: 'weird' });
    expect(await loadInvestmentMode({ get } as never)).toBe('automated');
  });

  it('updates at once and posts { mode }', async () => {
    let resolve!: () => void;
    const post = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    const done = setInvestmentMode('manual', { post } as never);
    expect($investmentMode.get()).toBe('manual');
    expect(post).toHaveBeenCalledWith('/api/investment/mode', { mode: 'manual' });
    resolve();
    expect(await done).toBe(true);
  });

  it('normalises what it posts', async () => {
    const post = vi.fn(async () => ({}));
    await setInvestmentMode('hybrid', { post } as never);
    expect(post).toHaveBeenCalledWith('/api/investment/mode', { mode: 'automated' });
  });

  it("shows 'Error' / 'Failed to update investment mode' on failure and restores the saved mode", async () => {
    const post = vi.fn(async () => {
      throw new ApiError('500: Service temporarily unavailable. Please try again.', 500, {});
    });
    expect(await setInvestmentMode('manual', { post } as never)).toBe(false);
    expect($toasts.get()[0]).toMatchObject({ title: 'Error', description: 'Failed to update investment mode', variant: 'destructive' });
    expect($investmentMode.get()).toBe('automated');
  });

  it('stays quiet when the failure is Unauthorized', async () => {
    const post = vi.fn(async () => {
      throw new ApiError('401: Unauthorized', 401, {});
    });
    await setInvestmentMode('manual', { post } as never);
    expect($toasts.get()).toHaveLength(0);
  });
});
