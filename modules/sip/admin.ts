/**
 * The operator's side: runs (list contract + CSV), one run's outcomes, the stat cards, and which
 * properties automated plans may buy.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { minorToDecimalString } from '@modules/platform/money';
import { monthStart, todayInDubai } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import { amountForMonth, type SipPropertyJson, type SipRunJson, type SipRunResultJson, type SipRunsQuery, type SipStatsJson } from './contract';
import { nextRunDate, upcomingRun } from './preview';
import { planReference } from './engine';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const runReference = (n: string | bigint) => `RUN-${String(n).padStart(6, '0')}`;

type RunRow = {
  id: string;
  number: string;
  run_date: string;
  trigger: 'schedule' | 'admin';
  started_by: string | null;
  started_by_email: string | null;
  plans: number;
  collected: number;
  failed: number;
  skipped: number;
  retrying: number;
  amount_collected: string;
  amount_invested: string;
  created_at: string | Date;
  finished_at: string | Date | null;
};

const RUN_SELECT = sql`select r.id, r.number::text, r.run_date::text, r.trigger, r.started_by, u.email as started_by_email, r.plans, r.collected, r.failed, r.skipped, r.retrying,
  r.amount_collected::text, r.amount_invested::text, r.created_at, r.finished_at from sip_runs r left join users u on u.id = r.started_by`;

const runJson = (r: RunRow): SipRunJson => ({
  id: r.id,
  reference: runReference(r.number),
  runDate: String(r.run_date).slice(0, 10),
  trigger: r.trigger,
  startedBy: r.started_by_email,
  plans: r.plans,
  collected: r.collected,
  failed: r.failed,
  skipped: r.skipped,
  retrying: r.retrying,
  amountCollected: big(r.amount_collected).toString(),
  amountInvested: big(r.amount_invested).toString(),
  createdAt: iso(r.created_at),
  finishedAt: r.finished_at ? iso(r.finished_at) : null,
});

function where(query: Partial<SipRunsQuery>): SQL {
  return allOf(searchWhere(query.q, [sql`'RUN-' || lpad(r.number::text, 6, '0')`, sql`r.run_date::text`, sql`u.email`, sql`r.trigger`]), query.trigger && sql`r.trigger = ${query.trigger}`) ?? sql`true`;
}
const SORT = { createdAt: sql`r.created_at`, runDate: sql`r.run_date`, collected: sql`r.collected`, failed: sql`r.failed`, amountCollected: sql`r.amount_collected` };
const page = (db: Db, query: SipRunsQuery, limit: number, offset: number) =>
  sqlRows<RunRow>(db, sql`${RUN_SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`r.number`)} limit ${limit} offset ${offset}`);

export async function listRuns(db: Db, query: SipRunsQuery) {
  const [items, [t]] = await Promise.all([page(db, query, query.limit, query.offset), sqlRows<{ n: number }>(db, sql`select count(*)::int as n from sip_runs r left join users u on u.id = r.started_by where ${where(query)}`)]);
  return { items: items.map(runJson), total: t?.n ?? 0 };
}

export const RUNS_CSV_HEADER = ['Run', 'Run date', 'Started by', 'Plans', 'Collected', 'Failed', 'Retrying', 'Skipped', 'Amount invested (AED)', 'Started at', 'Finished at'] as const;
export async function* runCsvRows(db: Db, query: SipRunsQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset))) {
    const j = runJson(r);
    yield [j.reference, j.runDate, j.startedBy ?? 'Scheduler', j.plans, j.collected, j.failed, j.retrying, j.skipped, minorToDecimalString(big(j.amountInvested)), j.createdAt, j.finishedAt];
  }
}

type ItemRow = {
  plan_id: string;
  plan_number: string;
  user_id: string;
  first_name: string;
  last_name: string;
  unicode: string;
  status: SipRunResultJson['items'][number]['status'];
  amount: string;
  invested: string;
  unspent: string;
  failure_code: string | null;
  failure_reason: string | null;
  purchases: { propertyId: string; reference: string; title: string; units: string; amount: string }[] | string;
};

/** A run with every plan's outcome and the totals per property. */
export async function getRun(db: Db, id: string): Promise<SipRunResultJson> {
  if (!UUID.test(id)) throw notFound('There is no run with that id.', 'sip_run_not_found');
  const [row] = await q<RunRow>(db, sql`${RUN_SELECT} where r.id = ${id}`);
  if (!row) throw notFound('There is no run with that id.', 'sip_run_not_found');
  const items = await q<ItemRow>(
    db,
    sql`select i.plan_id, p.number::text as plan_number, i.user_id, u.first_name, u.last_name, u.unicode, i.status, i.amount::text, i.invested::text, i.unspent::text, i.failure_code, i.failure_reason, i.purchases
          from sip_instalments i join users u on u.id = i.user_id join sip_plans p on p.id = i.plan_id where i.run_id = ${id} order by p.number`,
  );
  const perProperty = new Map<string, { reference: string; title: string; amount: bigint; units: bigint; plans: number }>();
  const out = items.map((r) => {
    const purchases = typeof r.purchases === 'string' ? (JSON.parse(r.purchases) as Exclude<ItemRow['purchases'], string>) : r.purchases;
    for (const p of purchases) {
      const t = perProperty.get(p.propertyId) ?? { reference: p.reference, title: p.title, amount: 0n, units: 0n, plans: 0 };
      perProperty.set(p.propertyId, { ...t, amount: t.amount + big(p.amount), units: t.units + big(p.units), plans: t.plans + 1 });
    }
    return {
      planId: r.plan_id,
      planReference: planReference(r.plan_number),
      userId: r.user_id,
      investor: `${r.first_name} ${r.last_name} (${r.unicode})`.trim(),
      status: r.status,
      amount: big(r.amount).toString(),
      invested: big(r.invested).toString(),
      unspent: big(r.unspent).toString(),
      failureCode: r.failure_code,
      failureReason: r.failure_reason,
      investments: purchases.map((p) => ({ propertyId: p.propertyId, units: big(p.units).toString(), amount: big(p.amount).toString() })),
    };
  });
  return {
    ...runJson(row),
    items: out,
    properties: [...perProperty].map(([propertyId, t]) => ({ propertyId, reference: t.reference, title: t.title, amount: t.amount.toString(), units: t.units.toString(), plans: t.plans })),
  };
}

