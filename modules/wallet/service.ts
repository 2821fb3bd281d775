/**
 * The wallet's use cases, one file each (the folder is the feature list); this file re-exports them.
 *   helpers.ts         q, big, dates, aed, users, the KYC gate and the verified name
 *   movements.ts       moveWallet / lockWallet (the one way a balance moves), summary, transactions, statements
 *   deposits.ts        start (provider, outside any transaction), record, confirm, fail
 *   withdrawals.ts     request (held), cancel, approve (four eyes; ledger + debit + payout outbox), reject, paid
 *   payouts.ts         the payout outbox worker, its retries and its undo
 *   adjustments.ts     manual adjustments and the four-eyes adjustment requests
 *   admin-wallets.ts   the admin wallet management reads
 *   provider-events.ts what a provider reports, applied to the books
 *   postings.ts        the journal entry of each document (pure builders)
 */
export * from './helpers';
export * from './movements';
export * from './deposits';
export * from './withdrawals';
export * from './payouts';
export * from './adjustments';
export * from './admin-wallets';
export * from './provider-events';
