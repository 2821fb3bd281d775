/**
 * One price list's prices: every product of the catalogue with its default price and the list's price (blank =
 * not on the list), edited in place and saved together (PUT /api/admin/sales/price-lists/:id/prices replaces the
 * list's prices). Amounts are typed in AED and sent as fils.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Busy, Dialog, ErrorNote, inputClass } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { minorToInput } from '@modules/platform/money';
import { api, errorText } from '@site/lib/api';
import type { PriceListDetailJson, ProductJson } from '../../contract';
import { aed, AMOUNT_TYPED, PRICE_LISTS, PRODUCTS, refreshSales, typedAed } from './shared';

export const ALL_PRODUCTS = `${PRODUCTS}?limit=200&sort=code`;

export function PriceListPrices({ list, onClose }: { list: { id: string; name: string } | null; onClose: () => void }) {
  const client = useQueryClient();
  const open = list !== null;
  const detailUrl = list ? `${PRICE_LISTS}/${encodeURIComponent(list.id)}` : '';
  const detail = useQuery<PriceListDetailJson>({ queryKey: [detailUrl], enabled: open });
  const products = useQuery<{ items: ProductJson[]; total: number }>({ queryKey: [ALL_PRODUCTS], enabled: open });
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    setErrors({});
    setError(null);
    setSaved(null);
  }, [list?.id]);
  useEffect(() => {
    if (detail.data) setTyped(Object.fromEntries(detail.data.prices.map((p) => [p.productId, minorToInput(BigInt(p.unitPrice))])));
    else setTyped({});
  }, [list?.id, detail.data]);
  const save = useMutation({
    mutationFn: (prices: { productId: string; unitPrice: string }[]) => api.put<PriceListDetailJson>(`${detailUrl}/prices`, { prices }),
    onSuccess: (result) => {
      client.setQueryData([detailUrl], result);
      void refreshSales(client);
      setSaved(`Saved: ${result.prices.length} ${result.prices.length === 1 ? 'price' : 'prices'} on ${result.name}.`);
    },
    onError: (e) => setError(errorText(e, 'The prices were not saved.')),
  });
  const rows = products.data?.items ?? [];
  const submit = () => {
    const e: Record<string, string> = {};
    const prices: { productId: string; unitPrice: string }[] = [];
    for (const p of rows) {
      const text = (typed[p.id] ?? '').trim();
      if (!text) continue;
      const fils = typedAed(text);
      if (fils === null) e[p.id] = AMOUNT_TYPED;
      else prices.push({ productId: p.id, unitPrice: fils.toString() });
    }
    // Products past the first page keep the price they have: PUT replaces the whole list.
    const shown = new Set(rows.map((p) => p.id));
    for (const p of detail.data?.prices ?? []) if (!shown.has(p.productId)) prices.push({ productId: p.productId, unitPrice: p.unitPrice });
    setErrors(e);
    setSaved(null);
    setError(null);
    if (Object.keys(e).length) return;
    save.mutate(prices);
  };
  const loading = detail.isPending || products.isPending;
  const failed = detail.isError ? detail.error : products.isError ? products.error : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title={list ? `Prices: ${list.name}` : 'Prices'}
      description="Type the list’s price per product in AED, excluding VAT. Leave a price blank to keep the product off the list: documents then use its default price."
      footer={
        <>
          <Button onClick={onClose}>Close</Button>
          <Button variant="primary" icon={Save} onClick={submit} disabled={save.isPending || loading || !!failed || rows.length === 0}>
            {save.isPending ? 'Saving…' : 'Save prices'}
          </Button>
        </>
      }
    >
      {loading ? (
        <Busy>Loading the prices…</Busy>
      ) : failed ? (
        <ErrorNote title="The prices did not load">{errorText(failed, 'Try again in a moment.')}</ErrorNote>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">There are no products in the catalogue yet: add one above, then price it here.</p>
      ) : (
        <div className="space-y-4">
          {detail.data && (detail.data.validTo || !detail.data.active) ? (
            <p className="text-sm text-slate-600">
              Valid from {detail.data.validFrom}
              {detail.data.validTo ? ` to ${detail.data.validTo}` : ''}
              {detail.data.active ? '' : ' · inactive'}
            </p>
          ) : null}
          <div className="overflow-x-auto rounded-lg border border-slate-200">
            <table className="w-full min-w-[36rem] text-sm">
              <caption className="sr-only">Prices on {list?.name}</caption>
              <thead className="bg-slate-50 text-left text-xs font-medium text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Product
                  </th>
                  <th scope="col" className="px-3 py-2 text-right">
                    Default price
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Price on this list (AED)
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      <span className="block font-mono text-xs text-slate-600">{p.code}</span>
                      <span className="block text-ink">
                        {p.name}
                        {p.active ? '' : ' (inactive)'}
                      </span>
                    </th>
                    <td className="px-3 py-2 text-right tabular-nums text-slate-600">{aed(p.defaultPrice)}</td>
                    <td className="px-3 py-2">
                      <input
                        aria-label={`Price of ${p.code} on ${list?.name ?? 'the list'}`}
                        value={typed[p.id] ?? ''}
                        onChange={(ev) => setTyped((t) => ({ ...t, [p.id]: ev.target.value }))}
                        inputMode="decimal"
                        autoComplete="off"
                        placeholder="Not on the list"
                        aria-invalid={errors[p.id] ? true : undefined}
                        aria-describedby={errors[p.id] ? `price-error-${p.id}` : undefined}
                        className={inputClass}
                      />
                      {errors[p.id] ? (
                        <p id={`price-error-${p.id}`} className="mt-1 text-xs text-red-700">
                          {errors[p.id]}
                        </p>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {products.data && products.data.total > rows.length ? (
            <p className="text-xs text-slate-500">The first {rows.length} of {products.data.total} products are shown, by code.</p>
          ) : null}
          {error ? <ErrorNote title="Not saved">{error}</ErrorNote> : null}
          <p role="status" className="text-sm text-emerald-700">
            {saved ?? ''}
          </p>
        </div>
      )}
    </Dialog>
  );
}
