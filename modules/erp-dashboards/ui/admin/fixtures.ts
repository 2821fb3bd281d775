/** Dashboard answers as the API gives them, for the screen's tests. */
import type { BudgetDashboardJson, CashDashboardJson, RevenueDashboardJson } from '../../contract';

const from = '2025-12-01';
const to = '2026-11-26';
const months = ['2026-09', '2026-10', '2026-11'];
const period = { from, to, months };

export const cashFixture: CashDashboardJson = {
  period,
  accounts: [
    { accountCode: '1110', accountName: 'Emirates NBD operating account', holder: 'operator', balance: '81100000', drill: { account: '1110', from, to } },
    { accountCode: '1120', accountName: 'Emirates NBD client money account', holder: 'clients', balance: '50000000', drill: { account: '1120', from, to } },
  ],
  operatorCash: { amount: '81100000', drill: { account: '1110', from, to } },
  clientMoney: { amount: '50000000', drill: { account: '1120', from, to } },
  propertyCash: { amount: '0', drill: { account: '1140', from, to } },
  totalCash: { amount: '131100000', drill: { account: '1100', from, to } },
  burn: months.map((month) => ({
    month,
    income: '1500000',
    expenses: '4700000',
    burn: '3200000',
    drill: { income: { account: '4000', from: `${month}-01`, to: `${month}-28`, accounts: ['4110', '4130'] }, expenses: { account: '6000', from: `${month}-01`, to: `${month}-28`, accounts: ['6110'] } },
  })),
  runway3: { averageBurn: '3200000', months: 3, runwayHundredths: '2534', reason: null },
  runway6: { averageBurn: '3150000', months: 6, runwayHundredths: '2575', reason: null },
  series: months.map((month) => ({ month, date: `${month}-28`, operator: '81100000', clients: '50000000', properties: '0' })),
};

export const revenueFixture: RevenueDashboardJson = {
  period,
  previous: { from: '2024-12-01', to: '2025-11-30' },
  streams: [
    { key: 'transaction-charges', label: 'Transaction charges', accounts: ['4130'], total: '6000000', previous: '3000000', drill: { account: '4130', from, to }, previousDrill: { account: '4130', from: '2024-12-01', to: '2025-11-30' } },
    { key: 'services', label: 'Service income', accounts: ['4300'], total: '300000', previous: '0', drill: { account: '4300', from, to }, previousDrill: { account: '4300', from: '2024-12-01', to: '2025-11-30' } },
  ],
  total: { amount: '6300000', previous: '3000000', drill: { account: '4000', from, to } },
  months: months.map((month) => ({ month, amounts: { 'transaction-charges': '2000000', services: '100000' } })),
};

export const emptyBudgetFixture: BudgetDashboardJson = {
  period,
  budgets: [],
  rows: [],
  totals: {
    income: { budget: '0', actual: '0', variance: '0', variancePercent: null, favourable: null },
    expense: { budget: '0', actual: '0', variance: '0', variancePercent: null, favourable: null },
    net: { budget: '0', actual: '0', variance: '0', variancePercent: null, favourable: null },
  },
  months: [],
};
