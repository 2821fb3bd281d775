/** The ledger's business rules, one file per concern; this is the single place routes and other modules import them from. */
export { DEFAULT_CHART, DEFAULT_COST_CENTERS, createAccount, deleteAccount, ensureInvestorAccount, ensurePropertyAccount, investorAccountCodes, getAccount, listAccounts, seedChartOfAccounts, updateAccount } from './chart';
export { costCenterSubtree, createCostCenter, deleteCostCenter, listCostCenters, updateCostCenter } from './cost-centers';
export { aed, csvLine, hledgerJournal, journalAccountNames } from './export';
export { closeMonth, closeYear, listPeriods, reopenMonth, YEAR_END_SOURCE } from './periods';
export { entryFingerprint, post, postMany, validateLines, type PostedEntry, type PostingEntry, type PostingLine } from './posting';
export { createDraft, deleteDraft, getEntry, MANUAL_SOURCE, postDraft, reverseEntry, REVERSAL_SOURCE, updateDraft } from './drafts';
export { ENTRY_CSV_HEADER, entryCsvRows, listEntries } from './entry-list';
export { createRecurringEntry, deleteRecurringEntry, listRecurringEntries, RECURRING_SOURCE, runRecurringEntries, updateRecurringEntry } from './recurring';
export { balanceSheet, cashFlow, generalLedger, generalLedgerLines, ledgerSummary, profitAndLoss, trialBalance, verifyBalances } from './reports';
