// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { isKycVerified } from '@modules/auth/contract';
import {
  authCookieNames,
  authStorageKeys,
  clearClientAuthState,
  CURRENCY_KEY,
  isKycDone,
  isMfaPage,
  isSafeReturnPath,
  isSignInArea,
  logoutNotice,
  logoutRedirectUrl,
  postLoginDestination,
  readFirstPage,
  rememberFirstPage,
  RETURN_TO_KEY,
  shouldShowKycBanner,
  withoutLogoutFlags,
} from './session-flow';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
});

describe('post-login destination (§2, §6)', () => {
  it('treats /login, /auth, /verify-mfa and / as the sign-in area, case-insensitively and with a trailing slash', () => {
    for (const p of ['/', '/login', '/LOGIN/', '/auth', '/verify-mfa', '/verify-mfa/', '/?logged_out=true', '/login?email=a@b.co'])
      expect(isSignInArea(p)).toBe(true);
    // Their twins: the other dialog, the /home alias and the other code-entry screens.
    for (const p of ['/signup', '/home', '/mfa', '/auth/verify-mfa', '/auth/forgot-password']) expect(isSignInArea(p)).toBe(true);
    for (const p of ['/wallet', '/dashboard', '/properties', '/property/marina-vista-2br', '/admin/users', '/loginx', '/authors'])
      expect(isSignInArea(p)).toBe(false);
  });

  it('returns to the first page opened when it was outside the sign-in area', () => {
    expect(postLoginDestination('investor', '/wallet')).toBe('/wallet');
    expect(postLoginDestination('admin', '/properties?sort=yield')).toBe('/properties?sort=yield');
  });

  it('otherwise sends admins to /admin/dashboard and everyone else to /dashboard', () => {
    expect(postLoginDestination('admin', '/')).toBe('/admin/dashboard');
    expect(postLoginDestination('admin', '/login')).toBe('/admin/dashboard');
    expect(postLoginDestination('investor', '/verify-mfa')).toBe('/dashboard');
    expect(postLoginDestination('investor', null)).toBe('/dashboard');
    expect(postLoginDestination(undefined, undefined)).toBe('/dashboard');
  });

  it('sends a staff account that must set up two-factor verification to /account/security, wherever it started', () => {
    expect(postLoginDestination('admin', '/wallet', true)).toBe('/account/security');
    expect(postLoginDestination('admin', '/', true)).toBe('/account/security');
  });

  it('never redirects off-site', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '']) {
      expect(isSafeReturnPath(bad)).toBe(false);
      expect(postLoginDestination('investor', bad)).toBe('/dashboard');
    }
  });

  it('remembers only the first page opened in the tab', () => {
    rememberFirstPage(sessionStorage, '/wallet');
    rememberFirstPage(sessionStorage, '/properties');
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/wallet');
    expect(readFirstPage(sessionStorage)).toBe('/wallet');
    expect(readFirstPage(null)).toBeNull();
  });

  it('knows the MFA code-entry pages', () => {
    expect(isMfaPage('/mfa')).toBe(true);
    expect(isMfaPage('/verify-mfa/')).toBe(true);
    expect(isMfaPage('/auth/verify-mfa')).toBe(true);
    expect(isMfaPage('/wallet')).toBe(false);
  });
});

