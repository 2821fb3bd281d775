/**
 * /admin/invoicing: invoices Manzil issues (rent, management and other services), their customers and the
 * recurring templates. Tabs in the URL (?tab=invoices|customers|recurring); the new-invoice form (?new=1), an
 * invoice (?invoice=<id>) and the customer form (?customer=new|<id>) open as dialogs. API: ../../contract.ts.
 */
import { Plus, UserPlus } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { Button, ScreenIntro, TabLinks } from '@site/components/admin/ui';
import { CustomerFormDialog } from './customer-form';
import { CustomersList } from './customers-list';
import { InvoiceDetailDialog } from './invoice-detail';
import { InvoiceFormDialog } from './invoice-form';
import { InvoicesList } from './invoices-list';
import { RecurringList } from './recurring-list';
import { invoicingHref } from './shared';
import { SummaryCards } from './summary-cards';

const TABS = [
  { key: 'invoices', title: 'Invoices' },
  { key: 'customers', title: 'Customers' },
  { key: 'recurring', title: 'Recurring' },
] as const;

export default function InvoicingScreen() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const tab = TABS.find((t) => t.key === params.get('tab'))?.key ?? 'invoices';
  return (
    <>
      <ScreenIntro
        description="Tax invoices Manzil issues to tenants, buyers and service clients, from draft to paid, with VAT on every line. Issuing posts an invoice to trade receivables; payments, credit notes and customer credit settle it."
        actions={
          <>
            <Button icon={UserPlus} onClick={() => navigate(invoicingHref({ tab, customer: 'new' }))}>
              New customer
            </Button>
            <Button variant="primary" icon={Plus} onClick={() => navigate(invoicingHref({ tab: tab === 'customers' ? 'invoices' : tab, new: '1' }))}>
              New invoice
            </Button>
          </>
        }
      />
      <SummaryCards />
      <TabLinks label="Invoicing" current={tab} tabs={TABS.map((t) => ({ ...t, href: invoicingHref({ tab: t.key === 'invoices' ? undefined : t.key }) }))} />
      {tab === 'invoices' ? <InvoicesList /> : tab === 'customers' ? <CustomersList /> : <RecurringList />}
      <InvoiceFormDialog />
      <InvoiceDetailDialog />
      <CustomerFormDialog />
    </>
  );
}
