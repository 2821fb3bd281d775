/**
 * Suppliers on the admin table (GET /api/admin/suppliers: q, sort, category filter, CSV) with what is owed
 * to each, and Add / Edit through the supplier form.
 */
import { Pencil, Plus, Truck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminTable, col, MoneyCell, type FilterDef } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { SUPPLIER_CATEGORIES, supplierCategoryLabels, type SupplierJson } from '../../contract';
import { SupplierForm } from './supplier-form';
import { SUPPLIERS } from './shared';

type Row = SupplierJson;

export function SuppliersList() {
  const [editing, setEditing] = useState<Row | null>(null);
  const [adding, setAdding] = useState(false);
  const filters = useMemo<FilterDef[]>(() => [{ type: 'select', key: 'category', label: 'Category', all: 'Any category', options: SUPPLIER_CATEGORIES.map((c) => ({ value: c, label: supplierCategoryLabels[c] })) }], []);
  const columns = useMemo(
    () => [
      col.custom<Row>('name', 'Supplier', (r) => (
        <>
          <span className="block font-medium text-ink">{r.name}</span>
          <span className="block text-xs text-slate-500">{r.email}</span>
        </>
      ), { sort: 'name', className: 'min-w-56' }),
      col.text<Row>('category', 'Category', (r) => supplierCategoryLabels[r.category]),
      col.text<Row>('trn', 'TRN', (r) => r.trn, { mono: true }),
      col.text<Row>('iban', 'IBAN', (r) => r.iban, { mono: true }),
      col.text<Row>('terms', 'Terms', (r) => `${r.paymentTermsDays} days`),
      col.text<Row>('account', 'Expense account', (r) => r.expenseAccountCode, { mono: true }),
      col.custom<Row>('open', 'Owed (AED)', (r) => (
        <>
          <MoneyCell value={r.openBalance} strong />
          <span className="block text-xs text-slate-500">{r.openBills === 1 ? '1 open bill' : `${r.openBills} open bills`}</span>
        </>
      ), { sort: 'openBalance', sortFirst: 'desc', align: 'right' }),
      col.custom<Row>('edit', 'Edit', (r) => (
        <Button icon={Pencil} onClick={() => setEditing(r)}>
          Edit<span className="sr-only"> {r.name}</span>
        </Button>
      )),
    ],
    [],
  );
  return (
    <>
      <AdminTable<Row>
        endpoint={SUPPLIERS}
        caption="Suppliers"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['supplier', 'suppliers']}
        search={{ placeholder: 'Supplier name, e-mail, TRN or IBAN' }}
        filters={filters}
        defaultSort="name"
        urlPrefix="suppliers."
        minWidth={1000}
        actions={
          <Button variant="primary" icon={Plus} onClick={() => setAdding(true)}>
            Add supplier
          </Button>
        }
        empty={{ icon: Truck, title: 'No suppliers on file', body: 'Add suppliers with their TRN and IBAN so their bills can be checked for VAT and paid by bank transfer.' }}
      />
      <SupplierForm supplier={editing} open={adding || editing !== null} onClose={() => (setAdding(false), setEditing(null))} />
    </>
  );
}
