/** Wallet balances and their history: the one way a balance moves, the summary, transactions and statements. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import {
  MAX_AMOUNT_FILS,
  MIN_DEPOSIT_FILS,
  MIN_WITHDRAWAL_FILS,
  walletErrorCodes,
  walletMessages,
  type TransactionsPage,
  type TransactionsQuery,
  type WalletSummary,
  type WalletTransactionJson,
  type WalletTransactionKind,
} from './contract';
import { big, dubaiDayStart, iso, isoOrNull, loadUser, q } from './helpers';

export type WalletMovement = {
  userId: string;
  /** Signed fils: + credits the wallet, − debits it (only from what is available: balance − held). */
  delta: bigint;
  kind: WalletTransactionKind;
  description: string;
  ref?: { type: 'deposit' | 'withdrawal' | 'investment' | 'adjustment' | 'sip_instalment' | 'exchange_trade' | 'pool_sale' | 'property_exit' | 'distribution' | 'platform_fee'; id: string } | null;
  journalReference?: string | null;
  /** When it happened (seeds backdate history); now when absent. */
  at?: Date;
};

/**
 * Moves a wallet's balance inside the caller's transaction and records the movement with the balance
 * after it. A debit is one conditional UPDATE (balance − held ≥ amount), so two concurrent debits can
 * never take a wallet below what it holds; 422 insufficient_funds when it would.
 */
export async function moveWallet(tx: Db, m: WalletMovement): Promise<bigint> {
  if (m.delta === 0n) throw new RangeError('a wallet movement cannot be zero');
  const delta = m.delta.toString();
  const at = m.at ? m.at.toISOString() : null;
  // One round trip: the balance change and its history row with the balance after it.
  const change =
    m.delta > 0n
      ? sql`insert into wallets (user_id, balance) values (${m.userId}, ${delta}::bigint)
            on conflict (user_id) do update set balance = wallets.balance + excluded.balance, updated_at = now()
            returning balance`
      : sql`update wallets set balance = balance + ${delta}::bigint, updated_at = now()
             where user_id = ${m.userId} and balance - held >= -(${delta}::bigint)
            returning balance`;
  const [row] = await q<{ balance: string }>(
    tx,
    sql`with w as (${change})
        insert into wallet_transactions (user_id, kind, amount, balance_after, description, ref_type, ref_id, journal_reference, created_at)
        select ${m.userId}, ${m.kind}, ${delta}::bigint, w.balance, ${m.description.slice(0, 300)}, ${m.ref?.type ?? null}, ${m.ref?.id ?? null}::uuid,
               ${m.journalReference ?? null}, coalesce(${at}::timestamptz, clock_timestamp())
          from w
        returning balance_after::text as balance`,
  );
  if (!row) {
    const available = await availableOf(tx, m.userId);
    throw new AppError(422, walletErrorCodes.insufficientFunds, walletMessages.insufficientAvailable(available), { available: available.toString(), required: (-m.delta).toString() });
  }
  return big(row.balance);
}

export type WalletDebit = {
  userId: string;
  amount: bigint;
  description: string;
  ref: NonNullable<WalletMovement['ref']>;
  journalReference: string | null;
  at?: Date;
  /** Default 'investment' (the SIP run). */
  kind?: WalletTransactionKind;
};

/**
 * Debits many wallets in one go inside the caller's transaction (the SIP run), recording each debit with
 * the balance after it. The caller has locked the wallets (and checked what is available); the update is
 * still conditional, so a wallet can never go below what it holds: any shortfall throws and rolls back.
 * Returns each debit's balance after it, in the order given.
 */
export async function debitMany(tx: Db, debits: WalletDebit[]): Promise<bigint[]> {
  if (debits.length === 0) return [];
  const totals = new Map<string, bigint>();
  for (const d of debits) {
    if (d.amount <= 0n) throw new RangeError('a debit must be positive');
    totals.set(d.userId, (totals.get(d.userId) ?? 0n) + d.amount);
  }
  const updated = await q<{ user_id: string; balance: string }>(
    tx,
    sql`update wallets w set balance = w.balance - x.d, updated_at = now()
          from jsonb_to_recordset(${JSON.stringify([...totals].map(([u, d]) => ({ u, d: d.toString() })))}::jsonb) as x(u uuid, d bigint)
         where w.user_id = x.u and w.balance - w.held >= x.d
        returning w.user_id, w.balance::text`,
  );
  if (updated.length !== totals.size) throw new AppError(422, walletErrorCodes.insufficientFunds, 'A wallet no longer has enough available for this collection.');
  // Balance after each debit: from the balance before the batch, in the order given.
  const running = new Map(updated.map((r) => [r.user_id, big(r.balance) + totals.get(r.user_id)!]));
  const after = debits.map((d) => {
    const b = running.get(d.userId)! - d.amount;
    running.set(d.userId, b);
    return b;
  });
  await tx.execute(sql`
    insert into wallet_transactions (user_id, kind, amount, balance_after, description, ref_type, ref_id, journal_reference, created_at)
    select x.u, x.k, -x.a, x.b, x.d, x.rt, x.ri, x.j, coalesce(x.t, clock_timestamp())
      from jsonb_to_recordset(${JSON.stringify(
        debits.map((d, i) => ({ u: d.userId, k: d.kind ?? 'investment', a: d.amount.toString(), b: after[i].toString(), d: d.description.slice(0, 300), rt: d.ref.type, ri: d.ref.id, j: d.journalReference, t: d.at?.toISOString() ?? null })),
      )}::jsonb) as x(u uuid, k text, a bigint, b bigint, d text, rt text, ri uuid, j text, t timestamptz)`);
  return after;
}

