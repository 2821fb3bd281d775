/**
 * Adding or editing a sales product: code, name, kind (a service, or a stock item sold from an inventory item),
 * unit, default price in AED (sent as fils), tax code, income account and whether it is active. Code, kind and
 * item are fixed once the product exists (PATCH /products/:id changes the rest).
 */
import { FormDialog } from '@site/components/admin/form-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Field, Select } from '@site/components/admin/ledger/parts';
import { minorToInput } from '@modules/platform/money';
import { SALES_TAX_CODES, taxCodeLabels, type TaxCode } from '@modules/tax/contract';
import { api, errorText } from '@site/lib/api';
import { DEFAULT_SALES_INCOME, PRODUCT_KINDS, productKindLabels, SALES_UNITS, salesMessages, type ProductJson, type ProductKind, type SalesUnit } from '../../contract';
import { AMOUNT_TYPED, PRODUCTS, refreshSales, typedAed } from './shared';

export const INVENTORY_ITEMS = '/api/admin/inventory/items?limit=200&sort=name';
type Draft = { code: string; name: string; kind: ProductKind; itemId: string; unit: SalesUnit; price: string; taxCode: TaxCode; incomeAccount: string; active: boolean };
const blank: Draft = { code: '', name: '', kind: 'service', itemId: '', unit: 'each', price: '', taxCode: 'standard', incomeAccount: DEFAULT_SALES_INCOME, active: true };
const fromProduct = (p: ProductJson): Draft => ({
  code: p.code,
  name: p.name,
  kind: p.kind,
  itemId: p.itemId ?? '',
  unit: p.unit,
  price: minorToInput(BigInt(p.defaultPrice)),
  taxCode: p.taxCode,
  incomeAccount: p.incomeAccount,
  active: p.active,
});

/** A value shown, not edited (what cannot change once the product exists). */
function Fixed({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="min-w-0">
      <p className="mb-1 text-xs font-medium text-slate-600">{label}</p>
      <p className="py-2 text-sm text-ink">{value}</p>
      <p className="text-xs text-slate-500">{hint}</p>
    </div>
  );
}

/** What the form can tell before asking the server (the server checks again, with the same messages). */
export function checkProduct(d: Draft, creating: boolean): Partial<Record<keyof Draft, string>> {
  const e: Partial<Record<keyof Draft, string>> = {};
  if (creating && !/^[A-Za-z0-9][A-Za-z0-9./-]{0,39}$/.test(d.code.trim())) e.code = salesMessages.code;
  const name = d.name.trim();
  if (name.length < 2 || name.length > 200) e.name = salesMessages.name;
  if (creating && d.kind === 'stock' && !d.itemId) e.itemId = 'Choose the inventory item this product sells.';
  if (typedAed(d.price) === null) e.price = AMOUNT_TYPED;
  if (!/^\d{4}$/.test(d.incomeAccount.trim())) e.incomeAccount = salesMessages.incomeAccount;
  return e;
}

export function ProductForm({ product, open, onClose }: { product: ProductJson | null; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const creating = product === null;
  const [d, setD] = useState<Draft>(blank);
  const items = useQuery<{ items: { id: string; sku: string; name: string }[] }>({ queryKey: [INVENTORY_ITEMS], staleTime: 60_000, enabled: open && d.kind === 'stock' });
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const activeId = useId();
  useEffect(() => {
    if (open) {
      setD(product ? fromProduct(product) : blank);
      setErrors({});
      setError(null);
    }
  }, [open, product]);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const save = useMutation({
    mutationFn: (body: object) => (product ? api.patch<ProductJson>(`${PRODUCTS}/${encodeURIComponent(product.id)}`, body) : api.post<ProductJson>(PRODUCTS, body)),
    onSuccess: () => {
      void refreshSales(client);
      onClose();
    },
    onError: (e) => setError(errorText(e, 'The product was not saved.')),
  });
  const submit = () => {
    const found = checkProduct(d, creating);
    setErrors(found);
    if (Object.keys(found).length) return;
    const common = { name: d.name.trim(), unit: d.unit, defaultPrice: typedAed(d.price)!.toString(), taxCode: d.taxCode, incomeAccount: d.incomeAccount.trim(), active: d.active };
    save.mutate(creating ? { code: d.code.trim(), kind: d.kind, itemId: d.kind === 'stock' ? d.itemId : null, ...common } : common);
  };
  const itemOptions = (items.data?.items ?? []).map((i) => ({ value: i.id, label: `${i.sku} · ${i.name}` }));
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      wide
      title={product ? `Edit ${product.code}` : 'Add a product'}
      description="A service is invoiced as income; a stock item also leaves the store when it is delivered. Prices are in AED, excluding VAT."
      submitLabel="Save product"
      pending={save.isPending}
      icon={Save}
      onSubmit={submit}
      error={error}
      formClassName="grid gap-4 sm:grid-cols-2"
    >
      {creating ? (
        <Field label="Code" value={d.code} onChange={(code) => set({ code })} required maxLength={40} error={errors.code} hint="For example SVC-CLEAN or STK-SOFA-3S." />
      ) : (
        <Fixed label="Code" value={d.code} hint="The code cannot change once the product exists." />
      )}
      <Field label="Name" value={d.name} onChange={(name) => set({ name })} required maxLength={200} error={errors.name} />
      {creating ? (
        <Select label="Kind" value={d.kind} onChange={(k) => set({ kind: k as ProductKind, itemId: '' })} options={PRODUCT_KINDS.map((k) => ({ value: k, label: productKindLabels[k] }))} />
      ) : (
        <Fixed label="Kind" value={`${productKindLabels[d.kind]}${product?.itemSku ? ` (${product.itemSku})` : ''}`} hint="The kind and item are fixed once the product exists." />
      )}
      {creating && d.kind === 'stock' ? (
        <Select
          label="Inventory item"
          value={d.itemId}
          onChange={(itemId) => set({ itemId })}
          error={errors.itemId}
          hint={items.isPending ? 'Loading the items…' : items.isError ? errorText(items.error, 'The inventory items did not load.') : itemOptions.length ? undefined : 'There are no inventory items yet: add one under Inventory first.'}
          options={[{ value: '', label: 'Choose an item' }, ...itemOptions]}
        />
      ) : null}
      <Select label="Unit" value={d.unit} onChange={(u) => set({ unit: u as SalesUnit })} options={SALES_UNITS.map((u) => ({ value: u, label: u[0]!.toUpperCase() + u.slice(1) }))} />
      <Field label="Default price (AED)" value={d.price} onChange={(price) => set({ price })} inputMode="decimal" required error={errors.price} hint="Excluding VAT, like 1,250 or 1,250.50." />
      <Select label="Tax code" value={d.taxCode} onChange={(t) => set({ taxCode: t as TaxCode })} options={SALES_TAX_CODES.map((t) => ({ value: t, label: taxCodeLabels[t] }))} />
      <Field label="Income account" value={d.incomeAccount} onChange={(incomeAccount) => set({ incomeAccount })} inputMode="numeric" maxLength={4} error={errors.incomeAccount} hint="A 4-digit income account, such as 4300 for services." />
      <div className="flex items-center gap-2 sm:col-span-2">
        <input id={activeId} type="checkbox" checked={d.active} onChange={(e) => set({ active: e.target.checked })} className="h-4 w-4 rounded border-slate-300" />
        <label htmlFor={activeId} className="text-sm text-ink">
          Active: offered on new quotations and orders
        </label>
      </div>
    </FormDialog>
  );
}
