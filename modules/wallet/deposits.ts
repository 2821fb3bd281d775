/**
 * Deposits: priced at request, collected by the payment provider (called outside any database
 * transaction), and credited only when the provider reports success (its signed webhook, or the sandbox).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { assertNotSuspended } from '../auth/suspension';
import { post } from '../ledger';
import { notify } from '../notifications';
import type { PaymentProvider } from '../payments';
import {
  bpsLabel,
  paymentMethodByKey,
  quoteDeposit,
  walletErrorCodes,
  walletMessages,
  type DepositInput,
  type DepositJson,
  type DepositStatus,
  type PaymentMethodKey,
} from './contract';
import { aed, dubaiDate, investorAccountCode, verifiedInvestor } from './helpers';
import { moveWallet } from './movements';
import { depositPosting } from './postings';
import { walletDeposits } from './schema';
import { transactionCharges } from '../settings';

type DepositRow = typeof walletDeposits.$inferSelect;

const depositJson = (d: DepositRow, clientSecret?: string | null): DepositJson => ({
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
  ...(clientSecret !== undefined ? { clientSecret } : {}),
});

export type StartedDeposit = { id: string; providerRef: string; clientSecret: string | null };

/**
 * Checks the investor may deposit (verified identity, a method the provider takes) and asks the provider to
 * start collecting. Runs OUTSIDE any database transaction: the deposit id is the provider's idempotency key,
 * so a retry with the same id starts nothing new.
 */
export async function startDeposit(db: Db, provider: PaymentProvider | null, userId: string, input: DepositInput, opts: { id?: string } = {}): Promise<StartedDeposit> {
  await assertNotSuspended(db, userId);
  await verifiedInvestor(db, userId, walletMessages.kycRequiredDeposit);
  if (!provider) throw new AppError(503, walletErrorCodes.paymentsNotConfigured, walletMessages.paymentsNotConfigured);
  if (provider.supportsMethod && !provider.supportsMethod(input.method)) {
    throw new AppError(422, walletErrorCodes.methodUnavailable, walletMessages.methodUnavailable(paymentMethodByKey(input.method)?.name ?? input.method));
  }
  if (provider.maxDepositFils !== undefined && input.amount > provider.maxDepositFils) {
    throw new AppError(422, walletErrorCodes.aboveProviderLimit, walletMessages.aboveProviderLimit(provider.maxDepositFils), { maximum: provider.maxDepositFils.toString() });
  }
  const id = opts.id ?? crypto.randomUUID();
  const started = await provider.createDeposit({ depositId: id, userId, amount: input.amount, method: input.method });
  return { id, providerRef: started.providerRef, clientSecret: started.clientSecret ?? null };
}

/** Records a started deposit as pending (the wallet is credited on confirmation). */
export async function recordDeposit(db: Db, providerName: string, userId: string, input: DepositInput, started: StartedDeposit, opts: { at?: Date } = {}): Promise<DepositJson> {
  const quote = quoteDeposit(input.amount, input.method, await transactionCharges(db));
  const [row] = await db
    .insert(walletDeposits)
    .values({
      id: started.id,
      userId,
      amount: input.amount,
      method: input.method,
      chargeBps: quote.chargeBps,
      charge: BigInt(quote.charge),
      vat: BigInt(quote.vat),
      net: BigInt(quote.net),
      status: 'pending',
      provider: providerName,
      providerRef: started.providerRef,
      ...(opts.at ? { createdAt: opts.at } : {}),
    })
    .returning();
  return depositJson(row, started.clientSecret);
}

/** Starts a deposit with the provider, then records it as pending. */
export async function createDeposit(db: Db, provider: PaymentProvider, userId: string, input: DepositInput, opts: { at?: Date } = {}): Promise<DepositJson> {
  const started = await startDeposit(db, provider, userId, input);
  return recordDeposit(db, provider.name, userId, input, started, opts);
}

export async function getDeposit(db: Db, userId: string | null, id: string): Promise<DepositJson> {
  const [row] = await db.select().from(walletDeposits).where(userId ? and(eq(walletDeposits.id, id), eq(walletDeposits.userId, userId)) : eq(walletDeposits.id, id));
  if (!row) throw notFound(walletMessages.depositNotFound, 'deposit_not_found');
  return depositJson(row);
}

export async function listDeposits(db: Db, userId: string, limit = 50): Promise<DepositJson[]> {
  const rows = await db.select().from(walletDeposits).where(eq(walletDeposits.userId, userId)).orderBy(desc(walletDeposits.createdAt)).limit(limit);
  return rows.map((r) => depositJson(r));
}

/**
 * The provider confirmed a deposit: in one transaction, book it (depositPosting) and credit the wallet.
 * Idempotent: a deposit is confirmed once, whatever the number of confirmations. When the provider reports
 * the amount it received, a different amount is not credited ('ignored', logged by the caller).
 */
export async function confirmDeposit(
  db: Db,
  providerName: string,
  providerRef: string,
  opts: { at?: Date; notify?: boolean; amount?: bigint } = {},
): Promise<'handled' | 'not_found' | 'ignored'> {
  return db.transaction(async (tx) => {
    const [d] = await tx
      .select()
      .from(walletDeposits)
      .where(and(eq(walletDeposits.provider, providerName), eq(walletDeposits.providerRef, providerRef)))
      .for('update');
    if (!d) return 'not_found';
    if (d.status !== 'pending') return 'ignored';
    if (opts.amount !== undefined && opts.amount !== d.amount) return 'ignored';
    const method = paymentMethodByKey(d.method);
    const methodName = method?.name ?? d.method;
    const investorAccount = await investorAccountCode(tx, d.userId);
    const posted = await post(
      tx,
      depositPosting({ ...d, methodName, rail: method?.rail ?? 'bank_transfer' }, { investorAccount, date: dubaiDate(opts.at) }),
    );
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
  if (!updated.length) {
    const [exists] = await db.select({ id: walletDeposits.id }).from(walletDeposits).where(and(eq(walletDeposits.provider, providerName), eq(walletDeposits.providerRef, providerRef)));
    return exists ? ('ignored' as const) : ('not_found' as const);
  }
  await notify(db, { userId: updated[0].userId, kind: 'wallet', title: 'Deposit failed', body: `Your deposit of ${aed(updated[0].amount)} did not go through: ${reason}`, link: '/wallet' });
  return 'handled' as const;
}
