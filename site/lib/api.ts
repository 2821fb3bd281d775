/**
 * The one fetch wrapper (spec §7, §8). Every call sends cookies and JSON; mutating calls carry
 * the decoded XSRF-TOKEN cookie in X-CSRF-Token and X-XSRF-TOKEN, except on the exempt paths.
 * Any non-OK answer becomes an ApiError whose message is "STATUS: text", mapped as §8 says.
 */
export const SERVICE_UNAVAILABLE = 'Service temporarily unavailable. Please try again.';

const CSRF_EXEMPT_EXACT = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
  '/api/auth/reset-password',
  '/api/waitlist/join',
  '/api/chat/query',
  '/api/ai-assistant/sessions',
  '/api/ai-assistant/messages',
];

export function isCsrfExempt(url: string): boolean {
  const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0].replace(/\/+$/, '');
  return CSRF_EXEMPT_EXACT.includes(path) || path === '/api/purchase' || path.startsWith('/api/purchase/');
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function readCookie(name: string, cookieString = typeof document === 'undefined' ? '' : document.cookie): string | null {
  for (const part of cookieString.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) {
      const raw = v.join('=');
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** §8: the text after "STATUS: " for a failed response body. */
export function failureText(rawBody: string | null, statusText: string): { text: string; body: unknown } {
  if (rawBody === null) return { text: SERVICE_UNAVAILABLE, body: undefined };
  const trimmed = rawBody.trimStart();
  if (/^<!doctype html|^<html/i.test(trimmed)) return { text: SERVICE_UNAVAILABLE, body: rawBody };
  try {
    const json = JSON.parse(rawBody) as { message?: unknown; error?: unknown } | null;
    if (json && typeof json === 'object') {
      const text = (typeof json.message === 'string' && json.message) || (typeof json.error === 'string' && json.error) || 'Request failed';
      return { text, body: json };
    }
  } catch {
    /* not JSON */
  }
  const text = rawBody || statusText || 'Request failed';
  if (text.length > 100 || text.includes('Error:') || text.includes('Exception')) return { text: SERVICE_UNAVAILABLE, body: rawBody };
  return { text, body: rawBody };
}

export async function toApiError(res: Response): Promise<ApiError> {
  let raw: string | null;
  try {
    raw = await res.text();
  } catch {
    raw = null;
  }
  const { text, body } = failureText(raw, res.statusText);
  return new ApiError(`${res.status}: ${text}`, res.status, body);
}

/** The message part of an ApiError, without the "STATUS: " prefix, for toasts and inline errors. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message.replace(/^\d{3}: /, '') || fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

export type RequestOptions = { headers?: Record<string, string>; signal?: AbortSignal };

export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const upper = method.toUpperCase();
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(upper) && !isCsrfExempt(url)) {
    const token = readCookie('XSRF-TOKEN');
    if (token) {
      headers['X-CSRF-Token'] = token;
      headers['X-XSRF-TOKEN'] = token;
    }
  }
  const res = await fetch(url, {
    method: upper,
    headers,
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: 'include',
    signal: opts.signal,
  });
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('json') ? await res.json() : await res.text()) as T;
}

export const api = {
  get: <T>(url: string, opts?: RequestOptions) => apiRequest<T>('GET', url, undefined, opts),
  post: <T>(url: string, data?: unknown, opts?: RequestOptions) => apiRequest<T>('POST', url, data ?? {}, opts),
  put: <T>(url: string, data?: unknown, opts?: RequestOptions) => apiRequest<T>('PUT', url, data ?? {}, opts),
  patch: <T>(url: string, data?: unknown, opts?: RequestOptions) => apiRequest<T>('PATCH', url, data ?? {}, opts),
  delete: <T>(url: string, opts?: RequestOptions) => apiRequest<T>('DELETE', url, undefined, opts),
};
