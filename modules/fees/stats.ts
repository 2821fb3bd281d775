/**
 * What the operator sees before and around a run: the preview of a run up to a date (computed by the code that
 * charges, nothing written) and the stat cards with fees by month.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { addDays, lastMonths, monthEnd, monthStart, todayInDubai, yearEnd, yearStart } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import { type FeePreviewJson, type FeePreviewLineJson, type FeeStatsJson, feeRunReference } from './contract';
import { calculationJson, dueCharge, lastCharges, loadHoldings, type DueCharge } from './inputs';
import { checkThrough } from './run';
import { rateSchedule } from '@modules/settings';

/** The last day of the month before today's (what the scheduler charges up to). */
export const previousMonthEnd = (now: Date = new Date()) => addDays(monthStart(todayInDubai(now)), -1);

/** Every investor's uncharged window up to `through` (the pool left out). */
async function dueCharges(db: Db, through: string): Promise<Map<string, DueCharge>> {
  const [holdings, last, rates] = await Promise.all([loadHoldings(db, { through }), lastCharges(db), rateSchedule(db, 'platformFeeBps')]);
  const out = new Map<string, DueCharge>();
  for (const [userId, h] of holdings) {
    const due = dueCharge(h, last.get(userId), through, rates);
    if (due) out.set(userId, due);
  }
  return out;
}

export async function previewRun(db: Db, throughRaw: string | undefined, now = new Date()): Promise<FeePreviewJson> {
  const through = checkThrough(throughRaw ?? previousMonthEnd(now), now);
  const due = await dueCharges(db, through);
  const owing = await q<{ user_id: string; owed: string }>(db, sql`select user_id::text, sum(outstanding)::text as owed from platform_fee_charges where outstanding > 0 group by user_id`);
  const owed = new Map(owing.map((o) => [o.user_id, big(o.owed)]));
  const ids = [...new Set([...due.keys(), ...owed.keys()])];
  const people = ids.length
    ? await q<{ id: string; first_name: string; last_name: string; unicode: string; available: string | null }>(
        db,
        sql`select u.id::text, u.first_name, u.last_name, u.unicode, (w.balance - w.held)::text as available from users u left join wallets w on w.user_id = u.id
             where u.id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid)`,
      )
    : [];
  let fee = 0n;
  let vat = 0n;
  let outstanding = 0n;
  let coverable = 0n;
  const items: FeePreviewLineJson[] = people.map((p) => {
    const d = due.get(p.id);
    const o = owed.get(p.id) ?? 0n;
    const available = big(p.available ?? '0');
    const needed = o + (d ? d.fee + d.vat : 0n);
    fee += d?.fee ?? 0n;
    vat += d?.vat ?? 0n;
    outstanding += o;
    coverable += available < needed ? available : needed;
    return {
      userId: p.id,
      name: `${p.first_name} ${p.last_name}`.trim(),
      unicode: p.unicode,
      fromDate: d?.fromDate ?? '',
      through,
      days: d?.days ?? 0,
      averageValue: (d?.averageValue ?? 0n).toString(),
      accruedMicro: (d?.accruedMicro ?? 0n).toString(),
      carryInMicro: (d?.carryInMicro ?? 0n).toString(),
      fee: (d?.fee ?? 0n).toString(),
      vat: (d?.vat ?? 0n).toString(),
      outstanding: o.toString(),
      available: available.toString(),
      calculation: d ? calculationJson(d) : [],
    };
  });
  items.sort((a, b) => (BigInt(b.fee) > BigInt(a.fee) ? 1 : BigInt(b.fee) < BigInt(a.fee) ? -1 : a.unicode.localeCompare(b.unicode)));
  return { through, investors: due.size, fee: fee.toString(), vat: vat.toString(), outstanding: outstanding.toString(), coverable: coverable.toString(), items };
}

export async function feeStats(db: Db, now = new Date()): Promise<FeeStatsJson> {
  const today = todayInDubai(now);
  const months = lastMonths(12, today);
  const target = previousMonthEnd(now);
  const [due, [year], [owed], [lastRun], [charged], byMonth] = await Promise.all([
    dueCharges(db, today),
    q<{ fee: string; vat: string }>(db, sql`select coalesce(sum(fee), 0)::text as fee, coalesce(sum(vat), 0)::text as vat from platform_fee_charges where through >= ${yearStart(today)}::date and through <= ${yearEnd(today)}::date`),
    q<{ owed: string; n: number }>(db, sql`select coalesce(sum(outstanding), 0)::text as owed, count(distinct user_id)::int as n from platform_fee_charges where outstanding > 0`),
    q<{ id: string; number: string; through: string; created_at: string | Date }>(db, sql`select id::text, number::text, through::text, created_at from platform_fee_runs order by created_at desc, number desc limit 1`),
    q<{ done: boolean }>(db, sql`select exists (select 1 from platform_fee_runs where through >= ${target}::date) as done`),
    q<{ month: string; fee: string; vat: string; outstanding: string }>(
      db,
      sql`select to_char(date_trunc('month', through), 'YYYY-MM-DD') as month, sum(fee)::text as fee, sum(vat)::text as vat, sum(outstanding)::text as outstanding
            from platform_fee_charges where through >= ${months[0]}::date and through <= ${monthEnd(today)}::date group by 1`,
    ),
  ]);
  const perMonth = new Map(byMonth.map((m) => [m.month, m]));
  let accrued = 0n;
  for (const d of due.values()) accrued += d.fee;
  const done = charged?.done === true || (charged?.done as unknown) === 't';
  return {
    today,
    accruedUncharged: accrued.toString(),
    chargedThisYear: big(year?.fee ?? '0').toString(),
    vatThisYear: big(year?.vat ?? '0').toString(),
    outstanding: big(owed?.owed ?? '0').toString(),
    investorsOwing: owed?.n ?? 0,
    lastRun: lastRun
      ? { id: lastRun.id, number: feeRunReference(lastRun.number), through: String(lastRun.through).slice(0, 10), createdAt: new Date(String(lastRun.created_at instanceof Date ? lastRun.created_at.toISOString() : lastRun.created_at)).toISOString() }
      : null,
    dueThrough: done ? null : target,
    byMonth: months.map((m) => {
      const r = perMonth.get(m);
      const fee = big(r?.fee ?? '0');
      const vat = big(r?.vat ?? '0');
      const outstanding = big(r?.outstanding ?? '0');
      return { month: m.slice(0, 7), fee: fee.toString(), vat: vat.toString(), collected: (fee + vat - outstanding).toString(), outstanding: outstanding.toString() };
    }),
  };
}
