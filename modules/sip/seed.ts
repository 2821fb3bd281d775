/**
 * A demo plan with history: the verified demo investor (Aisha, README) saves AED 1,000 a month on the 5th,
 * automated, since three months ago. Her past instalments are collected by the real engine (runCollections
 * for each past date, as the scheduler would have), so the purchases, wallet movements and journal entries
 * are real and the books reconcile. Idempotent: nothing happens when she already has a plan.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { addMonths, dayInMonth, monthStart, startOfDubaiDay, todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import { createPlanInput } from './contract';
import { createPlan } from './plans';
import { runCollections } from './run';

const DEMO_SAVER = 'aisha.alhashimi@example.ae';
const DAY = 5;
const MONTHS_OF_HISTORY = 3;

export async function seedDemoSip(db: Db, opts: { now?: Date } = {}): Promise<{ plans: number; instalments: number }> {
  const now = opts.now ?? new Date();
  const [user] = await q<{ id: string; has_plan: boolean }>(
    db,
    sql`select u.id, exists (select 1 from sip_plans p where p.user_id = u.id) as has_plan from users u where lower(u.email) = ${DEMO_SAVER}`,
  );
  if (!user || user.has_plan) return { plans: 0, instalments: 0 };
  const [open] = await q(db, sql`select 1 from properties where status = 'funding' limit 1`);
  if (!open) return { plans: 0, instalments: 0 };

  const plan = await createPlan(db, user.id, createPlanInput.parse({ amount: 100_000, dayOfMonth: DAY, mode: 'automated', stepUpPercent: 10 }), now);
  const start = addMonths(monthStart(todayInDubai(now)), -MONTHS_OF_HISTORY);
  const created = new Date(startOfDubaiDay(dayInMonth(start, 1)).getTime() + 10 * 3_600_000);
  await db.execute(sql`update sip_plans set start_month = ${start}::date, created_at = ${created.toISOString()}::timestamptz where id = ${plan.id}`);

  let instalments = 0;
  for (let m = 0; m < MONTHS_OF_HISTORY; m++) {
    const date = dayInMonth(addMonths(start, m), DAY);
    if (date > todayInDubai(now)) break;
    // Collected mid-morning on the day, as the scheduler would have.
    const at = new Date(startOfDubaiDay(date).getTime() + 9 * 3_600_000);
    await runCollections(db, { date, trigger: 'schedule', now: at, skipEmpty: true, log: { error: () => {} } });
    instalments += 1;
  }
  return { plans: 1, instalments };
}
