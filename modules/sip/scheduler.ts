/**
 * Collections run by themselves. Each tick (every 10 minutes, and at boot) the scheduler:
 *  1. runs every date from the day after its watermark up to today (so after downtime the missed dates
 *     run once, with the date they were due), then moves the watermark to yesterday — today runs again
 *     on each tick, so a plan started today for today is collected the same day;
 *  2. sends reminders 3 days before a collection the wallet will not cover, topping up through the plan's
 *     mandate when it has one.
 * Several servers may tick at once: their runs share the work (plans are claimed with SKIP LOCKED) and the
 * (plan, month) key makes each collection happen once whatever happens.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notifyMany, type NotifyInput } from '@modules/notifications';
import type { PaymentProvider } from '@modules/payments';
import { formatAed } from '@modules/platform/money';
import { addDays, dayInMonth, monthStart, todayInDubai } from '@modules/platform/dates';
import { big, createDeposit, q } from '@modules/wallet';
import { MIN_DEPOSIT_FILS } from '@modules/wallet/contract';
import { SIP_REMINDER_DAYS, amountForMonth } from './contract';
import { planReference } from './engine';
import { runCollections } from './run';

const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });
/** The furthest back the scheduler catches up after downtime. */
const MAX_CATCH_UP_DAYS = 62;

export type TickResult = { dates: string[]; runs: string[]; reminders: number; topUps: number };

export async function schedulerTick(db: Db, opts: { now?: Date; provider?: PaymentProvider | null; log?: Pick<Console, 'error'> } = {}): Promise<TickResult> {
  const now = opts.now ?? new Date();
  const today = todayInDubai(now);
  const result: TickResult = { dates: [], runs: [], reminders: 0, topUps: 0 };
  await q(db, sql`insert into sip_scheduler (key, last_date) values ('collections', ${addDays(today, -1)}::date) on conflict (key) do nothing`);
  const [state] = await q<{ last_date: string }>(db, sql`select last_date::text from sip_scheduler where key = 'collections'`);
  let from = addDays(String(state.last_date).slice(0, 10), 1);
  if (from < addDays(today, -MAX_CATCH_UP_DAYS)) from = addDays(today, -MAX_CATCH_UP_DAYS);
  for (let d = from; d <= today; d = addDays(d, 1)) {
    const id = await runCollections(db, { date: d, trigger: 'schedule', now, skipEmpty: true, log: opts.log });
    result.dates.push(d);
    if (id) result.runs.push(id);
    if (d < today) await q(db, sql`update sip_scheduler set last_date = ${d}::date, updated_at = now() where key = 'collections' and last_date < ${d}::date`);
  }
  const reminded = await sendReminders(db, today, opts.provider ?? null, opts.log ?? console);
  result.reminders = reminded.reminders;
  result.topUps = reminded.topUps;
  return result;
}

/** Reminders (once per plan and month) for collections in 3 days that the wallet will not cover. */
export async function sendReminders(db: Db, today: string, provider: PaymentProvider | null, log: Pick<Console, 'error'>) {
  const target = addDays(today, SIP_REMINDER_DAYS);
  if (Number(target.slice(8, 10)) > 28) return { reminders: 0, topUps: 0 };
  const month = monthStart(target);
  const rows = await q<{ id: string; number: string; user_id: string; amount: string; step_up_bps: number; start_month: string; mandate_provider: string | null; available: string }>(
    db,
    sql`select p.id, p.number::text, p.user_id, p.amount::text, p.step_up_bps, p.start_month::text, p.mandate_provider,
               coalesce((select w.balance - w.held from wallets w where w.user_id = p.user_id), 0)::text as available
          from sip_plans p
         where p.status = 'active' and p.day_of_month = ${Number(target.slice(8, 10))} and p.start_month <= ${month}::date
           and not exists (select 1 from sip_instalments i where i.plan_id = p.id and i.month = ${month}::date)
           and not exists (select 1 from sip_reminders r where r.plan_id = p.id and r.month = ${month}::date)`,
  );
  const notices: NotifyInput[] = [];
  let topUps = 0;
  for (const r of rows) {
    const due = amountForMonth({ amount: big(r.amount), stepUpBps: r.step_up_bps, startMonth: String(r.start_month).slice(0, 10) }, month);
    const available = big(r.available);
    if (available >= due) continue;
    const claimed = await q(db, sql`insert into sip_reminders (plan_id, month) values (${r.id}, ${month}::date) on conflict do nothing returning 1`);
    if (!claimed.length) continue;
    const shortfall = due - available;
    const ref = planReference(r.number);
    if (r.mandate_provider && provider && provider.name === r.mandate_provider) {
      try {
        await createDeposit(db, provider, r.user_id, { amount: shortfall < MIN_DEPOSIT_FILS ? MIN_DEPOSIT_FILS : shortfall, method: 'debit-card' });
        topUps++;
        notices.push({ userId: r.user_id, kind: 'sip', title: `${ref}: topping up ${aed(shortfall)}`, body: `Your ${aed(due)} collection is on ${dayInMonth(month, Number(target.slice(8, 10)))}. We are adding ${aed(shortfall)} to your wallet from your card on file.`, link: `/sip/plan?id=${r.id}` });
        continue;
      } catch (err) {
        log.error('[sip] mandate top-up', err);
      }
    }
    notices.push({
      userId: r.user_id,
      kind: 'sip_alert',
      title: `${ref}: add ${aed(shortfall)} before ${target}`,
      body: `Your ${aed(due)} SIP collection is on ${target} and your wallet has ${aed(available)} available. Add ${aed(shortfall)} to your wallet so the instalment is invested on time.`,
      link: '/wallet',
    });
  }
  if (notices.length) await notifyMany(db, notices).catch((err: unknown) => log.error('[sip] reminders', err));
  return { reminders: notices.length, topUps };
}

/** The server's loop: a tick at start and every `everyMs` (default 10 minutes). Returns a stop function. */
export function startSipScheduler(db: Db, opts: { provider?: PaymentProvider | null; everyMs?: number; log?: Pick<Console, 'error'> } = {}): () => void {
  const log = opts.log ?? console;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await schedulerTick(db, { provider: opts.provider, log });
    } catch (err) {
      log.error('[sip] scheduler', err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, opts.everyMs ?? 10 * 60_000);
  (timer as { unref?: () => void }).unref?.();
  void tick();
  return () => clearInterval(timer);
}
