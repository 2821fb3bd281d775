/**
 * The ledger API's JSON shapes as the screens read them. Accounts, entries and the trial balance come
 * from the ledger contract; the other report shapes mirror modules/ledger/reports.ts, which the browser
 * may not import (server code). Amounts are strings of integer fils.
 */
import type { AccountJson, AccountType, JournalEntryJson, TrialBalanceJson } from '../../../../modules/ledger/contract';

export type { AccountJson, AccountType, JournalEntryJson, JournalLineJson, TrialBalanceJson } from '../../../../modules/ledger/contract';

export type Paged<T> = { items: T[]; total: number };
export type JournalEntrySummary = Omit<JournalEntryJson, 'lines'>;

export type CostCenterJson = {
  id: string;
  code: string;
  name: string;
  kind: string;
  parent: string | null;
  property: string | null;
  description: string;
  archived: boolean;
};

export type LedgerSummaryJson = {
  asOf: string;
  cash: string;
  clientMoney: string;
  incomeMonthToDate: string;
  expensesMonthToDate: string;
  incomeYearToDate: string;
  expensesYearToDate: string;
  netIncomeYearToDate: string;
  draftEntries: number;
  postedEntries: number;
};

export type StatementRow = { accountCode: string; accountName: string; depth: number; isGroup: boolean; amount: string; comparison: string };
export type StatementSection = { rows: StatementRow[]; total: string; comparisonTotal: string };

export type ProfitAndLossJson = {
  from: string;
  to: string;
  comparison: { from: string; to: string };
  income: StatementSection;
  expenses: StatementSection;
  netIncome: string;
  comparisonNetIncome: string;
};

export type BalanceSheetJson = {
  asOf: string;
  comparisonAsOf: string;
  assets: StatementSection;
  liabilities: StatementSection;
  equity: StatementSection;
  currentEarnings: string;
  comparisonCurrentEarnings: string;
  totalLiabilitiesAndEquity: string;
  comparisonTotalLiabilitiesAndEquity: string;
  balanced: boolean;
};

export type CashFlowRow = { accountCode: string; accountName: string; amount: string; comparison: string };
export type CashFlowJson = {
  from: string;
  to: string;
  comparison: { from: string; to: string };
  operating: { netIncome: string; comparisonNetIncome: string; adjustments: CashFlowRow[]; total: string; comparisonTotal: string };
  investing: { rows: CashFlowRow[]; total: string; comparisonTotal: string };
  financing: { rows: CashFlowRow[]; total: string; comparisonTotal: string };
  netChange: string;
  comparisonNetChange: string;
  openingCash: string;
  closingCash: string;
  comparisonOpeningCash: string;
  comparisonClosingCash: string;
};

export type TrialBalanceResponse = TrialBalanceJson & { comparison?: { from: null; to: string } };

export type GeneralLedgerLine = {
  date: string;
  entryId: string;
  entryNumber: string;
  kind: string;
  memo: string;
  lineMemo: string | null;
  accountCode: string;
  accountName: string;
  debit: string;
  credit: string;
  /** Running balance of the line's account after this line, as debit − credit. */
  balance: string;
  currency: string;
  originalAmount: string | null;
  rate: string | null;
  costCenter: string | null;
  property: string | null;
  source: { module: string; id: string };
};

export type GeneralLedgerJson = {
  from: string;
  to: string;
  account: { code: string; name: string; type: AccountType } | null;
  accounts: { accountCode: string; accountName: string; opening: string; debit: string; credit: string; closing: string }[];
  openingBalance: string;
  closingBalance: string;
  totals: { debit: string; credit: string };
  lines: GeneralLedgerLine[];
  page: { limit: number; offset: number; total: number };
};

export type AccountsResponse = Paged<AccountJson>;
export type CostCentersResponse = Paged<CostCenterJson>;
