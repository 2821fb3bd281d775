import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, notFound, unprocessable } from '../../api/errors';
import { users } from '../auth/schema';
import { recordAudit } from '../audit';
import { ensureInvestorAccount, LEDGER_ACCOUNTS, post, type PostingLine } from '../ledger';
import { notify, notifyAdmins } from '../notifications';
import type { PaymentProvider, ProviderEvent } from '../payments';
import {
  MAX_AMOUNT_FILS,
  MIN_DEPOSIT_FILS,
  MIN_WITHDRAWAL_FILS,
  bpsLabel,
  maskIban,
  paymentMethodByKey,
  quoteDeposit,
  walletErrorCodes,
  walletMessages,
  withdrawalStatusLabels,
  type AdjustmentInput,
  type AdjustmentJson,
  type AdminWalletDetail,
  type AdminWalletRow,
  type AdminWalletsPage,
  type AdminWalletsQuery,
  type AdminWithdrawalJson,
  type DepositInput,
  type DepositJson,
  type DepositStatus,
  type PaymentMethodKey,
  type TransactionsPage,
  type TransactionsQuery,
  type WalletSummary,
  type WalletTransactionJson,
  type WalletTransactionKind,
  type WithdrawalInput,
  type WithdrawalJson,
  type WithdrawalStatus,
} from './contract';
import { walletAdjustments, walletDeposits, walletWithdrawals } from './schema';

// ---------------------------------------------------------------------------------------------
// Small shared helpers

/** Runs a raw query on either driver and returns its rows (PGlite answers { rows }, postgres-js an array). */
export async function q<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

export const big = (v: unknown): bigint => (v === null || v === undefined || v === '' ? 0n : BigInt(v as string));
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

/** The accounting date in Dubai (UTC+4, no daylight saving): YYYY-MM-DD. */
export const dubaiDate = (at: Date = new Date()) => new Date(at.getTime() + 4 * 3_600_000).toISOString().slice(0, 10);
/** Start of a Dubai calendar day as an instant. */
export const dubaiDayStart = (date: string) => new Date(`${date}T00:00:00+04:00`);

