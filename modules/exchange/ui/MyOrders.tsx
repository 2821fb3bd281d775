/** My open orders, newest first, each with a cancel that asks first and releases its hold. */
import { ListOrdered } from 'lucide-react';
import { useState } from 'react';
import { formatDate, formatDateTime } from '@modules/platform/dates';
import { ConfirmDialog } from '@modules/sip/ui/ConfirmDialog';
import { btn, EmptyState, Section, useCurrency, useMoney } from '@site/components/app/ui';
import { errorText } from '@site/lib/api';
import { type OrderJson, orderStatusLabels } from '../contract';
import { cancelOrder, useOpenOrders, useRefreshExchange } from './data';
import { priceText, shares, sharesLabel } from './format';
import { bodyRow, headRow, Loaded, Table, td, th } from './parts';

export const ORDER_COLUMNS = ['Order', 'Property', 'Side', 'Shares filled', 'Price per share', 'Good till', 'Status', 'Actions'] as const;

export function MyOrders() {
  const currency = useCurrency();
  const money = useMoney();
  const orders = useOpenOrders();
  const refresh = useRefreshExchange();
  const [cancelling, setCancelling] = useState<OrderJson | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    setCancelling(null);
    setFailure(null);
  };
  const cancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    setFailure(null);
    try {
      await cancelOrder(cancelling.id);
      close();
      void refresh();
    } catch (e) {
      setFailure(errorText(e, 'The order could not be cancelled. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="open-orders-title" title="My open orders" description="Orders waiting on the book. A sell order holds its shares and a buy order holds its cash until it fills, is cancelled or expires.">
      <Loaded query={orders} what="your open orders">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState icon={ListOrdered} title="No open orders">
              Orders you place that do not fill at once wait here until they fill, you cancel them, or they expire.
            </EmptyState>
          ) : (
            <Table caption="My open orders" minWidth="52rem">
              <thead>
                <tr className={headRow}>
                  {ORDER_COLUMNS.map((c, i) => (
                    <th key={c} scope="col" className={`${th} ${i === 3 || i === 4 ? 'text-right' : ''}`}>
                      {i === 7 ? <span className="sr-only">{c}</span> : c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((o) => (
                  <tr key={o.id} className={bodyRow}>
                    <th scope="row" className={`${td} font-medium text-ink`}>
                      {o.reference}
                      <span className="block text-xs font-normal text-slate-500">{formatDateTime(o.createdAt)}</span>
                    </th>
                    <td className={td}>{o.propertyTitle}</td>
                    <td className={`${td} font-medium ${o.side === 'buy' ? 'text-emerald-800' : 'text-red-800'}`}>{o.side === 'buy' ? 'Buy' : 'Sell'}</td>
                    <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                      {shares(o.filledUnits)} of {shares(o.units)}
                    </td>
                    <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                      {priceText(o.price, currency)}
                      {o.side === 'buy' && BigInt(o.heldCash) > 0n ? <span className="block text-xs text-slate-500">{money(BigInt(o.heldCash))} held</span> : null}
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{o.timeInForce === 'gtd' && o.expiresOn ? formatDate(o.expiresOn) : 'Until cancelled'}</td>
                    <td className={td}>{orderStatusLabels[o.status]}</td>
                    <td className={`${td} text-right`}>
                      <button type="button" className={`${btn.secondary} px-3 py-1.5`} onClick={() => setCancelling(o)} aria-label={`Cancel order ${o.reference}`}>
                        Cancel
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )
        }
      </Loaded>
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        busyLabel="Cancelling…"
        busy={busy}
        danger
        error={failure}
        onConfirm={() => void cancel()}
        onClose={close}
      >
        {cancelling ? (
          <p>
            {cancelling.side === 'buy' ? 'Buy' : 'Sell'} order {cancelling.reference}: {sharesLabel(cancelling.remainingUnits)} of {cancelling.propertyTitle} at {priceText(cancelling.price, currency)} a share still
            wait on the book. Cancelling takes them off and {cancelling.side === 'buy' ? 'releases the cash held for them to your wallet' : 'frees the shares to sell again'}. What has already filled stays filled.
          </p>
        ) : null}
      </ConfirmDialog>
    </Section>
  );
}
