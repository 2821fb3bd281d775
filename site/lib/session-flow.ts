/**
 * The session flow's pure rules (spec §2, §4): where a user lands after logging in, what logout
 * clears, and where logout sends them. No DOM access here except through the arguments, so every
 * rule is unit-tested. Kept free of zod and React: the header script on every page imports it.
 */

/** sessionStorage key holding the first page a visitor opened in this tab. */
export const RETURN_TO_KEY = 'manzil.returnTo';
/** The display-currency preference survives logout (it is not an auth key). */
export const CURRENCY_KEY = 'manzil.currency';

/**
 * §2: /login, /auth, /verify-mfa and / are the sign-in area. Their twins are too: /home is the
 * same landing page, /signup the same page with the other dialog, /mfa and everything under /auth
 * are the other sign-in screens — returning anyone there after logging in would be a dead end.
 */
const SIGN_IN_EXACT = new Set(['/', '/home', '/login', '/signup', '/auth', '/verify-mfa', '/mfa']);

/** Lower-cased path without query, hash or trailing slash ('/' stays '/'). */
export function normalizePath(pathOrUrl: string): string {
  const path = pathOrUrl.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0] ?? '';
  const trimmed = path.toLowerCase().replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export function isSignInArea(pathOrUrl: string): boolean {
  const p = normalizePath(pathOrUrl);
  return SIGN_IN_EXACT.has(p) || p.startsWith('/auth/');
}

/** MFA code-entry screens: no redirect to /verify-mfa from these. */
export function isMfaPage(pathOrUrl: string): boolean {
  const p = normalizePath(pathOrUrl);
  return p === '/mfa' || p === '/verify-mfa' || p === '/auth/verify-mfa';
}

/** A same-site path we may send someone to: starts with one '/', no scheme, no backslash tricks. */
export function isSafeReturnPath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value) && !/[\u0000-\u001f\\]/.test(value) && value.length <= 2000;
}

export type Role = 'admin' | 'investor' | string;

/**
 * §2/§6: back to the first page opened when it was not in the sign-in area; otherwise admins go to
 * /admin/dashboard and everyone else to /dashboard. A staff account that must set up two-factor
 * verification first goes to /account/security, the one screen its session can use.
 */
export function postLoginDestination(role: Role | null | undefined, firstPage: string | null | undefined, mfaSetupRequired = false): string {
  if (mfaSetupRequired) return '/account/security';
  if (isSafeReturnPath(firstPage) && !isSignInArea(firstPage)) return firstPage;
  return role === 'admin' ? '/admin/dashboard' : '/dashboard';
}

/** This tab's sessionStorage, or null where the browser refuses it (some privacy modes throw on access). */
export function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers the first page a visitor opened in this tab (only the first: later pages do not overwrite it). */
export function rememberFirstPage(storage: Pick<Storage, 'getItem' | 'setItem'> | null, pathWithQuery: string): void {
  try {
    if (storage && storage.getItem(RETURN_TO_KEY) === null && isSafeReturnPath(pathWithQuery)) storage.setItem(RETURN_TO_KEY, pathWithQuery);
  } catch {
    /* storage unavailable (private mode, quota): nothing to remember */
  }
}

export function readFirstPage(storage: Pick<Storage, 'getItem'> | null): string | null {
  try {
    return storage?.getItem(RETURN_TO_KEY) ?? null;
  } catch {
    return null;
  }
}

/** §4: local-storage keys containing auth, token, session, user or mfa are cleared at logout. */
const AUTH_KEY_PATTERN = /auth|token|session|user|mfa/i;

export function isAuthKey(key: string): boolean {
  return key !== CURRENCY_KEY && AUTH_KEY_PATTERN.test(key);
}

/** The localStorage keys logout removes (never the currency preference). */
export function authStorageKeys(keys: Iterable<string>): string[] {
  return [...keys].filter(isAuthKey);
}

