/**
 * Customers on the admin table (GET /api/admin/customers: q, sort, kind; CSV of the whole filtered set), with
 * what each owes and how much is overdue. A name opens the customer form (?customer=<id>); "Invoices" lists theirs.
 */
import { Users } from 'lucide-react';
import { useMemo } from 'react';
import { useSearch } from 'wouter';
import { AdminTable, col, MoneyCell, type FilterDef } from '@site/components/admin/table';
import { emirateLabels } from '@modules/tax/contract';
import { CUSTOMER_KINDS, customerKindLabels, type CustomerJson } from '../../contract';
import { CUSTOMERS, INVOICING_PATH, invoicingHref } from './shared';

type Row = CustomerJson;

const FILTERS: FilterDef[] = [{ type: 'select', key: 'kind', label: 'Kind', all: 'Every kind', options: CUSTOMER_KINDS.map((k) => ({ value: k, label: customerKindLabels[k] })) }];

export function CustomersList() {
  const search = useSearch();
  const columns = useMemo(() => {
    const edit = (id: string) => {
      const params = new URLSearchParams(search);
      params.set('customer', id);
      return `${INVOICING_PATH}?${params}`;
    };
    return [
      col.link<Row>('name', 'Customer', (r) => ({ href: edit(r.id), label: r.name, srDetail: ': edit' }), { sort: 'name', className: 'min-w-56' }),
      col.custom<Row>('contact', 'Email and TRN', (r) => (
        <>
          <span className="block text-slate-700">{r.email}</span>
          <span className="block font-mono text-xs text-slate-500">{r.trn ?? 'No TRN'}</span>
        </>
      )),
      col.custom<Row>('kind', 'Kind', (r) => (
        <>
          <span className="block">{customerKindLabels[r.kind]}</span>
          <span className="block text-xs text-slate-500">{[r.address.city, r.address.emirate ? emirateLabels[r.address.emirate] : null].filter(Boolean).join(', ') || r.address.country}</span>
        </>
      )),
      col.text<Row>('terms', 'Terms', (r) => `${r.paymentTermsDays} days, ${r.currency}`),
      col.custom<Row>('open', 'Open (AED)', (r) => <MoneyCell value={r.openBalance} strong />, { sort: 'openBalance', sortFirst: 'desc', align: 'right' }),
      col.custom<Row>('overdue', 'Overdue (AED)', (r) => <MoneyCell value={r.overdue} />, { align: 'right' }),
      col.custom<Row>('credit', 'Credit (AED)', (r) => <MoneyCell value={r.credit} />, { align: 'right' }),
      col.link<Row>('invoices', 'Invoices', (r) => ({ href: invoicingHref({ customerId: r.id }), label: 'Invoices', srDetail: ` of ${r.name}` })),
    ];
  }, [search]);
  return (
    <section aria-label="Customers" className="mt-6">
      <AdminTable<Row>
        endpoint={CUSTOMERS}
        caption="Customers"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['customer', 'customers']}
        search={{ placeholder: 'Name, email, TRN or city' }}
        filters={FILTERS}
        defaultSort="name"
        urlPrefix="c."
        minWidth={1000}
        empty={{ icon: Users, title: 'No customers yet', body: 'Add the tenants, buyers and clients you invoice with "New customer".' }}
      />
    </section>
  );
}
