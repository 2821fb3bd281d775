/** Shared set-up for the liquidity pool and exit suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { createApp } from '@api/app';
import type { Database } from '@db/client';
import type { TestClient } from '@tests/helpers/client';
import type { ReconciliationJson } from '@modules/investing/contract';
import { clientWith, createInvestor, createProperty, fundWallet } from '@modules/investing/test-helpers';
import { createSandboxProvider } from '@modules/payments';
import { q } from '@modules/wallet';

export function poolFixtures(ctx: () => { database: Database; app: ReturnType<typeof createApp>; admin: TestClient; provider: ReturnType<typeof createSandboxProvider> }) {
  const db = () => ctx().database.db;

  /** A KYC-approved investor with `fils` available in their wallet. */
  const investor = async (fils: bigint, opts: { kyc?: string } = {}) => {
    const inv = await createInvestor(db(), opts);
    if (fils > 0n) await fundWallet(db(), inv.id, (fils * 10_000n) / (10_000n - 53n) + 100n, ctx().provider);
    return { ...inv, client: clientWith(ctx().app, inv.token) };
  };

  /** Buys `amount` fils of the property (AED 1,000 a share: amount / 10 units) and answers the units. */
  const buy = async (inv: { client: TestClient }, propertyId: string, amount: bigint) => {
    const r = await inv.client.json<{ units: string; id: string }>('POST', '/api/investments', { propertyId, amount: amount.toString() });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return { units: BigInt(r.body.units), id: r.body.id };
  };

  /** A property of 1,000 shares at AED 1,000, valued at `valuation` fils, then funded after `holders` buy. */
  const fundedProperty = async (valuation: bigint, purchases: { inv: { client: TestClient }; amount: bigint }[]) => {
    const p = await createProperty(db(), { valuation });
    const bought = [];
    for (const x of purchases) bought.push(await buy(x.inv, p.id, x.amount));
    await db().execute(sql`update properties set status = 'funded' where id = ${p.id}`);
    return { property: p, bought };
  };

  const available = async (userId: string) => {
    const [w] = await q<{ a: string; h: string }>(db(), sql`select (balance - held)::text as a, held::text as h from wallets where user_id = ${userId}`);
    return { available: BigInt(w?.a ?? '0'), held: BigInt(w?.h ?? '0') };
  };

  const holding = async (userId: string, propertyId: string) => {
    const [h] = await q<{ units: string; cost: string }>(db(), sql`select units::text, cost::text from holdings where user_id = ${userId} and property_id = ${propertyId}`);
    return { units: BigInt(h?.units ?? '0'), cost: BigInt(h?.cost ?? '0') };
  };

  const reconcile = async () => {
    const r = await ctx().admin.json<ReconciliationJson>('GET', '/api/admin/reconciliation');
    expect(r.status).toBe(200);
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ ok: true, difference: '0', sharesDifference: '0', ledgerBalanced: true });
  };

  const setBudget = async (totalBudget: bigint, perPropertyBudget: bigint) => {
    const r = await ctx().admin.json('PUT', '/api/admin/exchange/pool', { totalBudget: totalBudget.toString(), perPropertyBudget: perPropertyBudget.toString() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  /** Moves an investment's purchase date to `date` (Dubai noon), so its lot is that old. */
  const backdate = (investmentId: string, date: string) => db().execute(sql`update investments set created_at = ${`${date}T08:00:00Z`}::timestamptz where id = ${investmentId}`);

  return { investor, buy, fundedProperty, available, holding, reconcile, setBudget, backdate };
}
