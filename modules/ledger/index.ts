/**
 * The ledger: Manzil's double-entry books. Other modules post through `post(tx, entry)` inside their own
 * transaction, and open per-investor and per-property accounts with ensureInvestorAccount / ensurePropertyAccount.
 */
export { ledgerRoutes } from './routes';
export {
  balanceSheet,
  cashFlow,
  closeMonth,
  closeYear,
  ensureInvestorAccount,
  investorAccountCodes,
  ensurePropertyAccount,
  generalLedger,
  getEntry,
  post,
  postMany,
  profitAndLoss,
  reverseEntry,
  runRecurringEntries,
  seedChartOfAccounts,
  trialBalance,
  validateLines,
  verifyBalances,
  type PostedEntry,
  type PostingEntry,
  type PostingLine,
} from './service';
export { BASE_CURRENCY, toBaseMinor } from '../platform/money';
export * from './contract';
