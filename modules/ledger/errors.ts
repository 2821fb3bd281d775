import { AppError, type ErrorCode } from '@api/errors';

/** SQLSTATE codes raised by the ledger_guards migration. */
const LEDGER_CODES: Record<string, ErrorCode> = {
  LDG01: 'unbalanced_entry',
  LDG02: 'posted_entry_immutable',
  LDG03: 'period_closed',
  LDG04: 'balances_read_only',
  LDG05: 'account_frozen',
};

type PgLikeError = { code?: string; message?: string; cause?: unknown };

/** Walks an error's cause chain (drizzle wraps driver errors) for a PostgreSQL SQLSTATE. */
export function dbError(err: unknown): { code: string; message: string } | null {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    const pg = e as PgLikeError;
    if (typeof pg.code === 'string' && /^[0-9A-Z]{5}$/.test(pg.code)) return { code: pg.code, message: pg.message ?? '' };
    e = pg.cause;
  }
  return null;
}

/**
 * Turns the database's refusal of a ledger rule into the 422 a person can act on. The service checks
 * every rule first with the same words, so this only speaks when the database caught something
 * the service could not see (a concurrent period close, a hand-written SQL change).
 */
export function ledgerDbError(err: unknown): AppError | null {
  const found = dbError(err);
  if (!found) return null;
  const code = LEDGER_CODES[found.code];
  if (code) return new AppError(422, code, found.message);
  if (found.code === '40P01' || found.code === '40001') {
    return new AppError(409, 'retry', 'Another posting touched the same accounts at the same moment. Please try again.');
  }
  return null;
}

export async function withLedgerErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw ledgerDbError(err) ?? err;
  }
}

export const isUniqueViolation = (err: unknown) => dbError(err)?.code === '23505';
export const isForeignKeyViolation = (err: unknown) => dbError(err)?.code === '23503';
