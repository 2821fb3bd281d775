/**
 * Automatic reinvestment of a paid run, after its transaction commits: holders who chose 'same_property' buy
 * more of the property while it is open for funding; holders who chose 'sip' buy through their active plan's
 * allocation (modules/sip/allocate.ts, the same function the SIP run uses). Every purchase goes through the
 * investing service with an idempotency key per run, user and property, so a retry never buys twice. What
 * cannot buy a unit, or a purchase that is refused (closed, retail limit, below the minimum), stays in the wallet.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { invest } from '@modules/investing/invest';
import { findProperty, maxAmountFor } from '@modules/investing/property-reads';
import { MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { allocate, type RiskKey } from '@modules/sip/allocate';
import { loadCatalogue } from '@modules/sip/candidates';
import { big, q } from '@modules/wallet';
import type { ReinvestChoice } from './contract';

const RISKS = new Set(['cautious', 'balanced', 'growth']);

type Log = Pick<Console, 'error'>;
type Options = { now?: Date; log?: Log };

/** Buys `amount` of one property; returns what it cost (0 when refused or too small). */
async function buy(db: Db, userId: string, runId: string, propertyId: string, amount: bigint, log: Log): Promise<bigint> {
  if (amount < MIN_INVESTMENT_FILS) return 0n;
  try {
    const result = await invest(db, userId, { propertyId, amount }, { idempotencyKey: `distribution:${runId}:${propertyId}` });
    return big(result.body.total);
  } catch (err) {
    // A refusal a person could act on (closed, limit, funds) leaves the money in the wallet; anything else is logged too.
    if (!(err instanceof Error && 'status' in err && Number((err as { status: number }).status) < 500)) log.error(`[distributions] reinvestment of run ${runId} for ${userId} failed:`, err);
    return 0n;
  }
}

async function sameProperty(db: Db, userId: string, runId: string, propertyId: string, net: bigint, log: Log): Promise<bigint> {
  const property = await findProperty(db, propertyId);
  if (!property || property.status !== 'funding') return 0n;
  const cap = maxAmountFor(property);
  return buy(db, userId, runId, propertyId, net < cap ? net : cap, log);
}

async function throughPlan(db: Db, userId: string, runId: string, net: bigint, log: Log): Promise<bigint> {
  const [plan] = await q<{ mode: 'automated' | 'manual'; allocations: unknown; preferences: unknown; risk_profile: string | null }>(
    db,
    sql`select p.mode, p.allocations, p.preferences, o.risk_profile from sip_plans p left join onboarding_progress o on o.user_id = p.user_id
         where p.user_id = ${userId} and p.status = 'active' order by p.created_at desc limit 1`,
  );
  if (!plan) return 0n;
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const allocations = json<{ propertyId: string; bps: number }[]>(plan.allocations) ?? [];
  const preferences = json<{ cities: string[]; propertyTypes: string[] }>(plan.preferences) ?? { cities: [], propertyTypes: [] };
  const catalogue = await loadCatalogue(db, { lock: false, named: allocations.map((a) => a.propertyId) });
  const risk = plan.risk_profile && RISKS.has(plan.risk_profile) ? (plan.risk_profile as RiskKey) : null;
  const { purchases } = allocate(net, { mode: plan.mode, allocations, preferences, risk }, catalogue.candidates, catalogue.available);
  let spent = 0n;
  for (const p of purchases) spent += await buy(db, userId, runId, p.propertyId, p.principal, log);
  return spent;
}

/** Reinvests each holder's net payment by their choice and records how much was reinvested on their line. */
export async function reinvestRun(db: Db, runId: string, opts: Options = {}): Promise<{ reinvested: bigint }> {
  const log = opts.log ?? console;
  const lines = await q<{ user_id: string; net: string; reinvest: ReinvestChoice; property_id: string }>(
    db,
    sql`select l.user_id, (l.amount - l.fee_netted)::text as net, d.reinvest, r.property_id
          from distribution_lines l join distribution_runs r on r.id = l.run_id join distribution_preferences d on d.user_id = l.user_id
         where l.run_id = ${runId} and r.status = 'paid' and d.reinvest <> 'wallet' and l.amount - l.fee_netted > 0 and l.reinvested = 0
         order by l.user_id`,
  );
  let total = 0n;
  for (const l of lines) {
    const net = big(l.net);
    const spent = l.reinvest === 'same_property' ? await sameProperty(db, l.user_id, runId, l.property_id, net, log) : await throughPlan(db, l.user_id, runId, net, log);
    if (spent <= 0n) continue;
    total += spent;
    await db.execute(sql`update distribution_lines set reinvested = ${spent.toString()}::bigint where run_id = ${runId} and user_id = ${l.user_id}`);
  }
  return { reinvested: total };
}
