/** The dashboard's SIP card: plans, the next collection and whether the wallet covers it, and returns. */
import type { Db } from '@db/client';
import { lockWallets } from './candidates';
import type { SipSummaryJson } from './contract';
import { listPlans } from './plans';
import { emptyReturns, planReturns } from './returns';

export async function sipSummary(db: Db, userId: string, now = new Date()): Promise<SipSummaryJson> {
  const [plans, returns, wallets] = await Promise.all([listPlans(db, userId, now), planReturns(db, userId, now), lockWallets(db, [userId], { lock: false })]);
  const active = plans.filter((p) => p.status === 'active');
  const next = active
    .filter((p) => p.nextCollectionDate)
    .sort((a, b) => a.nextCollectionDate!.localeCompare(b.nextCollectionDate!) || Number(BigInt(b.currentAmount) - BigInt(a.currentAmount)))[0];
  // Covered when the wallet holds every collection due on that same date.
  const dueThatDay = next ? active.filter((p) => p.nextCollectionDate === next.nextCollectionDate).reduce((s, p) => s + BigInt(p.currentAmount), 0n) : 0n;
  return {
    activePlans: active.length,
    pausedPlans: plans.filter((p) => p.status === 'paused').length,
    nextCollection: next ? { date: next.nextCollectionDate!, amount: next.currentAmount, planId: next.id, covered: (wallets.get(userId)?.available ?? 0n) >= dueThatDay || !!next.mandate } : null,
    monthlyTotal: active.reduce((s, p) => s + BigInt(p.currentAmount), 0n).toString(),
    totalInvested: returns.total.invested,
    returns: returns.total,
    plans: plans
      .filter((p) => p.status !== 'cancelled' || BigInt(p.totals.invested) > 0n)
      .map((p) => ({ id: p.id, reference: p.reference, status: p.status, mode: p.mode, currentAmount: p.currentAmount, nextCollectionDate: p.nextCollectionDate, returns: returns.byPlan.get(p.id) ?? emptyReturns() })),
  };
}
