/** Adding or editing an item: name, SKU, category, unit, barcode, reorder level and quantity, valuation method and default supplier. */
import { FormDialog } from '@site/components/admin/form-dialog';
import { useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Field, Select } from '@site/components/admin/ledger/parts';
import { api, errorText } from '@site/lib/api';
import { categoryLabels, ITEM_CATEGORIES, UNITS, unitLabels, valuationLabels, VALUATION_METHODS, type ItemCategory, type ItemJson, type Unit, type ValuationMethod } from '../../contract';
import { enc, ITEMS, refreshInventory, typedQuantity } from './shared';

type Draft = { name: string; sku: string; category: ItemCategory; unit: Unit; barcode: string; level: string; quantity: string; method: ValuationMethod; supplier: string };
const blank: Draft = { name: '', sku: '', category: 'furniture', unit: 'each', barcode: '', level: '0', quantity: '0', method: 'fifo', supplier: '' };
const fromItem = (i: ItemJson): Draft => ({ name: i.name, sku: i.sku, category: i.category, unit: i.unit, barcode: i.barcode ?? '', level: i.reorderLevel, quantity: i.reorderQuantity, method: i.valuationMethod, supplier: i.defaultSupplierId ?? '' });

export function checkItem(d: Draft): Partial<Record<keyof Draft, string>> {
  const e: Partial<Record<keyof Draft, string>> = {};
  if (d.name.trim().length < 2) e.name = 'Enter the item’s name, for example “Split AC unit, 1.5 ton”.';
  if (!/^[A-Za-z0-9][A-Za-z0-9./-]{0,39}$/.test(d.sku.trim())) e.sku = 'The SKU is up to 40 letters, digits, dots, dashes or slashes, for example APP-AC-1.5T.';
  if (!/^[A-Za-z0-9-]{0,64}$/.test(d.barcode.trim())) e.barcode = 'The barcode is letters and digits only.';
  const zeroOk = (s: string) => s.trim() === '0' || typedQuantity(s) !== null;
  if (!zeroOk(d.level)) e.level = 'Type 0 or a quantity, like 2 or 2.5.';
  if (!zeroOk(d.quantity)) e.quantity = 'Type 0 or a quantity, like 10.';
  return e;
}

export function ItemForm({ item, open, onClose }: { item: ItemJson | null; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const suppliers = useQuery<{ items: { id: string; name: string }[] }>({ queryKey: ['/api/admin/suppliers?limit=200&sort=name'], staleTime: 60_000, enabled: open });
  const [d, setD] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setD(item ? fromItem(item) : blank);
      setErrors({});
      setError(null);
    }
  }, [open, item]);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const save = useMutation({
    mutationFn: (body: object) => (item ? api.patch(`${ITEMS}/${enc(item.id)}`, body) : api.post(ITEMS, body)),
    onSuccess: () => {
      void refreshInventory(client);
      onClose();
    },
    onError: (e) => setError(errorText(e, 'The item was not saved.')),
  });
  const submit = () => {
    const found = checkItem(d);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate({
      name: d.name.trim(),
      sku: d.sku.trim(),
      category: d.category,
      unit: d.unit,
      barcode: d.barcode.trim() || null,
      reorderLevel: d.level.trim(),
      reorderQuantity: d.quantity.trim(),
      ...(item?.hasMoves ? {} : { valuationMethod: d.method }),
      defaultSupplierId: d.supplier || null,
    });
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      wide
      title={item ? `Edit ${item.sku}` : 'Add an item'}
      description="Stock is valued at cost by the item’s method. The method cannot change once the item has stock moves."
      submitLabel="Save item"
      pending={save.isPending}
      icon={Save}
      onSubmit={submit}
      error={error}
      formClassName="grid gap-4 sm:grid-cols-2"
    >
      <Field label="Name" value={d.name} onChange={(name) => set({ name })} required maxLength={200} error={errors.name} />
      <Field label="SKU" value={d.sku} onChange={(sku) => set({ sku })} required maxLength={40} error={errors.sku} />
      <Select label="Category" value={d.category} onChange={(c) => set({ category: c as ItemCategory })} options={ITEM_CATEGORIES.map((c) => ({ value: c, label: categoryLabels[c] }))} />
      <Select label="Unit of measure" value={d.unit} onChange={(u) => set({ unit: u as Unit })} options={UNITS.map((u) => ({ value: u, label: unitLabels[u] }))} />
      <Field label="Barcode (optional)" value={d.barcode} onChange={(barcode) => set({ barcode })} maxLength={64} error={errors.barcode} />
      <Select
        label="Valuation method"
        value={d.method}
        onChange={(m) => set({ method: m as ValuationMethod })}
        options={VALUATION_METHODS.map((m) => ({ value: m, label: valuationLabels[m], disabled: !!item?.hasMoves && m !== item.valuationMethod }))}
        hint={item?.hasMoves ? 'Fixed: the item has stock moves.' : 'FIFO issues the oldest cost first; moving average re-prices on every receipt.'}
      />
      <Field label="Reorder level" value={d.level} onChange={(level) => set({ level })} inputMode="decimal" error={errors.level} hint="Suggested for reordering at or below this stock in store." />
      <Field label="Reorder quantity" value={d.quantity} onChange={(quantity) => set({ quantity })} inputMode="decimal" error={errors.quantity} hint="How many a purchase request asks for." />
      <Select
        className="sm:col-span-2"
        label="Default supplier"
        value={d.supplier}
        onChange={(supplier) => set({ supplier })}
        options={[{ value: '', label: 'None' }, ...(suppliers.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))]}
      />
    </FormDialog>
  );
}
