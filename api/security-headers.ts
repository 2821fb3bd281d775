/**
 * Security headers for every response. Pages get a CSP that lets Astro's hashed inline island
 * scripts run (Astro adds a stricter per-page <meta> policy with their hashes); the API's
 * responses are data only, so its policy forbids everything.
 */
const common: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(self)',
};

export const pageCsp = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const apiCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function securityHeaders(kind: 'page' | 'api', production = process.env.NODE_ENV === 'production') {
  const headers: Record<string, string> = {
    ...common,
    'Content-Security-Policy': kind === 'api' ? apiCsp : pageCsp,
  };
  if (production) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
