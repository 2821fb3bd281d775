import { BookOpen, Boxes, FileText, Gauge, HandCoins, Landmark, Package, Percent, Receipt, ShoppingCart, Wallet } from 'lucide-react';
import type { ComponentType } from 'react';
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
  columns: Column[];
  empty: { icon: Icon; title: string; body: string };
};

const periods: FilterSpec = { label: 'Period', all: 'All periods', options: ['This month', 'Last month', 'This quarter', 'This financial year'] };
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
    action: 'New invoice',
    search: 'Customer or invoice number',
    filters: [{ label: 'Age', all: 'Any age', options: ['Not yet due', '1–30 days overdue', '31–60 days overdue', '61–90 days overdue', 'Over 90 days'] }],
    columns: [
      { key: 'invoice', label: 'Invoice' },
      { key: 'customer', label: 'Customer' },
      { key: 'issued', label: 'Issued' },
      { key: 'due', label: 'Due' },
      { key: 'amount', label: 'Amount (AED)', align: 'right' },
      { key: 'outstanding', label: 'Outstanding (AED)', align: 'right' },
      { key: 'age', label: 'Age' },
    ],
    empty: { icon: Receipt, title: 'Nothing is owed to Manzil', body: 'Unpaid invoices appear here with how long they have been outstanding.' },
  },
  payables: {
    description: 'What Manzil owes: property managers, maintenance contractors, service providers and developers. Schedule payments before they fall due.',
    action: 'Record bill',
    search: 'Supplier or bill number',
    filters: [{ label: 'Status', all: 'Any status', options: ['Awaiting approval', 'Approved', 'Scheduled', 'Paid'] }],
    columns: [
      { key: 'bill', label: 'Bill' },
      { key: 'supplier', label: 'Supplier' },
      { key: 'received', label: 'Received' },
      { key: 'due', label: 'Due' },
      { key: 'amount', label: 'Amount (AED)', align: 'right' },
      { key: 'status', label: 'Status' },
    ],
    empty: { icon: HandCoins, title: 'No bills to pay', body: 'Supplier bills appear here once recorded, with their due date and approval status.' },
  },
  banking: {
    description: 'Operating, escrow and payout bank accounts, with statement lines to reconcile against the ledger.',
    action: 'Import statement',
    search: 'Description or reference',
    filters: [{ label: 'Account', all: 'All accounts', options: ['Operating', 'Investor escrow', 'Payouts'] }, { label: 'Reconciled', all: 'All lines', options: ['Reconciled', 'Not reconciled'] }],
    columns: [
      { key: 'date', label: 'Date' },
      { key: 'account', label: 'Bank account' },
      { key: 'description', label: 'Description' },
      { key: 'in', label: 'Money in (AED)', align: 'right' },
      { key: 'out', label: 'Money out (AED)', align: 'right' },
      { key: 'matched', label: 'Matched to' },
    ],
    empty: { icon: Landmark, title: 'No statement lines to reconcile', body: 'Imported bank statement lines appear here, each matched to the journal entry it settles.' },
  },
  products: {
    description: 'The items and services Manzil buys and sells, such as furnishing packs, fittings and maintenance services, with their cost and price.',
    action: 'New product',
    search: 'Product name or SKU',
    filters: [{ label: 'Category', all: 'All categories', options: ['Furniture', 'Fittings and appliances', 'Maintenance service', 'Spare parts'] }],
    columns: [
      { key: 'sku', label: 'SKU' },
      { key: 'name', label: 'Product' },
      { key: 'category', label: 'Category' },
      { key: 'cost', label: 'Unit cost (AED)', align: 'right' },
      { key: 'price', label: 'Price (AED)', align: 'right' },
      { key: 'onhand', label: 'On hand', align: 'right' },
    ],
    empty: { icon: Package, title: 'No products set up', body: 'Products appear here once added, and purchase and sales orders pick from this list.' },
  },
  operations: {
    description: 'Stock movements: goods received, transfers between properties and store, and adjustments after a count.',
    action: 'Record movement',
    search: 'Item or reference',
    filters: [{ label: 'Type', all: 'All movements', options: ['Receipt', 'Transfer', 'Adjustment', 'Write-off'] }, periods],
    columns: [
      { key: 'ref', label: 'Reference' },
      { key: 'type', label: 'Type' },
      { key: 'item', label: 'Item' },
      { key: 'qty', label: 'Quantity', align: 'right' },
      { key: 'from', label: 'From' },
      { key: 'to', label: 'To' },
      { key: 'date', label: 'Date' },
    ],
    empty: { icon: Boxes, title: 'No stock movements recorded', body: 'Each receipt, transfer and adjustment appears here with where the goods came from and went.' },
  },
  'purchase-orders': {
    description: 'Orders placed with suppliers, from approval to delivery and the matching bill.',
    action: 'New purchase order',
    search: 'Supplier or PO number',
    filters: [{ label: 'Status', all: 'Any status', options: ['Draft', 'Awaiting approval', 'Ordered', 'Received', 'Billed', 'Cancelled'] }],
    columns: [
      { key: 'po', label: 'PO number' },
      { key: 'supplier', label: 'Supplier' },
      { key: 'cc', label: 'Cost center' },
      { key: 'ordered', label: 'Ordered' },
      { key: 'amount', label: 'Amount (AED)', align: 'right' },
      { key: 'status', label: 'Status' },
    ],
    empty: { icon: ShoppingCart, title: 'No purchase orders', body: 'Purchase orders appear here once raised, tagged with the cost center that pays for them.' },
  },
  'sales-orders': {
    description: 'Orders for what Manzil sells, from confirmation through delivery to invoice.',
    action: 'New sales order',
    search: 'Customer or order number',
    filters: [{ label: 'Status', all: 'Any status', options: ['Draft', 'Confirmed', 'Delivered', 'Invoiced', 'Cancelled'] }],
    columns: [
      { key: 'order', label: 'Order' },
      { key: 'customer', label: 'Customer' },
      { key: 'date', label: 'Ordered' },
      { key: 'amount', label: 'Amount (AED)', align: 'right' },
      { key: 'vat', label: 'VAT (AED)', align: 'right' },
      { key: 'status', label: 'Status' },
    ],
    empty: { icon: Receipt, title: 'No sales orders', body: 'Sales orders appear here once created, and turn into invoices when delivered.' },
  },
  tax: {
    description: 'VAT returns by period: tax charged on sales, tax paid on purchases and the net amount due to the Federal Tax Authority.',
    search: 'Period',
    filters: [{ label: 'Status', all: 'Any status', options: ['Open', 'Ready to file', 'Filed', 'Paid'] }],
    columns: [
      { key: 'period', label: 'Period' },
      { key: 'output', label: 'Output VAT (AED)', align: 'right' },
      { key: 'input', label: 'Input VAT (AED)', align: 'right' },
      { key: 'net', label: 'Net due (AED)', align: 'right' },
      { key: 'due', label: 'Filing due' },
      { key: 'status', label: 'Status' },
    ],
    empty: { icon: Percent, title: 'No VAT periods to show', body: 'Each period is worked out from invoices and bills posted to the ledger; none have been posted yet.' },
  },
  payroll: {
    description: 'Monthly pay runs for the Manzil team: prepare, check and release salaries.',
    action: 'Start pay run',
    filters: [{ label: 'Status', all: 'Any status', options: ['Draft', 'Approved', 'Paid'] }],
    columns: [
      { key: 'period', label: 'Pay period' },
      { key: 'employees', label: 'Employees', align: 'right' },
      { key: 'gross', label: 'Gross pay (AED)', align: 'right' },
      { key: 'deductions', label: 'Deductions (AED)', align: 'right' },
      { key: 'net', label: 'Net pay (AED)', align: 'right' },
      { key: 'paid', label: 'Paid on' },
      { key: 'status', label: 'Status' },
    ],
    empty: { icon: Wallet, title: 'No pay runs yet', body: 'Each monthly run appears here with its totals, and is posted to the ledger when paid.' },
  },
  statements: {
    description: 'Profit and loss, balance sheet, cash flow and trial balance for any period, beside the period before it, built from posted journal entries.',
    columns: [],
    empty: { icon: FileText, title: 'No statements to show', body: 'Statements are built from posted journal entries.' },
  },
  'dashboard-builder': {
    description: 'Arrange figures and charts from the ledger into dashboards for the team: cash position, fee income, cost center spend.',
    action: 'New dashboard',
    search: 'Dashboard name',
    columns: [
      { key: 'name', label: 'Dashboard' },
      { key: 'owner', label: 'Owner' },
      { key: 'widgets', label: 'Widgets', align: 'right' },
      { key: 'shared', label: 'Shared with' },
      { key: 'updated', label: 'Last changed' },
    ],
    empty: { icon: Gauge, title: 'No dashboards built', body: 'Dashboards appear here once created, and each one reads straight from the ledger.' },
  },
};

export default function Financial({ route }: ScreenProps) {
  const tab = route.tab ?? DEFAULT_FINANCIAL_TAB;
  const current = financialTabs.find((t) => t.tab === tab) ?? financialTabs[0]!;
  const content = tabContent[current.tab]!;
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
          {content.action ? (
            <Button variant="primary" unavailable={notConnected(LEDGER)}>
              {content.action}
            </Button>
          ) : null}
        </div>
        {current.tab === 'ledger' ? (
          <GeneralLedgerView idPrefix="fin-gl" />
        ) : current.tab === 'statements' ? (
          <StatementsView />
        ) : (
          <RecordList key={current.tab} caption={current.title} search={content.search} filters={content.filters} columns={content.columns} empty={content.empty} minWidth={800} />
        )}
      </section>
    </>
  );
}

function TabLinksFor({ current }: { current: string }) {
  return <TabLinks label="Financial areas" current={current} tabs={financialTabs.map((t) => ({ key: t.tab, href: t.path, title: t.title }))} />;
}

