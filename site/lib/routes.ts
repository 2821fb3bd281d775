/**
 * The spec's route table (§2). Tests walk it; the admin app's router and navigation use it.
 * Paths are lower-case; the server matches case-insensitively with an optional trailing slash.
 */
export const publicRoutes = [
  '/', '/home', '/login', '/signup', '/properties', '/learn', '/contact', '/about',
  '/terms', '/privacy', '/disclaimer', '/regulatory', '/cookies', '/ai-assistant',
] as const;

export const investorRoutes = [
  '/dashboard', '/sip-setup', '/exchange', '/notifications', '/wallet',
  '/kyc', '/kyc/personal', '/kyc/documents', '/kyc/address', '/kyc/financial', '/kyc/review', '/kyc/verify',
  '/checkout', '/community', '/auth', '/onboarding',
  '/auth/forgot-password', '/auth/reset-password', '/auth/verify-mfa', '/verify-mfa', '/mfa',
] as const;

export type AdminScreen = { path: string; title: string; section: AdminSection; screen: string };
export type AdminSection = 'Overview' | 'People' | 'Investing' | 'Operations' | 'Accounting & ERP';

/** Every admin route of §2 and the screen it opens. */
export const adminScreens: AdminScreen[] = [
  { path: '/admin', title: 'Dashboard', section: 'Overview', screen: 'dashboard' },
  { path: '/admin/dashboard', title: 'Dashboard', section: 'Overview', screen: 'dashboard' },
  { path: '/admin/activity', title: 'Activity log', section: 'Overview', screen: 'activity' },
  { path: '/admin/notifications', title: 'Notifications', section: 'Overview', screen: 'notifications' },
  { path: '/admin/users', title: 'Users', section: 'People', screen: 'users' },
  { path: '/admin/users/wallet-management', title: 'Wallet management', section: 'People', screen: 'wallet-management' },
  { path: '/admin/users/document-center', title: 'Document center', section: 'People', screen: 'document-center' },
  { path: '/admin/kyc', title: 'KYC review', section: 'People', screen: 'kyc' },
  { path: '/admin/kyc/backup', title: 'KYC backup', section: 'People', screen: 'kyc-backup' },
  { path: '/admin/waitlist', title: 'Waitlist', section: 'People', screen: 'waitlist' },
  { path: '/admin/communications', title: 'Communications', section: 'People', screen: 'communications' },
  { path: '/admin/staff', title: 'Staff & roles', section: 'People', screen: 'staff' },
  { path: '/admin/properties', title: 'Properties', section: 'Investing', screen: 'properties' },
  { path: '/admin/investments', title: 'Investments', section: 'Investing', screen: 'investments' },
  { path: '/admin/sip-allocation', title: 'SIP allocation', section: 'Investing', screen: 'sip-allocation' },
  { path: '/admin/exchange', title: 'Exchange', section: 'Investing', screen: 'exchange' },
  { path: '/admin/property-books', title: 'Property books', section: 'Investing', screen: 'property-books' },
  { path: '/admin/distributions', title: 'Distributions', section: 'Investing', screen: 'distributions' },
  { path: '/admin/fees', title: 'Platform fees', section: 'Investing', screen: 'fees' },
  { path: '/admin/market-data', title: 'Market data', section: 'Investing', screen: 'market-data' },
  { path: '/admin/data-trackers', title: 'Data trackers', section: 'Operations', screen: 'data-trackers' },
  { path: '/admin/community', title: 'Community', section: 'Operations', screen: 'community' },
  { path: '/admin/settings', title: 'Settings', section: 'Operations', screen: 'settings' },
  { path: '/admin/api-reference', title: 'API reference', section: 'Operations', screen: 'api-reference' },
  { path: '/admin/financial', title: 'Financial management', section: 'Accounting & ERP', screen: 'financial' },
  { path: '/admin/erp', title: 'ERP overview', section: 'Accounting & ERP', screen: 'erp' },
  { path: '/admin/erp/accounting-ledger', title: 'Accounting ledger', section: 'Accounting & ERP', screen: 'accounting-ledger' },
  { path: '/admin/erp/accounting', title: 'Chart of accounts', section: 'Accounting & ERP', screen: 'chart-of-accounts' },
  { path: '/admin/chart-of-accounts', title: 'Chart of accounts', section: 'Accounting & ERP', screen: 'chart-of-accounts' },
  { path: '/admin/journal-entries', title: 'Journal entries', section: 'Accounting & ERP', screen: 'journal-entries' },
  { path: '/admin/cost-centers', title: 'Cost centers', section: 'Accounting & ERP', screen: 'cost-centers' },
  { path: '/admin/cost-center/create', title: 'New cost center', section: 'Accounting & ERP', screen: 'cost-center-create' },
  { path: '/admin/cost-center-reports', title: 'Cost center reports', section: 'Accounting & ERP', screen: 'cost-center-reports' },
  { path: '/admin/budget-management', title: 'Budgets', section: 'Accounting & ERP', screen: 'budget-management' },
  { path: '/admin/financial-reports', title: 'Financial reports', section: 'Accounting & ERP', screen: 'financial-reports' },
  { path: '/admin/invoicing', title: 'Invoicing', section: 'Accounting & ERP', screen: 'invoicing' },
  { path: '/admin/erp/purchase', title: 'Purchasing', section: 'Accounting & ERP', screen: 'purchase' },
  { path: '/admin/purchase', title: 'Purchasing', section: 'Accounting & ERP', screen: 'purchase' },
  { path: '/admin/inventory', title: 'Inventory', section: 'Accounting & ERP', screen: 'inventory' },
  { path: '/admin/sales', title: 'Sales', section: 'Accounting & ERP', screen: 'sales' },
  { path: '/admin/tax', title: 'Tax (VAT)', section: 'Accounting & ERP', screen: 'tax' },
  { path: '/admin/payroll', title: 'Payroll', section: 'Accounting & ERP', screen: 'payroll' },
  { path: '/admin/erp-dashboards', title: 'ERP dashboards', section: 'Accounting & ERP', screen: 'erp-dashboards' },
];

