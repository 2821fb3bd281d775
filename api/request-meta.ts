import type { RequestMeta } from '../modules/auth/service';

/**
 * How many reverse proxies in front of this server append to X-Forwarded-For: TRUST_PROXY=1 for one
 * load balancer, 2 for a CDN in front of it, and so on. Unset, 0 or anything else: none is trusted.
 */
export function trustedProxyHops(env: NodeJS.ProcessEnv = process.env): number {
  const v = (env.TRUST_PROXY ?? '').trim();
  return /^\d{1,2}$/.test(v) ? Number(v) : 0;
}

/**
 * The client's address as the proxies in front of us saw it. Each proxy APPENDS the address it
 * received the request from, so with n trusted proxies the client is the n-th entry from the RIGHT
 * (TRUST_PROXY=1: the right-most). Entries further left were written by the client and are never
 * trusted. Without a trusted proxy: the socket address api/server.ts stamps on the request.
 */
export function clientAddress(headers: Headers, hops = trustedProxyHops()): string {
  const socket = headers.get('x-client-ip') ?? '';
  if (hops > 0) {
    const chain = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // Fewer entries than trusted proxies: every entry was written by one of ours; the first is the client.
    const hop = chain[Math.max(0, chain.length - hops)];
    if (hop) return hop.slice(0, 64);
  }
  return socket || 'local';
}

export function requestMeta(request: Request): RequestMeta {
  return { ip: clientAddress(request.headers), userAgent: request.headers.get('user-agent') };
}