describe('logout cleanup (§4)', () => {
  it('picks local-storage keys containing auth, token, session, user or mfa — never the currency preference', () => {
    const keys = ['authState', 'manzil.token', 'SESSION_ID', 'currentUser', 'mfaPending', CURRENCY_KEY, 'theme', 'manzil.kyc.draft'];
    expect(authStorageKeys(keys)).toEqual(['authState', 'manzil.token', 'SESSION_ID', 'currentUser', 'mfaPending']);
  });

  it('finds the auth cookies in a cookie string', () => {
    expect(authCookieNames('XSRF-TOKEN=abc; theme=dark; user_hint=x; manzil.currency=INR; mfa_ok=1')).toEqual(['XSRF-TOKEN', 'user_hint', 'mfa_ok']);
  });

  it('clears script-visible auth cookies, all of session storage and the auth keys of local storage', () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    document.cookie = 'theme=dark; path=/';
    sessionStorage.setItem('manzil.returnTo', '/wallet');
    sessionStorage.setItem('manzil.kyc.draft', '{}');
    localStorage.setItem('authToken', 'x');
    localStorage.setItem('lastUser', 'x');
    localStorage.setItem(CURRENCY_KEY, 'INR');
    localStorage.setItem('theme', 'dark');

    expect(clearClientAuthState(window as never)).toBe(true);

    expect(document.cookie).not.toContain('XSRF-TOKEN');
    expect(document.cookie).toContain('theme=dark');
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('lastUser')).toBeNull();
    expect(localStorage.getItem(CURRENCY_KEY)).toBe('INR');
    expect(localStorage.getItem('theme')).toBe('dark');
  });

  it('reports a failed step but still does the others', () => {
    const broken = {
      document: { cookie: '' },
      location: { pathname: '/', hostname: 'localhost' },
      sessionStorage: {
        clear() {
          throw new Error('denied');
        },
      } as unknown as Storage,
      localStorage,
    };
    localStorage.setItem('authToken', 'x');
    expect(clearClientAuthState(broken)).toBe(false);
    expect(localStorage.getItem('authToken')).toBeNull();
  });
});

describe('logout redirect and notice (§2, §8)', () => {
  it('goes to / with logged_out and a timestamp, or force_logout after a failure', () => {
    expect(logoutRedirectUrl(true, 1700000000000)).toBe('/?logged_out=true&t=1700000000000');
    expect(logoutRedirectUrl(false, 42)).toBe('/?force_logout=true&t=42');
  });

  it('says what happened, in the spec words', () => {
    expect(logoutNotice('?logged_out=true&t=1')).toEqual({ title: 'Logged out', description: 'You have been successfully logged out.', variant: 'success' });
    expect(logoutNotice('?force_logout=true&t=1')?.title).toBe('Logout issues detected');
    expect(logoutNotice('?force_logout=true&t=1')?.description).toBe(
      "We encountered some issues during logout, but you've been logged out of this device.",
    );
    expect(logoutNotice('?ref=x')).toBeNull();
  });

  it('drops the flags from the address so a reload does not repeat the notice', () => {
    expect(withoutLogoutFlags('/', '?logged_out=true&t=99')).toBe('/');
    expect(withoutLogoutFlags('/', '?force_logout=true&t=99&utm=x', '#faq')).toBe('/?utm=x#faq');
  });
});

describe('KYC banner rule (§4)', () => {
  it('matches the contract on what counts as verified', () => {
    for (const s of ['completed', 'approved', 'pending', 'not_started', 'rejected', '', null, undefined]) expect(isKycDone(s)).toBe(isKycVerified(s));
  });

  it('shows for unverified users off /kyc paths until dismissed', () => {
    expect(shouldShowKycBanner({ kycStatus: 'not_started', pathname: '/dashboard', dismissed: false })).toBe(true);
    expect(shouldShowKycBanner({ kycStatus: 'pending', pathname: '/', dismissed: false })).toBe(true);
    expect(shouldShowKycBanner({ kycStatus: 'approved', pathname: '/dashboard', dismissed: false })).toBe(false);
    expect(shouldShowKycBanner({ kycStatus: 'completed', pathname: '/dashboard', dismissed: false })).toBe(false);
    expect(shouldShowKycBanner({ kycStatus: 'not_started', pathname: '/kyc', dismissed: false })).toBe(false);
    expect(shouldShowKycBanner({ kycStatus: 'not_started', pathname: '/KYC/documents/', dismissed: false })).toBe(false);
    expect(shouldShowKycBanner({ kycStatus: 'not_started', pathname: '/kycx', dismissed: false })).toBe(true);
    expect(shouldShowKycBanner({ kycStatus: 'not_started', pathname: '/dashboard', dismissed: true })).toBe(false);
  });
});
