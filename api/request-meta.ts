import type { RequestMeta } from '../modules/auth/service';

/**
 * The client's address: the first X-Forwarded-For hop when TRUST_PROXY=1 (behind a load
 * balancer), else the address api/server.ts stamps on the request from the socket.
 */
export function requestMeta(request: Request): RequestMeta {
  const h = request.headers;
  let ip = h.get('x-client-ip') ?? '';
  if (process.env.TRUST_PROXY === '1') ip = h.get('x-forwarded-for')?.split(',')[0]?.trim() || ip;
  return { ip: ip || 'local', userAgent: h.get('user-agent') };
}
