/** Banking: bank accounts mapped to ledger accounts, statement import and the reconciliation. */
export { bankingRoutes } from './routes';
export { createBankAccount, getBankAccount, listBankAccounts } from './accounts';
export { bankAccounts } from './schema';
export type { MatchCandidate, MatchSource, StatementLineForMatch } from './match-source';
export { seedBanking } from './seed';
export * from './contract';
