/**
 * Which property's books to open: the catalogue on the one admin table (GET /api/admin/properties, the
 * list contract: search, status filter, sort), each row opening /admin/property-books?property=<id>.
 */
import { Building } from 'lucide-react';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { StatusBadge } from '@site/components/admin/properties/shared';
import { PROPERTY_STATUSES, STATUS_LABELS } from '@modules/properties/contract';
import type { AdminPropertyListItem } from '@modules/properties/admin-list-contract';
import { booksHref, prepareHref } from './shared';

type Row = AdminPropertyListItem;

const filters: FilterDef[] = [{ type: 'select', key: 'status', label: 'Status', all: 'All statuses', options: PROPERTY_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })) }];

const columns = [
  col.link<Row>('title', 'Property', (p) => ({ href: booksHref(p.id), label: p.title, srDetail: ': open its books' }), { sort: 'title', className: 'min-w-64' }),
  col.text<Row>('reference', 'Reference', (p) => p.reference, { sort: 'reference', className: 'whitespace-nowrap font-mono text-xs text-slate-600' }),
  col.text<Row>('city', 'Location', (p) => `${p.community}, ${p.city}`, { sort: 'city' }),
  col.custom<Row>('status', 'Status', (p) => <StatusBadge status={p.status} />, { sort: 'status', className: 'whitespace-nowrap' }),
  col.link<Row>('distribute', 'Distribution', (p) => ({ href: prepareHref(p.id), label: 'Prepare', srDetail: ` a distribution for ${p.title}` }), { headerClassName: 'sr-only' }),
];

export function PropertyChooser() {
  return (
    <section aria-labelledby="books-choose-title" className="mt-8">
      <h2 id="books-choose-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        Choose a property
      </h2>
      <p className="mt-0.5 text-sm text-slate-500">Open a property to see its P&amp;L by month, record rent and costs, and set its occupancy and reserve.</p>
      <AdminTable<Row>
        endpoint="/api/admin/properties"
        caption="Properties and their books"
        columns={columns}
        rowKey={(p) => p.id}
        noun={['property', 'properties']}
        search={{ placeholder: 'Title, reference or community' }}
        filters={filters}
        defaultSort="status"
        exportable={false}
        minWidth={760}
        empty={{ icon: Building, title: 'No properties yet', body: 'Properties added in the Properties screen appear here, each with its own books.' }}
      />
    </section>
  );
}
