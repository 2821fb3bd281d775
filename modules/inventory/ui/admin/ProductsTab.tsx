/**
 * /admin/inventory/products: items on the admin table (GET /api/admin/inventory/items: q, sort, category and
 * method filters, CSV) with stock in store and its value; add or edit an item; open an item's stock ledger.
 */
import { BookOpen, Package, Pencil, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { categoryLabels, ITEM_CATEGORIES, unitLabels, valuationLabels, VALUATION_METHODS, type ItemJson } from '../../contract';
import { ItemForm } from './item-form';
import { ItemLedger } from './item-ledger';
import { ITEMS } from './shared';

type Row = ItemJson;

export default function ProductsTab() {
  const [editing, setEditing] = useState<Row | null>(null);
  const [adding, setAdding] = useState(false);
  const [ledgerOf, setLedgerOf] = useState<Row | null>(null);
  const filters = useMemo<FilterDef[]>(
    () => [
      { type: 'select', key: 'category', label: 'Category', all: 'Any category', options: ITEM_CATEGORIES.map((c) => ({ value: c, label: categoryLabels[c] })) },
      { type: 'select', key: 'valuationMethod', label: 'Valuation', all: 'Any method', options: VALUATION_METHODS.map((m) => ({ value: m, label: valuationLabels[m] })) },
    ],
    [],
  );
  const columns = useMemo(
    () => [
      col.text<Row>('sku', 'SKU', (r) => r.sku, { mono: true, sort: 'sku' }),
      col.custom<Row>('name', 'Item', (r) => (
        <>
          <span className="block font-medium text-ink">{r.name}</span>
          <span className="block text-xs text-slate-500">{categoryLabels[r.category]}</span>
        </>
      ), { sort: 'name', className: 'min-w-56' }),
      col.text<Row>('method', 'Valuation', (r) => valuationLabels[r.valuationMethod]),
      col.custom<Row>('onHand', 'In store', (r) => <span className="tabular-nums">{`${r.onHand} ${unitLabels[r.unit]}`}</span>, { sort: 'onHand', align: 'right', sortFirst: 'desc' }),
      col.money<Row>('unitCost', 'Unit cost (AED)', (r) => r.unitCost),
      col.money<Row>('value', 'Value (AED)', (r) => r.value, { sort: 'value', strong: true }),
      col.text<Row>('reorder', 'Reorder at', (r) => (r.reorderQuantity === '0' ? null : `${r.reorderLevel} (order ${r.reorderQuantity})`)),
      col.custom<Row>('actions', 'Actions', (r) => (
        <div className="flex gap-2">
          <Button icon={BookOpen} onClick={() => setLedgerOf(r)}>
            Ledger<span className="sr-only"> of {r.sku}</span>
          </Button>
          <Button icon={Pencil} onClick={() => setEditing(r)}>
            Edit<span className="sr-only"> {r.sku}</span>
          </Button>
        </div>
      )),
    ],
    [],
  );
  return (
    <>
      <AdminTable<Row>
        endpoint={ITEMS}
        caption="Items"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['item', 'items']}
        search={{ placeholder: 'SKU, name or barcode' }}
        filters={filters}
        defaultSort="name"
        urlPrefix="items."
        minWidth={1000}
        actions={
          <Button variant="primary" icon={Plus} onClick={() => setAdding(true)}>
            Add item
          </Button>
        }
        empty={{ icon: Package, title: 'No items yet', body: 'Add the furniture, appliances, fit-out materials and spare parts you keep in store or install in the homes.' }}
      />
      <ItemForm item={editing} open={adding || editing !== null} onClose={() => (setAdding(false), setEditing(null))} />
      <ItemLedger item={ledgerOf} onClose={() => setLedgerOf(null)} />
    </>
  );
}
