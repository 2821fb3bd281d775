/**
 * The SIP run: collects every plan due on a date, exactly once per plan and month, in chunks. Each chunk
 * is ONE transaction: the plans are locked (SKIP LOCKED, so a second runner takes other plans), then the
 * wallets and the open properties; each instalment is allocated (allocate.ts), and the wallet debits, the
 * purchases, the holdings, the properties' shares, the journal entries and the instalment rows are written
 * set-based. The unique (plan, month) key on sip_instalments is the last guard against a double collection.
 * Notifications follow each committed chunk.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { isKycVerified } from '@modules/auth/contract';
import { recordPurchases } from '@modules/investing/batch';
import { ensurePropertyAccount, investorAccountCodes, postMany } from '@modules/ledger';
import { notifyMany, type NotifyInput } from '@modules/notifications';
import { formatAed } from '@modules/platform/money';
import { addDays, dayInMonth, monthStart, monthYear } from '@modules/platform/dates';
import { unitsToShareString } from '@modules/properties/contract';
import { settingsOn } from '@modules/settings';
import { big, debitMany, q } from '@modules/wallet';
import { allocate, type Candidate, type RiskKey } from './allocate';
import { loadCatalogue, lockWallets, retailRemaining } from './candidates';
import { SIP_RETRY_DAYS, amountForMonth, type SipInstalmentStatus } from './contract';
import { instalmentPosting } from './postings';

const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });
export const planReference = (n: string | bigint) => `SIP-${String(n).padStart(6, '0')}`;

export type DuePlan = {
  id: string;
  number: string;
  userId: string;
  mode: 'automated' | 'manual';
  amount: bigint;
  stepUpBps: number;
  startMonth: string;
  dayOfMonth: number;
  allocations: { propertyId: string; bps: number }[];
  preferences: { cities: string[]; propertyTypes: string[] };
  unicode: string;
  name: string;
  kycStatus: string | null;
  /** The investor's account is suspended or closed: the instalment is skipped, never charged. */
  suspended: boolean;
  risk: RiskKey | null;
  /** Set for a retry: the instalment being collected again. */
  retry: { id: string; amount: bigint; attempts: number; dueDate: string } | null;
};

export type Outcome = {
  instalmentId: string;
  plan: DuePlan;
  month: string;
  dueDate: string;
  status: SipInstalmentStatus;
  amount: bigint;
  invested: bigint;
  unspent: bigint;
  attempts: number;
  nextAttemptOn: string | null;
  failureCode: string | null;
  failureReason: string | null;
  purchases: { propertyId: string; units: bigint; principal: bigint; investmentId: string }[];
  explanation: string[];
  pause: boolean;
};

type PlanRow = {
  id: string;
  number: string;
  user_id: string;
  mode: 'automated' | 'manual';
  amount: string;
  step_up_bps: number;
  start_month: string;
  day_of_month: number;
  allocations: { propertyId: string; bps: number }[] | string;
  preferences: { cities: string[]; propertyTypes: string[] } | string;
  unicode: string;
  first_name: string;
  last_name: string;
  kyc_status: string | null;
  suspended?: boolean | null;
  risk_profile: string | null;
  retry_id: string | null;
  retry_amount: string | null;
  retry_attempts: number | null;
  retry_due: string | null;
};

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const RISKS = new Set(['cautious', 'balanced', 'growth']);

export function duePlanOf(r: PlanRow): DuePlan {
  return {
    id: r.id,
    number: r.number,
    userId: r.user_id,
    mode: r.mode,
    amount: big(r.amount),
    stepUpBps: r.step_up_bps,
    startMonth: String(r.start_month).slice(0, 10),
    dayOfMonth: r.day_of_month,
    allocations: json(r.allocations),
    preferences: json(r.preferences),
    unicode: r.unicode,
    name: `${r.first_name} ${r.last_name}`.trim(),
    kycStatus: r.kyc_status,
    suspended: Boolean(r.suspended),
    risk: r.risk_profile && RISKS.has(r.risk_profile) ? (r.risk_profile as RiskKey) : null,
    retry: r.retry_id ? { id: r.retry_id, amount: big(r.retry_amount), attempts: r.retry_attempts ?? 1, dueDate: String(r.retry_due).slice(0, 10) } : null,
  };
}