/** "AED 1,250.00". */
export function aed(fils: bigint): string {
  const neg = fils < 0n;
  const abs = neg ? -fils : fils;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}AED ${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

type UserInfo = { id: string; email: string; unicode: string; firstName: string; lastName: string; kycStatus: string; role: string };

export async function loadUser(tx: Db, userId: string): Promise<UserInfo | null> {
  const [u] = await tx
    .select({ id: users.id, email: users.email, unicode: users.unicode, firstName: users.firstName, lastName: users.lastName, kycStatus: users.kycStatus, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return u ?? null;
}

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** The investor's own client-money sub-account (2100-…), opened on first use. */
export async function investorAccountCode(tx: Db, userId: string): Promise<string> {
  const user = await loadUser(tx, userId);
  if (!user) throw notFound(walletMessages.walletUserNotFound, 'user_not_found');
  const account = await ensureInvestorAccount(tx, { userId, unicode: user.unicode, name: fullName(user) });
  return account.code;
}

export type WalletMovement = {
  userId: string;
  /** Signed fils: + credits the wallet, − debits it (only from what is available: balance − held). */
  delta: bigint;
  kind: WalletTransactionKind;
  description: string;
  ref?: { type: 'deposit' | 'withdrawal' | 'investment' | 'adjustment'; id: string } | null;
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

async function availableOf(tx: Db, userId: string): Promise<bigint> {
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
  const [row] = await q<{ balance: string | null; held: string | null; updated_at: string | null; pending_deposits: string; pending_withdrawals: string }>(
    db,
    sql`select w.balance::text, w.held::text, w.updated_at,
               (select coalesce(sum(net), 0)::text from wallet_deposits d where d.user_id = ${userId} and d.status = 'pending') as pending_deposits,
               (select coalesce(sum(amount), 0)::text from wallet_withdrawals x where x.user_id = ${userId} and x.status in ('pending', 'processing')) as pending_withdrawals
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

// ---------------------------------------------------------------------------------------------
// Deposits

type DepositRow = typeof walletDeposits.$inferSelect;

const depositJson = (d: DepositRow): DepositJson => ({
  id: d.id,
  status: d.status as DepositStatus,
  amount: d.amount.toString(),
  method: d.method as PaymentMethodKey,
  methodName: paymentMethodByKey(d.method)?.name ?? d.method,
  chargeBps: d.chargeBps,
  charge: d.charge.toString(),
  vat: d.vat.toString(),
  net: d.net.toString(),
  providerRef: d.providerRef,
  provider: d.provider,
  createdAt: d.createdAt.toISOString(),
  confirmedAt: d.confirmedAt ? d.confirmedAt.toISOString() : null,
});

/** Records a deposit as pending and asks the provider to collect it; the wallet is credited on confirmation. */
export async function createDeposit(db: Db, provider: PaymentProvider, userId: string, input: DepositInput, opts: { at?: Date } = {}): Promise<DepositJson> {
  const quote = quoteDeposit(input.amount, input.method);
  const id = crypto.randomUUID();
  const { providerRef } = await provider.createDeposit({ depositId: id, userId, amount: input.amount, method: input.method });
  const [row] = await db
    .insert(walletDeposits)
    .values({
      id,
      userId,
      amount: input.amount,
      method: input.method,
      chargeBps: quote.chargeBps,
      charge: BigInt(quote.charge),
      vat: BigInt(quote.vat),
      net: BigInt(quote.net),
      status: 'pending',
      provider: provider.name,
      providerRef,
      ...(opts.at ? { createdAt: opts.at } : {}),
    })
    .returning();
  return depositJson(row);
}

export async function getDeposit(db: Db, userId: string | null, id: string): Promise<DepositJson> {
  const [row] = await db.select().from(walletDeposits).where(userId ? and(eq(walletDeposits.id, id), eq(walletDeposits.userId, userId)) : eq(walletDeposits.id, id));
  if (!row) throw notFound(walletMessages.depositNotFound, 'deposit_not_found');
  return depositJson(row);
}

export async function listDeposits(db: Db, userId: string, limit = 50): Promise<DepositJson[]> {
  const rows = await db.select().from(walletDeposits).where(eq(walletDeposits.userId, userId)).orderBy(desc(walletDeposits.createdAt)).limit(limit);
  return rows.map(depositJson);
}

/**
 * The provider confirmed a deposit: in one transaction, book it (Dr clearing for what was paid; Cr the
 * investor's client money for the net, Cr transaction charges and VAT output for the charge) and credit
 * the wallet. Idempotent: a deposit is confirmed once, whatever the number of confirmations.
 */
export async function confirmDeposit(
  db: Db,
  providerName: string,
  providerRef: string,
  opts: { at?: Date; notify?: boolean } = {},
): Promise<'handled' | 'not_found' | 'ignored'> {
  return db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(walletDeposits)
      .where(and(eq(walletDeposits.provider, providerName), eq(walletDeposits.providerRef, providerRef)))
      .for('update');
    if (!d) return 'not_found';
    if (d.status !== 'pending') return 'ignored';
    const method = paymentMethodByKey(d.method);
    const clearing = method?.rail === 'card' ? LEDGER_ACCOUNTS.cardClearing : LEDGER_ACCOUNTS.bankTransferClearing;
    const investorCode = await investorAccountCode(tx, d.userId);
    const methodName = method?.name ?? d.method;
    const lines: PostingLine[] = [
      { accountCode: clearing, debit: d.amount, memo: `${methodName} deposit ${providerRef}` },
      { accountCode: investorCode, credit: d.net, memo: 'Deposit to wallet, net of the transaction charge' },
    ];
    if (d.charge > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.transactionFees, credit: d.charge, memo: `Transaction charge ${bpsLabel(d.chargeBps)}` });
    if (d.vat > 0n) lines.push({ accountCode: LEDGER_ACCOUNTS.vatOutput, credit: d.vat, memo: 'VAT 5% on the transaction charge' });
    const posted = await post(tx, {
      date: dubaiDate(opts.at),
      memo: `Wallet deposit by ${methodName}`,
      source: { module: 'wallet.deposit', id: d.id },
      authorId: null,
      lines,
    });
    await moveWallet(tx, { userId: d.userId, delta: d.amount, kind: 'deposit', description: `Deposit by ${methodName}`, ref: { type: 'deposit', id: d.id }, journalReference: posted.reference, at: opts.at });
    const totalCharge = d.charge + d.vat;
    if (totalCharge > 0n) {
      await moveWallet(tx, {
        userId: d.userId,
        delta: -totalCharge,
        kind: 'charge',
        description: `Transaction charge ${bpsLabel(d.chargeBps)} (${methodName}) incl. 5% VAT`,
        ref: { type: 'deposit', id: d.id },
        journalReference: posted.reference,
        at: opts.at,
      });
    }
    await tx.update(walletDeposits).set({ status: 'confirmed', confirmedAt: opts.at ?? new Date(), journalReference: posted.reference }).where(eq(walletDeposits.id, d.id));
    if (opts.notify !== false) await notify(tx, {
      userId: d.userId,
      kind: 'wallet',
      title: 'Deposit received',
      body: `${aed(d.net)} is now in your wallet (${aed(d.amount)} by ${methodName}, less a ${aed(totalCharge)} transaction charge incl. VAT).`,
      link: '/wallet',
    });
    return 'handled';
  });
}

/** A provider reported a failed deposit: nothing was booked, the deposit is marked failed. */
export async function failDeposit(db: Db, providerName: string, providerRef: string, reason: string) {
  const updated = await db
    .update(walletDeposits)
    .set({ status: 'failed' })
    .where(and(eq(walletDeposits.provider, providerName), eq(walletDeposits.providerRef, providerRef), eq(walletDeposits.status, 'pending')))
    .returning({ userId: walletDeposits.userId, amount: walletDeposits.amount });
  if (!updated.length) return 'ignored' as const;
  await notify(db, { userId: updated[0].userId, kind: 'wallet', title: 'Deposit failed', body: `Your deposit of ${aed(updated[0].amount)} did not go through: ${reason}`, link: '/wallet' });
  return 'handled' as const;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals

type WithdrawalRow = typeof walletWithdrawals.$inferSelect;

const withdrawalJson = (w: WithdrawalRow): WithdrawalJson => ({
  id: w.id,
  status: w.status as WithdrawalStatus,
  amount: w.amount.toString(),
  ibanMasked: maskIban(w.iban),
  accountName: w.accountName,
  reason: w.reason,
  createdAt: w.createdAt.toISOString(),
  decidedAt: w.decidedAt ? w.decidedAt.toISOString() : null,
  paidAt: w.paidAt ? w.paidAt.toISOString() : null,
});

/** Holds the amount (available drops, balance stays) and records the request for an administrator. */
export async function requestWithdrawal(db: Db, userId: string, input: WithdrawalInput): Promise<WithdrawalJson> {
  return db.transaction(async (tx) => {
    const user = await loadUser(tx, userId);
    if (!user) throw notFound(walletMessages.walletUserNotFound, 'user_not_found');
    await q(tx, sql`insert into wallets (user_id) values (${userId}) on conflict (user_id) do nothing`);
    const [held] = await q<{ held: string }>(
      tx,
      sql`update wallets set held = held + ${input.amount.toString()}::bigint, updated_at = now()
           where user_id = ${userId} and balance - held >= ${input.amount.toString()}::bigint
          returning held::text`,
    );
    if (!held) {
      const available = await availableOf(tx, userId);
      throw new AppError(422, walletErrorCodes.insufficientFunds, walletMessages.insufficientAvailable(available), { available: available.toString(), required: input.amount.toString() });
    }
    const [row] = await tx
      .insert(walletWithdrawals)
      .values({ userId, amount: input.amount, iban: input.iban, accountName: input.accountName || fullName(user), status: 'pending' })
      .returning();
    await notifyAdmins(tx, {
      kind: 'withdrawal_requested',
      title: `Withdrawal to approve: ${aed(input.amount)}`,
      body: `${fullName(user)} asked to withdraw ${aed(input.amount)} to an account ending ${input.iban.slice(-4)}.`,
      link: '/admin/users/wallet-management',
    });
    return withdrawalJson(row);
  });
}

export async function listWithdrawals(db: Db, userId: string): Promise<WithdrawalJson[]> {
  const rows = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.userId, userId)).orderBy(desc(walletWithdrawals.createdAt)).limit(100);
  return rows.map(withdrawalJson);
}

async function lockWithdrawal(tx: Db, id: string, userId?: string) {
  const [w] = await tx
    .select()
    .from(walletWithdrawals)
    .where(userId ? and(eq(walletWithdrawals.id, id), eq(walletWithdrawals.userId, userId)) : eq(walletWithdrawals.id, id))
    .for('update');
  if (!w) throw notFound(walletMessages.withdrawalNotFound, 'withdrawal_not_found');
  if (w.status !== 'pending') throw unprocessable(walletMessages.withdrawalNotPending(withdrawalStatusLabels[w.status as WithdrawalStatus]?.toLowerCase() ?? w.status), walletErrorCodes.withdrawalNotPending);
  return w;
}

async function releaseHold(tx: Db, userId: string, amount: bigint) {
  await q(tx, sql`update wallets set held = held - ${amount.toString()}::bigint, updated_at = now() where user_id = ${userId}`);
}

/** The investor withdraws their own pending request: the hold is released. */
export async function cancelWithdrawal(db: Db, userId: string, id: string): Promise<WithdrawalJson> {
  return db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id, userId);
    await releaseHold(tx, userId, w.amount);
    const [row] = await tx.update(walletWithdrawals).set({ status: 'cancelled', decidedAt: new Date() }).where(eq(walletWithdrawals.id, id)).returning();
    return withdrawalJson(row);
  });
}

/**
 * An administrator approves a pending withdrawal: the held amount leaves the wallet, the books record it
 * (Dr the investor's client money, Cr the client money bank account) and the provider pays it out; it is
 * 'processing' until the provider confirms the payout, then 'paid'.
 */
export async function approveWithdrawal(db: Db, provider: PaymentProvider, adminId: string, id: string, ip?: string | null): Promise<AdminWithdrawalJson> {
  await db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id);
    const [after] = await q<{ balance: string }>(
      tx,
      sql`update wallets set balance = balance - ${w.amount.toString()}::bigint, held = held - ${w.amount.toString()}::bigint, updated_at = now()
           where user_id = ${w.userId} and held >= ${w.amount.toString()}::bigint returning balance::text`,
    );
    if (!after) throw new AppError(409, 'hold_missing', 'The amount held for this withdrawal is no longer in the wallet. Reject it instead.');
    const investorCode = await investorAccountCode(tx, w.userId);
    const posted = await post(tx, {
      date: dubaiDate(),
      memo: `Wallet withdrawal to ${maskIban(w.iban)}`,
      source: { module: 'wallet.withdrawal', id: w.id },
      authorId: adminId,
      lines: [
        { accountCode: investorCode, debit: w.amount, memo: 'Withdrawal from wallet' },
        { accountCode: LEDGER_ACCOUNTS.bankClientMoney, credit: w.amount, memo: `Payout to ${maskIban(w.iban)}` },
      ],
    });
    await q(
      tx,
      sql`insert into wallet_transactions (user_id, kind, amount, balance_after, description, ref_type, ref_id, journal_reference)
          values (${w.userId}, 'withdrawal', ${(-w.amount).toString()}::bigint, ${after.balance}::bigint, ${`Withdrawal to ${maskIban(w.iban)}`}, 'withdrawal', ${w.id}, ${posted.reference})`,
    );
    const { providerRef } = await provider.createPayout({ withdrawalId: w.id, userId: w.userId, amount: w.amount, iban: w.iban, accountName: w.accountName });
    await tx
      .update(walletWithdrawals)
      .set({ status: 'processing', provider: provider.name, providerRef, decidedBy: adminId, decidedAt: new Date(), journalReference: posted.reference })
      .where(eq(walletWithdrawals.id, w.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'wallet.withdrawal.approve',
      entityType: 'withdrawal',
      entityId: w.id,
      summary: `Approved a withdrawal of ${aed(w.amount)} to ${maskIban(w.iban)}`,
      details: { userId: w.userId, amount: w.amount, journalReference: posted.reference, providerRef },
      ip: ip ?? null,
    });
  });
  return getAdminWithdrawal(db, id);
}

export async function rejectWithdrawal(db: Db, adminId: string, id: string, reason: string, ip?: string | null): Promise<AdminWithdrawalJson> {
  await db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, id);
    await releaseHold(tx, w.userId, w.amount);
    await tx.update(walletWithdrawals).set({ status: 'rejected', reason, decidedBy: adminId, decidedAt: new Date() }).where(eq(walletWithdrawals.id, w.id));
    await recordAudit(tx, {
      actorId: adminId,
      action: 'wallet.withdrawal.reject',
      entityType: 'withdrawal',
      entityId: w.id,
      summary: `Rejected a withdrawal of ${aed(w.amount)}: ${reason}`,
      details: { userId: w.userId, amount: w.amount, reason },
      ip: ip ?? null,
    });
    await notify(tx, {
      userId: w.userId,
      kind: 'wallet',
      title: 'Withdrawal not approved',
      body: `Your withdrawal of ${aed(w.amount)} was not approved: ${reason}. The amount is available in your wallet again.`,
      link: '/wallet',
    });
  });
  return getAdminWithdrawal(db, id);
}

/** The provider paid a withdrawal out. Idempotent. */
export async function markPayoutPaid(db: Db, providerName: string, providerRef: string): Promise<'handled' | 'not_found' | 'ignored'> {
  return db.transaction(async (tx) => {
    const [w] = await tx
      .select()
      .from(walletWithdrawals)
      .where(and(eq(walletWithdrawals.provider, providerName), eq(walletWithdrawals.providerRef, providerRef)))
      .for('update');
    if (!w) return 'not_found';
    if (w.status !== 'processing') return 'ignored';
    await tx.update(walletWithdrawals).set({ status: 'paid', paidAt: new Date() }).where(eq(walletWithdrawals.id, w.id));
    await notify(tx, {
      userId: w.userId,
      kind: 'wallet',
      title: 'Withdrawal paid',
      body: `${aed(w.amount)} was paid to your bank account ${maskIban(w.iban)}. It usually shows within one working day.`,
      link: '/wallet',
    });
    return 'handled';
  });
}

/** What the provider reports, applied to the books: the wallet's one event handler. */
export function providerEventHandler(db: Db, providerName: string) {
  return async (event: ProviderEvent) => {
    switch (event.type) {
      case 'deposit.succeeded':
        return confirmDeposit(db, providerName, event.providerRef);
      case 'deposit.failed':
        return failDeposit(db, providerName, event.providerRef, event.reason);
      case 'payout.succeeded':
        return markPayoutPaid(db, providerName, event.providerRef);
      default:
        return 'ignored' as const;
    }
  };
}

/** Deposits and payouts a provider has not reported on yet (after a restart, the sandbox replays them). */
export async function pendingProviderRefs(db: Db, providerName: string) {
  const [deposits, payouts] = await Promise.all([
    q<{ provider_ref: string }>(db, sql`select provider_ref from wallet_deposits where provider = ${providerName} and status = 'pending' order by created_at limit 1000`),
    q<{ provider_ref: string }>(db, sql`select provider_ref from wallet_withdrawals where provider = ${providerName} and status = 'processing' order by created_at limit 1000`),
  ]);
  return { deposits: deposits.map((r) => r.provider_ref), payouts: payouts.map((r) => r.provider_ref) };
}

/** Who may confirm a sandbox payment by hand: its owner, or an administrator. */
export async function sandboxRefOwner(db: Db, providerName: string, providerRef: string): Promise<{ kind: 'deposit' | 'payout'; userId: string } | null> {
  const [d] = await q<{ user_id: string }>(db, sql`select user_id from wallet_deposits where provider = ${providerName} and provider_ref = ${providerRef}`);
  if (d) return { kind: 'deposit', userId: d.user_id };
  const [w] = await q<{ user_id: string }>(db, sql`select user_id from wallet_withdrawals where provider = ${providerName} and provider_ref = ${providerRef}`);
  if (w) return { kind: 'payout', userId: w.user_id };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Admin: wallets, adjustments, withdrawals

/**
 * A manual adjustment by an administrator, with its reason: journaled against the client money bank
 * account (money moved into or out of the segregated account outside the provider flow, or a correction),
 * audited, and shown to the investor. A debit cannot take the wallet below what is held.
 */
export async function adjustWallet(db: Db, adminId: string, userId: string, input: AdjustmentInput, ip?: string | null): Promise<AdjustmentJson> {
  return db.transaction(async (tx) => {
    const user = await loadUser(tx, userId);
    if (!user || user.role !== 'investor') throw notFound(walletMessages.walletUserNotFound, 'user_not_found');
    const wallet = await lockWallet(tx, userId);
    if (input.amount < 0n && wallet.available < -input.amount) {
      throw new AppError(422, walletErrorCodes.adjustmentNegative, walletMessages.adjustmentWouldGoNegative(wallet.available), { available: wallet.available.toString() });
    }
    const id = crypto.randomUUID();
    const investorCode = await investorAccountCode(tx, userId);
    const abs = input.amount < 0n ? -input.amount : input.amount;
    const credit = input.amount > 0n;
    const posted = await post(tx, {
      date: dubaiDate(),
      memo: `Wallet adjustment: ${input.reason}`.slice(0, 1000),
      source: { module: 'wallet.adjustment', id },
      authorId: adminId,
      lines: credit
        ? [
            { accountCode: LEDGER_ACCOUNTS.bankClientMoney, debit: abs, memo: input.reason.slice(0, 200) },
            { accountCode: investorCode, credit: abs, memo: 'Wallet adjustment (credit)' },
          ]
        : [
            { accountCode: investorCode, debit: abs, memo: 'Wallet adjustment (debit)' },
            { accountCode: LEDGER_ACCOUNTS.bankClientMoney, credit: abs, memo: input.reason.slice(0, 200) },
          ],
    });
    const balanceAfter = await moveWallet(tx, { userId, delta: input.amount, kind: 'adjustment', description: `Adjustment: ${input.reason}`, ref: { type: 'adjustment', id }, journalReference: posted.reference });
    const [row] = await tx
      .insert(walletAdjustments)
      .values({ id, userId, amount: input.amount, reason: input.reason, balanceAfter, journalReference: posted.reference, createdBy: adminId })
      .returning();
    await recordAudit(tx, {
      actorId: adminId,
      action: 'wallet.adjust',
      entityType: 'wallet',
      entityId: userId,
      summary: `${credit ? 'Credited' : 'Debited'} ${aed(abs)} ${credit ? 'to' : 'from'} the wallet of ${fullName(user)} (${user.unicode}): ${input.reason}`,
      details: { amount: input.amount, reason: input.reason, balanceAfter, journalReference: posted.reference, adjustmentId: id },
      ip: ip ?? null,
    });
    await notify(tx, {
      userId,
      kind: 'wallet',
      title: credit ? 'Your wallet was credited' : 'Your wallet was debited',
      body: `${aed(abs)} ${credit ? 'was added to' : 'was taken from'} your wallet by Manzil: ${input.reason}`,
      link: '/wallet',
    });
    return adjustmentJson(row);
  });
}

const adjustmentJson = (a: typeof walletAdjustments.$inferSelect): AdjustmentJson => ({
  id: a.id,
  userId: a.userId,
  amount: a.amount.toString(),
  reason: a.reason,
  balanceAfter: a.balanceAfter.toString(),
  journalReference: a.journalReference,
  createdBy: a.createdBy,
  createdAt: a.createdAt.toISOString(),
});

type AdminWalletSqlRow = {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  unicode: string;
  kyc_status: string;
  balance: string;
  held: string;
  pending_withdrawals: string;
  updated_at: string | null;
};

const adminWalletRow = (r: AdminWalletSqlRow): AdminWalletRow => ({
  userId: r.user_id,
  name: `${r.first_name} ${r.last_name}`.trim(),
  email: r.email,
  unicode: r.unicode,
  kycStatus: r.kyc_status,
  balance: big(r.balance).toString(),
  held: big(r.held).toString(),
  available: (big(r.balance) - big(r.held)).toString(),
  pendingWithdrawals: Number(r.pending_withdrawals),
  updatedAt: isoOrNull(r.updated_at),
});

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listWallets(db: Db, query: AdminWalletsQuery): Promise<AdminWalletsPage> {
  const conds: SQL[] = [sql`u.role = 'investor'`];
  if (query.q) {
    const p = likePattern(query.q);
    conds.push(sql`(u.email ilike ${p} or u.unicode ilike ${p} or (u.first_name || ' ' || u.last_name) ilike ${p})`);
  }
  if (query.withHolds === 'true') conds.push(sql`coalesce(w.held, 0) > 0`);
  const where = sql.join(conds, sql` and `);
  const order =
    query.sort === 'name' ? sql`u.first_name, u.last_name, u.id` : query.sort === 'updated' ? sql`w.updated_at desc nulls last, u.id` : sql`coalesce(w.balance, 0) desc, u.id`;
  const [items, [totals]] = await Promise.all([
    q<AdminWalletSqlRow>(
      db,
      sql`select u.id as user_id, u.first_name, u.last_name, u.email, u.unicode, u.kyc_status,
                 coalesce(w.balance, 0)::text as balance, coalesce(w.held, 0)::text as held, w.updated_at,
                 (select count(*) from wallet_withdrawals x where x.user_id = u.id and x.status = 'pending')::text as pending_withdrawals
            from users u left join wallets w on w.user_id = u.id
           where ${where} order by ${order} limit ${query.limit} offset ${query.offset}`,
    ),
    q<{ n: string; balance: string; held: string }>(
      db,
      sql`select count(*)::text as n, coalesce(sum(w.balance), 0)::text as balance, coalesce(sum(w.held), 0)::text as held
            from users u left join wallets w on w.user_id = u.id where ${where}`,
    ),
  ]);
  return {
    items: items.map(adminWalletRow),
    total: Number(totals.n),
    limit: query.limit,
    offset: query.offset,
    totals: { balance: big(totals.balance).toString(), held: big(totals.held).toString(), wallets: Number(totals.n) },
  };
}

const ADMIN_WITHDRAWAL_SQL = sql`select x.*, u.first_name, u.last_name, u.email, u.unicode, coalesce(w.balance, 0)::text as wallet_balance
  from wallet_withdrawals x join users u on u.id = x.user_id left join wallets w on w.user_id = x.user_id`;

type AdminWithdrawalSqlRow = {
  id: string;
  user_id: string;
  amount: string;
  iban: string;
  account_name: string;
  status: WithdrawalStatus;
  reason: string | null;
  decided_by: string | null;
  created_at: string;
  decided_at: string | null;
  paid_at: string | null;
  first_name: string;
  last_name: string;
  email: string;
  unicode: string;
  wallet_balance: string;
};

const adminWithdrawalJson = (r: AdminWithdrawalSqlRow): AdminWithdrawalJson => ({
  id: r.id,
  status: r.status,
  amount: big(r.amount).toString(),
  ibanMasked: maskIban(r.iban),
  accountName: r.account_name,
  reason: r.reason,
  createdAt: iso(r.created_at),
  decidedAt: isoOrNull(r.decided_at),
  paidAt: isoOrNull(r.paid_at),
  userId: r.user_id,
  name: `${r.first_name} ${r.last_name}`.trim(),
  email: r.email,
  unicode: r.unicode,
  iban: r.iban,
  walletBalance: big(r.wallet_balance).toString(),
  decidedBy: r.decided_by,
});

export async function listAdminWithdrawals(db: Db, query: { status?: WithdrawalStatus; limit: number; offset: number; userId?: string }) {
  const conds: SQL[] = [sql`true`];
  if (query.status) conds.push(sql`x.status = ${query.status}`);
  if (query.userId) conds.push(sql`x.user_id = ${query.userId}`);
  const where = sql.join(conds, sql` and `);
  const [items, [{ n }]] = await Promise.all([
    q<AdminWithdrawalSqlRow>(db, sql`${ADMIN_WITHDRAWAL_SQL} where ${where} order by x.status = 'pending' desc, x.created_at desc limit ${query.limit} offset ${query.offset}`),
    q<{ n: string }>(db, sql`select count(*)::text as n from wallet_withdrawals x where ${where}`),
  ]);
  return { items: items.map(adminWithdrawalJson), total: Number(n) };
}

export async function getAdminWithdrawal(db: Db, id: string): Promise<AdminWithdrawalJson> {
  const [row] = await q<AdminWithdrawalSqlRow>(db, sql`${ADMIN_WITHDRAWAL_SQL} where x.id = ${id}`);
  if (!row) throw notFound(walletMessages.withdrawalNotFound, 'withdrawal_not_found');
  return adminWithdrawalJson(row);
}

export async function getAdminWallet(db: Db, userId: string): Promise<AdminWalletDetail> {
  const [row] = await q<AdminWalletSqlRow>(
    db,
    sql`select u.id as user_id, u.first_name, u.last_name, u.email, u.unicode, u.kyc_status,
               coalesce(w.balance, 0)::text as balance, coalesce(w.held, 0)::text as held, w.updated_at,
               (select count(*) from wallet_withdrawals x where x.user_id = u.id and x.status = 'pending')::text as pending_withdrawals
          from users u left join wallets w on w.user_id = u.id where u.id = ${userId} and u.role = 'investor'`,
  );
  if (!row) throw notFound(walletMessages.walletUserNotFound, 'user_not_found');
  const [transactions, withdrawals, adjustments, deposits] = await Promise.all([
    listTransactions(db, userId, { limit: 50, offset: 0 }),
    listAdminWithdrawals(db, { userId, limit: 50, offset: 0 }),
    db.select().from(walletAdjustments).where(eq(walletAdjustments.userId, userId)).orderBy(desc(walletAdjustments.createdAt)).limit(50),
    listDeposits(db, userId, 50),
  ]);
  return { wallet: adminWalletRow(row), transactions: transactions.items, withdrawals: withdrawals.items, adjustments: adjustments.map(adjustmentJson), deposits };
}
