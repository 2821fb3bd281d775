/**
 * The ledger API's JSON shapes as the screens read them. Accounts, entries and the trial balance come
 * from the ledger contract; the other report shapes mirror modules/ledger/reports.ts, which the browser
 * may not import (server code). Amounts are strings of integer fils.
 */
import type { AccountJson, AccountType, JournalEntryJson, TrialBalanceJson } from '@modules/ledger/contract';

export type { AccountJson, AccountType, JournalEntryJson, JournalLineJson, TrialBalanceJson } from '@modules/ledger/contract';
export type { StatementRow, StatementSection, ProfitAndLossJson, BalanceSheetJson, CashFlowRow, CashFlowJson, GeneralLedgerLine, GeneralLedgerJson } from '@modules/ledger/contract';

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





export type TrialBalanceResponse = TrialBalanceJson & { comparison?: { from: null; to: string } };



export type AccountsResponse = Paged<AccountJson>;
export type CostCentersResponse = Paged<CostCenterJson>;