/** Names of the cookies script can see whose names mark them as auth cookies. */
export function authCookieNames(cookieString: string): string[] {
  const names: string[] = [];
  for (const part of cookieString.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name && isAuthKey(name) && !names.includes(name)) names.push(name);
  }
  return names;
}

/** Every key of a Storage object. */
export function storageKeys(storage: Pick<Storage, 'length' | 'key'>): string[] {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i++) {
    const k = storage.key(i);
    if (k !== null) keys.push(k);
  }
  return keys;
}

export type CleanupTarget = {
  document: { cookie: string };
  localStorage: Storage;
  sessionStorage: Storage;
  location: { pathname: string; hostname: string };
};

/**
 * §4 logout cleanup: expire the auth cookies script can reach (HttpOnly ones are the server's),
 * clear session storage, and remove the auth keys from local storage. Each step is attempted even
 * if an earlier one throws; returns false when any step failed.
 */
export function clearClientAuthState(target: CleanupTarget): boolean {
  let ok = true;
  try {
    const expired = 'expires=Thu, 01 Jan 1970 00:00:00 GMT';
    for (const name of authCookieNames(target.document.cookie)) {
      // A cookie is only removed by the same path (and domain) it was set with: cover the usual ones.
      for (const path of ['/', target.location.pathname]) {
        target.document.cookie = `${name}=; ${expired}; path=${path}`;
        target.document.cookie = `${name}=; ${expired}; path=${path}; domain=${target.location.hostname}`;
      }
    }
  } catch {
    ok = false;
  }
  try {
    target.sessionStorage.clear();
  } catch {
    ok = false;
  }
  try {
    for (const key of authStorageKeys(storageKeys(target.localStorage))) target.localStorage.removeItem(key);
  } catch {
    ok = false;
  }
  return ok;
}

/** §2: after logout → / with logged_out and a timestamp; after a failed step the flag is force_logout. */
export function logoutRedirectUrl(ok: boolean, now: number = Date.now()): string {
  return `/?${ok ? 'logged_out' : 'force_logout'}=true&t=${now}`;
}

export type LogoutNotice = { title: string; description: string; variant: 'success' | 'warning' };

/** §8: what the home page says after a logout redirect (none without a flag). */
export function logoutNotice(search: string): LogoutNotice | null {
  const q = new URLSearchParams(search);
  if (q.has('force_logout')) {
    return {
      title: 'Logout issues detected',
      description: "We encountered some issues during logout, but you've been logged out of this device.",
      variant: 'warning',
    };
  }
  if (q.has('logged_out')) return { title: 'Logged out', description: 'You have been successfully logged out.', variant: 'success' };
  return null;
}

/** The same URL without the logout flags, so a reload does not repeat the notice. */
export function withoutLogoutFlags(pathname: string, search: string, hash = ''): string {
  const q = new URLSearchParams(search);
  for (const k of ['logged_out', 'force_logout', 't']) q.delete(k);
  const rest = q.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}

/** §3: kycStatus completed or approved is verified; anything else is not (mirrors modules/auth/contract). */
export function isKycDone(status: string | null | undefined): boolean {
  return status === 'completed' || status === 'approved';
}

/** §4: the KYC banner shows to a signed-in, unverified user, never on /kyc paths, and not once dismissed. */
export function shouldShowKycBanner(input: { kycStatus: string | null | undefined; pathname: string; dismissed: boolean }): boolean {
  const p = normalizePath(input.pathname);
  const onKyc = p === '/kyc' || p.startsWith('/kyc/');
  return !isKycDone(input.kycStatus) && !onKyc && !input.dismissed;
}

/** Which dialog a page asks to open on load ('login' | 'signup'), if any. */
export function dialogKind(value: string | null | undefined): 'login' | 'signup' | null {
  return value === 'login' || value === 'signup' ? value : null;
}

/** The greeting name for the welcome toast: first name, else the email's local part. */
export function displayName(user: { firstName?: string | null; email?: string | null } | null | undefined): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const local = user?.email?.split('@')[0];
  return local || 'there';
}
