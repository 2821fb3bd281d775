/**
 * An investor's plans: create, read, change (amount, day, split, step-up, pause, resume, cancel), skip one
 * month, and add or remove the automatic top-up. Every change takes effect from the next collection.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, badRequest, notFound } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { SANDBOX_PROVIDER, type PaymentProvider } from '@modules/payments';
import { addMonths, dayInMonth, monthStart, monthYear, todayInDubai } from '@modules/platform/dates';
import { settingsOn } from '@modules/settings';
import { loadUser, q } from '@modules/wallet';
import { isKycVerified } from '@modules/auth/contract';
import {
  amountForMonth,
  sipErrorCodes as codes,
  sipMessages as msg,
  type CreatePlanInput,
  type SipInstalmentJson,
  type SipPlanDetailJson,
  type SipPlanJson,
  type UpdatePlanInput,
} from './contract';
import { emptyReturns, planReturns } from './returns';
import { planReference } from './engine';
import { INSTALMENT_COLUMNS, PLAN_SELECT, instalmentJson, planJson, propertyNames, type InstalmentSqlRow, type PlanSqlRow } from './views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_OPEN_PLANS = 10;

/** The manual split with each property resolved (uuid, reference or slug) and checked open for funding. */
async function resolveAllocations(db: Db, list: { propertyId: string; percent: number }[]): Promise<{ propertyId: string; bps: number }[]> {
  const out: { propertyId: string; bps: number }[] = [];
  for (const a of list) {
    const key = a.propertyId.trim();
    const where = UUID.test(key) ? sql`id = ${key}` : sql`reference = ${key.toUpperCase()} or slug = ${key.toLowerCase()}`;
    const [p] = await q<{ id: string; title: string; status: string }>(db, sql`select id, title, status from properties where ${where} limit 1`);
    if (!p) throw new AppError(404, codes.propertyNotFound, msg.propertyUnknown(key), { propertyId: key });
    if (p.status !== 'funding') throw new AppError(422, codes.propertyNotOpen, msg.propertyNotOpen(p.title), { propertyId: p.id });
    out.push({ propertyId: p.id, bps: a.percent });
  }
  if (new Set(out.map((a) => a.propertyId)).size !== out.length) throw new AppError(400, codes.allocationInvalid, msg.allocationDuplicate);
  return out;
}

/** The first month collected: the start month asked for, else this month if its day is still ahead, else the next. */
export function firstMonth(dayOfMonth: number, today: string, asked?: string): string {
  const thisMonth = monthStart(today);
  if (asked) {
    if (asked < thisMonth) throw new AppError(400, 'validation_failed', msg.startMonth);
    return asked;
  }
  return dayInMonth(thisMonth, dayOfMonth) >= today ? thisMonth : addMonths(thisMonth, 1);
}

async function planRow(db: Db, userId: string | null, id: string, lock = false): Promise<PlanSqlRow> {
  if (!UUID.test(id)) throw notFound(msg.planNotFound, codes.planNotFound);
  const [row] = await q<PlanSqlRow>(db, sql`${PLAN_SELECT} where p.id = ${id}${userId ? sql` and p.user_id = ${userId}` : sql``}${lock ? sql` for update of p` : sql``}`);
  if (!row) throw notFound(msg.planNotFound, codes.planNotFound);
  return row;
}

async function toJson(db: Db, rows: PlanSqlRow[], now = new Date()): Promise<SipPlanJson[]> {
  const names = await propertyNames(
    db,
    rows.flatMap((r) => (typeof r.allocations === 'string' ? (JSON.parse(r.allocations) as { propertyId: string }[]) : r.allocations).map((a) => a.propertyId)),
  );
  return rows.map((r) => planJson(r, names, now));
}

export async function listPlans(db: Db, userId: string, now = new Date()): Promise<SipPlanJson[]> {
  const rows = await q<PlanSqlRow>(db, sql`${PLAN_SELECT} where p.user_id = ${userId} order by p.created_at desc limit 100`);
  return toJson(db, rows, now);
}

export async function getPlan(db: Db, userId: string | null, id: string, now = new Date()): Promise<SipPlanDetailJson> {
  const row = await planRow(db, userId, id);
  const [[plan], instalments, returns] = await Promise.all([
    toJson(db, [row], now),
    q<InstalmentSqlRow>(db, sql`select ${INSTALMENT_COLUMNS} from sip_instalments i where i.plan_id = ${id} order by i.month desc limit 240`),
    planReturns(db, row.user_id, now),
  ]);
  return { ...plan, instalments: instalments.map(instalmentJson), returns: returns.byPlan.get(id) ?? emptyReturns() };
}