export type WalletCredit = Omit<WalletDebit, 'kind'> & { kind: WalletTransactionKind };

/**
 * Credits many wallets in one go inside the caller's transaction (a distribution's payments), opening a wallet
 * for anyone who has none, and records each credit with the balance after it. Returns each credit's balance
 * after it, in the order given.
 */
export async function creditMany(tx: Db, credits: WalletCredit[]): Promise<bigint[]> {
  if (credits.length === 0) return [];
  const totals = new Map<string, bigint>();
  for (const c of credits) {
    if (c.amount <= 0n) throw new RangeError('a credit must be positive');
    totals.set(c.userId, (totals.get(c.userId) ?? 0n) + c.amount);
  }
  const updated = await q<{ user_id: string; balance: string }>(
    tx,
    sql`insert into wallets (user_id, balance)
        select x.u, x.c from jsonb_to_recordset(${JSON.stringify([...totals].map(([u, c]) => ({ u, c: c.toString() })))}::jsonb) as x(u uuid, c bigint) order by x.u
        on conflict (user_id) do update set balance = wallets.balance + excluded.balance, updated_at = now()
        returning user_id::text, balance::text`,
  );
  const running = new Map(updated.map((r) => [r.user_id, big(r.balance) - totals.get(r.user_id)!]));
  const after = credits.map((c) => {
    const b = running.get(c.userId)! + c.amount;
    running.set(c.userId, b);
    return b;
  });
  await tx.execute(sql`
    insert into wallet_transactions (user_id, kind, amount, balance_after, description, ref_type, ref_id, journal_reference, created_at)
    select x.u, x.k, x.a, x.b, x.d, x.rt, x.ri, x.j, coalesce(x.t, clock_timestamp())
      from jsonb_to_recordset(${JSON.stringify(
        credits.map((c, i) => ({ u: c.userId, k: c.kind, a: c.amount.toString(), b: after[i].toString(), d: c.description.slice(0, 300), rt: c.ref.type, ri: c.ref.id, j: c.journalReference, t: c.at?.toISOString() ?? null })),
      )}::jsonb) as x(u uuid, k text, a bigint, b bigint, d text, rt text, ri uuid, j text, t timestamptz)`);
  return after;
}

export async function availableOf(tx: Db, userId: string): Promise<bigint> {
  const [w] = await q<{ available: string }>(tx, sql`select (balance - held)::text as available from wallets where user_id = ${userId}`);
  return w ? big(w.available) : 0n;
}

/** Locks the investor's wallet row for the rest of the transaction (creating an empty wallet first), in one round trip. */
export async function lockWallet(tx: Db, userId: string): Promise<{ balance: bigint; held: bigint; available: bigint }> {
  const [w] = await q<{ balance: string; held: string }>(
    tx,
    sql`insert into wallets (user_id) values (${userId})
        on conflict (user_id) do update set updated_at = wallets.updated_at
        returning balance::text, held::text`,
  );
  const balance = big(w.balance);
  const held = big(w.held);
  return { balance, held, available: balance - held };
}

// ---------------------------------------------------------------------------------------------
// Summary and transactions

export async function getWalletSummary(db: Db, userId: string): Promise<WalletSummary> {
  const [row] = await q<{ balance: string | null; held: string | null; updated_at: string | null; pending_deposits: string; pending_withdrawals: string; payee_name: string | null }>(
    db,
    sql`select w.balance::text, w.held::text, w.updated_at,
               (select coalesce(nullif(trim(k.legal_name), ''), trim(u.first_name || ' ' || u.last_name)) from users u
                  left join kyc_applications k on k.user_id = u.id and k.status = 'approved'
                 where u.id = ${userId} and u.kyc_status in ('approved', 'completed')) as payee_name,
               (select coalesce(sum(net), 0)::text from wallet_deposits d where d.user_id = ${userId} and d.status = 'pending') as pending_deposits,
               (select coalesce(sum(amount), 0)::text from wallet_withdrawals x where x.user_id = ${userId} and x.status in ('pending', 'awaiting_second_approval', 'processing')) as pending_withdrawals
          from (select 1) one left join wallets w on w.user_id = ${userId}`,
  );
  const balance = big(row?.balance);
  const held = big(row?.held);
  return {
    currency: 'AED',
    balance: balance.toString(),
    held: held.toString(),
    available: (balance - held).toString(),
    pendingDeposits: big(row?.pending_deposits).toString(),
    pendingWithdrawals: big(row?.pending_withdrawals).toString(),
    limits: { minDeposit: MIN_DEPOSIT_FILS.toString(), minWithdrawal: MIN_WITHDRAWAL_FILS.toString(), maxAmount: MAX_AMOUNT_FILS.toString() },
    payeeName: row?.payee_name ?? null,
    updatedAt: isoOrNull(row?.updated_at),
  };
}

