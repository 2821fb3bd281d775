import { ClipboardList, Plus, ShoppingCart } from 'lucide-react';
import { Button, ButtonLink, RecordList, ScreenIntro, Section, notConnected } from '../ui';

export default function Purchase() {
  return (
    <>
      <ScreenIntro
        description="Buying for Manzil and its properties: requests from the team, approval, the purchase order to the supplier, and the bill that follows."
        actions={
          <>
            <ButtonLink href="/admin/purchase/orders" icon={ClipboardList}>
              Purchase orders
            </ButtonLink>
            <Button variant="primary" icon={Plus} unavailable={notConnected('The accounting ledger')}>
              New request
            </Button>
          </>
        }
      />
      <RecordList
        caption="Purchase requests"
        search="Item, requester or request number"
        filters={[
          { label: 'Status', all: 'Any status', options: ['Submitted', 'Approved', 'Ordered', 'Rejected'] },
          { label: 'Cost center', all: 'All cost centers', options: [] },
        ]}
        columns={[
          { key: 'no', label: 'Request' },
          { key: 'item', label: 'What for' },
          { key: 'by', label: 'Requested by' },
          { key: 'cc', label: 'Cost center' },
          { key: 'amount', label: 'Estimate (AED)', align: 'right' },
          { key: 'status', label: 'Status' },
          { key: 'date', label: 'Date' },
        ]}
        minWidth={860}
        empty={{ icon: ShoppingCart, title: 'No purchase requests', body: 'Requests appear here for approval, and become purchase orders once approved.' }}
      />
      <Section title="Suppliers">
        <div className="-mt-6">
          <RecordList
            caption="Suppliers"
            search="Supplier name or TRN"
            columns={[
              { key: 'name', label: 'Supplier' },
              { key: 'category', label: 'Category' },
              { key: 'trn', label: 'Tax registration no.' },
              { key: 'contact', label: 'Contact' },
              { key: 'open', label: 'Open orders', align: 'right' },
            ]}
            empty={{ icon: ShoppingCart, title: 'No suppliers on file', body: 'Suppliers are added with their tax registration number so their bills can be checked for VAT.' }}
          />
        </div>
      </Section>
    </>
  );
}
