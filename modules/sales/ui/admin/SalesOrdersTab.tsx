/**
 * /admin/sales/orders (a Financial tab): sales orders on the admin table (GET /api/admin/sales/orders: q, sort,
 * status filter, CSV) with ordered, delivered and invoiced values; an order opens (?order=<id>) to deliver it
 * in part or in full and to invoice what is delivered.
 */
import { ClipboardList, FilePlus2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { ORDER_STATUSES, orderStatusLabels, type OrderJson } from '../../contract';
import { DocumentForm } from './document-form';
import { OrderDetail } from './order-detail';
import { ORDERS, orderTone } from './shared';

type Row = OrderJson;
const PATH = '/admin/sales/orders';

export default function SalesOrdersTab() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const open = params.get('order');
  const [creating, setCreating] = useState(false);
  const show = (id: string | null) => {
    const next = new URLSearchParams(search);
    if (id) next.set('order', id);
    else next.delete('order');
    const qs = next.toString();
    navigate(qs ? `${PATH}?${qs}` : PATH);
  };
  const filters = useMemo<FilterDef[]>(() => [{ type: 'select', key: 'status', label: 'Status', all: 'Any status', options: ORDER_STATUSES.map((s) => ({ value: s, label: orderStatusLabels[s] })) }], []);
  const columns = useMemo(
    () => [
      col.custom<Row>('number', 'Order', (r) => (
        <button type="button" className="whitespace-nowrap text-left font-mono text-sm font-medium text-brand-700 underline-offset-2 hover:underline" onClick={() => show(r.id)}>
          {r.number}
          <span className="sr-only">: open the order for {r.customerName}</span>
        </button>
      ), { sort: 'number' }),
      col.text<Row>('customer', 'Customer', (r) => r.customerName, { sort: 'customer' }),
      col.date<Row>('date', 'Ordered', (r) => r.date, { sort: 'date' }),
      col.text<Row>('quotation', 'Quotation', (r) => r.quotationNumber, { mono: true }),
      col.money<Row>('total', 'Total incl. VAT (AED)', (r) => r.total, { sort: 'total', strong: true }),
      col.money<Row>('delivered', 'Delivered excl. VAT', (r) => r.deliveredNet),
      col.money<Row>('invoiced', 'Invoiced excl. VAT', (r) => r.invoicedNet),
      col.status<Row>('status', 'Status', (r) => r.status, { labels: orderStatusLabels, tones: orderTone }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search],
  );
  return (
    <>
      <AdminTable<Row>
        endpoint={ORDERS}
        caption="Sales orders"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['order', 'orders']}
        search={{ placeholder: 'Order, customer or quotation number' }}
        filters={filters}
        defaultSort="-createdAt"
        urlPrefix="orders."
        minWidth={1100}
        actions={
          <Button variant="primary" icon={FilePlus2} onClick={() => setCreating(true)}>
            New sales order
          </Button>
        }
        empty={{ icon: ClipboardList, title: 'No sales orders', body: 'Accept a quotation on the Sales screen, or enter an order here; deliver it in one go or in parts, then invoice what was delivered.' }}
      />
      <OrderDetail id={open} onClose={() => show(null)} />
      <DocumentForm kind="order" open={creating} onClose={() => setCreating(false)} onSaved={(id) => show(id)} />
    </>
  );
}
