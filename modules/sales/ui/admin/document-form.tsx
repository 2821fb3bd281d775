/**
 * A new quotation or sales order: the customer, the price list, lines (product, quantity, unit price from the
 * list unless typed, discount), validity for a quotation. Prices are checked and VAT worked out by the server.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Save, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { api, errorText } from '@site/lib/api';
import { quantityString, type PriceListDetailJson, type PriceListJson, type ProductJson } from '../../contract';
import { AMOUNT_TYPED, aed, CUSTOMERS, ORDERS, PRICE_LISTS, PRODUCTS, QUANTITY_TYPED, QUOTATIONS, refreshSales, typedAed, typedQuantity } from './shared';

type Line = { product: string; quantity: string; price: string; discount: string };
type Draft = { customer: string; priceList: string; validUntil: string; notes: string; lines: Line[] };
const blankLine: Line = { product: '', quantity: '1', price: '', discount: '' };
const blank = (): Draft => ({ customer: '', priceList: '', validUntil: addDays(todayInDubai(), 30), notes: '', lines: [{ ...blankLine }] });

export function DocumentForm({ kind, open, onClose, onSaved }: { kind: 'quotation' | 'order'; open: boolean; onClose: () => void; onSaved?: (id: string) => void }) {
  const client = useQueryClient();
  const customers = useQuery<{ items: { id: string; name: string }[] }>({ queryKey: [`${CUSTOMERS}?limit=200&sort=name`], enabled: open });
  const products = useQuery<{ items: ProductJson[] }>({ queryKey: [`${PRODUCTS}?limit=200&active=true`], enabled: open });
  const lists = useQuery<{ items: PriceListJson[] }>({ queryKey: [`${PRICE_LISTS}?limit=200`], enabled: open });
  const [d, setD] = useState<Draft>(blank);
  const list = useQuery<PriceListDetailJson>({ queryKey: [`${PRICE_LISTS}/${d.priceList}`], enabled: open && !!d.priceList });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setD(blank());
      setErrors({});
      setError(null);
    }
  }, [open]);
  useEffect(() => {
    const active = lists.data?.items.find((l) => l.active);
    if (open && active && !d.priceList) setD((x) => ({ ...x, priceList: active.id }));
  }, [open, lists.data, d.priceList]);
  const save = useMutation({
    mutationFn: (body: object) => api.post<{ id: string }>(kind === 'quotation' ? QUOTATIONS : ORDERS, body),
    onSuccess: (doc) => {
      void refreshSales(client);
      onSaved?.(doc.id);
      onClose();
    },
    onError: (e) => setError(errorText(e, kind === 'quotation' ? 'The quotation was not saved.' : 'The order was not saved.')),
  });
  const setLine = (i: number, patch: Partial<Line>) => setD((x) => ({ ...x, lines: x.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) }));
  const priceOf = (productId: string): string | null => {
    const listed = list.data?.prices.find((p) => p.productId === productId);
    return listed?.unitPrice ?? products.data?.items.find((p) => p.id === productId)?.defaultPrice ?? null;
  };

  const submit = () => {
    const e: Record<string, string> = {};
    if (!d.customer) e.customer = 'Choose the customer.';
    const lines = d.lines.map((l, i) => {
      const quantity = typedQuantity(l.quantity);
      const price = l.price.trim() ? typedAed(l.price) : undefined;
      const discount = l.discount.trim() ? typedAed(l.discount) : undefined;
      if (!l.product) e[`product${i}`] = 'Choose a product.';
      if (quantity === null) e[`quantity${i}`] = QUANTITY_TYPED;
      if (price === null) e[`price${i}`] = AMOUNT_TYPED;
      if (discount === null) e[`discount${i}`] = AMOUNT_TYPED;
      return { productId: l.product, quantity: quantity === null ? '' : quantityString(quantity), ...(price ? { unitPrice: price.toString() } : {}), ...(discount ? { discount: discount.toString() } : {}) };
    });
    if (kind === 'quotation' && !d.validUntil) e.validUntil = 'Choose the last day the quotation is valid.';
    setErrors(e);
    if (Object.keys(e).length) return;
    save.mutate({ customerId: d.customer, ...(d.priceList ? { priceListId: d.priceList } : {}), ...(kind === 'quotation' ? { validUntil: d.validUntil } : {}), notes: d.notes.trim(), lines });
  };
  const title = kind === 'quotation' ? 'New quotation' : 'New sales order';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title={title}
      description={kind === 'quotation' ? 'Saved as a draft; send it to the customer from the list. Prices come from the price list unless you type one.' : 'The order is confirmed at once: deliver it, then invoice what was delivered.'}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" icon={Save} onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : kind === 'quotation' ? 'Save quotation' : 'Confirm order'}
          </Button>
        </>
      }
    >
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={(ev) => (ev.preventDefault(), submit())}>
        <Select label="Customer" value={d.customer} onChange={(customer) => setD({ ...d, customer })} error={errors.customer} options={[{ value: '', label: 'Choose a customer' }, ...(customers.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))]} />
        <Select label="Price list" value={d.priceList} onChange={(priceList) => setD({ ...d, priceList })} options={[{ value: '', label: 'Default prices of the catalogue' }, ...(lists.data?.items ?? []).map((l) => ({ value: l.id, label: `${l.name}${l.active ? '' : ' (inactive)'}` }))]} />
        {kind === 'quotation' ? <Field label="Valid until" type="date" value={d.validUntil} onChange={(validUntil) => setD({ ...d, validUntil })} error={errors.validUntil} /> : null}
        <Field className={kind === 'quotation' ? '' : 'sm:col-span-2'} label="Notes (optional)" value={d.notes} onChange={(notes) => setD({ ...d, notes })} maxLength={1000} />
        <fieldset className="space-y-3 sm:col-span-2">
          <legend className="text-sm font-medium text-ink">Lines</legend>
          {d.lines.map((l, i) => {
            const listed = l.product ? priceOf(l.product) : null;
            return (
              <div key={i} className="grid items-start gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto]">
                <Select label={`Product, line ${i + 1}`} value={l.product} onChange={(product) => setLine(i, { product })} error={errors[`product${i}`]} options={[{ value: '', label: 'Choose a product' }, ...(products.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.code} · ${p.name}` }))]} />
                <Field label="Quantity" value={l.quantity} onChange={(quantity) => setLine(i, { quantity })} inputMode="decimal" error={errors[`quantity${i}`]} />
                <Field label="Unit price (AED)" value={l.price} onChange={(price) => setLine(i, { price })} inputMode="decimal" error={errors[`price${i}`]} placeholder={listed ? aed(listed).replace('AED ', '') : ''} hint={listed ? `List: ${aed(listed)}` : undefined} />
                <Field label="Discount (AED)" value={l.discount} onChange={(discount) => setLine(i, { discount })} inputMode="decimal" error={errors[`discount${i}`]} />
                <Button icon={Trash2} className="mt-6" disabled={d.lines.length === 1} onClick={() => setD({ ...d, lines: d.lines.filter((_, j) => j !== i) })}>
                  <span className="sr-only">Remove line {i + 1}</span>
                </Button>
              </div>
            );
          })}
          <Button icon={Plus} onClick={() => setD({ ...d, lines: [...d.lines, { ...blankLine }] })}>
            Add a line
          </Button>
        </fieldset>
        {error ? (
          <div className="sm:col-span-2">
            <ErrorNote title="Not saved">{error}</ErrorNote>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}
