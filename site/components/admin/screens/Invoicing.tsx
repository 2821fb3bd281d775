import { Plus, Receipt } from 'lucide-react';
import { Button, RecordList, ScreenIntro, StatCard, StatGrid, notConnected } from '../ui';

export default function Invoicing() {
  return (
    <>
      <ScreenIntro
        description="Invoices Manzil issues, such as rent to tenants and management fees, from draft to paid, with VAT shown on each."
        actions={
          <Button variant="primary" icon={Plus} unavailable={notConnected('The accounting ledger')}>
            New invoice
          </Button>
        }
      />
      <StatGrid>
        <StatCard label="Outstanding" hint="Sent and not yet paid, in AED." />
        <StatCard label="Overdue" hint="Past their due date." />
        <StatCard label="Paid this month" hint="Receipts matched to invoices." />
        <StatCard label="Drafts" hint="Not yet sent." />
      </StatGrid>
      <RecordList
        caption="Invoices"
        search="Customer or invoice number"
        filters={[{ label: 'Status', all: 'Any status', options: ['Draft', 'Sent', 'Paid', 'Overdue', 'Void'] }]}
        columns={[
          { key: 'no', label: 'Invoice' },
          { key: 'customer', label: 'Customer' },
          { key: 'issued', label: 'Issued' },
          { key: 'due', label: 'Due' },
          { key: 'net', label: 'Net (AED)', align: 'right' },
          { key: 'vat', label: 'VAT (AED)', align: 'right' },
          { key: 'total', label: 'Total (AED)', align: 'right' },
          { key: 'status', label: 'Status' },
        ]}
        minWidth={900}
        empty={{ icon: Receipt, title: 'No invoices issued', body: 'Invoices appear here once raised, and are posted to receivables in the ledger when sent.' }}
      />
    </>
  );
}
