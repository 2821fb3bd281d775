/**
 * Purchases recorded in bulk inside the caller's transaction (the SIP run): the investments, the holdings
 * they add to, and the units taken from each property — set-based, a few statements for a whole chunk.
 * The caller has locked the wallets and the properties, allocated within what is left, debited the wallets
 * and posted the journal entries; this keeps holdings.units per property equal to properties.shares_sold.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { q } from '@modules/wallet';

export type BatchPurchase = {
  id: string;
  userId: string;
  propertyId: string;
  units: bigint;
  sharePrice: bigint;
  /** What the investor put towards this property (principal plus what could not buy a unit). */
  amount: bigint;
  principal: bigint;
  walletBalanceAfter: bigint;
  journalReference: string;
  sipInstalmentId: string;
  createdAt: Date;
};

/** Records the purchases; returns each one's receipt number by id. Throws (rolling back) if a property would oversell. */
export async function recordPurchases(tx: Db, purchases: BatchPurchase[]): Promise<Map<string, string>> {
  if (purchases.length === 0) return new Map();
  const json = JSON.stringify(
    purchases.map((p) => ({
      id: p.id,
      u: p.userId,
      p: p.propertyId,
      n: p.units.toString(),
      sp: p.sharePrice.toString(),
      a: p.amount.toString(),
      pr: p.principal.toString(),
      w: p.walletBalanceAfter.toString(),
      j: p.journalReference,
      s: p.sipInstalmentId,
      t: p.createdAt.toISOString(),
    })),
  );
  const rows = await q<{ id: string; receipt_no: string }>(
    tx,
    sql`with x as (select * from jsonb_to_recordset(${json}::jsonb) as x(id uuid, u uuid, p uuid, n bigint, sp bigint, a bigint, pr bigint, w bigint, j text, s uuid, t timestamptz)),
         h as (insert into holdings (user_id, property_id, units, cost)
               select u, p, sum(n), sum(pr) from x group by u, p
               on conflict (user_id, property_id) do update set units = holdings.units + excluded.units, cost = holdings.cost + excluded.cost, updated_at = now()
               returning 1)
        insert into investments (id, user_id, property_id, units, share_price, amount, principal, fee_bps, fee, vat, total, status, wallet_balance_after, journal_reference, sip_instalment_id, created_at)
        select id, u, p, n, sp, a, pr, 0, 0, 0, pr, 'active', w, j, s, t from x
        returning id, receipt_no::text`,
  );
  const byProperty = new Map<string, bigint>();
  for (const p of purchases) byProperty.set(p.propertyId, (byProperty.get(p.propertyId) ?? 0n) + p.units);
  const taken = await q<{ id: string }>(
    tx,
    sql`update properties pr set shares_sold = pr.shares_sold + x.n, updated_at = now(),
               status = case when pr.shares_sold + x.n = pr.total_shares then 'funded' else pr.status end
          from jsonb_to_recordset(${JSON.stringify([...byProperty].map(([p, n]) => ({ p, n: n.toString() })))}::jsonb) as x(p uuid, n bigint)
         where pr.id = x.p and pr.status = 'funding' and pr.shares_sold + x.n <= pr.total_shares
        returning pr.id`,
  );
  if (taken.length !== byProperty.size) throw new Error('recordPurchases: a property was not open or would have been oversold; the caller must lock and allocate within what is left');
  return new Map(rows.map((r) => [r.id, r.receipt_no]));
}
