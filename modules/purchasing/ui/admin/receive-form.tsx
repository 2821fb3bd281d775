/**
 * Receiving against an order: the quantity that arrived on each line (blank for none), the date and a note.
 * Each receipt posts Dr the line's expense account / Cr 2330 at the order price (POST …/receipts); a line that
 * buys a stock item goes into the main store instead (Dr 1810, a stock move in the inventory).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PackageCheck } from 'lucide-react';
import { useState } from 'react';
import { ErrorNote, Field, inputClass } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { todayInDubai } from '@modules/platform/dates';
import type { PurchaseOrderDetailJson } from '../../contract';
import { enc, ORDERS, parseQuantity, QUANTITY_TYPED, refreshPurchasing } from './shared';

export function ReceiveForm({ order, onDone }: { order: PurchaseOrderDetailJson; onDone: () => void }) {
  const client = useQueryClient();
  const [qty, setQty] = useState<Record<string, string>>({});
  const [date, setDate] = useState(todayInDubai());
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const receive = useMutation({
    mutationFn: (body: object) => api.post<PurchaseOrderDetailJson>(`${ORDERS}/${enc(order.id)}/receipts`, body),
    onSuccess: () => {
      void refreshPurchasing(client);
      setQty({});
      setNote('');
      onDone();
    },
    onError: (e) => setError(errorText(e, 'Nothing was received.')),
  });
  const submit = () => {
    const lines = order.lines.filter((l) => (qty[l.id] ?? '').trim()).map((l) => ({ poLineId: l.id, quantity: qty[l.id]!.trim() }));
    if (lines.length === 0) return setError('Type the quantity received on at least one line.');
    if (lines.some((l) => parseQuantity(l.quantity) === null)) return setError(QUANTITY_TYPED);
    setError(null);
    receive.mutate({ date, note, lines });
  };
  return (
    <form
      noValidate
      aria-label="Receive goods or services"
      className="mt-4 rounded-xl border border-slate-200 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className="text-sm font-semibold text-ink">Receive goods or services</h3>
      <table className="mt-2 w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="py-1 font-medium">Line</th>
            <th className="py-1 text-right font-medium">Ordered</th>
            <th className="py-1 text-right font-medium">Received so far</th>
            <th className="w-32 py-1 pl-3 font-medium">Received now</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.id}>
              <td className="py-1">
                {l.lineNo}. {l.description}
                {l.stockItemId ? <span className="ml-2 rounded bg-sky-50 px-1.5 py-0.5 text-xs text-sky-800">into the store</span> : null}
              </td>
              <td className="py-1 text-right tabular-nums">{l.quantity}</td>
              <td className="py-1 text-right tabular-nums">{l.received}</td>
              <td className="py-1 pl-3">
                <input aria-label={`Quantity received now, line ${l.lineNo}`} inputMode="decimal" className={inputClass} value={qty[l.id] ?? ''} onChange={(e) => setQty((q) => ({ ...q, [l.id]: e.target.value }))} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field label="Date received" type="date" value={date} onChange={setDate} />
        <Field label="Note (optional)" value={note} onChange={setNote} maxLength={1000} placeholder="Two of six delivered; the rest next week" />
      </div>
      {error ? (
        <div className="mt-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}
      <div className="mt-3">
        <Button type="submit" variant="primary" icon={PackageCheck} disabled={receive.isPending}>
          {receive.isPending ? 'Recording…' : 'Record receipt'}
        </Button>
      </div>
    </form>
  );
}
