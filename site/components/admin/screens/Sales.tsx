import { ClipboardList, HandCoins } from 'lucide-react';
import { ButtonLink, RecordList, ScreenIntro, StatCard, StatGrid } from '../ui';

export default function Sales() {
  return (
    <>
      <ScreenIntro
        description="What Manzil sells: services to owners and tenants, and property disposals when a holding period ends and a property is sold on behalf of its investors."
        actions={
          <ButtonLink href="/admin/sales/orders" variant="primary" icon={ClipboardList}>
            Sales orders
          </ButtonLink>
        }
      />
      <StatGrid>
        <StatCard label="Sales this month" hint="Invoiced, excluding VAT, in AED." />
        <StatCard label="Open orders" hint="Confirmed, not yet invoiced." />
        <StatCard label="Properties under offer" hint="Disposals agreed but not transferred." />
        <StatCard label="Proceeds to distribute" hint="Sale money due to investors." />
      </StatGrid>
      <RecordList
        caption="Sales"
        search="Customer, property or reference"
        filters={[
          { label: 'Kind', all: 'All sales', options: ['Services', 'Property disposal'] },
          { label: 'Status', all: 'Any status', options: ['Draft', 'Confirmed', 'Invoiced', 'Completed', 'Cancelled'] },
        ]}
        columns={[
          { key: 'ref', label: 'Reference' },
          { key: 'customer', label: 'Customer or buyer' },
          { key: 'property', label: 'Property' },
          { key: 'date', label: 'Date' },
          { key: 'amount', label: 'Amount (AED)', align: 'right' },
          { key: 'status', label: 'Status' },
        ]}
        empty={{ icon: HandCoins, title: 'No sales recorded', body: 'Sales orders and property disposals appear here from offer to completion, and post to the ledger when invoiced.' }}
      />
    </>
  );
}