export async function sipStats(db: Db, now = new Date()): Promise<SipStatsJson> {
  const month = monthStart(todayInDubai(now));
  const [[counts], groups, next] = await Promise.all([
    q<{ active: number; eligible: number }>(
      db,
      sql`select (select count(*)::int from sip_plans where status = 'active') as active,
                 (select count(*)::int from properties p left join sip_property_settings s on s.property_id = p.id
                   where p.status = 'funding' and p.shares_sold < p.total_shares and coalesce(s.paused, false) = false) as eligible`,
    ),
    // Due this month: active plans not yet handled this month, their amounts stepped up (grouped, so few rows).
    q<{ amount: string; step_up_bps: number; start_month: string; n: number }>(
      db,
      sql`select p.amount::text, p.step_up_bps, p.start_month::text, count(*)::int as n from sip_plans p
           where p.status = 'active' and p.start_month <= ${month}::date
             and not exists (select 1 from sip_instalments i where i.plan_id = p.id and i.month = ${month}::date and i.status <> 'retrying')
           group by 1, 2, 3`,
    ),
    nextRunDate(db, now),
  ]);
  const due = groups.reduce((s, g) => s + amountForMonth({ amount: big(g.amount), stepUpBps: g.step_up_bps, startMonth: g.start_month }, month) * BigInt(g.n), 0n);
  const upcoming = next ? await upcomingRun(db, next, now) : null;
  return { activePlans: counts?.active ?? 0, dueThisMonth: due.toString(), propertiesEligible: counts?.eligible ?? 0, unallocated: upcoming?.unallocated ?? '0', nextRunDate: next };
}

export async function sipProperties(db: Db): Promise<{ items: SipPropertyJson[] }> {
  const rows = await q<{ id: string; reference: string; title: string; city: string; property_type: string; status: string; available: string; paused: boolean | null; reason: string | null; manual: number }>(
    db,
    sql`select p.id, p.reference, p.title, p.city, p.property_type, p.status, (p.total_shares - p.shares_sold)::text as available, s.paused, s.reason,
               (select count(*)::int from sip_plans x where x.status <> 'cancelled' and x.mode = 'manual' and x.allocations @> jsonb_build_array(jsonb_build_object('propertyId', p.id::text))) as manual
          from properties p left join sip_property_settings s on s.property_id = p.id
         where p.status in ('funding', 'coming_soon') order by p.status = 'funding' desc, p.reference`,
  );
  return {
    items: rows.map((r) => ({
      propertyId: r.id,
      reference: r.reference,
      title: r.title,
      city: r.city,
      propertyType: r.property_type,
      status: r.status,
      availableUnits: big(r.available).toString(),
      paused: r.paused === true,
      reason: r.reason,
      manualPlans: r.manual,
    })),
  };
}

const ELIGIBLE_STATUSES = ['funding', 'coming_soon'];
const NOT_OPEN = 'Only properties open for funding or coming soon take part in automated allocation.';

export async function setPropertyEligibility(db: Db, adminId: string, propertyId: string, input: { paused: boolean; reason?: string }): Promise<SipPropertyJson> {
  if (!UUID.test(propertyId)) throw notFound('There is no property with that id.', 'property_not_found');
  await db.transaction(async (tx) => {
    const [p] = await q<{ title: string; reference: string; status: string }>(tx, sql`select title, reference, status from properties where id = ${propertyId}`);
    if (!p) throw notFound('There is no property with that id.', 'property_not_found');
    // Checked before anything is written or audited: a refused change leaves no trace.
    if (!ELIGIBLE_STATUSES.includes(p.status)) throw new AppError(422, 'property_not_open', NOT_OPEN);
    if (input.paused && !input.reason) throw new AppError(400, 'validation_failed', 'Say why the property is taken out of automated allocation.');
    await tx.execute(sql`insert into sip_property_settings (property_id, paused, reason, updated_by) values (${propertyId}, ${input.paused}, ${input.paused ? input.reason! : null}, ${adminId})
                         on conflict (property_id) do update set paused = excluded.paused, reason = excluded.reason, updated_by = excluded.updated_by, updated_at = now()`);
    await recordAudit(tx, {
      actorId: adminId,
      action: input.paused ? 'sip.property_paused' : 'sip.property_resumed',
      entityType: 'property',
      entityId: propertyId,
      summary: `${p.title} (${p.reference}) ${input.paused ? `taken out of automated SIP allocation: ${input.reason}` : 'back in automated SIP allocation'}`,
    });
  });
  const { items } = await sipProperties(db);
  const found = items.find((i) => i.propertyId === propertyId);
  if (!found) throw new AppError(422, 'property_not_open', NOT_OPEN);
  return found;
}