/**
 * Admin screens at a path with an id in it (/admin/users/{id}). One prerendered shell per pattern mounts the
 * admin app; the server answers every path the pattern matches with that shell (api/server.ts), and the
 * client router reads the id from the address.
 */
export type AdminDynamicScreen = AdminScreen & { pattern: RegExp; shell: string; parent: string };
export const adminDynamicScreens: AdminDynamicScreen[] = [
  {
    path: '/admin/users/{id}',
    pattern: /^\/admin\/users\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/,
    shell: '/admin/users/investor',
    title: 'Investor',
    section: 'People',
    screen: 'user-detail',
    parent: 'users',
  },
];

/** Sub-paths that all open the financial management screen, on the tab they name. */
export const financialSubPaths: { path: string; tab: string; title: string }[] = [
  { path: '/admin/financial/ledger', tab: 'ledger', title: 'General ledger' },
  { path: '/admin/financial/receivables', tab: 'receivables', title: 'Receivables' },
  { path: '/admin/financial/payables', tab: 'payables', title: 'Payables' },
  { path: '/admin/financial/banking', tab: 'banking', title: 'Banking' },
  { path: '/admin/inventory/products', tab: 'products', title: 'Products' },
  { path: '/admin/inventory/operations', tab: 'operations', title: 'Inventory operations' },
  { path: '/admin/purchase/orders', tab: 'purchase-orders', title: 'Purchase orders' },
  { path: '/admin/sales/orders', tab: 'sales-orders', title: 'Sales orders' },
  { path: '/admin/tax/management', tab: 'tax', title: 'Tax management' },
  { path: '/admin/payroll/processing', tab: 'payroll', title: 'Payroll processing' },
  { path: '/admin/reporting/statements', tab: 'statements', title: 'Financial statements' },
  { path: '/admin/dashboard/builder', tab: 'dashboard-builder', title: 'Dashboard builder' },
];

export const adminRoutes = [...adminScreens.map((s) => s.path), ...financialSubPaths.map((s) => s.path)];

/** Paths with a dynamic segment; tests visit these examples. */
export const dynamicRouteExamples = ['/property/marina-gate-two-bedroom-sea-view', '/community/discussions', '/onboarding/goals'] as const;

/** Screens preloaded 3 s after page load (§2). */
export const preloadRoutes = ['/properties', '/dashboard', '/exchange'] as const;
