/**
 * Every invoice on the one admin table (GET /api/admin/invoices, the list contract: q, sort, limit, offset and
 * the status — overdue included —, customer and currency filters; CSV of the whole filtered set). A number
 * opens the invoice (?invoice=<id>).
 */
import { Receipt } from 'lucide-react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { AdminTable, col, MoneyCell, StatusCell, type FilterDef } from '@site/components/admin/table';
import { AGING_BUCKETS, INVOICE_CURRENCIES, INVOICE_STATUSES, invoiceStatusLabels, type InvoiceJson } from '../../contract';
import { bucketLabels, INVOICES, INVOICING_PATH, money, shownStatus, statusTone, useCustomerOptions } from './shared';

type Row = InvoiceJson;

export function InvoicesList() {
  const search = useSearch();
  const customers = useCustomerOptions();
  const filters = useMemo<FilterDef[]>(
    () => [
        {
          type: 'select',
          key: 'status',
          label: 'Status',
          all: 'Any status',
          options: [...INVOICE_STATUSES.map((s) => ({ value: s, label: invoiceStatusLabels[s] })), { value: 'overdue', label: 'Overdue' }, { value: 'open', label: 'Open (issued or part paid)' }],
        },
        { type: 'select', key: 'customerId', label: 'Customer', all: 'All customers', options: (customers.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })), className: 'sm:w-64' },
        { type: 'select', key: 'currency', label: 'Currency', all: 'Any currency', options: INVOICE_CURRENCIES.map((c) => ({ value: c, label: c })) },
        // The aging drill-down (/admin/invoicing?customerId=…&bucket=31-60&asOf=…) arrives with these.
        { type: 'select', key: 'bucket', label: 'Days past due', all: 'Any age', options: AGING_BUCKETS.map((b) => ({ value: b, label: bucketLabels[b] })) },
        { type: 'hidden', key: 'asOf' },
    ],
    [customers.data],
  );
  const columns = useMemo(() => {
    const open = (id: string) => {
      const params = new URLSearchParams(search);
      params.set('invoice', id);
      return `${INVOICING_PATH}?${params}`;
    };
    return [
      col.link<Row>('number', 'Invoice', (r) => ({ href: open(r.id), label: <span className="font-mono text-xs">{r.number ?? 'Draft'}</span>, srDetail: `: open the invoice to ${r.customerName}` }), {
        sort: 'number',
        sortFirst: 'desc',
        className: 'whitespace-nowrap',
      }),
      col.text<Row>('customer', 'Customer', (r) => r.customerName, { sort: 'customer', className: 'min-w-48' }),
      col.date<Row>('date', 'Date', (r) => r.date, { sort: 'date', sortFirst: 'desc' }),
      col.date<Row>('dueDate', 'Due', (r) => r.dueDate, { sort: 'dueDate' }),
      col.custom<Row>(
        'total',
        'Total',
        (r) => (
          <>
            <span className="tabular-nums font-medium text-ink">{money(r.total, r.currency)}</span>
            <span className="block text-xs text-slate-500">VAT {money(r.vat, r.currency)}</span>
          </>
        ),
        { sort: 'total', sortFirst: 'desc', align: 'right' },
      ),
      col.custom<Row>(
        'open',
        'Open (AED)',
        (r) => <MoneyCell value={r.openAed} strong={r.overdue} />,
        { sort: 'openAmount', sortFirst: 'desc', align: 'right' },
      ),
      col.custom<Row>(
        'status',
        'Status',
        (r) => (
          <>
            <StatusCell value={shownStatus(r)} label={invoiceStatusLabels[shownStatus(r)]} tone={statusTone[shownStatus(r)]} />
            {r.overdue ? <span className="mt-1 block text-xs text-slate-500">{r.daysPastDue} days past due</span> : null}
          </>
        ),
        { className: 'whitespace-nowrap' },
      ),
    ];
  }, [search]);
  return (
    <section aria-label="Invoices" className="mt-6">
      <AdminTable<Row>
        endpoint={INVOICES}
        caption="Invoices"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['invoice', 'invoices']}
        search={{ placeholder: 'Invoice number, customer or reference' }}
        filters={filters}
        defaultSort="-date"
        minWidth={960}
        empty={{ icon: Receipt, title: 'No invoices here', body: 'Invoices appear here as they are drafted. Issuing one numbers it and posts it to trade receivables; filters narrow the list.' }}
      />
    </section>
  );
}
