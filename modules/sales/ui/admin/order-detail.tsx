/**
 * One sales order in a dialog: its lines with ordered, delivered and invoiced quantities, a delivery of some or all
 * of what is left (stock items leave the chosen store), the invoice of what is delivered and not invoiced, and
 * the deliveries and invoices so far (each invoice links to receivables).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, FileCheck2, Truck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Busy, Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Badge, Button } from '@site/components/admin/ui';
import { formatDate } from '@modules/platform/dates';
import { api, errorText } from '@site/lib/api';
import { orderStatusLabels, parseQuantity, quantityString, TO_DELIVER, type OrderDetailJson } from '../../contract';
import { aed, invoiceHref, LOCATIONS, ORDERS, QUANTITY_TYPED, refreshSales, typedQuantity } from './shared';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

export function OrderDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const client = useQueryClient();
  const order = useQuery<OrderDetailJson>({ queryKey: [`${ORDERS}/${id}`], enabled: !!id });
  const stores = useQuery<{ items: { id: string; code: string; name: string; kind: string }[] }>({ queryKey: [`${LOCATIONS}?limit=200&sort=code`], enabled: !!id });
  const [qty, setQty] = useState<Record<number, string>>({});
  const [from, setFrom] = useState('');
  const [date, setDate] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  // One Idempotency-Key per attempt: a double click or a retry after a timeout records the delivery once.
  const [keys, setKeys] = useState({ delivery: newKey(), invoice: newKey() });
  const o = order.data;
  useEffect(() => {
    if (!o) return;
    setQty(Object.fromEntries(o.lines.map((l) => [l.lineNo, l.toDeliver === '0' ? '' : l.toDeliver])));
  }, [o]);
  useEffect(() => {
    setError(null);
    setDone(null);
    setErrors({});
  }, [id]);
  const after = (message: string) => {
    setError(null);
    setDone(message);
    setKeys({ delivery: newKey(), invoice: newKey() });
    void refreshSales(client);
  };
  const deliver = useMutation({
    mutationFn: (body: object) => api.post<{ number: string }>(`${ORDERS}/${id}/deliveries`, body, { headers: { 'Idempotency-Key': keys.delivery } }),
    onSuccess: (r) => after(`Delivery ${r.number} recorded.`),
    onError: (e) => setError(errorText(e, 'The delivery was not recorded.')),
  });
  const invoice = useMutation({
    mutationFn: () => api.post<{ number: string }>(`${ORDERS}/${id}/invoice`, {}, { headers: { 'Idempotency-Key': keys.invoice } }),
    onSuccess: (r) => after(`Invoice ${r.number} issued.`),
    onError: (e) => setError(errorText(e, 'The invoice was not created.')),
  });
  const cancel = useMutation({
    mutationFn: () => api.post(`${ORDERS}/${id}/cancel`, {}),
    onSuccess: () => after('The order was cancelled.'),
    onError: (e) => setError(errorText(e, 'The order was not cancelled.')),
  });
  const stockLeft = o?.lines.some((l) => l.productKind === 'stock' && l.toDeliver !== '0') ?? false;
  const canDeliver = !!o && TO_DELIVER.includes(o.status) && o.lines.some((l) => l.toDeliver !== '0');
  const canInvoice = !!o && o.lines.some((l) => l.toInvoice !== '0');

  const submitDelivery = () => {
    if (!o) return;
    const e: Record<string, string> = {};
    const lines = o.lines.flatMap((l) => {
      const text = (qty[l.lineNo] ?? '').trim();
      if (!text) return [];
      const q = typedQuantity(text);
      if (q === null) e[`q${l.lineNo}`] = QUANTITY_TYPED;
      else if (q > (parseQuantity(l.toDeliver) ?? 0n)) e[`q${l.lineNo}`] = `At most ${l.toDeliver} is left to deliver.`;
      return q === null ? [] : [{ lineNo: l.lineNo, quantity: quantityString(q), stock: l.productKind === 'stock' }];
    });
    if (!lines.length && !Object.keys(e).length) e.form = 'Type the quantity delivered on at least one line.';
    if (lines.some((l) => l.stock) && !from) e.from = 'Choose the store the stock leaves from.';
    setErrors(e);
    if (Object.keys(e).length) return;
    deliver.mutate({ lines: lines.map(({ stock: _s, ...l }) => l), ...(from ? { from } : {}), ...(date ? { date } : {}) });
  };

  return (
    <Dialog open={!!id} onClose={onClose} wide="xl" title={o ? `Sales order ${o.number}` : 'Sales order'} description={o ? `${o.customerName} · ordered ${formatDate(o.date)}${o.quotationNumber ? ` · from ${o.quotationNumber}` : ''}` : undefined}>
      {order.isPending ? <Busy>Loading the order…</Busy> : null}
      {order.isError ? <ErrorNote title="The order did not load">{errorText(order.error, 'Try again in a moment.')}</ErrorNote> : null}
      {o ? (
        <div className="space-y-5">
          <p className="flex flex-wrap items-center gap-3 text-sm">
            <Badge tone={o.status === 'invoiced' ? 'success' : o.status === 'cancelled' ? 'danger' : 'brand'}>{orderStatusLabels[o.status]}</Badge>
            <span>Total {aed(o.total)} incl. VAT · delivered {aed(o.deliveredNet)} · invoiced {aed(o.invoicedNet)} (excl. VAT)</span>
          </p>
          {done ? <p role="status" className="rounded-lg bg-emerald-50 px-4 py-2 text-sm text-emerald-800">{done}</p> : null}
          {error ? <ErrorNote title="Not done">{error}</ErrorNote> : null}
          <div className="overflow-x-auto">
            <table className="w-full min-w-[760px] text-sm">
              <caption className="sr-only">Lines of {o.number}: ordered, delivered and invoiced</caption>
              <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-3">Line</th>
                  <th scope="col" className="py-2 pr-3 text-right">Unit price</th>
                  <th scope="col" className="py-2 pr-3 text-right">Net</th>
                  <th scope="col" className="py-2 pr-3 text-right">Ordered</th>
                  <th scope="col" className="py-2 pr-3 text-right">Delivered</th>
                  <th scope="col" className="py-2 pr-3 text-right">Invoiced</th>
                  {canDeliver ? <th scope="col" className="py-2">Deliver now</th> : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {o.lines.map((l) => (
                  <tr key={l.lineNo}>
                    <td className="py-2 pr-3">
                      <span className="block font-medium text-ink">{l.description}</span>
                      <span className="block font-mono text-xs text-slate-500">
                        {l.productCode} · {l.productKind === 'stock' ? 'stock item' : 'service'}
                      </span>
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums">{aed(l.unitPrice)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{aed(l.net)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{l.quantity}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{l.delivered}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{l.invoiced}</td>
                    {canDeliver ? (
                      <td className="py-1">{l.toDeliver === '0' ? <span className="text-xs text-slate-500">All delivered</span> : <Field label={`Deliver now, line ${l.lineNo}`} value={qty[l.lineNo] ?? ''} onChange={(v) => setQty({ ...qty, [l.lineNo]: v })} inputMode="decimal" error={errors[`q${l.lineNo}`]} hint={`${l.toDeliver} left`} />}</td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {canDeliver ? (
            <form noValidate className="grid gap-3 rounded-lg border border-slate-200 p-4 sm:grid-cols-3" onSubmit={(e) => (e.preventDefault(), submitDelivery())}>
              {stockLeft ? <Select label="Stock leaves from" value={from} onChange={setFrom} error={errors.from} options={[{ value: '', label: 'Choose a store' }, ...(stores.data?.items ?? []).filter((s) => s.kind === 'warehouse' || s.kind === 'bin').map((s) => ({ value: s.code, label: `${s.code} · ${s.name}` }))]} /> : null}
              <Field label="Delivery or completion date (optional)" type="date" value={date} onChange={setDate} hint="Today when left empty." />
              <div className="flex items-end">
                <Button variant="primary" icon={Truck} type="submit" disabled={deliver.isPending}>
                  {deliver.isPending ? 'Recording…' : 'Record delivery'}
                </Button>
              </div>
              {errors.form ? <p className="text-sm text-red-700 sm:col-span-3">{errors.form}</p> : null}
            </form>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button variant={canDeliver ? 'secondary' : 'primary'} icon={FileCheck2} disabled={!canInvoice || invoice.isPending} onClick={() => invoice.mutate()}>
              {invoice.isPending ? 'Invoicing…' : 'Invoice what is delivered'}
            </Button>
            {o.status === 'confirmed' || o.status === 'draft' ? (
              <Button icon={Ban} disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                Cancel order
              </Button>
            ) : null}
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <section aria-label="Deliveries">
              <h3 className="text-sm font-semibold text-ink">Deliveries</h3>
              {o.deliveries.length ? (
                <ul className="mt-2 divide-y divide-slate-100 text-sm">
                  {o.deliveries.map((d) => (
                    <li key={d.id} className="flex justify-between gap-3 py-1.5">
                      <span>
                        <span className="font-mono">{d.number}</span> · {formatDate(d.date)}
                        {d.from ? ` · from ${d.from}` : ''}
                      </span>
                      <span className="tabular-nums">
                        {aed(d.net)}
                        {d.cost !== '0' ? <span className="text-slate-500"> (cost {aed(d.cost)})</span> : null}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-500">Nothing delivered yet.</p>
              )}
            </section>
            <section aria-label="Invoices">
              <h3 className="text-sm font-semibold text-ink">Invoices</h3>
              {o.invoices.length ? (
                <ul className="mt-2 divide-y divide-slate-100 text-sm">
                  {o.invoices.map((i) => (
                    <li key={i.invoiceId} className="flex justify-between gap-3 py-1.5">
                      <a className="font-mono text-brand-700 underline-offset-2 hover:underline" href={invoiceHref(i.invoiceId)}>
                        {i.number}
                      </a>
                      <span className="tabular-nums">{aed(i.total)} incl. VAT</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-500">Not invoiced yet.</p>
              )}
            </section>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
