/**
 * The trackers compute by themselves: on each tick (hourly, and at boot) every active tracker not yet computed up to
 * yesterday (the last whole day in Dubai) is computed once. Several servers may tick at once: the tracker's row lock
 * and the (tracker, date) key keep the points single and each alert notified once. TRACKERS_SCHEDULER=0 turns it
 * off (api/server.ts); admins can still press "Recompute now" at /admin/data-trackers.
 */
import type { Db } from '@db/client';
import { computeTrackers } from './compute';
import { lastCompleteDay, type Catalogue } from './shared';

export async function trackersSchedulerTick(db: Db, opts: { now?: Date; log?: Pick<Console, 'error'>; catalogue?: Catalogue } = {}) {
  return computeTrackers(db, { asOf: lastCompleteDay(opts.now ?? new Date()), onlyDue: true, log: opts.log, catalogue: opts.catalogue });
}

/** The server's loop: a tick at start and every `everyMs` (default an hour). Returns a stop function. */
export function startTrackersScheduler(db: Db, opts: { everyMs?: number; log?: Pick<Console, 'error'> } = {}): () => void {
  const log = opts.log ?? console;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await trackersSchedulerTick(db, { log });
    } catch (err) {
      log.error('[trackers] scheduler', err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, opts.everyMs ?? 60 * 60_000);
  (timer as { unref?: () => void }).unref?.();
  void tick();
  return () => clearInterval(timer);
}
