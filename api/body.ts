import { AppError, tooLarge } from './errors';
import { assertCleanJson } from './input-guards';

/** Largest JSON body the API reads. Uploads (multipart) have their own, larger limits. */
export const MAX_JSON_BYTES = 64 * 1024;

/** Reads a request body as bytes, refusing more than `limit` bytes (413) even without a Content-Length. */
export async function readLimitedBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Reads a request body as text, refusing more than `limit` bytes even without a Content-Length. */
export async function readLimitedText(request: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readLimitedBytes(request, limit));
}

/**
 * Reads a JSON body within `limit` bytes, then refuses what no form sends and the database would
 * choke on: a NUL character in any string, or nesting deeper than MAX_JSON_DEPTH.
 */
export async function parseJsonBody(request: Request, limit = MAX_JSON_BYTES): Promise<unknown> {
  const text = await readLimitedText(request, limit);
  if (text.trim() === '') return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('malformed_json', 'The request body is not valid JSON. Check for missing quotes, commas or brackets.');
  }
  assertCleanJson(body);
  return body;
}
