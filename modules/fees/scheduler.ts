/**
 * The monthly fee run by itself: on each tick (hourly, and at boot), when the previous month has not been
 * charged up to its last day, a run up to that day is made with trigger 'scheduler'. Several servers may tick
 * at once: the fee lock and the unique keys keep each window charged once, and a run is recorded only when
 * something is due and no run up to that day exists. FEE_SCHEDULER=0 turns it off (api/server.ts).
 */
import type { Db } from '@db/client';
import type { FeeRunResultJson } from './contract';
import { runPlatformFees } from './run';
import { previousMonthEnd } from './stats';

export async function feeSchedulerTick(db: Db, opts: { now?: Date } = {}): Promise<FeeRunResultJson | null> {
  const now = opts.now ?? new Date();
  return runPlatformFees(db, { through: previousMonthEnd(now), trigger: 'scheduler', now, skipEmpty: true });
}

/** The server's loop: a tick at start and every `everyMs` (default an hour). Returns a stop function. */
export function startFeeScheduler(db: Db, opts: { everyMs?: number; log?: Pick<Console, 'error'> } = {}): () => void {
  const log = opts.log ?? console;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await feeSchedulerTick(db);
    } catch (err) {
      log.error('[fees] scheduler', err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, opts.everyMs ?? 60 * 60_000);
  (timer as { unref?: () => void }).unref?.();
  void tick();
  return () => clearInterval(timer);
}