type TxRow = {
  id: string;
  kind: WalletTransactionKind;
  amount: string;
  balance_after: string;
  description: string;
  ref_type: WalletTransactionJson['reference'] extends infer R ? (R extends { type: infer T } ? T : never) : never;
  ref_id: string | null;
  journal_reference: string | null;
  created_at: string | Date;
};

const txJson = (r: TxRow): WalletTransactionJson => ({
  id: r.id,
  kind: r.kind,
  amount: big(r.amount).toString(),
  balanceAfter: big(r.balance_after).toString(),
  description: r.description,
  reference: r.ref_type && r.ref_id ? { type: r.ref_type, id: r.ref_id } : null,
  journalReference: r.journal_reference,
  createdAt: iso(r.created_at),
});

const TX_COLUMNS = sql`id, kind, amount::text, balance_after::text, description, ref_type, ref_id, journal_reference, created_at`;

export async function listTransactions(db: Db, userId: string, query: Partial<TransactionsQuery> & { limit: number; offset: number }): Promise<TransactionsPage> {
  const conds: SQL[] = [sql`user_id = ${userId}`];
  if (query.from) conds.push(sql`created_at >= ${dubaiDayStart(query.from).toISOString()}::timestamptz`);
  if (query.to) conds.push(sql`created_at < ${dubaiDayStart(query.to).toISOString()}::timestamptz + interval '1 day'`);
  if (query.kind) conds.push(sql`kind = ${query.kind}`);
  const where = sql.join(conds, sql` and `);
  const [items, [{ n }], [opening], [closing]] = await Promise.all([
    q<TxRow>(db, sql`select ${TX_COLUMNS} from wallet_transactions where ${where} order by seq desc limit ${query.limit} offset ${query.offset}`),
    q<{ n: string }>(db, sql`select count(*)::text as n from wallet_transactions where ${where}`),
    query.from
      ? q<{ b: string }>(db, sql`select balance_after::text as b from wallet_transactions where user_id = ${userId} and created_at < ${dubaiDayStart(query.from).toISOString()}::timestamptz order by seq desc limit 1`)
      : Promise.resolve([{ b: '0' }]),
    query.to
      ? q<{ b: string }>(db, sql`select balance_after::text as b from wallet_transactions where user_id = ${userId} and created_at < ${dubaiDayStart(query.to).toISOString()}::timestamptz + interval '1 day' order by seq desc limit 1`)
      : q<{ b: string }>(db, sql`select balance_after::text as b from wallet_transactions where user_id = ${userId} order by seq desc limit 1`),
  ]);
  return {
    items: items.map(txJson),
    total: Number(n),
    limit: query.limit,
    offset: query.offset,
    openingBalance: big(opening?.b).toString(),
    closingBalance: big(closing?.b ?? opening?.b).toString(),
  };
}

/** Every movement in a date range, oldest first, with the balances either side (for statements). */
export async function statementData(db: Db, userId: string, from: string, to: string) {
  const start = dubaiDayStart(from).toISOString();
  const end = new Date(dubaiDayStart(to).getTime() + 86_400_000).toISOString();
  const [user, items, [opening]] = await Promise.all([
    loadUser(db, userId),
    q<TxRow>(db, sql`select ${TX_COLUMNS} from wallet_transactions where user_id = ${userId} and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz order by seq asc limit 20000`),
    q<{ b: string }>(db, sql`select balance_after::text as b from wallet_transactions where user_id = ${userId} and created_at < ${start}::timestamptz order by seq desc limit 1`),
  ]);
  const openingBalance = big(opening?.b);
  const rows = items.map(txJson);
  const closingBalance = rows.length ? big(rows[rows.length - 1].balanceAfter) : openingBalance;
  let moneyIn = 0n;
  let moneyOut = 0n;
  for (const r of rows) {
    const a = big(r.amount);
    if (a > 0n) moneyIn += a;
    else moneyOut -= a;
  }
  return { user, from, to, rows, openingBalance, closingBalance, moneyIn, moneyOut };
}
