import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { q } from './helpers';

/** Longest Idempotency-Key accepted: visible ASCII, 1 to 100 characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,100}$/;
export const idempotencyMessages = {
  format: 'The Idempotency-Key header must be 1 to 100 visible characters.',
  reused: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

/** The Idempotency-Key header of a request: null when absent, 400 when malformed. */
export function idempotencyKeyOf(request: Request): string | null {
  const raw = request.headers.get('idempotency-key');
  if (raw === null) return null;
  if (!IDEMPOTENCY_KEY.test(raw)) throw new AppError(400, 'validation_failed', idempotencyMessages.format, { fields: { 'Idempotency-Key': idempotencyMessages.format } });
  return raw;
}

export const requestHash = (value: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)))
    .digest('hex');

export type IdempotentResult<T> = { replay: boolean; body: T };

/**
 * Runs a money-moving request once per (user, Idempotency-Key): the key is claimed in the same transaction
 * as the work, so a failed request leaves no key behind; a repeat with the same body answers the stored
 * response (replay), the same key with a different body or operation is refused (422), and a concurrent
 * repeat waits for the first to commit and then answers its response.
 */
export async function withIdempotency<T>(
  db: Db,
  opts: { userId: string; key: string | null; scope: string; body: unknown },
  run: (tx: Db) => Promise<T>,
): Promise<IdempotentResult<T>> {
  if (!opts.key) return { replay: false, body: await run(db) };
  const hash = requestHash(opts.body);
  const stored = async (tx: Db): Promise<T | null> => {
    const [row] = await q<{ scope: string; request_hash: string; status_code: number; response: unknown }>(
      tx,
      sql`select scope, request_hash, status_code, response from idempotency_keys where user_id = ${opts.userId} and key = ${opts.key}`,
    );
    if (!row) return null;
    if (row.scope !== opts.scope || row.request_hash !== hash) throw new AppError(422, 'idempotency_key_reused', idempotencyMessages.reused);
    if (!row.status_code) throw new AppError(409, 'idempotency_in_progress', idempotencyMessages.inProgress);
    return (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as T;
  };
  const earlier = await stored(db);
  if (earlier !== null) return { replay: true, body: earlier };
  const outcome = await db.transaction(async (tx) => {
    const claimed = await q(
      tx,
      sql`insert into idempotency_keys (user_id, key, scope, request_hash, status_code, response)
          values (${opts.userId}, ${opts.key}, ${opts.scope}, ${hash}, 0, '{}'::jsonb) on conflict do nothing returning 1 as ok`,
    );
    if (!claimed.length) return { replay: true, body: (await stored(tx)) as T };
    const body = await run(tx);
    await q(tx, sql`update idempotency_keys set status_code = 201, response = ${JSON.stringify(body)}::jsonb where user_id = ${opts.userId} and key = ${opts.key}`);
    return { replay: false, body };
  });
  return outcome;
}