/** Refuses a monthly amount below the SIP minimum in force, quoting it. */
export function assertSipMinimum(amount: bigint, minimum: bigint): void {
  if (amount < minimum) throw badRequest(msg.amountMinimum(minimum), 'validation_failed');
}

export async function createPlan(db: Db, userId: string, input: CreatePlanInput, now = new Date()): Promise<SipPlanJson> {
  assertSipMinimum(input.amount, (await settingsOn(db, todayInDubai(now))).sipMinimum);
  const user = await loadUser(db, userId);
  if (!user) throw notFound('There is no such investor.', 'user_not_found');
  if (!isKycVerified(user.kycStatus)) throw new AppError(422, codes.kycRequired, msg.kycRequired, { link: '/kyc' });
  const startMonth = firstMonth(input.dayOfMonth, todayInDubai(now), input.startMonth);
  const allocations = input.mode === 'manual' ? await resolveAllocations(db, input.allocations ?? []) : [];
  const id = await db.transaction(async (tx) => {
    // One investor's plan changes queue behind each other (the count below stays true).
    await q(tx, sql`select id from users where id = ${userId} for update`);
    const [open] = await q<{ n: number }>(tx, sql`select count(*)::int as n from sip_plans where user_id = ${userId} and status <> 'cancelled'`);
    if ((open?.n ?? 0) >= MAX_OPEN_PLANS) throw new AppError(422, codes.tooManyPlans, msg.tooManyPlans);
    const [row] = await q<{ id: string; number: string }>(
      tx,
      sql`insert into sip_plans (user_id, mode, amount, day_of_month, start_month, step_up_bps, allocations, preferences, currency)
          values (${userId}, ${input.mode}, ${input.amount.toString()}::bigint, ${input.dayOfMonth}, ${startMonth}::date, ${input.stepUpPercent * 100},
                  ${JSON.stringify(allocations)}::jsonb, ${JSON.stringify(input.preferences ?? { cities: [], propertyTypes: [] })}::jsonb, ${input.currency})
          returning id, number::text`,
    );
    await recordAudit(tx, { actorId: userId, action: 'sip.plan_created', entityType: 'sip_plan', entityId: row.id, summary: `Started plan ${planReference(row.number)}: ${input.mode}, on day ${input.dayOfMonth}`, details: { amount: input.amount.toString(), dayOfMonth: input.dayOfMonth, mode: input.mode } });
    return row.id;
  });
  return (await getPlan(db, userId, id, now)) as SipPlanJson;
}

const STATUS_MOVES: Record<string, string[]> = { active: ['paused', 'cancelled'], paused: ['active', 'cancelled'], cancelled: [] };

