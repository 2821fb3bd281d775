/**
 * Scheduled announcements send themselves: a tick every minute (and at start) sends those whose time has come.
 * Several servers may tick at once: each send claims its row first (announcements.ts sendIfScheduled), so an
 * announcement goes out once. ANNOUNCEMENT_SCHEDULER=0 turns it off (api/server.ts).
 */
import type { Db } from '@db/client';
import { sendDueAnnouncements } from './announcements';

export function startAnnouncementScheduler(db: Db, opts: { everyMs?: number; log?: Pick<Console, 'error'> } = {}): () => void {
  const log = opts.log ?? console;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await sendDueAnnouncements(db);
    } catch (err) {
      log.error('[communications] announcement scheduler', err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, opts.everyMs ?? 60_000);
  (timer as { unref?: () => void }).unref?.();
  void tick();
  return () => clearInterval(timer);
}
