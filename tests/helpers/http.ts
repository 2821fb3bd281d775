/** Builds requests for `app.handle`. Elysia needs a real host name in the URL. */
export const BASE = 'http://localhost';

export function jsonRequest(path: string, body: unknown, init: RequestInit = {}) {
  return new Request(`${BASE}${path}`, {
    method: 'POST',
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function getRequest(path: string, init: RequestInit = {}) {
  return new Request(`${BASE}${path}`, init);
}
