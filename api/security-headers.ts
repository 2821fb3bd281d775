/**
 * Security headers for every response. Pages: Astro computes each page's Content-Security-Policy
 * (astro.config.mjs `security.csp`: script-src 'self' plus the SHA-256 hashes of its own inline
 * scripts) and api/server.ts sends it as the header; `pageCsp` is the policy of any page without one
 * (plain-text errors, a build without _headers.json). Neither ever allows inline scripts: no
 * 'unsafe-inline', no 'unsafe-eval'. Styles keep 'unsafe-inline' (React style attributes, Astro's
 * island styles). The API's responses are data only, so its policy forbids everything.
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
  "script-src 'self'",
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
