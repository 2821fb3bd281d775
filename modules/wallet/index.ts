/**
 * The wallet: balances, deposits through payment methods (with their charges), withdrawals to a bank
 * account (four eyes above a threshold; payouts through an outbox after commit), running-balance history and
 * statements, and the admin wallet management. Every movement is journaled through the ledger (builders in
 * ./postings.ts) in the same transaction. Contract: ./contract.ts.
 */
export { walletRoutes, providerFor, paymentProviderOf, sessionGate, type WalletDeps } from './routes';
export {
  adjustWallet,
  aed,
  approveAdjustmentRequest,
  approveWithdrawal,
  big,
  deliverPayouts,
  dubaiDate,
  fullName,
  loadUser,
  q,
  confirmDeposit,
  createDeposit,
  creditMany,
  debitMany,
  type WalletCredit,
  type WalletDebit,
  getWalletSummary,
  listTransactions,
  lockWallet,
  markPayoutPaid,
  moveWallet,
  rejectAdjustmentRequest,
  rejectWithdrawal,
  requestWithdrawal,
  reversePayout,
  startPayoutWorker,
} from './service';
export { idempotencyKeyOf, withIdempotency, requestHash } from './idempotency';
export * from './contract';
