/** A tracker's history: the daily values and the tracked value of each day between two dates (default the last 90). */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { addDays } from '@modules/platform/dates';
import { trackerMessages as msg, type TrackerPointsJson } from './contract';
import { defaultCatalogue, lastCompleteDay, rows, trackedValues, windowOf, day, type Catalogue } from './shared';
import { getTracker } from './trackers';

export async function trackerPoints(db: Db, id: string, range: { from?: string; to?: string }, catalogue: Catalogue = defaultCatalogue): Promise<TrackerPointsJson> {
  const tracker = await getTracker(db, id, catalogue);
  const to = range.to ?? tracker.lastComputedOn ?? lastCompleteDay();
  const from = range.from ?? addDays(to, -89);
  if (from > to) throw new AppError(400, 'validation_failed', msg.range);
  const window = windowOf(tracker.additive ? { unit: tracker.unit, aggregation: tracker.aggregation } : null, tracker.targetPeriod);
  // The days before `from` that the first tracked values sum over.
  const found = await rows<{ date: string | Date; value: string }>(
    db,
    sql`select date, value::text from tracker_points where tracker_id = ${id} and date >= ${addDays(from, -(window - 1))}::date and date <= ${to}::date order by date`,
  );
  const points = trackedValues(found.map((r) => ({ date: day(r.date), value: BigInt(r.value) })), window)
    .filter((p) => p.date >= from)
    .map((p) => ({ date: p.date, value: p.value.toString(), tracked: p.tracked.toString() }));
  return { tracker, from, to, points };
}
