/** SQL rows → the JSON the SIP API answers (SipPlanJson, SipInstalmentJson). */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { monthStart, todayInDubai } from '@modules/platform/dates';
import { unitsToShareString } from '@modules/properties/contract';
import { big, q } from '@modules/wallet';
import { amountForMonth, nextCollectionDates, type SipInstalmentJson, type SipInstalmentStatus, type SipMode, type SipPlanJson, type SipPlanStatus } from './contract';
import { planReference } from './engine';

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const day = (v: unknown) => String(v instanceof Date ? v.toISOString() : v).slice(0, 10);
const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export type PlanSqlRow = {
  id: string;
  number: string;
  user_id: string;
  status: SipPlanStatus;
  mode: SipMode;
  amount: string;
  day_of_month: number;
  start_month: string | Date;
  step_up_bps: number;
  allocations: { propertyId: string; bps: number }[] | string;
  preferences: { cities: string[]; propertyTypes: string[] } | string;
  currency: string;
  pause_reason: string | null;
  mandate_provider: string | null;
  mandate_label: string | null;
  mandate_created_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  cancelled_at: string | Date | null;
  handled: string[] | string | null;
  collected: number;
  failed: number;
  skipped: number;
  invested: string;
};

export const PLAN_SELECT = sql`select p.id, p.number::text, p.user_id, p.status, p.mode, p.amount::text, p.day_of_month, p.start_month::text, p.step_up_bps,
    p.allocations, p.preferences, p.currency, p.pause_reason, p.mandate_provider, p.mandate_label, p.mandate_created_at, p.created_at, p.updated_at, p.cancelled_at,
    (select coalesce(json_agg(i.month::text), '[]'::json) from sip_instalments i where i.plan_id = p.id and i.status <> 'retrying') as handled,
    (select count(*)::int from sip_instalments i where i.plan_id = p.id and i.status = 'collected') as collected,
    (select count(*)::int from sip_instalments i where i.plan_id = p.id and i.status = 'failed') as failed,
    (select count(*)::int from sip_instalments i where i.plan_id = p.id and i.status = 'skipped') as skipped,
    (select coalesce(sum(i.invested), 0)::text from sip_instalments i where i.plan_id = p.id) as invested
  from sip_plans p`;

export type PropertyNames = Map<string, { reference: string; title: string; status: string }>;

/** Titles and statuses of the properties the plans' splits name. */
export async function propertyNames(db: Db, ids: string[]): Promise<PropertyNames> {
  const unique = [...new Set(ids)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (!unique.length) return new Map();
  const rows = await q<{ id: string; reference: string; title: string; status: string }>(
    db,
    sql`select id, reference, title, status from properties where id in (select (jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb))::uuid)`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

export function planJson(r: PlanSqlRow, names: PropertyNames, now = new Date()): SipPlanJson {
  const today = todayInDubai(now);
  const startMonth = day(r.start_month);
  const handled = new Set(json<string[]>(r.handled ?? []).map((m) => m.slice(0, 10)));
  const upcoming = r.status === 'active' ? nextCollectionDates({ dayOfMonth: r.day_of_month, startMonth }, today, 6, handled) : [];
  const plan = { amount: big(r.amount), stepUpBps: r.step_up_bps, startMonth };
  const nextMonth = upcoming[0] ? monthStart(upcoming[0]) : monthStart(today) < startMonth ? startMonth : monthStart(today);
  return {
    id: r.id,
    reference: planReference(r.number),
    status: r.status,
    mode: r.mode,
    amount: big(r.amount).toString(),
    currentAmount: amountForMonth(plan, nextMonth).toString(),
    currency: r.currency,
    dayOfMonth: r.day_of_month,
    startMonth,
    stepUpPercent: r.step_up_bps / 100,
    allocations: json(r.allocations).map((a) => {
      const p = names.get(a.propertyId);
      return { propertyId: a.propertyId, reference: p?.reference ?? '', title: p?.title ?? 'A property no longer listed', percent: a.bps / 100, open: p?.status === 'funding' };
    }),
    preferences: json(r.preferences),
    pauseReason: r.pause_reason,
    nextCollectionDate: upcoming[0] ?? null,
    upcoming,
    mandate: r.mandate_provider ? { provider: r.mandate_provider, label: r.mandate_label ?? r.mandate_provider, createdAt: iso(r.mandate_created_at) } : null,
    totals: { collected: r.collected, failed: r.failed, skipped: r.skipped, invested: big(r.invested).toString() },
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    cancelledAt: r.cancelled_at ? iso(r.cancelled_at) : null,
  };
}

export type InstalmentSqlRow = {
  id: string;
  month: string | Date;
  due_date: string | Date;
  status: SipInstalmentStatus;
  amount: string;
  invested: string;
  unspent: string;
  topped_up: string;
  attempts: number;
  next_attempt_on: string | Date | null;
  failure_code: string | null;
  failure_reason: string | null;
  purchases: { propertyId: string; reference: string; title: string; units: string; amount: string; investmentId: string | null }[] | string;
  explanation: string[] | string;
  journal_reference: string | null;
  created_at: string | Date;
};

export const INSTALMENT_COLUMNS = sql`i.id, i.month::text, i.due_date::text, i.status, i.amount::text, i.invested::text, i.unspent::text, i.topped_up::text, i.attempts,
  i.next_attempt_on::text, i.failure_code, i.failure_reason, i.purchases, i.explanation, i.journal_reference, i.created_at`;

export function instalmentJson(r: InstalmentSqlRow): SipInstalmentJson {
  return {
    id: r.id,
    month: day(r.month),
    dueDate: day(r.due_date),
    status: r.status,
    amount: big(r.amount).toString(),
    invested: big(r.invested).toString(),
    unspent: big(r.unspent).toString(),
    toppedUp: big(r.topped_up).toString(),
    attempts: r.attempts,
    nextAttemptOn: r.next_attempt_on ? day(r.next_attempt_on) : null,
    failureCode: r.failure_code,
    failureReason: r.failure_reason,
    purchases: json(r.purchases).map((p) => ({ ...p, shares: unitsToShareString(big(p.units)) })),
    explanation: json(r.explanation),
    journalReference: r.journal_reference,
    createdAt: iso(r.created_at),
  };
}
