/**
 * One invoice (?invoice=<id>, GET /api/admin/invoices/:id) as a Tax Invoice: parties, lines with VAT per line
 * (and in AED for a foreign invoice), totals, the status timeline, payments and credit notes; and its actions —
 * a draft: edit, issue (with the credit-limit override when refused for it), delete; an issued invoice: record
 * a payment, credit note, send by email, download the PDF and the XML.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, Download, FileCode2, FileMinus, Pencil, Send, Stamp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { formatDate } from '@site/components/admin/format';
import { Dialog, ErrorNote, Eyebrow } from '@site/components/admin/ledger/parts';
import { when } from '@site/components/admin/money/shared';
import { Badge, Button, ButtonLink } from '@site/components/admin/ui';
import { api, ApiError, errorText } from '@site/lib/api';
import { taxCodeLabels } from '@modules/tax/contract';
import { invoiceStatusLabels, type InvoiceDetailJson } from '../../contract';
import { CreditNoteForm, PaymentForm } from './invoice-actions';
import { invoiceUrl, invoicingHref, money, refreshReceivables, shownStatus, statusTone } from './shared';

type Mode = 'view' | 'pay' | 'credit' | 'delete';

function Timeline({ inv }: { inv: InvoiceDetailJson }) {
  const steps = [
    { at: inv.createdAt, text: 'Drafted' },
    inv.issuedAt ? { at: inv.issuedAt, text: `Issued as ${inv.number}${inv.journalReference ? `, journal entry ${inv.journalReference}` : ''}` } : null,
    inv.sentAt ? { at: inv.sentAt, text: `Emailed to ${inv.customer.email}` } : null,
    ...inv.allocations.map((a) => ({
      at: a.date,
      text:
        a.kind === 'payment'
          ? `Payment of ${money(a.receivedAed)} settled ${money(a.amountDoc, inv.currency)}`
          : a.kind === 'credit'
            ? `Customer credit of ${money(a.receivedAed)} applied`
            : `Credit note for ${money(a.amountDoc, inv.currency)}`,
    })),
    inv.dunningLevel > 0 ? { at: null, text: `Payment reminder level ${inv.dunningLevel} sent` } : null,
  ].filter(Boolean) as { at: string | null; text: string }[];
  return (
    <ol aria-label="What happened to this invoice" className="space-y-1 border-l-2 border-slate-200 pl-4 text-sm text-slate-600">
      {steps.map((s, i) => (
        <li key={i}>
          <span className="text-slate-500">{s.at ? (s.at.length === 10 ? formatDate(s.at) : when(s.at)) : '—'}</span> · {s.text}
        </li>
      ))}
    </ol>
  );
}

function Lines({ inv }: { inv: InvoiceDetailJson }) {
  const foreign = inv.currency !== 'AED';
  const th = 'px-3 py-2 text-left text-xs font-medium text-slate-600';
  const td = 'px-3 py-2 align-top tabular-nums';
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full min-w-[40rem] text-sm">
        <caption className="sr-only">Lines of {inv.number ?? 'the draft'}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th className={th}>Description</th>
            <th className={`${th} text-right`}>Qty</th>
            <th className={`${th} text-right`}>Unit price</th>
            <th className={`${th} text-right`}>Net</th>
            <th className={th}>VAT</th>
            <th className={`${th} text-right`}>VAT amount</th>
            {foreign ? <th className={`${th} text-right`}>VAT (AED)</th> : null}
          </tr>
        </thead>
        <tbody>
          {inv.lines.map((l) => (
            <tr key={l.lineNo} className="border-t border-slate-100">
              <td className="px-3 py-2">
                {l.description}
                <span className="block text-xs text-slate-500">
                  {l.incomeAccount}
                  {l.property ? ` · ${l.property}` : ''}
                  {l.costCenter ? ` · ${l.costCenter}` : ''}
                  {BigInt(l.discount) > 0n ? ` · discount ${money(l.discount, inv.currency)}` : ''}
                  {BigInt(l.creditedNet) > 0n ? ` · credited ${money(l.creditedNet, inv.currency)}` : ''}
                </span>
              </td>
              <td className={`${td} text-right`}>{l.quantity}</td>
              <td className={`${td} text-right`}>{money(l.unitPrice, inv.currency)}</td>
              <td className={`${td} text-right`}>{money(l.net, inv.currency)}</td>
              <td className="px-3 py-2 text-xs text-slate-600">{taxCodeLabels[l.taxCode]}</td>
              <td className={`${td} text-right`}>{money(l.vat, inv.currency)}</td>
              {foreign ? <td className={`${td} text-right`}>{money(l.vatAed)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Figures({ inv }: { inv: InvoiceDetailJson }) {
  const items = [
    ['Net', money(inv.net, inv.currency)],
    ['VAT', money(inv.vat, inv.currency)],
    ['Total', money(inv.total, inv.currency)],
    ...(inv.currency !== 'AED' ? [[`Total in AED at ${inv.rate}`, money(inv.totalAed)]] : []),
    ['Paid', money(inv.paidAmount, inv.currency)],
    ['Credited', money(inv.creditedAmount, inv.currency)],
    ['Open', money(inv.openAmount, inv.currency)],
  ];
  return (
    <dl aria-label="Invoice figures" className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
      {items.map(([k, v]) => (
        <div key={k}>
          <dt className="text-xs text-slate-500">{k}</dt>
          <dd className="tabular-nums font-medium text-ink">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function InvoiceDetailDialog() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const id = params.get('invoice');
  const client = useQueryClient();
  const [mode, setMode] = useState<Mode>('view');
  const q = useQuery<InvoiceDetailJson>({ queryKey: [invoiceUrl(id ?? '')], enabled: !!id });
  const inv = q.data;
  const close = () => {
    setMode('view');
    params.delete('invoice');
    const s = params.toString();
    navigate(`/admin/invoicing${s ? `?${s}` : ''}`);
  };
  const act = useMutation({
    mutationFn: (a: { kind: 'issue'; override?: boolean } | { kind: 'send' } | { kind: 'delete' }) =>
      a.kind === 'delete' ? api.delete(invoiceUrl(id!)) : api.post(`${invoiceUrl(id!)}/${a.kind}`, a.kind === 'issue' ? { override: a.override ?? false } : {}),
    onSuccess: async (_r, a) => {
      await refreshReceivables(client);
      if (a.kind === 'delete') close();
    },
  });
  const overLimit = act.error instanceof ApiError && (act.error.body as { error?: string } | null)?.error === 'credit_limit_exceeded';
  const title = inv ? (inv.number ? `Tax Invoice ${inv.number}` : `Draft invoice to ${inv.customerName}`) : 'Invoice';
  const status = inv ? shownStatus(inv) : null;
  return (
    <Dialog open={!!id} onClose={close} title={title} description={inv ? `${inv.customerName} · dated ${formatDate(inv.date)} · due ${formatDate(inv.dueDate)}` : undefined} wide="xl">
      {q.isError ? <ErrorNote title="Couldn't load the invoice">{errorText(q.error, 'Request failed')}</ErrorNote> : null}
      {!inv && !q.isError ? <p className="text-sm text-slate-500">Loading…</p> : null}
      {inv && mode === 'pay' ? <PaymentForm invoice={inv} onDone={() => setMode('view')} onCancel={() => setMode('view')} /> : null}
      {inv && mode === 'credit' ? <CreditNoteForm invoice={inv} onDone={() => setMode('view')} onCancel={() => setMode('view')} /> : null}
      {inv && mode === 'delete' ? (
        <div className="space-y-4 text-sm text-slate-700">
          <p>The draft to {inv.customerName} for {money(inv.total, inv.currency)} is deleted. Nothing was posted, so nothing else changes.</p>
          {act.isError ? <ErrorNote title="Not deleted">{errorText(act.error, 'Request failed')}</ErrorNote> : null}
          <div className="flex justify-end gap-2">
            <Button onClick={() => setMode('view')}>Back</Button>
            <Button variant="primary" icon={Trash2} onClick={() => act.mutate({ kind: 'delete' })} disabled={act.isPending}>
              Delete the draft
            </Button>
          </div>
        </div>
      ) : null}
      {inv && mode === 'view' ? (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={statusTone[status!]}>{invoiceStatusLabels[status!]}</Badge>
            {inv.overdue ? <Badge tone="danger">{inv.daysPastDue} days past due</Badge> : null}
            {inv.currency !== 'AED' ? <Badge tone="sand">{inv.currency} at {inv.rate}</Badge> : null}
            <span className="text-sm text-slate-500">{inv.customer.trn ? `Customer TRN ${inv.customer.trn}` : 'Customer not VAT registered'}</span>
          </div>
          <Figures inv={inv} />
          <Lines inv={inv} />
          <div className="grid gap-5 md:grid-cols-2">
            <div>
              <Eyebrow>Status</Eyebrow>
              <div className="mt-2">
                <Timeline inv={inv} />
              </div>
            </div>
            <div>
              <Eyebrow>Credit notes</Eyebrow>
              {inv.creditNotes.length ? (
                <ul className="mt-2 space-y-1 text-sm">
                  {inv.creditNotes.map((n) => (
                    <li key={n.id}>
                      <span className="font-mono text-xs">{n.number}</span> · {formatDate(n.date)} · {money(n.total, inv.currency)} · {n.reason}{' '}
                      <a className="text-brand-800 hover:underline" href={`/api/admin/credit-notes/${n.id}/pdf`}>
                        PDF
                      </a>{' '}
                      <a className="text-brand-800 hover:underline" href={`/api/admin/credit-notes/${n.id}/xml`}>
                        XML
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-500">None.</p>
              )}
            </div>
          </div>
          {act.isError ? <ErrorNote title="That did not go through">{errorText(act.error, 'Request failed')}</ErrorNote> : null}
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
            {inv.status === 'draft' ? (
              <>
                <Button icon={Trash2} onClick={() => setMode('delete')}>
                  Delete
                </Button>
                <Button icon={Pencil} onClick={() => navigate(invoicingHref({ edit: inv.id }))}>
                  Edit
                </Button>
                {overLimit ? (
                  <Button icon={Stamp} onClick={() => act.mutate({ kind: 'issue', override: true })} disabled={act.isPending}>
                    Issue over the credit limit
                  </Button>
                ) : null}
                <Button variant="primary" icon={Stamp} onClick={() => act.mutate({ kind: 'issue' })} disabled={act.isPending}>
                  {act.isPending ? 'Issuing…' : 'Issue invoice'}
                </Button>
              </>
            ) : (
              <>
                <ButtonLink href={`${invoiceUrl(inv.id)}/pdf`} icon={Download}>
                  Download PDF
                </ButtonLink>
                <ButtonLink href={`${invoiceUrl(inv.id)}/xml`} icon={FileCode2}>
                  Download XML
                </ButtonLink>
                <Button icon={Send} onClick={() => act.mutate({ kind: 'send' })} disabled={act.isPending}>
                  {inv.sentAt ? 'Send again' : 'Send to customer'}
                </Button>
                {BigInt(inv.openAmount) > 0n ? (
                  <>
                    <Button icon={FileMinus} onClick={() => setMode('credit')}>
                      Credit note
                    </Button>
                    <Button variant="primary" icon={Banknote} onClick={() => setMode('pay')}>
                      Record payment
                    </Button>
                  </>
                ) : null}
              </>
            )}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
