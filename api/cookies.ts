import { timingSafeEqual } from 'node:crypto';

/** Cookie names and attributes in one place. */
export const SESSION_COOKIE = 'mz_session';
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const SIGNUP_COOKIE = 'mz_signup';
export const VISITOR_COOKIE = 'mz_visitor';

export const SESSION_TTL_SECONDS = 14 * 24 * 60 * 60;

export const isProduction = () => process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== '1';

export function parseCookieHeader(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (!k || k in out) continue;
    const v = part.slice(i + 1).trim();
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

export const randomToken = (bytes = 32) => Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString('base64url');

export const sha256 = (value: string) => new Bun.CryptoHasher('sha256').update(value).digest('hex');

/** A Set-Cookie value. httpOnly defaults to true; the XSRF cookie must be readable by the page. */
export function serializeCookie(
  name: string,
  value: string,
  opts: { maxAge?: number; httpOnly?: boolean; path?: string } = {},
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${opts.path ?? '/'}`, 'SameSite=Lax'];
  if (opts.httpOnly !== false) parts.push('HttpOnly');
  if (isProduction()) parts.push('Secure');
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${opts.maxAge}`);
  return parts.join('; ');
}

/** Constant-time string comparison. */
export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  if (ab.length !== bb.length) return false;
  return timingSafeEqual(ab, bb);
}
