/**
 * Demo trackers: sign-ups against a daily target, KYC time to approve (lower is better, alert above 3 days), SIP
 * failures (alert above 2 a week), assets under management (target AED 15m, alert below AED 10m) and deposits
 * per week (target AED 250,000), each computed once at seed over the
 * back-fill window so the demo opens on real charts. Skipped when a tracker already exists.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { createTrackerInput } from './contract';
import { computeTrackers } from './compute';
import { defaultCatalogue, rows, type Catalogue } from './shared';
import { createTracker } from './trackers';

const DEMO_ADMIN_EMAIL = 'admin@manzil.ae';

export const DEMO_TRACKERS = [
  { name: 'Daily sign-ups', metric: 'ops.signups', direction: 'higher_is_better', target: '3', targetPeriod: 'day', threshold: '1', alertWhen: 'below' },
  { name: 'KYC time to approve', metric: 'ops.kyc_time_to_approve', direction: 'lower_is_better', target: '100', targetPeriod: 'day', threshold: '300', alertWhen: 'above' },
  { name: 'SIP failures this week', metric: 'ops.sip_failures', direction: 'lower_is_better', target: '0', targetPeriod: 'week', threshold: '2', alertWhen: 'above' },
  { name: 'Assets under management', metric: 'ops.aum', direction: 'higher_is_better', target: '1500000000', targetPeriod: 'month', threshold: '1000000000', alertWhen: 'below' },
  { name: 'Deposits per week', metric: 'ops.deposits', direction: 'higher_is_better', target: '25000000', targetPeriod: 'week', threshold: '1000000', alertWhen: 'below' },
] as const;

export async function seedTrackers(db: Db, opts: { asOf?: string; catalogue?: Catalogue } = {}): Promise<{ seeded: boolean }> {
  const [exists] = await rows<{ id: string }>(db, sql`select id from trackers limit 1`);
  if (exists) return { seeded: false };
  const catalogue = opts.catalogue ?? defaultCatalogue;
  const [admin] = await rows<{ id: string }>(db, sql`select id from users where lower(email) = ${DEMO_ADMIN_EMAIL}`);
  for (const t of DEMO_TRACKERS) {
    if (!(await catalogue.getMetric(db, t.metric))) continue;
    await createTracker(db, admin?.id ?? null, createTrackerInput.parse(t), catalogue);
  }
  await computeTrackers(db, { asOf: opts.asOf, catalogue });
  return { seeded: true };
}
