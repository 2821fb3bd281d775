/**
 * The liquidity pool's system user and settings row, and the two ledger accounts the pool and exits post to.
 * The pool holds its units as an ordinary holding of a users row ('liquidity-pool@manzil.internal', role
 * investor so every holdings query treats it alike, KYC approved, a password hash of a random secret nobody
 * knows: nobody can sign in as it). Σ holdings = shares sold stays true whoever holds the units.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { LEDGER_ACCOUNTS } from '@modules/ledger';
import { SHARE_SCALE } from '@modules/properties/contract';
import { q } from '@modules/wallet';

export const POOL_EMAIL = 'liquidity-pool@manzil.internal';
export const POOL_UNICODE = 'MZ-POOL';
export const POOL_NAME = 'Manzil liquidity pool';

const ready = new WeakMap<object, string>();

/** Opens what the pool needs once per database (idempotent, committed on its own); returns the pool's user id. */
export async function poolUserId(db: Db): Promise<string> {
  const known = ready.get(db);
  if (known) return known;
  // Databases seeded before the pool existed lack its accounts: add them under their groups.
  for (const a of [
    { code: LEDGER_ACCOUNTS.liquidityPool, name: 'Liquidity pool inventory', type: 'asset', parent: '1000', cashFlow: 'investing' },
    { code: LEDGER_ACCOUNTS.liquidityPoolResults, name: 'Liquidity pool gains and losses', type: 'income', parent: '4900', cashFlow: null },
  ]) {
    await db.execute(
      sql`insert into ledger_accounts (code, name, type, parent_id, is_group, cash_flow, description)
          select ${a.code}, ${a.name}, ${a.type}, id, false, ${a.cashFlow}, '' from ledger_accounts where code = ${a.parent}
          on conflict do nothing`,
    );
  }
  let [row] = await q<{ id: string }>(db, sql`select id from users where lower(email) = ${POOL_EMAIL}`);
  if (!row) {
    const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    const hash = await Bun.password.hash(secret, { algorithm: 'argon2id' });
    await db.execute(
      sql`insert into users (email, password_hash, first_name, last_name, role, unicode, kyc_status)
          values (${POOL_EMAIL}, ${hash}, 'Manzil', 'Liquidity pool', 'investor', ${POOL_UNICODE}, 'approved') on conflict do nothing`,
    );
    [row] = await q<{ id: string }>(db, sql`select id from users where lower(email) = ${POOL_EMAIL}`);
  }
  await db.execute(sql`insert into exchange_pool (id, user_id) values (1, ${row.id}) on conflict (id) do nothing`);
  ready.set(db, row.id);
  return row.id;
}

/** The latest valuation per whole share, fils (rounded down). */
export const valuationPerShare = (p: { valuation: bigint; totalShares: bigint }) => (p.totalShares > 0n ? (p.valuation * SHARE_SCALE) / p.totalShares : 0n);

/** What the pool pays per share: the latest valuation less the discount in force (basis points; rounded down). */
export const poolPrice = (p: { valuation: bigint; totalShares: bigint }, discountBps: number) => (valuationPerShare(p) * BigInt(10_000 - discountBps)) / 10_000n;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const tradeReference = (n: string | bigint) => `TRD-${String(n).padStart(6, '0')}`;
export const exitReference = (n: string | bigint) => `EXT-${String(n).padStart(6, '0')}`;
