/**
 * One purchase order (?order=<id>): its lines with ordered / received / billed, receipts and bills, and the
 * actions its status allows: send to the supplier (PDF by e-mail), open the PDF, receive, record the bill,
 * cancel (nothing received yet) or close (the rest will not come).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, FileDown, FileText, Lock, PackageCheck, Send } from 'lucide-react';
import { useState } from 'react';
import { Busy, Dialog, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { StatusCell } from '@site/components/admin/table';
import { Button, DefinitionList } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { formatDate } from '@modules/platform/dates';
import { billStatusLabels, orderStatusLabels, type BillDetailJson, type PurchaseOrderDetailJson } from '../../contract';
import { BillForm } from './bill-form';
import { ReceiveForm } from './receive-form';
import { aed, billTone, enc, ORDERS, orderTone, refreshPurchasing } from './shared';

type Panel = 'receive' | 'bill' | 'cancel' | 'close' | null;

function ReasonAction({ order, action, onDone }: { order: PurchaseOrderDetailJson; action: 'cancel' | 'close'; onDone: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (why: string) => api.post(`${ORDERS}/${enc(order.id)}/${action}`, { reason: why }),
    onSuccess: () => {
      void refreshPurchasing(client);
      onDone();
    },
    onError: (e) => setError(errorText(e, action === 'cancel' ? 'The order was not cancelled.' : 'The order was not closed.')),
  });
  return (
    <div className="mt-4 rounded-xl border border-slate-200 p-4">
      <Field label={action === 'cancel' ? 'Why is the order cancelled?' : 'Why will the rest not be received?'} value={reason} onChange={setReason} maxLength={500} required />
      {error ? (
        <div className="mt-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}
      <div className="mt-3">
        <Button variant="primary" icon={action === 'cancel' ? Ban : Lock} onClick={() => (reason.trim().length < 3 ? setError('Give a reason of 3 to 500 characters.') : run.mutate(reason.trim()))} disabled={run.isPending}>
          {action === 'cancel' ? 'Cancel the order' : 'Close the order'}
        </Button>
      </div>
    </div>
  );
}

export function OrderDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const client = useQueryClient();
  const order = useQuery<PurchaseOrderDetailJson>({ queryKey: [`${ORDERS}/${enc(id ?? '')}`], enabled: Boolean(id) });
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: () => api.post<PurchaseOrderDetailJson>(`${ORDERS}/${enc(id!)}/send`),
    onSuccess: (o) => {
      void refreshPurchasing(client);
      setNotice(`${o.number} was e-mailed to ${o.supplierEmail} with the PDF attached.`);
    },
    onError: (e) => setError(errorText(e, 'The order was not sent.')),
  });
  const o = order.data;
  const close = () => {
    setPanel(null);
    setNotice(null);
    setError(null);
    onClose();
  };
  const billed = (b: BillDetailJson) => {
    setPanel(null);
    setNotice(b.status === 'held' ? `Bill ${b.number} is held for review: ${b.mismatches.length} difference${b.mismatches.length === 1 ? '' : 's'} from the order. Review it under Payables.` : `Bill ${b.number} matched the order and was posted (${b.journalReference}).`);
  };
  const receivable = o && (o.status === 'sent' || o.status === 'partially_received');
  const billable = o && ['sent', 'partially_received', 'received', 'billed'].includes(o.status);
  return (
    <Dialog open={Boolean(id)} onClose={close} wide="xl" title={o ? `Purchase order ${o.number}` : 'Purchase order'} description={o ? `${o.supplierName} · ${aed(o.total)} with VAT` : undefined}>
      {order.isPending ? <Busy>Loading the order…</Busy> : null}
      {order.isError ? <ErrorNote>{errorText(order.error, 'The order could not be loaded.')}</ErrorNote> : null}
      {o ? (
        <>
          <DefinitionList
            items={[
              { term: 'Status', detail: <StatusCell value={o.status} label={orderStatusLabels[o.status]} tone={orderTone[o.status]} /> },
              { term: 'Ordered', detail: formatDate(o.orderDate) },
              { term: 'Expected', detail: o.expectedDate ? formatDate(o.expectedDate) : 'Not agreed' },
              { term: 'Request', detail: o.requestNumber ?? 'Direct order' },
              { term: 'Charged to', detail: [o.costCenter, o.property].filter(Boolean).join(' · ') || 'Manzil' },
              { term: 'Deliver to', detail: o.deliveryAddress },
            ]}
          />
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">Lines of {o.number}</caption>
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th className="py-1 font-medium">Line</th>
                <th className="py-1 text-right font-medium">Ordered</th>
                <th className="py-1 text-right font-medium">Received</th>
                <th className="py-1 text-right font-medium">Billed</th>
                <th className="py-1 text-right font-medium">Unit price</th>
                <th className="py-1 text-right font-medium">Net</th>
              </tr>
            </thead>
            <tbody>
              {o.lines.map((l) => (
                <tr key={l.id} className="border-t border-slate-100">
                  <td className="py-1.5">
                    {l.lineNo}. {l.description} <span className="font-mono text-xs text-slate-500">{l.expenseAccountCode}</span>
                  </td>
                  <td className="py-1.5 text-right tabular-nums">{l.quantity}</td>
                  <td className="py-1.5 text-right tabular-nums">{l.received}</td>
                  <td className="py-1.5 text-right tabular-nums">{l.billed}</td>
                  <td className="py-1.5 text-right tabular-nums">{aed(l.unitPrice)}</td>
                  <td className="py-1.5 text-right tabular-nums">{aed(l.net)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {o.receipts.length ? (
            <p className="mt-3 text-xs text-slate-600">
              Receipts: {o.receipts.map((r) => `${r.number} on ${formatDate(r.date)} (${aed(r.value)}${r.journalReference ? `, ${r.journalReference}` : ''})`).join('; ')}.
            </p>
          ) : null}
          {o.bills.length ? (
            <ul className="mt-2 space-y-1 text-xs text-slate-600">
              {o.bills.map((b) => (
                <li key={b.id}>
                  Bill {b.number} ({b.supplierBillNumber}), {aed(b.total)}: <StatusCell value={b.status} label={billStatusLabels[b.status]} tone={billTone[b.status]} />
                </li>
              ))}
            </ul>
          ) : null}
          {notice ? (
            <p role="status" className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
              {notice}
            </p>
          ) : null}
          {error ? (
            <div className="mt-3">
              <ErrorNote>{error}</ErrorNote>
            </div>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-2">
            {o.status === 'draft' || o.status === 'sent' ? (
              <Button variant={o.status === 'draft' ? 'primary' : 'secondary'} icon={Send} onClick={() => send.mutate()} disabled={send.isPending}>
                {o.status === 'draft' ? 'Send to supplier' : 'Send again'}
              </Button>
            ) : null}
            <a href={`${ORDERS}/${enc(o.id)}/pdf`} target="_blank" rel="noreferrer" className="inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-ink hover:bg-slate-50">
              <FileDown className="h-4 w-4" aria-hidden="true" /> PDF
            </a>
            {receivable ? <Button icon={PackageCheck} onClick={() => setPanel(panel === 'receive' ? null : 'receive')}>Receive</Button> : null}
            {billable ? <Button icon={FileText} onClick={() => setPanel(panel === 'bill' ? null : 'bill')}>Record bill</Button> : null}
            {o.status === 'draft' || o.status === 'sent' ? <Button icon={Ban} onClick={() => setPanel('cancel')}>Cancel order</Button> : null}
            {o.status === 'partially_received' || o.status === 'received' ? <Button icon={Lock} onClick={() => setPanel('close')}>Close order</Button> : null}
          </div>
          {panel === 'receive' ? <ReceiveForm order={o} onDone={() => (setPanel(null), setNotice('Receipt recorded and posted to received-not-billed (2330).'))} /> : null}
          {panel === 'bill' ? <BillForm order={o} onDone={billed} /> : null}
          {panel === 'cancel' || panel === 'close' ? <ReasonAction order={o} action={panel} onDone={() => setPanel(null)} /> : null}
        </>
      ) : null}
    </Dialog>
  );
}
