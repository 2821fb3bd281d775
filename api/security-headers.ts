/**
 * Security headers for every response. A page's Content-Security-Policy comes from the page itself:
 * Astro writes a <meta http-equiv="content-security-policy"> with the hashes of its inline scripts
 * (astro.config.mjs security.csp), and api/server.ts repeats that policy as the response header with
 * what a <meta> cannot carry (frame-ancestors). Scripts never get 'unsafe-inline'. The API's responses
 * are data only, so its policy forbids everything.
 */
const common: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(self)',
};

/** Directives only a header can carry. */
const HEADER_ONLY = "frame-ancestors 'none'";

/** The policy for a page without its own <meta> policy (a plain-text error page, say): no inline script at all. */
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
  HEADER_ONLY,
].join('; ');

export const apiCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const META_CSP = /<meta\s+http-equiv=(["'])content-security-policy\1\s+content=(["'])(.*?)\2/is;

/**
 * The header policy for an HTML page: the page's own <meta> policy (its script hashes) plus
 * frame-ancestors; the strict default when the page has none. A policy that would allow inline
 * scripts is refused in favour of the default.
 */
export function cspForHtml(html: string): string {
  const meta = META_CSP.exec(html.slice(0, 16_384))?.[3];
  return meta ? cspFromPolicy(meta.replaceAll('&#39;', "'").replaceAll('&quot;', '"')) : pageCsp;
}

/**
 * The header policy from a page's own policy (Astro's, with its script hashes) plus frame-ancestors.
 * A policy that would allow inline scripts, or has no script-src, is refused in favour of the default.
 */
export function cspFromPolicy(policy: string): string {
  const directives = policy
    .split(';')
    .map((d) => d.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
  const script = directives.find((d) => d.startsWith('script-src '));
  if (!script || script.includes("'unsafe-inline'")) return pageCsp;
  return [...directives.filter((d) => !d.startsWith('frame-ancestors')), HEADER_ONLY].join('; ');
}

export function securityHeaders(kind: 'page' | 'api', production = process.env.NODE_ENV === 'production', csp?: string) {
  const headers: Record<string, string> = {
    ...common,
    'Content-Security-Policy': kind === 'api' ? apiCsp : (csp ?? pageCsp),
  };
  if (production) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  return headers;
}
