import { sql } from 'drizzle-orm';
import { bigint, check, date, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';

/*
 * Data trackers: a metric of the analytics catalogue (modules/analytics), optionally filtered by a cost center or a
 * property, computed day by day into tracker_points (the metric's daily value, in the metric's scale: fils, count,
 * basis points, hundredths of a day). The target and the alert threshold are in the same scale; alert_state
 * remembers whether the admins were told the threshold is crossed, so each crossing and each recovery notifies once.
 */

export const trackers = pgTable(
  'trackers',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    metric: text('metric').notNull(),
    costCenterId: uuid('cost_center_id'),
    propertyId: uuid('property_id'),
    direction: text('direction').notNull().default('higher_is_better'),
    target: bigint('target', { mode: 'bigint' }).notNull(),
    targetPeriod: text('target_period').notNull().default('day'),
    threshold: bigint('threshold', { mode: 'bigint' }).notNull(),
    alertWhen: text('alert_when').notNull(),
    status: text('status').notNull().default('active'),
    alertState: text('alert_state').notNull().default('ok'),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    lastComputedOn: date('last_computed_on', { mode: 'string' }),
    lastAlertedOn: date('last_alerted_on', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trackers_name_unique').on(sql`lower(${t.name})`),
    index('trackers_status_idx').on(t.status),
    check('trackers_direction', sql`${t.direction} in ('higher_is_better', 'lower_is_better')`),
    check('trackers_period', sql`${t.targetPeriod} in ('day', 'week', 'month')`),
    check('trackers_alert_when', sql`${t.alertWhen} in ('below', 'above')`),
    check('trackers_status', sql`${t.status} in ('active', 'paused')`),
    check('trackers_alert_state', sql`${t.alertState} in ('ok', 'alerting')`),
  ],
);

/** One computed day of a tracker: the metric's value that day (unique per tracker and date, upserted). */
export const trackerPoints = pgTable(
  'tracker_points',
  {
    trackerId: uuid('tracker_id')
      .notNull()
      .references(() => trackers.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    value: bigint('value', { mode: 'bigint' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.trackerId, t.date] })],
);
