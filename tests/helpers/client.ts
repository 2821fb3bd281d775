import { BASE } from './http';

type Handler = { handle: (r: Request) => Promise<Response> | Response };

/**
 * A browser-like client for `app.handle`: keeps cookies between calls and, like site/lib/api.ts,
 * echoes the XSRF-TOKEN cookie in X-CSRF-Token on mutating requests (unless told not to).
 */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: Handler,
    private readonly ip = `10.0.0.${Math.floor(Math.random() * 250) + 1}`,
  ) {}

  private store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = decodeURIComponent(pair.slice(i + 1).trim());
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, opts: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    if (!this.cookies.has('XSRF-TOKEN') && method !== 'GET') await this.request('GET', '/api/auth/session-debug');
    const headers: Record<string, string> = { 'x-client-ip': this.ip, ...(opts.headers ?? {}) };
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    if (method !== 'GET' && opts.csrf !== false && this.cookies.has('XSRF-TOKEN')) headers['x-csrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    const res = await this.app.handle(
      new Request(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) }),
    );
    this.store(res);
    return res;
  }

  get(path: string, opts?: { headers?: Record<string, string> }) {
    return this.request('GET', path, undefined, opts);
  }
  post(path: string, body: unknown = {}, opts?: { csrf?: boolean; headers?: Record<string, string> }) {
    return this.request('POST', path, body, opts);
  }
  async json<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const res = await this.request(method, path, body);
    return { status: res.status, body: (await res.json()) as T };
  }
}
