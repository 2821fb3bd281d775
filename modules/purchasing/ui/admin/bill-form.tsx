/**
 * Recording the supplier's bill against an order: their bill number and date, and per order line the
 * quantity and unit price on the bill (prefilled with what was received and not billed, at the order
 * price). The server matches it three ways: it posts at once, or is held with each difference explained.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { ErrorNote, Field, inputClass } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { todayInDubai } from '@modules/platform/dates';
import { minorToInput } from '@modules/platform/money';
import { quantityString, type BillDetailJson, type PurchaseOrderDetailJson } from '../../contract';
import { aed, AMOUNT_TYPED, BILLS, parseAed, parseQuantity, QUANTITY_TYPED, refreshPurchasing } from './shared';

const toBeBilled = (received: string, billed: string) => {
  const r = parseQuantity(received) ?? 0n;
  const b = parseQuantity(billed) ?? 0n;
  return r > b ? quantityString(r - b) : '';
};

export function BillForm({ order, onDone }: { order: PurchaseOrderDetailJson; onDone: (bill: BillDetailJson) => void }) {
  const client = useQueryClient();
  const [number, setNumber] = useState('');
  const [date, setDate] = useState(todayInDubai());
  const [rows, setRows] = useState(() => Object.fromEntries(order.lines.map((l) => [l.id, { quantity: toBeBilled(l.received, l.billed), price: minorToInput(BigInt(l.unitPrice)) }])));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: object) => api.post<BillDetailJson>(BILLS, body),
    onSuccess: (bill) => {
      void refreshPurchasing(client);
      onDone(bill);
    },
    onError: (e) => setError(errorText(e, 'The bill was not recorded.')),
  });
  const submit = () => {
    if (!number.trim()) return setError('Enter the supplier’s own bill (tax invoice) number.');
    const lines = order.lines.filter((l) => rows[l.id]?.quantity.trim()).map((l) => ({ poLineId: l.id, quantity: rows[l.id]!.quantity.trim(), price: rows[l.id]!.price }));
    if (lines.length === 0) return setError('Type the quantity billed on at least one line.');
    if (lines.some((l) => parseQuantity(l.quantity) === null)) return setError(QUANTITY_TYPED);
    if (lines.some((l) => parseAed(l.price) === null)) return setError(AMOUNT_TYPED);
    setError(null);
    save.mutate({ supplierId: order.supplierId, purchaseOrderId: order.id, supplierBillNumber: number.trim(), billDate: date, lines: lines.map((l) => ({ poLineId: l.poLineId, quantity: l.quantity, unitPrice: parseAed(l.price)!.toString() })) });
  };
  return (
    <form
      noValidate
      aria-label="Record the supplier's bill"
      className="mt-4 rounded-xl border border-slate-200 p-4"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 className="text-sm font-semibold text-ink">Record the supplier’s bill</h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <Field label="Supplier’s bill number" value={number} onChange={setNumber} maxLength={60} required placeholder="INV-2026-0412" />
        <Field label="Bill date" type="date" value={date} onChange={setDate} hint="Due date: bill date plus the supplier’s terms." />
      </div>
      <table className="mt-3 w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="py-1 font-medium">Line</th>
            <th className="py-1 text-right font-medium">Received, not billed</th>
            <th className="py-1 text-right font-medium">Order price</th>
            <th className="w-28 py-1 pl-3 font-medium">Billed quantity</th>
            <th className="w-32 py-1 pl-3 font-medium">Billed price (AED)</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((l) => (
            <tr key={l.id}>
              <td className="py-1">
                {l.lineNo}. {l.description}
              </td>
              <td className="py-1 text-right tabular-nums">{toBeBilled(l.received, l.billed) || '0'}</td>
              <td className="py-1 text-right tabular-nums">{aed(l.unitPrice)}</td>
              <td className="py-1 pl-3">
                <input aria-label={`Billed quantity, line ${l.lineNo}`} inputMode="decimal" className={inputClass} value={rows[l.id]?.quantity ?? ''} onChange={(e) => setRows((r) => ({ ...r, [l.id]: { ...r[l.id]!, quantity: e.target.value } }))} />
              </td>
              <td className="py-1 pl-3">
                <input aria-label={`Billed unit price, line ${l.lineNo}`} inputMode="decimal" className={inputClass} value={rows[l.id]?.price ?? ''} onChange={(e) => setRows((r) => ({ ...r, [l.id]: { ...r[l.id]!, price: e.target.value } }))} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {error ? (
        <div className="mt-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}
      <div className="mt-3">
        <Button type="submit" variant="primary" icon={FileText} disabled={save.isPending}>
          {save.isPending ? 'Matching…' : 'Match and record'}
        </Button>
      </div>
    </form>
  );
}