export const PLAN_COLUMNS = sql`p.id, p.number::text, p.user_id, p.mode, p.amount::text, p.step_up_bps, p.start_month::text, p.day_of_month, p.allocations, p.preferences,
  u.unicode, u.first_name, u.last_name, u.kyc_status, (u.suspended_at is not null or u.closed_at is not null) as suspended, o.risk_profile`;

/** Plans whose new instalment falls on `date` (collection day = the date's day; none after the 28th). */
export function dueNewWhere(date: string) {
  const day = Number(date.slice(8, 10));
  const month = monthStart(date);
  return sql`p.status = 'active' and p.day_of_month = ${day} and p.start_month <= ${month}::date
    and not exists (select 1 from sip_instalments i where i.plan_id = p.id and i.month = ${month}::date)`;
}
/** Instalments waiting for their second attempt on or before `date`. */
export const dueRetryWhere = (date: string) => sql`i.status = 'retrying' and i.next_attempt_on <= ${date}::date and p.status = 'active'`;

/**
 * Decides each plan's instalment: what it would buy, or why it fails. Pure over what was read: the run
 * (with everything locked) and the previews (without locks) call it alike. Mutates `available` and the
 * wallets' and limits' running figures, so plans later in the same chunk see what earlier ones took.
 */
export function decide(
  plans: DuePlan[],
  ctx: { date: string; catalogue: { candidates: Candidate[]; available: Map<string, bigint> }; wallets: Map<string, { available: bigint }>; retail: Map<string, bigint | null>; minInvestment?: bigint },
): Outcome[] {
  const out: Outcome[] = [];
  for (const plan of plans) {
    const month = plan.retry ? monthStart(plan.retry.dueDate) : monthStart(ctx.date);
    const amount = plan.retry ? plan.retry.amount : amountForMonth(plan, month);
    const attempts = (plan.retry?.attempts ?? 0) + 1;
    const base = {
      instalmentId: plan.retry?.id ?? crypto.randomUUID(),
      plan,
      month,
      dueDate: plan.retry?.dueDate ?? dayInMonth(month, plan.dayOfMonth),
      amount,
      attempts,
      invested: 0n,
      unspent: 0n,
      purchases: [] as Outcome['purchases'],
      pause: false,
    };
    const failOrRetry = (code: string, reason: string, retryable: boolean): Outcome => {
      const retry = retryable && attempts < 2;
      return {
        ...base,
        status: retry ? 'retrying' : 'failed',
        nextAttemptOn: retry ? addDays(ctx.date, SIP_RETRY_DAYS) : null,
        failureCode: code,
        failureReason: reason,
        explanation: [retry ? `${reason} We will try again on ${addDays(ctx.date, SIP_RETRY_DAYS)}.` : reason],
      };
    };
    if (plan.suspended) {
      out.push(failOrRetry('account_suspended', 'Your account is suspended, so this instalment was skipped and nothing was collected.', false));
      continue;
    }
    if (!isKycVerified(plan.kycStatus)) {
      out.push(failOrRetry('kyc_required', 'Your identity is not verified, so nothing was collected.', false));
      continue;
    }
    const remaining = ctx.retail.get(plan.userId);
    if (remaining !== null && remaining !== undefined && amount > remaining) {
      out.push({
        ...failOrRetry('retail_limit_exceeded', `This instalment of ${aed(amount)} would pass your retail investment limit (${aed(remaining)} left for the last 12 months), so the plan is paused.`, false),
        pause: true,
      });
      continue;
    }
    const wallet = ctx.wallets.get(plan.userId) ?? { available: 0n };
    if (wallet.available < amount) {
      out.push(failOrRetry('insufficient_funds', `Your wallet had ${aed(wallet.available)} available and the instalment needs ${aed(amount)}.`, true));
      continue;
    }
    const allocation = allocate(amount, plan, ctx.catalogue.candidates, ctx.catalogue.available, ctx.minInvestment);
    if (allocation.invested === 0n) {
      out.push(failOrRetry('nothing_open', 'No property could take the instalment: none is open for funding with shares left.', true));
      continue;
    }
    wallet.available -= allocation.invested;
    if (remaining !== null && remaining !== undefined) ctx.retail.set(plan.userId, remaining - allocation.invested);
    out.push({
      ...base,
      status: 'collected',
      nextAttemptOn: null,
      failureCode: null,
      failureReason: null,
      invested: allocation.invested,
      unspent: allocation.unspent,
      purchases: allocation.purchases.map((p) => ({ ...p, investmentId: crypto.randomUUID() })),
      explanation: allocation.explanation,
    });
  }
  return out;
}

