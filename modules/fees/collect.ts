/**
 * Settling receivables: what the wallet cannot cover of a charge stays owed (1310) on the charge's
 * `outstanding`, and is settled oldest first — from the wallet by the next fee run (planCollections, here),
 * or netted out of a distribution by the distributions module (settleOutstanding, which records the
 * collections; the caller posts its own entry).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { big, q } from '@modules/wallet';

export type OpenCharge = { id: string; number: string; userId: string; fromDate: string; through: string; outstanding: bigint };

/** The investors' unpaid charges, oldest first, locked for the rest of the transaction. */
export async function lockOpenCharges(tx: Db, userIds: string[]): Promise<Map<string, OpenCharge[]>> {
  const out = new Map<string, OpenCharge[]>();
  if (userIds.length === 0) return out;
  const rows = await q<{ id: string; number: string; user_id: string; from_date: string; through: string; outstanding: string }>(
    tx,
    sql`select id::text, number::text, user_id::text, from_date::text, through::text, outstanding::text from platform_fee_charges
         where user_id in (select (jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))::uuid) and outstanding > 0
         order by user_id, through, number for update`,
  );
  for (const r of rows) {
    const list = out.get(r.user_id) ?? [];
    list.push({ id: r.id, number: r.number, userId: r.user_id, fromDate: String(r.from_date).slice(0, 10), through: String(r.through).slice(0, 10), outstanding: big(r.outstanding) });
    out.set(r.user_id, list);
  }
  return out;
}

export type PlannedCollection = { id: string; charge: OpenCharge; amount: bigint };

/** Takes up to `available` from the open charges, oldest first. */
export function planCollections(open: OpenCharge[], available: bigint): { collections: PlannedCollection[]; left: bigint } {
  const collections: PlannedCollection[] = [];
  let left = available;
  for (const charge of open) {
    if (left <= 0n) break;
    const amount = charge.outstanding < left ? charge.outstanding : left;
    collections.push({ id: crypto.randomUUID(), charge, amount });
    left -= amount;
  }
  return { collections, left };
}

/** Records collections: their rows and the charges' outstanding lowered (inside the caller's transaction). */
export async function recordCollections(
  tx: Db,
  items: { id: string; chargeId: string; userId: string; amount: bigint; journalReference: string | null }[],
  source: { type: 'wallet' | 'distribution'; id: string },
): Promise<void> {
  if (items.length === 0) return;
  const payload = JSON.stringify(items.map((i) => ({ i: i.id, c: i.chargeId, u: i.userId, a: i.amount.toString(), j: i.journalReference })));
  await tx.execute(sql`
    insert into platform_fee_collections (id, charge_id, user_id, source, source_id, amount, journal_reference)
    select x.i, x.c, x.u, ${source.type}, ${source.id}::uuid, x.a, x.j from jsonb_to_recordset(${payload}::jsonb) as x(i uuid, c uuid, u uuid, a bigint, j text)`);
  // The CHECK (outstanding >= 0) refuses taking more than is owed.
  await tx.execute(sql`
    update platform_fee_charges c set outstanding = c.outstanding - x.a
      from (select c as id, sum(a) as a from jsonb_to_recordset(${payload}::jsonb) as y(c uuid, a bigint) group by c) x
     where c.id = x.id`);
}

/** What each investor owes in platform fees now (investors owing nothing left out). */
export async function outstandingFees(db: Db, userIds: string[]): Promise<Map<string, bigint>> {
  if (userIds.length === 0) return new Map();
  const rows = await q<{ user_id: string; owed: string }>(
    db,
    sql`select user_id::text, sum(outstanding)::text as owed from platform_fee_charges
         where user_id in (select (jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))::uuid) and outstanding > 0 group by user_id`,
  );
  return new Map(rows.map((r) => [r.user_id, big(r.owed)]));
}

/**
 * For the distributions module: settles up to `amount` of an investor's owed fees (oldest first) as collected by
 * `source` (a distribution run), inside the caller's transaction, and returns what was settled. The caller posts
 * the matching Cr 1310 in its own entry and passes its reference.
 */
export async function settleOutstanding(
  tx: Db,
  input: { userId: string; amount: bigint; source: { type: 'distribution' | 'wallet'; id: string }; journalReference: string | null },
): Promise<{ settled: bigint; collections: { chargeId: string; amount: bigint }[] }> {
  if (input.amount <= 0n) return { settled: 0n, collections: [] };
  const open = (await lockOpenCharges(tx, [input.userId])).get(input.userId) ?? [];
  const { collections, left } = planCollections(open, input.amount);
  await recordCollections(
    tx,
    collections.map((c) => ({ id: c.id, chargeId: c.charge.id, userId: input.userId, amount: c.amount, journalReference: input.journalReference })),
    input.source,
  );
  return { settled: input.amount - left, collections: collections.map((c) => ({ chargeId: c.charge.id, amount: c.amount })) };
}
