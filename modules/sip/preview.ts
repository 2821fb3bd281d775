/**
 * Previews computed by the code that runs collections (engine.decide over the same reads, without locks
 * and without writing): what a new plan's first instalment would buy today, and the admin's upcoming run.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { isKycVerified } from '@modules/auth/contract';
import { formatAed } from '@modules/platform/money';
import { addDays, dayInMonth, monthStart, todayInDubai } from '@modules/platform/dates';
import { unitsToShareString } from '@modules/properties/contract';
import { settingsOn } from '@modules/settings';
import { big, loadUser, q } from '@modules/wallet';
import { allocate, type RiskKey } from './allocate';
import { loadCatalogue, lockWallets, retailRemaining } from './candidates';
import { nextCollectionDates, sipMessages, type CreatePlanInput, type SipSetupPreviewJson, type SipUpcomingJson } from './contract';
import { PLAN_COLUMNS, decide, dueNewWhere, dueRetryWhere, duePlanOf } from './engine';
import { assertSipMinimum, firstMonth } from './plans';
import { countDue } from './run';

const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });

/** What the first instalment of a plan being set up would buy today, and what stands in its way. */
export async function setupPreview(db: Db, userId: string, input: CreatePlanInput, now = new Date()): Promise<SipSetupPreviewJson> {
  const today = todayInDubai(now);
  const startMonth = firstMonth(input.dayOfMonth, today, input.startMonth);
  const upcoming = nextCollectionDates({ dayOfMonth: input.dayOfMonth, startMonth }, today, 6);
  const settings = await settingsOn(db, today);
  assertSipMinimum(input.amount, settings.sipMinimum);
  const named = (input.allocations ?? []).map((a) => a.propertyId.trim());
  // A split may name references or slugs: resolve them to ids as plan creation does.
  const resolved = named.length
    ? await q<{ id: string; key: string }>(
        db,
        sql`select p.id, k.key from jsonb_array_elements_text(${JSON.stringify(named)}::jsonb) as k(key)
              join properties p on (k.key ~* '^[0-9a-f-]{36}$' and p.id::text = lower(k.key)) or p.reference = upper(k.key) or p.slug = lower(k.key)`,
      )
    : [];
  const idOf = new Map(resolved.map((r) => [r.key, r.id]));
  const problems: string[] = [];
  for (const key of named) if (!idOf.has(key)) problems.push(sipMessages.propertyUnknown(key));
  const [user, catalogue, wallets, retail, risk] = await Promise.all([
    loadUser(db, userId),
    loadCatalogue(db, { lock: false, named: [...idOf.values()] }),
    lockWallets(db, [userId], { lock: false }),
    retailRemaining(db, [userId], now),
    q<{ risk_profile: string | null }>(db, sql`select risk_profile from onboarding_progress where user_id = ${userId}`),
  ]);
  if (!isKycVerified(user?.kycStatus)) problems.push(sipMessages.kycRequired);
  const byId = new Map(catalogue.candidates.map((c) => [c.id, c]));
  for (const id of idOf.values()) if (byId.get(id) && byId.get(id)!.status !== 'funding') problems.push(sipMessages.propertyNotOpen(byId.get(id)!.title));
  const allocations = (input.allocations ?? []).map((a) => ({ propertyId: idOf.get(a.propertyId.trim()) ?? a.propertyId, bps: a.percent }));
  const allocation = allocate(
    input.amount,
    { mode: input.mode, allocations, preferences: input.preferences ?? { cities: [], propertyTypes: [] }, risk: (risk[0]?.risk_profile as RiskKey | undefined) ?? null },
    catalogue.candidates,
    catalogue.available,
    settings.minInvestment,
  );
  const available = wallets.get(userId)?.available ?? 0n;
  const remaining = retail.get(userId);
  if (available < input.amount) problems.push(`Your wallet has ${aed(available)} available; add ${aed(input.amount - available)} before ${upcoming[0]} or turn on automatic top-up.`);
  if (remaining !== null && remaining !== undefined && input.amount > remaining) problems.push(`You can invest ${aed(remaining)} more in the next 12 months as a retail investor: this plan would pause when it reaches the limit.`);
  return {
    amount: input.amount.toString(),
    firstCollectionDate: upcoming[0] ?? dayInMonth(startMonth, input.dayOfMonth),
    upcoming,
    retailLimit: {
      remaining: remaining === null || remaining === undefined ? null : remaining.toString(),
      annualLimit: null,
      monthsCovered: remaining === null || remaining === undefined ? null : Number(remaining / input.amount),
    },
    walletAvailable: available.toString(),
    purchases: allocation.purchases.map((p) => {
      const c = byId.get(p.propertyId)!;
      return { propertyId: p.propertyId, reference: c.reference, title: c.title, units: p.units.toString(), shares: unitsToShareString(p.units), amount: p.principal.toString(), investmentId: null };
    }),
    unspent: allocation.unspent.toString(),
    explanation: allocation.explanation,
    problems,
  };
}

