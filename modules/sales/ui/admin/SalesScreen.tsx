/**
 * /admin/sales: this month's sales, what is still to deliver and to invoice, the pipeline of quotations by status,
 * conversion by month, and the quotations list (GET /api/admin/sales/quotations: q, sort, status filter, CSV) with
 * the actions a quotation allows: PDF, send by email, accept into an order, decline; below them the catalogue
 * (products and price lists, ./catalogue-panel.tsx).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ClipboardList, FilePlus2, FileText, Percent, Send, Timer, Truck, Wallet, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { Busy, ErrorNote } from '@site/components/admin/ledger/parts';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button, ButtonLink, Card, ScreenIntro, Section, StatCard, StatGrid } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { QUOTATION_STATUSES, quotationStatusLabels, type QuotationJson, type SalesSummaryJson } from '../../contract';
import { CataloguePanel } from './catalogue-panel';
import { DocumentForm } from './document-form';
import { ConversionChart, PipelineChart } from './pipeline-charts';
import { aed, percent, QUOTATIONS, quotationTone, refreshSales, SUMMARY } from './shared';
import { divideHalfEven } from '@modules/platform/money';

type Row = QuotationJson;

function QuotationActions({ row, onError }: { row: Row; onError: (message: string | null) => void }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const act = useMutation({
    mutationFn: (action: 'send' | 'accept' | 'decline') => api.post<{ id: string }>(`${QUOTATIONS}/${row.id}/${action}`, {}),
    onSuccess: (doc, action) => {
      onError(null);
      void refreshSales(client);
      if (action === 'accept') navigate(`/admin/sales/orders?order=${doc.id}`);
    },
    onError: (e) => onError(errorText(e, `${row.number} was not changed.`)),
  });
  const open = row.status === 'draft' || row.status === 'sent';
  return (
    <div className="flex flex-wrap gap-1.5">
      <a className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50" href={`${QUOTATIONS}/${row.id}/pdf`} download>
        <FileText className="h-3.5 w-3.5" aria-hidden="true" /> PDF<span className="sr-only"> of {row.number}</span>
      </a>
      {open ? (
        <>
          <Button icon={Send} disabled={act.isPending} onClick={() => act.mutate('send')}>
            {row.status === 'sent' ? 'Resend' : 'Send'}
            <span className="sr-only"> {row.number} to {row.customerName}</span>
          </Button>
          <Button icon={Check} disabled={act.isPending} onClick={() => act.mutate('accept')}>
            Accept<span className="sr-only"> {row.number} as an order</span>
          </Button>
          <Button icon={X} disabled={act.isPending} onClick={() => act.mutate('decline')}>
            Decline<span className="sr-only"> {row.number}</span>
          </Button>
        </>
      ) : row.orderNumber && row.orderId ? (
        <a className="rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50" href={`/admin/sales/orders?order=${row.orderId}`}>
          {row.orderNumber}
        </a>
      ) : null}
    </div>
  );
}

export default function SalesScreen() {
  const summary = useQuery<SalesSummaryJson>({ queryKey: [SUMMARY] });
  const [creating, setCreating] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const filters = useMemo<FilterDef[]>(() => [{ type: 'select', key: 'status', label: 'Status', all: 'Any status', options: QUOTATION_STATUSES.map((s) => ({ value: s, label: quotationStatusLabels[s] })) }], []);
  const columns = useMemo(
    () => [
      col.text<Row>('number', 'Quotation', (r) => r.number, { mono: true, sort: 'number' }),
      col.text<Row>('customer', 'Customer', (r) => r.customerName, { sort: 'customer' }),
      col.date<Row>('date', 'Date', (r) => r.date, { sort: 'date' }),
      col.date<Row>('validUntil', 'Valid until', (r) => r.validUntil, { sort: 'validUntil' }),
      col.money<Row>('total', 'Total incl. VAT (AED)', (r) => r.total, { sort: 'total', strong: true }),
      col.status<Row>('status', 'Status', (r) => r.status, { labels: quotationStatusLabels, tones: quotationTone }),
      col.custom<Row>('actions', 'Actions', (r) => <QuotationActions row={r} onError={setActionError} />, { className: 'min-w-[26rem]' }),
    ],
    [],
  );
  const s = summary.data;
  const figure = (value: string) => (summary.isPending ? '…' : summary.isError ? 'Not available' : value);
  const decided = s?.conversion.reduce((a, c) => a + c.decided, 0) ?? 0;
  const accepted = s?.conversion.reduce((a, c) => a + c.accepted, 0) ?? 0;
  return (
    <>
      <ScreenIntro
        description="What Manzil sells to owners and guests: property management for third parties, furnishing packages, short-let services and stock items, from quotation to order, delivery and invoice."
        actions={
          <>
            <Button variant="primary" icon={FilePlus2} onClick={() => setCreating(true)}>
              New quotation
            </Button>
            <ButtonLink href="/admin/sales/orders" icon={ClipboardList}>
              Sales orders
            </ButtonLink>
          </>
        }
      />
      <StatGrid>
        <StatCard label="Sales this month" icon={Wallet} value={figure(aed(s?.salesThisMonth))} hint="Invoiced from orders, excluding VAT." />
        <StatCard label="Orders to deliver" icon={Truck} value={figure(String(s?.ordersToDeliver ?? 0))} hint={s ? `${aed(s.toDeliverNet)} still to deliver.` : 'Confirmed, not fully delivered.'} />
        <StatCard label="Delivered, not invoiced" icon={ClipboardList} value={figure(aed(s?.deliveredNotInvoiced))} hint="Excluding VAT: invoice it from the order." />
        <StatCard label="Conversion, 6 months" icon={Percent} value={figure(percent(decided ? Number(divideHalfEven(BigInt(accepted) * 10_000n, BigInt(decided))) : null))} hint={`${accepted} accepted of ${decided} decided.`} />
        <StatCard label="Quotation to order" icon={Timer} value={figure(s?.averageDaysToOrder ? `${s.averageDaysToOrder} days` : '—')} hint="Average days from quotation to order." />
      </StatGrid>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Section title="Pipeline" description="Quotations by status; the value of each status below, excluding VAT.">
          <Card className="p-5">{summary.isPending ? <Busy>Loading the pipeline…</Busy> : summary.isError ? <ErrorNote title="The pipeline did not load">{errorText(summary.error, 'Try again in a moment.')}</ErrorNote> : <PipelineChart summary={s!} />}</Card>
        </Section>
        <Section title="Conversion by month" description="Quotations accepted against those declined or expired, by the month they were decided.">
          <Card className="p-5">{summary.isPending ? <Busy>Loading conversion…</Busy> : summary.isError ? <ErrorNote title="Conversion did not load">{errorText(summary.error, 'Try again in a moment.')}</ErrorNote> : <ConversionChart summary={s!} />}</Card>
        </Section>
      </div>
      <Section title="Quotations">
        {actionError ? <ErrorNote title="Not done">{actionError}</ErrorNote> : null}
        <AdminTable<Row>
          endpoint={QUOTATIONS}
          caption="Quotations"
          columns={columns}
          rowKey={(r) => r.id}
          noun={['quotation', 'quotations']}
          search={{ placeholder: 'Number, customer or notes' }}
          filters={filters}
          defaultSort="-createdAt"
          urlPrefix="quotations."
          minWidth={1300}
          empty={{ icon: FileText, title: 'No quotations yet', body: 'Create a quotation from the price list, send it as a PDF by email, and accept it into a sales order when the customer agrees.' }}
        />
      </Section>
      <CataloguePanel />
      <DocumentForm kind="quotation" open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
