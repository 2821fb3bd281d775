import { BookOpen, FileText } from 'lucide-react';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { DEFAULT_FINANCIAL_TAB, financialTabs } from '../routing';
import type { ScreenProps } from '../screenRegistry';
import { Button, RecordList, ScreenIntro, TabLinks, notConnected, type Column, type FilterSpec } from '../ui';
import { GeneralLedgerView } from '../ledger/GeneralLedgerView';
import { StatementsView } from '../ledger/StatementsView';
import { ReconciliationPanel } from '../money/ReconciliationPanel';

type Icon = ComponentType<{ className?: string }>;
type TabContent = {
  description: string;
  action?: string;
  search?: string;
  filters?: FilterSpec[];
  /** Tabs listed by this screen; tabs a module draws (moduleTabs) give only their description. */
  columns?: Column[];
  empty?: { icon: Icon; title: string; body: string };
};

const LEDGER = 'The accounting ledger';

/** What each financial area lists. Keys are the tabs named by the financial sub-paths. */
export const tabContent: Record<string, TabContent> = {
  ledger: {
    description: 'Every posted journal line by account, with opening and running balances. The single source for statements and reports.',
    columns: [],
    empty: { icon: BookOpen, title: 'No journal entries have been posted yet', body: 'Entries appear here as deposits, investments and fees are booked.' },
  },
  receivables: {
    description: 'Money owed to Manzil: rent due from tenants and fees due on managed properties, aged so late payers stand out.',
  },
  payables: {
    description: 'What Manzil owes: property managers, maintenance contractors, service providers and developers. Schedule payments before they fall due.',
  },
  banking: {
    description: 'Operating, escrow and payout bank accounts, with statement lines to reconcile against the ledger.',
  },
  products: {
    description: 'The items and services Manzil buys and sells, such as furnishing packs, fittings and maintenance services, with their cost and price.',
  },
  operations: {
    description: 'Stock movements: goods received, transfers between properties and store, and adjustments after a count.',
  },
  'purchase-orders': {
    description: 'Orders to suppliers, what has arrived against them and what has been billed. Open one to send it, receive the goods or record the bill.',
  },
  'sales-orders': {
    description: 'Orders for what Manzil sells, from confirmation through delivery to invoice.',
  },
  tax: {
    description: 'VAT returns by period: tax charged on sales, tax paid on purchases and the net amount due to the Federal Tax Authority.',
  },
  payroll: {
    description: 'Monthly pay runs for the Manzil team: prepare, check and release salaries.',
  },
  statements: {
    description: 'Profit and loss, balance sheet, cash flow and trial balance for any period, beside the period before it, built from posted journal entries.',
    columns: [],
    empty: { icon: FileText, title: 'No statements to show', body: 'Statements are built from posted journal entries.' },
  },
  'dashboard-builder': {
    description: 'Arrange figures and charts from the ledger and the operational records into dashboards for the team: cash position, fee income, AUM, cost center spend.',
  },
};

/**
 * Tabs whose screens live with their capability (modules/<m>/ui/admin), loaded on first visit. Each brings its
 * own title actions; the others list what their module (issue #15) will fill.
 */
const moduleTabs: Record<string, LazyExoticComponent<ComponentType>> = {
  receivables: lazy(() => import('@modules/receivables/ui/admin/ReceivablesTab')),
  payables: lazy(() => import('@modules/purchasing/ui/admin/PayablesTab')),
  banking: lazy(() => import('@modules/banking/ui/admin/BankingTab')),
  'purchase-orders': lazy(() => import('@modules/purchasing/ui/admin/PurchaseOrdersTab')),
  tax: lazy(() => import('@modules/tax/ui/admin/TaxManagementTab')),
  payroll: lazy(() => import('@modules/payroll/ui/admin/ProcessingTab')),
  products: lazy(() => import('@modules/inventory/ui/admin/ProductsTab')),
  operations: lazy(() => import('@modules/inventory/ui/admin/OperationsTab')),
  'dashboard-builder': lazy(() => import('@modules/analytics/ui/admin/DashboardBuilderTab')),
  'sales-orders': lazy(() => import('@modules/sales/ui/admin/SalesOrdersTab')),
};

export default function Financial({ route }: ScreenProps) {
  const tab = route.tab ?? DEFAULT_FINANCIAL_TAB;
  const current = financialTabs.find((t) => t.tab === tab) ?? financialTabs[0]!;
  const content = tabContent[current.tab]!;
  const ModuleTab = moduleTabs[current.tab];
  return (
    <>
      <ScreenIntro description="Manzil's books in one place: the ledger, money owed in and out, banking, stock, orders, tax, payroll and statements, with the check that client money and shares reconcile. Pick an area below." />
      <TabLinksFor current={current.tab} />
      {current.tab === DEFAULT_FINANCIAL_TAB ? <ReconciliationPanel /> : null}
      <section aria-labelledby="financial-tab-title" className="mt-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="financial-tab-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
              {current.title}
            </h2>
            <p className="mt-0.5 max-w-3xl text-sm text-slate-500">{content.description}</p>
          </div>
          {content.action && !ModuleTab ? (
            <Button variant="primary" unavailable={notConnected(LEDGER)}>
              {content.action}
            </Button>
          ) : null}
        </div>
        {ModuleTab ? (
          <Suspense fallback={<p role="status" className="mt-6 text-sm text-slate-500">Loading {current.title.toLowerCase()}…</p>}>
            <div className="mt-4">
              <ModuleTab />
            </div>
          </Suspense>
        ) : current.tab === 'ledger' ? (
          <GeneralLedgerView idPrefix="fin-gl" />
        ) : current.tab === 'statements' ? (
          <StatementsView />
        ) : (
          <RecordList key={current.tab} caption={current.title} search={content.search} filters={content.filters} columns={content.columns ?? []} empty={content.empty!} minWidth={800} />
        )}
      </section>
    </>
  );
}

function TabLinksFor({ current }: { current: string }) {
  return <TabLinks label="Financial areas" current={current} tabs={financialTabs.map((t) => ({ key: t.tab, href: t.path, title: t.title }))} />;
}

