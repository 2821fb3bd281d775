/**
 * Demo platform fees: one run up to the last day of the previous month, made by the real run (trigger 'seed'),
 * so the demo investors have charges with their calculation, wallet lines and journal entries, and the books
 * reconcile. Idempotent: nothing happens once a run up to that day exists.
 */
import type { Db } from '@db/client';
import type { FeeRunResultJson } from './contract';
import { runPlatformFees } from './run';
import { previousMonthEnd } from './stats';

export async function seedDemoFees(db: Db, opts: { now?: Date } = {}): Promise<FeeRunResultJson | null> {
  const now = opts.now ?? new Date();
  return runPlatformFees(db, { through: previousMonthEnd(now), trigger: 'seed', now, skipEmpty: true });
}
