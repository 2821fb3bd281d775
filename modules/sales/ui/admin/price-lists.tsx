/**
 * Price lists (GET /api/admin/sales/price-lists: q by name, sort): name, currency, validity, active and how many
 * products carry a price; a new list (POST, name and dates, prices added after), and opening a list to edit its
 * prices per product (./price-list-prices.tsx).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FolderOpen, ListPlus, Save, Tags } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Dialog, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { AdminTable, col } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { todayInDubai } from '@modules/platform/dates';
import { api, errorText } from '@site/lib/api';
import { salesMessages, type PriceListDetailJson, type PriceListJson } from '../../contract';
import { PriceListPrices } from './price-list-prices';
import { PRICE_LISTS, refreshSales } from './shared';

type Row = PriceListJson;
type Draft = { name: string; validFrom: string; validTo: string; active: boolean };
const validToCell = col.date<Row>('validTo', 'Valid to', (r) => r.validTo);
const blank = (): Draft => ({ name: '', validFrom: todayInDubai(), validTo: '', active: true });

export function checkPriceList(d: Draft): Partial<Record<keyof Draft, string>> {
  const e: Partial<Record<keyof Draft, string>> = {};
  const name = d.name.trim();
  if (name.length < 2 || name.length > 120) e.name = salesMessages.listName;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d.validFrom)) e.validFrom = salesMessages.date;
  if (d.validTo && !/^\d{4}-\d{2}-\d{2}$/.test(d.validTo)) e.validTo = salesMessages.date;
  else if (d.validTo && !e.validFrom && d.validTo < d.validFrom) e.validTo = salesMessages.validTo;
  return e;
}

function NewPriceList({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (list: PriceListDetailJson) => void }) {
  const client = useQueryClient();
  const [d, setD] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const activeId = useId();
  useEffect(() => {
    if (open) {
      setD(blank());
      setErrors({});
      setError(null);
    }
  }, [open]);
  const save = useMutation({
    mutationFn: (body: object) => api.post<PriceListDetailJson>(PRICE_LISTS, body),
    onSuccess: (list) => {
      void refreshSales(client);
      onCreated(list);
    },
    onError: (e) => setError(errorText(e, 'The price list was not saved.')),
  });
  const submit = () => {
    const found = checkPriceList(d);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate({ name: d.name.trim(), currency: 'AED', validFrom: d.validFrom, validTo: d.validTo || null, active: d.active, prices: [] });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New price list"
      description="Prices in AED, excluding VAT. Once saved, the list opens so you can price the products on it."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" icon={Save} onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Create price list'}
          </Button>
        </>
      }
    >
      <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={(ev) => (ev.preventDefault(), submit())}>
        <Field className="sm:col-span-2" label="Name" value={d.name} onChange={(name) => setD({ ...d, name })} required maxLength={120} error={errors.name} hint="For example “Owners 2026” or “Short-let partners”." />
        <Field label="Valid from" type="date" value={d.validFrom} onChange={(validFrom) => setD({ ...d, validFrom })} required error={errors.validFrom} />
        <Field label="Valid to (optional)" type="date" value={d.validTo} onChange={(validTo) => setD({ ...d, validTo })} error={errors.validTo} hint="Leave blank for a list with no end." />
        <div className="flex items-center gap-2 sm:col-span-2">
          <input id={activeId} type="checkbox" checked={d.active} onChange={(e) => setD({ ...d, active: e.target.checked })} className="h-4 w-4 rounded border-slate-300" />
          <label htmlFor={activeId} className="text-sm text-ink">
            Active: used on quotations and orders dated within its validity
          </label>
        </div>
        {error ? (
          <div className="sm:col-span-2">
            <ErrorNote title="Not saved">{error}</ErrorNote>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}

export function PriceLists() {
  const [creating, setCreating] = useState(false);
  const [opened, setOpened] = useState<{ id: string; name: string } | null>(null);
  const columns = useMemo(
    () => [
      col.text<Row>('name', 'Price list', (r) => r.name, { sort: 'name' }),
      col.text<Row>('currency', 'Currency', (r) => r.currency),
      col.date<Row>('validFrom', 'Valid from', (r) => r.validFrom, { sort: 'validFrom' }),
      col.custom<Row>('validTo', 'Valid to', (r) => (r.validTo ? validToCell.cell(r) : <span className="text-slate-500">No end</span>)),
      col.status<Row>('active', 'Active', (r) => (r.active ? 'active' : 'inactive'), { labels: { active: 'Active', inactive: 'Inactive' }, tones: { active: 'success', inactive: 'neutral' } }),
      col.custom<Row>('products', 'Prices', (r) => <span className="tabular-nums">{r.products}</span>, { align: 'right' }),
      col.custom<Row>('actions', 'Actions', (r) => (
        <Button icon={FolderOpen} onClick={() => setOpened({ id: r.id, name: r.name })}>
          Open<span className="sr-only"> {r.name}</span>
        </Button>
      )),
    ],
    [],
  );
  return (
    <>
      <AdminTable<Row>
        endpoint={PRICE_LISTS}
        caption="Price lists"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['price list', 'price lists']}
        search={{ placeholder: 'Name' }}
        defaultSort="-validFrom"
        exportable={false}
        urlPrefix="pricelists."
        minWidth={800}
        actions={
          <Button variant="primary" icon={ListPlus} onClick={() => setCreating(true)}>
            New price list
          </Button>
        }
        empty={{ icon: Tags, title: 'No price lists yet', body: 'Without a list, documents use each product’s default price. Create a list for a group of customers or a season.' }}
      />
      <NewPriceList open={creating} onClose={() => setCreating(false)} onCreated={(list) => (setCreating(false), setOpened({ id: list.id, name: list.name }))} />
      <PriceListPrices list={opened} onClose={() => setOpened(null)} />
    </>
  );
}