/** Property holdings account codes, opened once per database and remembered (codes never change). */
const propertyCodes = new WeakMap<object, Map<string, string>>();
async function propertyAccountCodes(tx: Db, root: Db, props: Candidate[]): Promise<Map<string, string>> {
  let known = propertyCodes.get(root);
  if (!known) propertyCodes.set(root, (known = new Map()));
  for (const p of props) if (!known.has(p.id)) known.set(p.id, (await ensurePropertyAccount(tx, { propertyId: p.id, name: p.title, reference: p.reference })).code);
  return known;
}

export type ChunkResult = { outcomes: Outcome[]; notices: NotifyInput[] };

/**
 * Collects one chunk of plans in the caller's transaction. `ids` are candidate plan ids; the ones another
 * runner holds or has already collected are left out.
 */
export async function collectChunk(tx: Db, root: Db, ids: string[], opts: { date: string; runId: string; retries: boolean; now: Date; authorId: string | null }): Promise<ChunkResult> {
  const idList = JSON.stringify(ids);
  const locked = await q<PlanRow>(
    tx,
    opts.retries
      ? sql`select ${PLAN_COLUMNS}, i.id as retry_id, i.amount::text as retry_amount, i.attempts as retry_attempts, i.due_date::text as retry_due
              from sip_instalments i join sip_plans p on p.id = i.plan_id join users u on u.id = p.user_id
              left join onboarding_progress o on o.user_id = p.user_id
             where i.id in (select (jsonb_array_elements_text(${idList}::jsonb))::uuid) and ${dueRetryWhere(opts.date)}
             order by p.id for update of i, p skip locked`
      : sql`select ${PLAN_COLUMNS}, null as retry_id, null as retry_amount, null as retry_attempts, null as retry_due
              from sip_plans p join users u on u.id = p.user_id left join onboarding_progress o on o.user_id = p.user_id
             where p.id in (select (jsonb_array_elements_text(${idList}::jsonb))::uuid) and p.status = 'active'
             order by p.id for update of p skip locked`,
  );
  if (locked.length === 0) return { outcomes: [], notices: [] };
  // Re-read under the lock: a runner that held these plans may have collected them before letting go.
  let plans = locked.map(duePlanOf);
  if (!opts.retries) {
    const done = new Set(
      (await q<{ plan_id: string }>(tx, sql`select plan_id from sip_instalments where month = ${monthStart(opts.date)}::date and plan_id in (select (jsonb_array_elements_text(${JSON.stringify(plans.map((p) => p.id))}::jsonb))::uuid)`)).map((r) => r.plan_id),
    );
    plans = plans.filter((p) => !done.has(p.id));
  }
  if (plans.length === 0) return { outcomes: [], notices: [] };

  const userIds = plans.map((p) => p.userId);
  const wallets = await lockWallets(tx, userIds);
  const catalogue = await loadCatalogue(tx, { lock: true, named: plans.flatMap((p) => p.allocations.map((a) => a.propertyId)) });
  const retail = await retailRemaining(tx, userIds, opts.now);
  const { minInvestment } = await settingsOn(tx, opts.date);
  const outcomes = decide(plans, { date: opts.date, catalogue, wallets, retail, minInvestment });
  await writeOutcomes(tx, root, outcomes, { ...opts, catalogue: catalogue.candidates, wallets });
  return { outcomes, notices: noticesFor(outcomes, catalogue.candidates) };
}

