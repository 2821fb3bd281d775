/** Labels and tones the chart of accounts shows for account types and cash-flow classes. */
import { type AccountType, type CashFlowClass } from '@modules/ledger/contract';
import type { AccountJson } from './types';

export const typeTone: Record<AccountType, 'brand' | 'sand' | 'neutral' | 'warning'> = {
  asset: 'brand',
  liability: 'sand',
  equity: 'neutral',
  income: 'brand',
  expense: 'warning',
};
export const typeSingular: Record<AccountType, string> = { asset: 'Asset', liability: 'Liability', equity: 'Equity', income: 'Income', expense: 'Expense' };
export const cashFlowLabels: Record<CashFlowClass, string> = {
  cash: 'Cash and cash equivalents',
  operating: 'Operating activities',
  investing: 'Investing activities',
  financing: 'Financing activities',
};

export type Editing = { mode: 'create'; parent?: AccountJson } | { mode: 'edit'; account: AccountJson };
