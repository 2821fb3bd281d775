/**
 * Property exit: the admin records the sale of a funded property (sale price, selling costs, sale
 * date). A confirm dialog says what settlement does — every holder on the sale date is paid pro rata
 * to their units, less the performance fee on their profit and VAT — and then
 * POST /api/admin/exchange/exits { propertyId, salePrice, sellingCosts, saleDate } (amounts in fils)
 * settles it. The settled exit opens below (?exit=<id>).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gavel } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { aed } from '@site/components/admin/money/shared';
import { readAmount } from '@site/components/admin/ledger/money';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { formatDate } from '@site/components/admin/format';
import { Button, Card } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { isIsoDate, todayInDubai } from '@modules/platform/dates';
import type { AdminPropertyListItem } from '@modules/properties/admin-list-contract';
import type { ExitJson } from '../../admin-contract';
import { EXITS_URL, exitUrl, FUNDED_PROPERTIES_URL, refreshExchange, SCREEN_PATH, shares } from './shared';

export const exitFormMessages = {
  property: 'Choose the funded property that was sold.',
  salePrice: 'Enter the sale price in AED, more than 0, like 4,500,000.',
  sellingCosts: 'Enter the selling costs in AED (0 if none), less than the sale price.',
  saleDate: 'Enter the sale date, today or earlier.',
};

type Draft = { propertyId: string; salePrice: string; sellingCosts: string; saleDate: string };
export type ExitInputJson = { propertyId: string; salePrice: string; sellingCosts: string; saleDate: string };

/** The form as typed → the API's input (fils as strings), or each field's error. */
export function readExit(d: Draft, today = todayInDubai()): { ok: true; input: ExitInputJson } | { ok: false; errors: Partial<Record<keyof Draft, string>> } {
  const errors: Partial<Record<keyof Draft, string>> = {};
  if (!d.propertyId) errors.propertyId = exitFormMessages.property;
  const price = d.salePrice.trim() ? readAmount(d.salePrice) : null;
  if (!price || !price.ok || price.fils <= 0n) errors.salePrice = price && !price.ok ? price.error : exitFormMessages.salePrice;
  const costs = readAmount(d.sellingCosts);
  if (!costs.ok) errors.sellingCosts = costs.error;
  else if (price?.ok && costs.fils >= price.fils) errors.sellingCosts = exitFormMessages.sellingCosts;
  if (!isIsoDate(d.saleDate) || d.saleDate > today) errors.saleDate = exitFormMessages.saleDate;
  if (Object.keys(errors).length || !price?.ok || !costs.ok) return { ok: false, errors };
  return { ok: true, input: { propertyId: d.propertyId, salePrice: price.fils.toString(), sellingCosts: costs.fils.toString(), saleDate: d.saleDate } };
}