async function writeOutcomes(
  tx: Db,
  root: Db,
  outcomes: Outcome[],
  opts: { date: string; runId: string; now: Date; authorId: string | null; catalogue: Candidate[]; wallets: Map<string, { balance: bigint }> },
) {
  const collected = outcomes.filter((o) => o.status === 'collected');
  const byId = new Map(opts.catalogue.map((c) => [c.id, c]));
  const refs = new Map<string, string>();
  if (collected.length) {
    const investors = [...new Map(collected.map((o) => [o.plan.userId, { userId: o.plan.userId, unicode: o.plan.unicode, name: o.plan.name }])).values()];
    const investorCodes = await investorAccountCodes(tx, investors);
    const bought = [...new Set(collected.flatMap((o) => o.purchases.map((p) => p.propertyId)))].map((id) => byId.get(id)!);
    const propertyCodesById = await propertyAccountCodes(tx, root, bought);
    const posted = await postMany(
      tx,
      collected.map((o) =>
        instalmentPosting(
          {
            id: o.instalmentId,
            planReference: planReference(o.plan.number),
            month: o.month,
            investorUnicode: o.plan.unicode,
            purchases: o.purchases.map((p) => ({ propertyReference: byId.get(p.propertyId)!.reference, propertyAccount: propertyCodesById.get(p.propertyId)!, shares: unitsToShareString(p.units), principal: p.principal })),
          },
          { investorAccount: investorCodes.get(o.plan.userId)!, date: opts.date, authorId: opts.authorId },
        ),
      ),
    );
    collected.forEach((o, i) => refs.set(o.instalmentId, posted[i].reference));
    const after = await debitMany(
      tx,
      collected.map((o) => ({
        userId: o.plan.userId,
        amount: o.invested,
        description: `${planReference(o.plan.number)} instalment for ${monthYear(o.month)}: ${o.purchases.length} ${o.purchases.length === 1 ? 'property' : 'properties'}`,
        ref: { type: 'sip_instalment' as const, id: o.instalmentId },
        journalReference: refs.get(o.instalmentId)!,
        at: opts.now,
      })),
    );
    await recordPurchases(
      tx,
      collected.flatMap((o, i) =>
        o.purchases.map((p) => ({
          id: p.investmentId,
          userId: o.plan.userId,
          propertyId: p.propertyId,
          units: p.units,
          sharePrice: byId.get(p.propertyId)!.sharePrice,
          amount: p.principal,
          principal: p.principal,
          walletBalanceAfter: after[i],
          journalReference: refs.get(o.instalmentId)!,
          sipInstalmentId: o.instalmentId,
          createdAt: opts.now,
        })),
      ),
    );
  }
  const rows = outcomes.map((o) => ({
    id: o.instalmentId,
    p: o.plan.id,
    u: o.plan.userId,
    m: o.month,
    d: o.dueDate,
    s: o.status,
    a: o.amount.toString(),
    i: o.invested.toString(),
    un: o.unspent.toString(),
    n: o.attempts,
    na: o.nextAttemptOn,
    fc: o.failureCode,
    fr: o.failureReason,
    pu: o.purchases.map((p) => {
      const c = byId.get(p.propertyId)!;
      return { propertyId: p.propertyId, reference: c.reference, title: c.title, units: p.units.toString(), amount: p.principal.toString(), investmentId: p.investmentId };
    }),
    ex: o.explanation,
    j: refs.get(o.instalmentId) ?? null,
  }));
  const fresh = rows.filter((r, i) => !outcomes[i].plan.retry);
  const again = rows.filter((r, i) => outcomes[i].plan.retry);
  if (fresh.length) {
    // A plain insert: the (plan, month) key refuses a second instalment and rolls the whole chunk back.
    await tx.execute(sql`
      insert into sip_instalments (id, plan_id, user_id, month, due_date, status, amount, invested, unspent, attempts, next_attempt_on, failure_code, failure_reason, purchases, explanation, run_id, journal_reference)
      select x.id, x.p, x.u, x.m, x.d, x.s, x.a, x.i, x.un, x.n, x.na, x.fc, x.fr, x.pu, x.ex, ${opts.runId}::uuid, x.j
        from jsonb_to_recordset(${JSON.stringify(fresh)}::jsonb)
          as x(id uuid, p uuid, u uuid, m date, d date, s text, a bigint, i bigint, un bigint, n smallint, na date, fc text, fr text, pu jsonb, ex jsonb, j text)`);
  }
  if (again.length) {
    await tx.execute(sql`
      update sip_instalments t set status = x.s, invested = x.i, unspent = x.un, attempts = x.n, next_attempt_on = x.na, failure_code = x.fc,
             failure_reason = x.fr, purchases = x.pu, explanation = t.explanation || x.ex, run_id = ${opts.runId}::uuid, journal_reference = x.j, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(again)}::jsonb)
          as x(id uuid, s text, i bigint, un bigint, n smallint, na date, fc text, fr text, pu jsonb, ex jsonb, j text)
       where t.id = x.id`);
  }
  const paused = outcomes.filter((o) => o.pause).map((o) => o.plan.id);
  if (paused.length) {
    await tx.execute(sql`update sip_plans set status = 'paused', pause_reason = 'retail_limit', updated_at = now()
                          where id in (select (jsonb_array_elements_text(${JSON.stringify(paused)}::jsonb))::uuid)`);
  }
}