/** The next date with anything due, from today on (within 62 days), or null. */
export async function nextRunDate(db: Db, now = new Date()): Promise<string | null> {
  const today = todayInDubai(now);
  const [days, retries] = await Promise.all([
    q<{ d: number }>(db, sql`select distinct day_of_month as d from sip_plans where status = 'active'`),
    q<{ d: string | null }>(db, sql`select min(next_attempt_on)::text as d from sip_instalments where status = 'retrying'`),
  ]);
  const dates = new Set<string>();
  for (const { d } of days) for (const m of [monthStart(today), monthStart(addDays(monthStart(today), 40))]) if (dayInMonth(m, d) >= today) dates.add(dayInMonth(m, d));
  if (retries[0]?.d) dates.add(retries[0].d < today ? today : retries[0].d);
  for (const d of [...dates].sort()) if ((await countDue(db, d)) > 0) return d;
  return null;
}

/** The admin's preview of a run: plans, amount due, allocation per property, plans expected to fail. */
export async function upcomingRun(db: Db, date: string | undefined, now = new Date()): Promise<SipUpcomingJson> {
  const day = date ?? (await nextRunDate(db, now)) ?? todayInDubai(now);
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new AppError(400, 'validation_failed', sipMessages.runDate);
  const catalogue = await loadCatalogue(db, { lock: false, named: [] });
  const { minInvestment } = await settingsOn(db, day);
  const start = new Map(catalogue.available);
  const perProperty = new Map<string, { amount: bigint; units: bigint; plans: number }>();
  const expectedToFail: SipUpcomingJson['expectedToFail'] = [];
  let plans = 0;
  let amountDue = 0n;
  let unallocated = 0n;
  for (const retries of [false, true]) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await q<Parameters<typeof duePlanOf>[0] & { key: string }>(
        db,
        retries
          ? sql`select ${PLAN_COLUMNS}, i.id as key, i.id as retry_id, i.amount::text as retry_amount, i.attempts as retry_attempts, i.due_date::text as retry_due
                  from sip_instalments i join sip_plans p on p.id = i.plan_id join users u on u.id = p.user_id left join onboarding_progress o on o.user_id = p.user_id
                 where ${dueRetryWhere(day)} and i.id > ${after}::uuid order by i.id limit 1000`
          : sql`select ${PLAN_COLUMNS}, p.id as key, null as retry_id, null as retry_amount, null as retry_attempts, null as retry_due
                  from sip_plans p join users u on u.id = p.user_id left join onboarding_progress o on o.user_id = p.user_id
                 where ${dueNewWhere(day)} and p.id > ${after}::uuid order by p.id limit 1000`,
      );
      if (!rows.length) break;
      after = rows[rows.length - 1].key;
      const due = rows.map(duePlanOf);
      const ids = due.map((p) => p.userId);
      const [wallets, retail] = await Promise.all([lockWallets(db, ids, { lock: false }), retailRemaining(db, ids, now)]);
      for (const o of decide(due, { date: day, catalogue, wallets, retail, minInvestment })) {
        plans++;
        amountDue += o.amount;
        if (o.status !== 'collected') {
          if (expectedToFail.length < 200) {
            expectedToFail.push({ planId: o.plan.id, investor: `${o.plan.name} (${o.plan.unicode})`, amount: o.amount.toString(), available: (wallets.get(o.plan.userId)?.available ?? 0n).toString(), reason: o.failureReason ?? '' });
          }
          if (o.failureCode === 'nothing_open') unallocated += o.amount;
          continue;
        }
        unallocated += o.unspent;
        for (const p of o.purchases) {
          const t = perProperty.get(p.propertyId) ?? { amount: 0n, units: 0n, plans: 0 };
          perProperty.set(p.propertyId, { amount: t.amount + p.principal, units: t.units + p.units, plans: t.plans + 1 });
        }
      }
      if (rows.length < 1000) break;
    }
  }
  const byId = new Map(catalogue.candidates.map((c) => [c.id, c]));
  return {
    date: day,
    plans,
    amountDue: amountDue.toString(),
    expectedToFail,
    properties: [...perProperty]
      .map(([id, t]) => ({
        propertyId: id,
        reference: byId.get(id)!.reference,
        title: byId.get(id)!.title,
        amount: t.amount.toString(),
        units: t.units.toString(),
        plans: t.plans,
        fillsUp: (start.get(id) ?? 0n) > 0n && (catalogue.available.get(id) ?? 0n) === 0n,
      }))
      .sort((a, b) => Number(big(b.amount) - big(a.amount))),
    unallocated: unallocated.toString(),
  };
}

