/** What a payment provider reports, applied to the books: the wallet's one event handler, and the sandbox's helpers. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import type { ProviderEvent, ProviderEventOutcome } from '../payments';
import { confirmDeposit, failDeposit } from './deposits';
import { q } from './helpers';
import { failPayout } from './payouts';
import { markPayoutPaid } from './withdrawals';

export function providerEventHandler(db: Db, providerName: string) {
  return async (event: ProviderEvent): Promise<ProviderEventOutcome> => {
    switch (event.type) {
      case 'deposit.succeeded':
        return confirmDeposit(db, providerName, event.providerRef, { amount: event.amount });
      case 'deposit.failed':
        return failDeposit(db, providerName, event.providerRef, event.reason);
      case 'payout.succeeded':
        return markPayoutPaid(db, providerName, event.providerRef);
      case 'payout.failed':
        return failPayout(db, providerName, event.providerRef, event.reason);
      default:
        return 'ignored';
    }
  };
}

/** Deposits and payouts a provider has not reported on yet (after a restart, the sandbox replays them). */
export async function pendingProviderRefs(db: Db, providerName: string) {
  const [deposits, payouts] = await Promise.all([
    q<{ provider_ref: string }>(db, sql`select provider_ref from wallet_deposits where provider = ${providerName} and status = 'pending' order by created_at limit 1000`),
    q<{ provider_ref: string }>(
      db,
      sql`select provider_ref from wallet_withdrawals where provider = ${providerName} and status = 'processing' and provider_ref is not null order by created_at limit 1000`,
    ),
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

/** Records a webhook event id; false when it was already recorded (a redelivery). */
export async function recordProviderEvent(db: Db, provider: string, eventId: string, type: string, outcome: string): Promise<boolean> {
  const rows = await q(
    db,
    sql`insert into payment_events (provider, event_id, type, outcome) values (${provider}, ${eventId}, ${type}, ${outcome}) on conflict do nothing returning 1 as ok`,
  );
  return rows.length > 0;
}

export async function providerEventSeen(db: Db, provider: string, eventId: string): Promise<boolean> {
  const rows = await q(db, sql`select 1 as ok from payment_events where provider = ${provider} and event_id = ${eventId}`);
  return rows.length > 0;
}