function noticesFor(outcomes: Outcome[], catalogue: Candidate[]): NotifyInput[] {
  const byId = new Map(catalogue.map((c) => [c.id, c]));
  return outcomes.map((o): NotifyInput => {
    const ref = planReference(o.plan.number);
    const link = `/sip/plan?id=${o.plan.id}`;
    if (o.status === 'collected') {
      const where = o.purchases.map((p) => byId.get(p.propertyId)!.title).join(', ');
      return { userId: o.plan.userId, kind: 'sip', title: `${ref}: ${aed(o.invested)} invested`, body: `Your ${monthYear(o.month)} instalment bought shares of ${where}.${o.unspent > 0n ? ` ${aed(o.unspent)} stays in your wallet.` : ''}`, link };
    }
    if (o.pause) return { userId: o.plan.userId, kind: 'sip_alert', title: `${ref} is paused`, body: o.failureReason ?? '', link };
    if (o.status === 'retrying') return { userId: o.plan.userId, kind: 'sip_alert', title: `${ref}: instalment not collected yet`, body: `${o.failureReason} We will try again on ${o.nextAttemptOn}. Add money to your wallet before then.`, link: '/wallet' };
    return { userId: o.plan.userId, kind: 'sip_alert', title: `${ref}: ${monthYear(o.month)} instalment failed`, body: `${o.failureReason} Nothing was taken from your wallet.`, link };
  });
}

export type RunTotals = { plans: number; collected: number; failed: number; skipped: number; retrying: number; amountCollected: bigint; amountInvested: bigint };

/** Adds a chunk's outcomes to the run's counters (in the chunk's transaction, so they never drift). */
export async function addToRun(tx: Db, runId: string, outcomes: Outcome[]) {
  const count = (s: SipInstalmentStatus) => outcomes.filter((o) => o.status === s).length;
  const invested = outcomes.reduce((s, o) => s + o.invested, 0n);
  await tx.execute(sql`update sip_runs set plans = plans + ${outcomes.length}, collected = collected + ${count('collected')}, failed = failed + ${count('failed')},
                              retrying = retrying + ${count('retrying')}, amount_collected = amount_collected + ${invested.toString()}::bigint,
                              amount_invested = amount_invested + ${invested.toString()}::bigint
                        where id = ${runId}`);
}

export async function notifyOutcomes(db: Db, notices: NotifyInput[], log: Pick<Console, 'error'> = console) {
  try {
    await notifyMany(db, notices);
  } catch (err) {
    // The money has moved and is committed; a notification that could not be written must not undo it.
    log.error('[sip] notifications', err);
  }
}
