/**
 * The payout outbox worker. Approving a withdrawal writes a wallet_payouts row in the approval's
 * transaction; here, AFTER commit, a worker claims due rows (FOR UPDATE SKIP LOCKED, so several instances
 * never claim the same row), calls provider.createPayout with the withdrawal id as the idempotency key,
 * and records the outcome. A failed call is retried with backoff; after MAX_PAYOUT_ATTEMPTS the undo runs:
 * the debit is reversed (payoutReversalPosting), the wallet re-credited, the withdrawal marked 'failed' and
 * the investor told. A payout the provider itself reports failed (payout.failed) gets the same undo.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { recordAudit } from '../audit';
import { post } from '../ledger';
import { notify, notifyAdmins } from '../notifications';
import type { PaymentProvider } from '../payments';
import { maskIban } from './contract';
import { aed, dubaiDate, investorAccountCode, loadUser, q } from './helpers';
import { moveWallet } from './movements';
import { payoutReversalPosting } from './postings';
import { walletPayouts, walletWithdrawals } from './schema';

export const MAX_PAYOUT_ATTEMPTS = 5;
/** How long a claimed row is left to its worker before another may take it over (a crash mid-call). */
const LEASE_MS = 5 * 60_000;
/** 30 s, 1 min, 2 min, 4 min … capped at 1 hour. */
export const payoutBackoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

type Claimed = { withdrawal_id: string; attempts: number };

async function claim(db: Db, now: Date, withdrawalId?: string): Promise<Claimed | null> {
  return db.transaction(async (tx) => {
    const only = withdrawalId ? sql`and withdrawal_id = ${withdrawalId}` : sql``;
    const [row] = await q<Claimed>(
      tx,
      sql`select withdrawal_id, attempts from wallet_payouts
           where status in ('queued', 'sending') and next_attempt_at <= ${now.toISOString()}::timestamptz ${only}
           order by next_attempt_at limit 1 for update skip locked`,
    );
    if (!row) return null;
    await tx
      .update(walletPayouts)
      .set({ status: 'sending', attempts: row.attempts + 1, nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(eq(walletPayouts.withdrawalId, row.withdrawal_id));
    return { withdrawal_id: row.withdrawal_id, attempts: row.attempts + 1 };
  });
}

export type PayoutRun = { sent: number; retrying: number; failed: number };

/**
 * Sends what is due: every claimable payout (or only `withdrawalId`). Callable from tests; the server runs it
 * in a loop (startPayoutWorker). `now` lets tests move past the backoff.
 */
export async function deliverPayouts(db: Db, provider: PaymentProvider, opts: { withdrawalId?: string; now?: Date; limit?: number; log?: Pick<Console, 'error'> } = {}): Promise<PayoutRun> {
  const run: PayoutRun = { sent: 0, retrying: 0, failed: 0 };
  const limit = opts.limit ?? 50;
  for (let i = 0; i < limit; i++) {
    const now = opts.now ?? new Date();
    const claimed = await claim(db, now, opts.withdrawalId);
    if (!claimed) break;
    const [w] = await db.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, claimed.withdrawal_id));
    const user = w ? await loadUser(db, w.userId) : null;
    if (!w || !user || w.status !== 'processing') {
      await db.update(walletPayouts).set({ status: 'failed', lastError: 'withdrawal not processing' }).where(eq(walletPayouts.withdrawalId, claimed.withdrawal_id));
      continue;
    }
    try {
      const { providerRef } = await provider.createPayout({ withdrawalId: w.id, userId: w.userId, amount: w.amount, iban: w.iban, accountName: w.accountName, email: user.email });
      await db.transaction(async (tx) => {
        await tx.update(walletPayouts).set({ status: 'sent', provider: provider.name, providerRef, sentAt: new Date(), lastError: null }).where(eq(walletPayouts.withdrawalId, w.id));
        await tx.update(walletWithdrawals).set({ provider: provider.name, providerRef }).where(and(eq(walletWithdrawals.id, w.id), eq(walletWithdrawals.status, 'processing')));
      });
      run.sent += 1;
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      (opts.log ?? console).error(`[payments] payout ${w.id} attempt ${claimed.attempts} failed:`, message);
      if (claimed.attempts >= MAX_PAYOUT_ATTEMPTS) {
        await reversePayout(db, w.id, 'the bank transfer could not be made');
        await db.update(walletPayouts).set({ lastError: message }).where(eq(walletPayouts.withdrawalId, w.id));
        run.failed += 1;
      } else {
        await db
          .update(walletPayouts)
          .set({ status: 'queued', lastError: message, nextAttemptAt: new Date(now.getTime() + payoutBackoffMs(claimed.attempts)) })
          .where(eq(walletPayouts.withdrawalId, w.id));
        run.retrying += 1;
      }
    }
    if (opts.withdrawalId) break;
  }
  return run;
}