export function ExitForm() {
  const client = useQueryClient();
  const search = useSearch();
  const [, navigate] = useLocation();
  const funded = useQuery<{ items: AdminPropertyListItem[]; total: number }>({ queryKey: [FUNDED_PROPERTIES_URL] });
  const properties = Array.isArray(funded.data?.items) ? funded.data.items : [];
  const [draft, setDraft] = useState<Draft>({ propertyId: '', salePrice: '', sellingCosts: '0', saleDate: todayInDubai() });
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const read = readExit(draft);
  const errors = tried && !read.ok ? read.errors : {};
  const property = properties.find((p) => p.id === draft.propertyId);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  const settle = useMutation({
    mutationFn: (input: ExitInputJson) => api.post<ExitJson>(EXITS_URL, input),
    onSuccess: (exit) => {
      client.setQueryData([exitUrl(exit.id)], exit);
      toast({ title: 'Property exit settled', description: `${exit.title}: ${aed(exit.paid)} paid to ${exit.holders} ${exit.holders === 1 ? 'holder' : 'holders'}.`, variant: 'success' });
      void refreshExchange(client, { money: true });
      void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0] ?? '').startsWith('/api/admin/properties') });
      setConfirming(false);
      setTried(false);
      setDraft({ propertyId: '', salePrice: '', sellingCosts: '0', saleDate: todayInDubai() });
      const params = new URLSearchParams(search);
      params.set('exit', exit.id);
      navigate(`${SCREEN_PATH}?${params}`);
    },
  });

  const review = () => {
    setTried(true);
    if (read.ok) {
      settle.reset();
      setConfirming(true);
    }
  };
  const options = [
    { value: '', label: funded.isPending ? 'Loading funded properties…' : properties.length ? 'Choose a property' : 'No funded property' },
    ...properties.map((p) => ({ value: p.id, label: `${p.title} (${p.reference})` })),
  ];
  const net = read.ok ? BigInt(read.input.salePrice) - BigInt(read.input.sellingCosts) : null;

  return (
    <Card className="p-5">
      {funded.isError ? (
        <div className="mb-4">
          <ErrorNote title="Couldn't load the funded properties">{errorText(funded.error, 'Request failed')}</ErrorNote>
        </div>
      ) : null}
      <form
        noValidate
        aria-label="Record a property sale"
        className="grid gap-4 md:grid-cols-2 xl:grid-cols-4"
        onSubmit={(e) => {
          e.preventDefault();
          review();
        }}
      >
        <Select
          label="Property (funded)"
          value={draft.propertyId}
          onChange={(propertyId) => set({ propertyId })}
          options={options}
          error={errors.propertyId}
          hint={property ? `Valued at ${aed(property.valuation)}; ${shares(property.sharesSold)} shares held by investors.` : undefined}
        />
        <Field label="Sale price (AED)" value={draft.salePrice} onChange={(salePrice) => set({ salePrice })} inputMode="decimal" required error={errors.salePrice} placeholder="4,500,000" />
        <Field label="Selling costs (AED)" value={draft.sellingCosts} onChange={(sellingCosts) => set({ sellingCosts })} inputMode="decimal" required error={errors.sellingCosts} hint="Agency, transfer and other costs of the sale." />
        <Field label="Sale date" type="date" value={draft.saleDate} onChange={(saleDate) => set({ saleDate })} required error={errors.saleDate} hint="Holders on this date are paid." />
        <div className="flex flex-wrap items-center gap-3 md:col-span-2 xl:col-span-4">
          <Button type="submit" variant="primary" icon={Gavel}>
            Review the exit
          </Button>
          {net !== null ? <span className="text-sm text-slate-600">Net proceeds to share: {aed(net)}</span> : null}
        </div>
      </form>
      <Dialog
        open={confirming && read.ok}
        onClose={() => !settle.isPending && setConfirming(false)}
        title={`Settle the sale of ${property?.title ?? 'the property'}`}
        description={
          read.ok ? (
            <>
              Sold on {formatDate(read.input.saleDate)} for {aed(read.input.salePrice)}, less {aed(read.input.sellingCosts)} of selling costs: {aed(net)} is paid to every holder on that date (the liquidity pool included) pro
              rata to the units they hold, to the fil. From each holder's share the performance fee (0.20% of their profit, never on a loss) and 5% VAT on it are deducted; the rest goes to their wallet.
              Their holdings close, open orders for the property are cancelled, and the property moves to exited. Every holder is notified and can download a settlement statement. This cannot be undone.
            </>
          ) : undefined
        }
        footer={
          <>
            <Button onClick={() => setConfirming(false)} disabled={settle.isPending}>
              Cancel
            </Button>
            <Button variant="primary" icon={Gavel} onClick={() => read.ok && settle.mutate(read.input)} disabled={settle.isPending}>
              {settle.isPending ? 'Settling…' : 'Pay the holders'}
            </Button>
          </>
        }
      >
        {settle.isError ? <ErrorNote title="The exit was not settled">{errorText(settle.error, 'Request failed')}</ErrorNote> : null}
      </Dialog>
    </Card>
  );
}
