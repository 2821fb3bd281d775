/**
 * The wallet: balances, deposits through payment methods (with their charges), withdrawals to a bank
 * account, running-balance history and statements, and the admin wallet management. Every movement is
 * journaled through the ledger in the same transaction. Contract: ./contract.ts.
 */
export { walletRoutes, providerFor, sessionGate, type WalletDeps } from './routes';
export {
  adjustWallet,
  aed,
  approveWithdrawal,
  big,
  dubaiDate,
  fullName,
  loadUser,
  q,
  confirmDeposit,
  createDeposit,
  getWalletSummary,
  listTransactions,
  lockWallet,
  moveWallet,
  rejectWithdrawal,
  requestWithdrawal,
} from './service';
export { idempotencyKeyOf, withIdempotency, requestHash } from './idempotency';
export * from './contract';
