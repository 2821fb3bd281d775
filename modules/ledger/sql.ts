import type { SQL } from 'drizzle-orm';
import type { Db } from '@db/client';

/**
 * Runs a raw query and returns its rows on both drivers (PGlite answers { rows }, postgres-js an array).
 * Amounts are selected as ::text and read with BigInt: PGlite turns int8 into a JS number.
 */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

export const big = (v: unknown): bigint => (v === null || v === undefined || v === '' ? 0n : BigInt(v as string));