export async function updatePlan(db: Db, userId: string, id: string, input: UpdatePlanInput, now = new Date()): Promise<SipPlanJson> {
  if (input.amount !== undefined) assertSipMinimum(input.amount, (await settingsOn(db, todayInDubai(now))).sipMinimum);
  const allocations = input.allocations ? await resolveAllocations(db, input.allocations) : undefined;
  await db.transaction(async (tx) => {
    const row = await planRow(tx, userId, id, true);
    if (row.status === 'cancelled') throw new AppError(409, codes.planCancelled, msg.planCancelled);
    if (input.status && input.status !== row.status && !STATUS_MOVES[row.status].includes(input.status)) throw new AppError(409, codes.planCancelled, msg.planCancelled);
    const sets = [
      input.amount !== undefined && sql`amount = ${input.amount.toString()}::bigint`,
      input.dayOfMonth !== undefined && sql`day_of_month = ${input.dayOfMonth}`,
      input.stepUpPercent !== undefined && sql`step_up_bps = ${input.stepUpPercent * 100}`,
      allocations && sql`allocations = ${JSON.stringify(allocations)}::jsonb, mode = 'manual'`,
      input.preferences && sql`preferences = ${JSON.stringify(input.preferences)}::jsonb`,
      input.status === 'paused' && sql`status = 'paused', pause_reason = 'investor'`,
      input.status === 'active' && sql`status = 'active', pause_reason = null`,
      input.status === 'cancelled' && sql`status = 'cancelled', cancelled_at = now()`,
    ].filter((s): s is ReturnType<typeof sql> => !!s);
    await tx.execute(sql`update sip_plans set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
    const what = input.status === 'cancelled' ? 'cancelled' : input.status === 'paused' ? 'paused' : input.status === 'active' && row.status === 'paused' ? 'resumed' : 'changed';
    await recordAudit(tx, {
      actorId: userId,
      action: `sip.plan_${what}`,
      entityType: 'sip_plan',
      entityId: id,
      summary: `Plan ${planReference(row.number)} ${what}`,
      details: { ...input, amount: input.amount?.toString() },
    });
  });
  return getPlan(db, userId, id, now);
}

/** Skips one collection (the next one unless a month is given): recorded as a skipped instalment. */
export async function skipMonth(db: Db, userId: string, id: string, month: string | undefined, now = new Date()): Promise<SipPlanJson> {
  const today = todayInDubai(now);
  await db.transaction(async (tx) => {
    const row = await planRow(tx, userId, id, true);
    if (row.status !== 'active') throw new AppError(409, codes.notActive, msg.notActive);
    const plan = await getPlan(tx, userId, id, now);
    const target = month ?? (plan.nextCollectionDate ? monthStart(plan.nextCollectionDate) : null);
    if (!target || dayInMonth(target, row.day_of_month) < today || target < plan.startMonth) throw new AppError(400, 'validation_failed', msg.skipMonth);
    const amount = amountForMonth({ amount: BigInt(row.amount), stepUpBps: row.step_up_bps, startMonth: plan.startMonth }, target);
    const done = await q(
      tx,
      sql`insert into sip_instalments (plan_id, user_id, month, due_date, status, amount, explanation)
          values (${id}, ${userId}, ${target}::date, ${dayInMonth(target, row.day_of_month)}::date, 'skipped', ${amount.toString()}::bigint,
                  ${JSON.stringify([`You skipped the ${monthYear(target)} collection.`])}::jsonb)
          on conflict (plan_id, month) do nothing returning id`,
    );
    if (!done.length) throw new AppError(409, codes.skipAlready, msg.skipAlready(monthYear(target)));
    await recordAudit(tx, { actorId: userId, action: 'sip.month_skipped', entityType: 'sip_plan', entityId: id, summary: `Plan ${planReference(row.number)}: skipped ${monthYear(target)}`, details: { month: target } });
  });
  return getPlan(db, userId, id, now);
}

/**
 * Adds or removes the automatic top-up: with it, a collection the wallet would not cover is topped up
 * through the payment provider (3 days ahead, and again before the retry).
 */
export async function setMandate(db: Db, provider: PaymentProvider | null, userId: string, id: string, action: 'add' | 'remove', now = new Date()): Promise<SipPlanJson> {
  // Only the sandbox can take a standing instruction today: a Stripe mandate needs a saved card on a Customer
  // (decision 014), so with Stripe or without a provider adding one answers 503.
  if (action === 'add' && provider?.name !== SANDBOX_PROVIDER) throw new AppError(503, codes.mandateUnavailable, msg.mandateUnavailable);
  await db.transaction(async (tx) => {
    const row = await planRow(tx, userId, id, true);
    if (row.status === 'cancelled') throw new AppError(409, codes.planCancelled, msg.planCancelled);
    if (action === 'add') {
      const label = 'Test card ending 4242 (sandbox)';
      await tx.execute(sql`update sip_plans set mandate_provider = ${provider!.name}, mandate_ref = ${`mandate_${crypto.randomUUID()}`}, mandate_label = ${label},
                                                mandate_created_at = now(), updated_at = now() where id = ${id}`);
    } else {
      await tx.execute(sql`update sip_plans set mandate_provider = null, mandate_ref = null, mandate_label = null, mandate_created_at = null, updated_at = now() where id = ${id}`);
    }
    await recordAudit(tx, { actorId: userId, action: `sip.mandate_${action === 'add' ? 'added' : 'removed'}`, entityType: 'sip_plan', entityId: id, summary: `Plan ${planReference(row.number)}: automatic top-up ${action === 'add' ? 'added' : 'removed'}` });
  });
  return getPlan(db, userId, id, now);
}

export type { SipInstalmentJson };