/**
 * The undo of a payout that finally failed: in one transaction, the withdrawal's entry is mirrored
 * (payoutReversalPosting), the amount returns to the wallet, the withdrawal becomes 'failed' and the
 * investor and the operators are told. Idempotent: only a 'processing' withdrawal is reversed.
 */
export async function reversePayout(db: Db, withdrawalId: string, reason: string): Promise<'handled' | 'not_found' | 'ignored'> {
  return db.transaction(async (tx) => {
    const [w] = await tx.select().from(walletWithdrawals).where(eq(walletWithdrawals.id, withdrawalId)).for('update');
    if (!w) return 'not_found';
    if (w.status !== 'processing') return 'ignored';
    const investorAccount = await investorAccountCode(tx, w.userId);
    const posted = await post(tx, payoutReversalPosting({ ...w, reason }, { investorAccount, date: dubaiDate() }));
    await moveWallet(tx, { userId: w.userId, delta: w.amount, kind: 'refund', description: `Withdrawal to ${maskIban(w.iban)} returned: ${reason}`, ref: { type: 'withdrawal', id: w.id }, journalReference: posted.reference });
    await tx.update(walletWithdrawals).set({ status: 'failed', reason }).where(eq(walletWithdrawals.id, w.id));
    await q(tx, sql`insert into wallet_payouts (withdrawal_id, status) values (${w.id}, 'failed') on conflict (withdrawal_id) do update set status = 'failed'`);
    await recordAudit(tx, {
      actorId: null,
      action: 'wallet.withdrawal.payout_failed',
      entityType: 'withdrawal',
      entityId: w.id,
      summary: `The payout of ${aed(w.amount)} to ${maskIban(w.iban)} failed (${reason}); the amount was returned to the wallet`,
      details: { userId: w.userId, amount: w.amount, reason, journalReference: posted.reference },
      ip: null,
    });
    await notify(tx, {
      userId: w.userId,
      kind: 'wallet',
      title: 'Withdrawal could not be paid',
      body: `We could not pay ${aed(w.amount)} to your bank account ${maskIban(w.iban)}: ${reason}. The amount is back in your wallet.`,
      link: '/wallet',
    });
    await notifyAdmins(tx, { kind: 'withdrawal_requested', title: `Payout failed: ${aed(w.amount)}`, body: `The payout to ${maskIban(w.iban)} failed (${reason}) and was returned to the wallet.`, link: '/admin/users/wallet-management' });
    return 'handled';
  });
}

/** The provider reported a payout failed after accepting it: the same undo, found by its reference. */
export async function failPayout(db: Db, providerName: string, providerRef: string, reason: string) {
  const [w] = await q<{ id: string }>(db, sql`select id from wallet_withdrawals where provider = ${providerName} and provider_ref = ${providerRef}`);
  if (!w) return 'not_found' as const;
  return reversePayout(db, w.id, reason);
}

/** The server's in-process loop: delivers due payouts every `everyMs` (default 15 s). Returns a stop function. */
export function startPayoutWorker(db: Db, provider: PaymentProvider, opts: { everyMs?: number; log?: Pick<Console, 'error'> } = {}): () => void {
  const log = opts.log ?? console;
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await deliverPayouts(db, provider, { log });
    } catch (err) {
      log.error('[payments] payout worker:', err);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(tick, opts.everyMs ?? 15_000);
  (timer as { unref?: () => void }).unref?.();
  void tick();
  return () => clearInterval(timer);
}
