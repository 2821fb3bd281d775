/**
 * The sales catalogue's products on the admin table (GET /api/admin/sales/products: q, sort, kind and active
 * filters, CSV): code, name, kind, unit, default price, tax code, income account; add a product or edit one.
 */
import { Package, Pencil, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { taxCodeLabels } from '@modules/tax/contract';
import { PRODUCT_KINDS, productKindLabels, type ProductJson } from '../../contract';
import { ProductForm } from './product-form';
import { PRODUCTS } from './shared';

type Row = ProductJson;

export function ProductsTable() {
  const [editing, setEditing] = useState<Row | null>(null);
  const [adding, setAdding] = useState(false);
  const filters = useMemo<FilterDef[]>(
    () => [
      { type: 'select', key: 'kind', label: 'Kind', all: 'Any kind', options: PRODUCT_KINDS.map((k) => ({ value: k, label: productKindLabels[k] })) },
      { type: 'select', key: 'active', label: 'Active', all: 'Active or not', options: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Inactive' }] },
    ],
    [],
  );
  const columns = useMemo(
    () => [
      col.text<Row>('code', 'Code', (r) => r.code, { mono: true, sort: 'code' }),
      col.custom<Row>(
        'name',
        'Product',
        (r) => (
          <>
            <span className="block font-medium text-ink">{r.name}</span>
            <span className="block text-xs text-slate-500">{r.itemSku ? `${productKindLabels[r.kind]} · ${r.itemSku}` : productKindLabels[r.kind]}</span>
          </>
        ),
        { sort: 'name', className: 'min-w-56' },
      ),
      col.text<Row>('unit', 'Unit', (r) => r.unit),
      col.money<Row>('defaultPrice', 'Default price (AED)', (r) => r.defaultPrice, { sort: 'defaultPrice', strong: true }),
      col.text<Row>('taxCode', 'Tax code', (r) => taxCodeLabels[r.taxCode]),
      col.text<Row>('incomeAccount', 'Income account', (r) => r.incomeAccount, { mono: true }),
      col.status<Row>('active', 'Active', (r) => (r.active ? 'active' : 'inactive'), { labels: { active: 'Active', inactive: 'Inactive' }, tones: { active: 'success', inactive: 'neutral' } }),
      col.custom<Row>('actions', 'Actions', (r) => (
        <Button icon={Pencil} onClick={() => setEditing(r)}>
          Edit<span className="sr-only"> {r.code}</span>
        </Button>
      )),
    ],
    [],
  );
  return (
    <>
      <AdminTable<Row>
        endpoint={PRODUCTS}
        caption="Products"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['product', 'products']}
        search={{ placeholder: 'Code or name' }}
        filters={filters}
        defaultSort="code"
        urlPrefix="products."
        minWidth={1100}
        actions={
          <Button variant="primary" icon={Plus} onClick={() => setAdding(true)}>
            Add product
          </Button>
        }
        empty={{ icon: Package, title: 'No products yet', body: 'Add the services you sell (property management, cleaning, furnishing packages) and the stock items sold from the store.' }}
      />
      <ProductForm product={editing} open={adding || editing !== null} onClose={() => (setAdding(false), setEditing(null))} />
    </>
  );
}
