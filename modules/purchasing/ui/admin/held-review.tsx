/**
 * The review queue of held bills: each bill's three-way match line by line (ordered / received / billed
 * before / on this bill, order price against billed price), the differing figures highlighted and each
 * difference explained in words; Approve variance (posts the bill) or Reject, both with a reason.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ShieldCheck, X } from 'lucide-react';
import { useState } from 'react';
import { Busy, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { Button, Card, EmptyState, cx } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { formatDate } from '@modules/platform/dates';
import type { BillDetailJson, BillJson, MismatchJson } from '../../contract';
import { aed, BILLS, enc, refreshPurchasing } from './shared';

const flagged = (mismatches: MismatchJson[], lineNo: number, kind: MismatchJson['kind']) => mismatches.some((m) => m.lineNo === lineNo && m.kind === kind);

function Cell({ children, off, label }: { children: React.ReactNode; off?: boolean; label?: string }) {
  return (
    <td className={cx('px-2 py-1.5 text-right tabular-nums', off && 'bg-amber-50 font-semibold text-red-800')}>
      {children}
      {off ? <span className="sr-only"> ({label ?? 'differs from the order'})</span> : null}
    </td>
  );
}

function HeldBill({ bill }: { bill: BillJson }) {
  const client = useQueryClient();
  const detail = useQuery<BillDetailJson>({ queryKey: [`${BILLS}/${enc(bill.id)}`] });
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useMutation({
    mutationFn: (v: { action: 'approve-variance' | 'reject'; reason: string }) => api.post(`${BILLS}/${enc(bill.id)}/${v.action}`, { reason: v.reason }),
    onSuccess: () => void refreshPurchasing(client),
    onError: (e) => setError(errorText(e, 'The bill was not decided.')),
  });
  const act = (action: 'approve-variance' | 'reject') => (reason.trim().length < 3 ? setError('Give a reason of 3 to 500 characters.') : (setError(null), decide.mutate({ action, reason: reason.trim() })));
  const d = detail.data;
  return (
    <Card className="p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-ink">
          {bill.supplierName} · bill {bill.supplierBillNumber}
        </h3>
        <p className="text-sm text-slate-600">
          {bill.number} against {bill.purchaseOrderNumber} · dated {formatDate(bill.billDate)} · {aed(bill.total)} with VAT
        </p>
      </div>
      {detail.isPending ? <Busy>Loading the match…</Busy> : null}
      {d ? (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[760px] text-sm">
            <caption className="sr-only">Three-way match of {bill.number}: order, receipts and bill, line by line</caption>
            <thead>
              <tr className="text-right text-xs text-slate-500">
                <th className="px-2 py-1 text-left font-medium">Line</th>
                <th className="px-2 py-1 font-medium">Ordered</th>
                <th className="px-2 py-1 font-medium">Received</th>
                <th className="px-2 py-1 font-medium">Billed before</th>
                <th className="px-2 py-1 font-medium">On this bill</th>
                <th className="px-2 py-1 font-medium">Order price</th>
                <th className="px-2 py-1 font-medium">Billed price</th>
              </tr>
            </thead>
            <tbody>
              {d.lines.map((l) => (
                <tr key={l.id} className="border-t border-slate-100">
                  <td className="px-2 py-1.5">
                    {l.lineNo}. {l.description}
                  </td>
                  <Cell>{l.match?.orderedQuantity ?? '—'}</Cell>
                  <Cell>{l.match?.receivedQuantity ?? '—'}</Cell>
                  <Cell>{l.match?.billedBefore ?? '—'}</Cell>
                  <Cell off={flagged(d.mismatches, l.lineNo, 'quantity')} label="more than received">
                    {l.quantity}
                  </Cell>
                  <Cell>{l.match ? aed(l.match.orderUnitPrice) : '—'}</Cell>
                  <Cell off={flagged(d.mismatches, l.lineNo, 'price')} label="outside the price tolerance">
                    {aed(l.unitPrice)}
                  </Cell>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-amber-900">
        {bill.mismatches.map((m, i) => (
          <li key={i}>{m.message}</li>
        ))}
      </ul>
      <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <Field label="Reason for the decision" value={reason} onChange={setReason} maxLength={500} placeholder="Price rise agreed with the supplier on 12 March" />
        <Button variant="primary" icon={Check} onClick={() => act('approve-variance')} disabled={decide.isPending}>
          Approve variance<span className="sr-only"> on {bill.number}</span>
        </Button>
        <Button icon={X} onClick={() => act('reject')} disabled={decide.isPending}>
          Reject<span className="sr-only"> {bill.number}</span>
        </Button>
      </div>
      {error ? (
        <div className="mt-3">
          <ErrorNote>{error}</ErrorNote>
        </div>
      ) : null}
    </Card>
  );
}

export function HeldReview() {
  const held = useQuery<{ items: BillJson[]; total: number }>({ queryKey: [`${BILLS}?status=held&sort=billDate&limit=50`] });
  return (
    <section aria-labelledby="held-bills-title" className="mt-8">
      <h2 id="held-bills-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        Bills held for review
      </h2>
      <p className="mt-0.5 text-sm text-slate-500">Bills that do not match their order: billed more than was received, or a unit price outside the tolerance. Nothing is posted until someone decides.</p>
      <div className="mt-4 space-y-4">
        {held.isPending ? <Busy>Loading held bills…</Busy> : null}
        {held.isError ? <ErrorNote>{errorText(held.error, 'The held bills could not be loaded.')}</ErrorNote> : null}
        {held.data && held.data.items.length === 0 ? (
          <Card>
            <EmptyState icon={ShieldCheck} title="No bills held">
              Every bill recorded against an order matched what was ordered and received.
            </EmptyState>
          </Card>
        ) : null}
        {held.data?.items.map((b) => <HeldBill key={b.id} bill={b} />)}
      </div>
    </section>
  );
}
