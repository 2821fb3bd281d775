import { isCsrfExempt } from '../site/lib/api';
import { CSRF_COOKIE, parseCookieHeader, safeEqual } from './cookies';
import { AppError } from './errors';
import { isSignedWebhook } from './webhooks';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const csrfMessages = {
  missing: 'This request is missing its security token. Reload the page and try again.',
  mismatch: 'This request has an invalid security token. Reload the page and try again.',
  origin: 'This request came from another site and was blocked.',
  json: 'Send the request body as JSON with the header Content-Type: application/json.',
} as const;

/**
 * Double-submit CSRF check for mutating requests: the X-CSRF-Token or X-XSRF-TOKEN header must
 * equal the XSRF-TOKEN cookie. The paths the spec exempts from the header (login, register,
 * password recovery, waitlist, chat, ai-assistant, purchase) instead need a same-origin Origin
 * (when the browser sends one) and a JSON content type, which a cross-site form cannot send.
 */
export function checkCsrf(request: Request): void {
  if (!MUTATING.has(request.method)) return;
  const url = new URL(request.url);
  // Provider webhooks carry no cookie or Origin: their route verifies the provider's signature instead.
  if (isSignedWebhook(url.pathname)) return;
  if (isCsrfExempt(url.pathname)) {
    const origin = request.headers.get('origin');
    if (origin && origin !== 'null') {
      let host = '';
      try {
        host = new URL(origin).host;
      } catch {}
      const allowed = [url.host, request.headers.get('host') ?? '', ...(process.env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/^https?:\/\//, ''))];
      if (!allowed.includes(host)) throw new AppError(403, 'csrf_origin', csrfMessages.origin);
    } else if (origin === 'null') {
      throw new AppError(403, 'csrf_origin', csrfMessages.origin);
    }
    const type = (request.headers.get('content-type') ?? '').toLowerCase();
    if (!type.startsWith('application/json')) throw new AppError(415, 'unsupported_content_type', csrfMessages.json);
    return;
  }
  const cookie = parseCookieHeader(request.headers.get('cookie'))[CSRF_COOKIE];
  const header = request.headers.get('x-csrf-token') ?? request.headers.get('x-xsrf-token');
  if (!cookie || !header) throw new AppError(403, 'csrf_missing', csrfMessages.missing);
  if (!safeEqual(cookie, header)) throw new AppError(403, 'csrf_mismatch', csrfMessages.mismatch);
}
