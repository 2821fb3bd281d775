import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest, errorText, failureText, isCsrfExempt, readCookie, SERVICE_UNAVAILABLE } from './api';

const respond = (body: BodyInit | null, init: ResponseInit & { headers?: Record<string, string> } = {}) =>
  vi.fn(async () => new Response(body, init));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('§8 failure mapping', () => {
  it('an HTML body becomes the service-unavailable sentence', () => {
    expect(failureText('<!DOCTYPE html><html><body>502</body></html>', 'Bad Gateway').text).toBe(SERVICE_UNAVAILABLE);
    expect(failureText('  <html><body>oops</body></html>', '').text).toBe(SERVICE_UNAVAILABLE);
  });

  it('a JSON body gives its message, else its error, else "Request failed"', () => {
    expect(failureText(JSON.stringify({ message: 'Invalid username/email or password', error: 'x' }), '').text).toBe('Invalid username/email or password');
    expect(failureText(JSON.stringify({ error: 'csrf_missing' }), '').text).toBe('csrf_missing');
    expect(failureText(JSON.stringify({ detail: 'nope' }), '').text).toBe('Request failed');
  });

  it('raw text is used as is, else the status text, else "Request failed"', () => {
    expect(failureText('Not allowed', 'Forbidden').text).toBe('Not allowed');
    expect(failureText('', 'Forbidden').text).toBe('Forbidden');
    expect(failureText('', '').text).toBe('Request failed');
  });

  it('raw text over 100 characters, or containing "Error:" or "Exception", is replaced', () => {
    expect(failureText('x'.repeat(101), '').text).toBe(SERVICE_UNAVAILABLE);
    expect(failureText('x'.repeat(100), '').text).toBe('x'.repeat(100));
    expect(failureText('TypeError: undefined is not a function', '').text).toBe(SERVICE_UNAVAILABLE);
    expect(failureText('NullPointerException at line 3', '').text).toBe(SERVICE_UNAVAILABLE);
  });

  it('an unreadable body becomes the service-unavailable sentence', () => {
    expect(failureText(null, 'Bad Gateway').text).toBe(SERVICE_UNAVAILABLE);
  });

  it('the error message is "STATUS: text" with the status and parsed body attached', async () => {
    vi.stubGlobal('fetch', respond(JSON.stringify({ message: 'Too many failed login attempts.', retryAfter: 30 }), { status: 429, headers: { 'content-type': 'application/json' } }));
    const err = (await api.post('/api/auth/login', { username: 'a', password: 'b' }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('429: Too many failed login attempts.');
    expect(err.status).toBe(429);
    expect(err.body).toEqual({ message: 'Too many failed login attempts.', retryAfter: 30 });
    expect(errorText(err, 'fallback')).toBe('Too many failed login attempts.');
  });

  it('a body that cannot be read maps to the service-unavailable sentence', async () => {
    const broken = new Response('x', { status: 500 });
    Object.defineProperty(broken, 'text', { value: () => Promise.reject(new Error('stream broke')) });
    vi.stubGlobal('fetch', vi.fn(async () => broken));
    await expect(api.get('/api/x')).rejects.toThrow(`500: ${SERVICE_UNAVAILABLE}`);
  });
});

describe('§7 common behaviour', () => {
  it('sends cookies and JSON, and the decoded XSRF-TOKEN in both headers on mutating calls', async () => {
    vi.stubGlobal('document', { cookie: 'other=1; XSRF-TOKEN=abc%2Fdef%3D%3D' });
    const fetchMock = respond(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiRequest('PUT', '/api/kyc/personal', { a: 1 })).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/kyc/personal');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"a":1}');
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['X-CSRF-Token']).toBe('abc/def==');
    expect(headers['X-XSRF-TOKEN']).toBe('abc/def==');
  });

  it('leaves the header off GETs and the exempt paths', async () => {
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=tok' });
    const fetchMock = respond('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', fetchMock);
    await api.get('/api/auth/me');
    await api.post('/api/auth/login', {});
    await api.post('/api/purchase/orders/1', {});
    await api.post('/api/auth/logout', {});
    const sent = fetchMock.mock.calls.map((c) => ((c as unknown as [string, RequestInit])[1].headers as Record<string, string>)['X-CSRF-Token']);
    expect(sent).toEqual([undefined, undefined, undefined, 'tok']);
  });

  it('knows exactly the exempt paths', () => {
    for (const p of ['/api/auth/login', '/api/auth/register', '/api/auth/forgot-password', '/api/auth/reset-password', '/api/waitlist/join', '/api/chat/query', '/api/ai-assistant/sessions', '/api/ai-assistant/messages', '/api/purchase', '/api/purchase/x/y', 'http://localhost:4321/api/auth/login?x=1']) {
      expect(isCsrfExempt(p), p).toBe(true);
    }
    for (const p of ['/api/auth/logout', '/api/auth/verify-mfa', '/api/contact', '/api/purchases', '/api/investment/mode', '/api/ai-assistant/sessions/1/messages']) {
      expect(isCsrfExempt(p), p).toBe(false);
    }
  });

  it('reads a cookie, decoding it', () => {
    expect(readCookie('XSRF-TOKEN', 'a=1; XSRF-TOKEN=x%20y')).toBe('x y');
    expect(readCookie('missing', 'a=1')).toBeNull();
  });
});
