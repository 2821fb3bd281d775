/**
 * One code-split module per admin screen key (the `screen` values of adminScreens). Each loader is
 * a dynamic import, so Vite emits a chunk per screen and React.lazy loads it on first visit.
 */
import type { ComponentType } from 'react';
import type { ResolvedAdminRoute } from './routing';

export type ScreenRoute = Extract<ResolvedAdminRoute, { kind: 'screen' }>;
export type ScreenProps = { route: ScreenRoute };
type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;

export const screenLoaders: Record<string, Loader> = {
  dashboard: () => import('./screens/Dashboard'),
  activity: () => import('./screens/Activity'),
  notifications: () => import('./screens/Notifications'),
  users: () => import('./screens/Users'),
  'user-detail': () => import('./screens/UserDetail'),
  'wallet-management': () => import('./screens/WalletManagement'),
  'document-center': () => import('./screens/DocumentCenter'),
  kyc: () => import('./screens/Kyc'),
  'kyc-backup': () => import('./screens/KycBackup'),
  waitlist: () => import('./screens/Waitlist'),
  communications: () => import('./screens/Communications'),
  staff: () => import('@modules/staff/ui/StaffScreen'),
  properties: () => import('./screens/Properties'),
  investments: () => import('./screens/Investments'),
  'sip-allocation': () => import('./screens/SipAllocation'),
  exchange: () => import('./screens/Exchange'),
  'property-books': () => import('./screens/PropertyBooks'),
  distributions: () => import('./screens/Distributions'),
  fees: () => import('./screens/Fees'),
  'market-data': () => import('./screens/MarketData'),
  'data-trackers': () => import('./screens/DataTrackers'),
  community: () => import('./screens/Community'),
  settings: () => import('./screens/Settings'),
  'api-reference': () => import('./screens/ApiReference'),
  financial: () => import('./screens/Financial'),
  erp: () => import('./screens/Erp'),
  'accounting-ledger': () => import('./screens/AccountingLedger'),
  'chart-of-accounts': () => import('./screens/ChartOfAccounts'),
  'journal-entries': () => import('./screens/JournalEntries'),
  'cost-centers': () => import('./screens/CostCenters'),
  'cost-center-create': () => import('./screens/CostCenterCreate'),
  'cost-center-reports': () => import('./screens/CostCenterReports'),
  'budget-management': () => import('./screens/BudgetManagement'),
  'financial-reports': () => import('./screens/FinancialReports'),
  invoicing: () => import('./screens/Invoicing'),
  purchase: () => import('./screens/Purchase'),
  inventory: () => import('./screens/Inventory'),
  sales: () => import('./screens/Sales'),
  tax: () => import('./screens/Tax'),
  payroll: () => import('./screens/Payroll'),
  'erp-dashboards': () => import('./screens/ErpDashboards'),
};
