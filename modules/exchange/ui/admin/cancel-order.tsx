/**
 * "Cancel order": an admin cancels an investor's open order with a reason (kept in the audit log and
 * shown on the order), confirmed in a dialog, by DELETE /api/admin/exchange/orders/:id { reason }.
 * The order's hold (units of a sell, cash of a buy) is released by the server.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { useState } from 'react';
import { aed } from '@site/components/admin/money/shared';
import { Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { apiRequest, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { exchangeMessages } from '../../contract';
import type { AdminOrderJson } from '../../admin-contract';
import { ReasonField, reasonMissing } from './reason-field';
import { orderUrl, refreshExchange, shares } from './shared';

export function CancelOrderDialog({ order, onClose }: { order: AdminOrderJson | null; onClose: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const finish = () => {
    setReason('');
    setTried(false);
    cancel.reset();
    onClose();
  };
  const cancel = useMutation({
    mutationFn: (o: AdminOrderJson) => apiRequest<AdminOrderJson>('DELETE', orderUrl(o.id), { reason: reason.trim() }),
    onSuccess: (o) => {
      toast({ title: 'Order cancelled', description: `${o.reference} of ${o.investor}; its hold is released.`, variant: 'success' });
      void refreshExchange(client, { money: true });
      finish();
    },
  });
  if (!order) return <Dialog open={false} onClose={onClose} title="" />;
  const missing = reasonMissing(reason);
  const submit = () => {
    setTried(true);
    if (missing) return;
    cancel.mutate(order);
  };
  const hold = order.side === 'buy' ? `the ${aed(order.heldCash)} held for it returns to the investor's wallet` : `the ${shares(order.remainingUnits)} shares held for it are free to sell again`;
  return (
    <Dialog
      open
      onClose={() => !cancel.isPending && finish()}
      title={`Cancel order ${order.reference}`}
      description={`${order.side === 'buy' ? 'Buy' : 'Sell'} ${shares(order.remainingUnits)} of ${shares(order.units)} shares of ${order.propertyTitle} at ${aed(order.price)} a share, placed by ${order.investor}. The remainder leaves the book and ${hold}. Fills already made stand. The investor sees the reason on the order.`}
      footer={
        <>
          <Button onClick={finish} disabled={cancel.isPending}>
            Keep the order
          </Button>
          <Button variant="primary" icon={Ban} onClick={submit} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel order'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <ReasonField value={reason} onChange={setReason} error={tried && missing ? exchangeMessages.cancelReason : null} />
        {cancel.isError ? <ErrorNote>{errorText(cancel.error, 'The order was not cancelled.')}</ErrorNote> : null}
      </form>
    </Dialog>
  );
}
