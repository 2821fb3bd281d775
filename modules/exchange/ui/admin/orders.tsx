/**
 * Every order on the exchange on the one admin table (GET /api/admin/exchange/orders, the list
 * contract: q, sort, limit, offset and the status, side and property filters; CSV from /export). An
 * open order can be cancelled with a reason ("Cancel order", ./cancel-order.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { Ban, ListOrdered } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminTable, DateCell, MoneyCell, StatusCell, col, type FilterDef } from '@site/components/admin/table';
import { Badge, Section } from '@site/components/admin/ui';
import { ORDER_STATUSES } from '../../contract';
import type { AdminMarketJson, AdminOrderJson } from '../../admin-contract';
import { CancelOrderDialog } from './cancel-order';
import { isOpen, MARKETS_URL, orderStatusLabel, orderStatusTone, ORDERS_URL, shares, sideLabel } from './shared';

/** The property filter's choices: the markets the screen already reads. */
export function usePropertyOptions() {
  const markets = useQuery<{ items: AdminMarketJson[] }>({ queryKey: [MARKETS_URL] });
  return useMemo(() => (markets.data?.items ?? []).map((m) => ({ value: m.propertyId, label: `${m.title} (${m.reference})` })), [markets.data]);
}

export const sideFilter: FilterDef = {
  type: 'select',
  key: 'side',
  label: 'Side',
  all: 'Buy and sell',
  options: [
    { value: 'buy', label: 'Buy' },
    { value: 'sell', label: 'Sell' },
  ],
};

export function SideBadge({ side }: { side: 'buy' | 'sell' | null }) {
  if (!side) return <span className="text-slate-400">—</span>;
  return <Badge tone={side === 'buy' ? 'success' : 'danger'}>{sideLabel(side)}</Badge>;
}

export function Orders() {
  const properties = usePropertyOptions();
  const [cancelling, setCancelling] = useState<AdminOrderJson | null>(null);
  const filters = useMemo<FilterDef[]>(
    () => [
      { type: 'select', key: 'status', label: 'Status', all: 'Any status', options: [{ value: 'active', label: 'Open or partly filled' }, ...ORDER_STATUSES.map((s) => ({ value: s, label: orderStatusLabel(s) }))] },
      sideFilter,
      { type: 'select', key: 'propertyId', label: 'Property', all: 'Every property', options: properties, className: 'sm:w-64' },
    ],
    [properties],
  );
  const columns = useMemo(
    () => [
      col.custom<AdminOrderJson>(
        'reference',
        'Order',
        (o) => (
          <>
            <span className="block font-mono text-xs text-ink">{o.reference}</span>
            <DateCell value={o.createdAt} withTime />
          </>
        ),
        { sort: 'createdAt', sortFirst: 'desc', className: 'whitespace-nowrap' },
      ),
      col.text<AdminOrderJson>('investor', 'Investor', (o) => o.investor, { className: 'min-w-44 [overflow-wrap:anywhere]' }),
      col.text<AdminOrderJson>('property', 'Property', (o) => o.propertyTitle, { className: 'min-w-40' }),
      col.custom<AdminOrderJson>('side', 'Side', (o) => <SideBadge side={o.side} />),
      col.custom<AdminOrderJson>(
        'units',
        'Shares',
        (o) => (
          <>
            <span className="block tabular-nums">{shares(o.units)}</span>
            <span className="block text-xs text-slate-500">{shares(o.filledUnits)} filled</span>
          </>
        ),
        { align: 'right', sort: 'units', sortFirst: 'desc' },
      ),
      col.custom<AdminOrderJson>(
        'price',
        'Price a share',
        (o) => (
          <>
            <MoneyCell value={o.price} />
            {o.side === 'buy' && isOpen(o.status) ? (
              <span className="block whitespace-nowrap text-xs text-slate-500">
                <MoneyCell value={o.heldCash} /> held
              </span>
            ) : null}
          </>
        ),
        { align: 'right', sort: 'price', sortFirst: 'desc' },
      ),
      col.custom<AdminOrderJson>(
        'status',
        'Status',
        (o) => (
          <>
            <StatusCell value={o.status} label={orderStatusLabel(o.status)} tone={orderStatusTone[o.status]} />
            {o.cancelReason ? <span className="mt-1 block max-w-56 text-xs text-slate-600">{o.cancelReason}</span> : null}
            {o.timeInForce === 'gtd' && o.expiresOn ? <span className="mt-1 block text-xs text-slate-500">Good till <DateCell value={o.expiresOn} /></span> : null}
          </>
        ),
        { className: 'min-w-32' },
      ),
      col.custom<AdminOrderJson>(
        'actions',
        'Actions',
        (o) =>
          isOpen(o.status) ? (
            <button
              type="button"
              onClick={() => setCancelling(o)}
              className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <Ban className="h-3.5 w-3.5" aria-hidden="true" />
              Cancel order<span className="sr-only"> {o.reference}</span>
            </button>
          ) : null,
        { align: 'right', headerClassName: 'sr-only' },
      ),
    ],
    [],
  );
  return (
    <Section title="Orders" description="Every order investors have placed, open or closed. Cancel an open order with a reason; the investor sees it on the order.">
      <AdminTable<AdminOrderJson>
        endpoint={ORDERS_URL}
        caption="Exchange orders"
        columns={columns}
        rowKey={(o) => o.id}
        noun={['order', 'orders']}
        search={{ placeholder: 'Order number, investor or property' }}
        filters={filters}
        defaultSort="-createdAt"
        minWidth={1000}
        empty={{
          icon: ListOrdered,
          title: 'No orders yet',
          body: 'Orders appear here as investors place them on /exchange: buy and sell, with what has filled and what is still in the book.',
        }}
      />
      <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />
    </Section>
  );
}
