/**
 * Purchase orders (/admin/purchase/orders, mounted in the financial screen): every order on the admin table
 * (status and supplier filters, CSV); a number opens the order (?order=<id>) with send, receive and bill;
 * "New order" raises one directly, and ?new=<requestId> raises one from an approved request.
 */
import { ClipboardList, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { ORDER_STATUSES, orderStatusLabels, type PurchaseOrderJson } from '../../contract';
import { OrderDetail } from './order-detail';
import { OrderForm } from './order-form';
import { ORDERS, orderTone, useSupplierOptions } from './shared';

type Row = PurchaseOrderJson;

export function PurchaseOrdersTab() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const orderId = params.get('order');
  const newFor = params.get('new');
  const suppliers = useSupplierOptions();
  const withParam = (key: string, value: string | null) => {
    const p = new URLSearchParams(search);
    p.delete('order');
    p.delete('new');
    if (value !== null) p.set(key, value);
    const s = p.toString();
    return `${path}${s ? `?${s}` : ''}`;
  };
  const filters = useMemo<FilterDef[]>(
    () => [
      { type: 'select', key: 'status', label: 'Status', all: 'Any status', options: ORDER_STATUSES.map((s) => ({ value: s, label: orderStatusLabels[s] })) },
      { type: 'select', key: 'supplierId', label: 'Supplier', all: 'All suppliers', options: (suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.name })), className: 'sm:w-64' },
    ],
    [suppliers.data],
  );
  const columns = useMemo(
    () => [
      col.link<Row>('number', 'Order', (r) => ({ href: withParam('order', r.id), label: <span className="font-mono text-xs">{r.number}</span>, srDetail: `: open the order to ${r.supplierName}` }), {
        sort: 'createdAt',
        sortFirst: 'desc',
        className: 'whitespace-nowrap',
      }),
      col.custom<Row>('supplier', 'Supplier', (r) => (
        <>
          <span className="block font-medium text-ink">{r.supplierName}</span>
          <span className="block text-xs text-slate-500">{[r.requestNumber, r.costCenter, r.property].filter(Boolean).join(' · ') || 'Direct order'}</span>
        </>
      ), { className: 'min-w-56' }),
      col.date<Row>('orderDate', 'Ordered', (r) => r.orderDate, { sort: 'orderDate' }),
      col.date<Row>('expectedDate', 'Expected', (r) => r.expectedDate, { sort: 'expectedDate' }),
      col.money<Row>('total', 'Total (AED)', (r) => r.total, { sort: 'total', strong: true }),
      col.status<Row>('status', 'Status', (r) => r.status, { labels: orderStatusLabels, tones: orderTone, sort: 'status' }),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search, path],
  );
  return (
    // The financial screen gives the tab its heading and description (Financial.tsx).
    <section aria-labelledby="financial-tab-title" className="mt-2">
      <AdminTable<Row>
        endpoint={ORDERS}
        caption="Purchase orders"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['order', 'orders']}
        search={{ placeholder: 'Order number, supplier, request or cost center' }}
        filters={filters}
        defaultSort="-createdAt"
        minWidth={900}
        actions={
          <Button variant="primary" icon={Plus} onClick={() => navigate(withParam('new', ''))}>
            New order
          </Button>
        }
        empty={{ icon: ClipboardList, title: 'No purchase orders', body: 'Raise an order from an approved purchase request, or directly to a supplier.' }}
      />
      <OrderForm open={newFor !== null} requestId={newFor || null} onClose={() => navigate(withParam('new', null))} onCreated={(id) => navigate(withParam('order', id))} />
      <OrderDetail id={orderId} onClose={() => navigate(withParam('order', null))} />
    </section>
  );
}

export default PurchaseOrdersTab;
