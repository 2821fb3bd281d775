/**
 * /admin/market-data: the figures prices and yields rest on. Per property, its valuations and rent
 * (with occupancy) over time, charted, recorded and corrected; market index series by month; and the
 * display exchange rates. Every write goes through /api/admin/market-data and into the audit log; a
 * new latest valuation or rent updates the property's figures and yields at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChartLine, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { CURRENCIES, CURRENCY_CODES, MIN_INVESTMENT_FILS, convertMinor, formatMoney } from '@modules/platform/contract';
import { bpsToPercent, hundredthsToString, MARKET_SERIES, parseHundredths } from '@modules/properties/contract';
import type { AdminPropertyListItem } from '@modules/properties/admin-list-contract';
import { fetchAllPages } from '../all-pages';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { todayInDubai } from '../ledger/dates';
import { formatAed, readAmount } from '../ledger/money';
import { Dialog, ErrorNote, Field, Select } from '../ledger/parts';
import { ErrorState } from '@site/components/admin/table/states';
import { ADMIN_PROPERTIES, LineChart, MARKET_DATA, percentToBps, startsWith } from '../properties/shared';
import { Button, Card, DataTable, EmptyState, ScreenIntro, Section } from '../ui';

type History = {
  property: { id: string; reference: string; title: string; valuation: string; annualRent: string; occupancyBps: number; grossYieldBps: number; netYieldBps: number };
  valuations: { id: string; valuedOn: string; valuation: string; source: string; note: string }[];
  rents: { id: string; effectiveOn: string; annualRent: string; occupancyBps: number; note: string }[];
};
type Series = { key: string; name: string; region: string; unit: string; figures: { id: string; period: string; value: string; source: string }[] };

const today = () => todayInDubai();
const aedShort = (v: bigint) => formatAed(v).replace(/\.00$/, '');

function seriesValue(unit: string, hundredths: bigint): string {
  if (unit === 'aed') return `AED ${hundredthsToString(hundredths).replace(/\.00$/, '')}`;
  if (unit === 'percent') return `${hundredthsToString(hundredths)}%`;
  return hundredthsToString(hundredths);
}

export default function MarketData() {
  return (
    <>
      <ScreenIntro description="The figures behind prices and yields: each property's valuations and rent over time, market index series by month, and the exchange rates amounts are displayed with. A new latest valuation or rent updates the property and its yields immediately." />
      <PropertyFigures />
      <MarketSeries />
      <ExchangeRates />
    </>
  );
}

function PropertyFigures() {
  const client = useQueryClient();
  // Every property, whatever the count, for the picker (the list itself pages by 200 at most).
  const pickerUrl = `${ADMIN_PROPERTIES}?sort=status`;
  const list = useQuery({ queryKey: [pickerUrl, 'all'], queryFn: () => fetchAllPages<AdminPropertyListItem>(pickerUrl) });
  const [selected, setSelected] = useState('');
  useEffect(() => {
    if (!selected && list.data?.items?.[0]) setSelected(list.data.items[0].id);
  }, [list.data, selected]);
  const history = useQuery<History>({ queryKey: [`${MARKET_DATA}/properties/${selected}`], enabled: Boolean(selected) });
  const [dialog, setDialog] = useState<'valuation' | 'rent' | null>(null);
  const [form, setForm] = useState({ date: today(), amount: '', occupancy: '95', source: 'Independent RICS valuer', note: '' });
  const [error, setError] = useState<string | null>(null);

  const after = (h: History, what: string) => {
    client.setQueryData([`${MARKET_DATA}/properties/${selected}`], h);
    void client.invalidateQueries(startsWith(ADMIN_PROPERTIES, '/api/admin/audit'));
    toast({ title: what, description: `${h.property.reference}: gross yield ${bpsToPercent(h.property.grossYieldBps)}%, net ${bpsToPercent(h.property.netYieldBps)}%.`, variant: 'success' });
  };
  const record = useMutation({
    mutationFn: (body: { kind: 'valuation' | 'rent'; payload: Record<string, unknown> }) => api.post<History>(`${MARKET_DATA}/properties/${selected}/${body.kind === 'valuation' ? 'valuations' : 'rents'}`, body.payload),
    onSuccess: (h, body) => {
      setDialog(null);
      after(h, body.kind === 'valuation' ? 'Valuation recorded' : 'Rent recorded');
    },
    onError: (e) => setError(errorText(e, 'Not recorded.')),
  });
  const remove = useMutation({
    mutationFn: (body: { kind: 'valuations' | 'rents'; id: string }) => api.delete<History>(`${MARKET_DATA}/properties/${selected}/${body.kind}/${body.id}`),
    onSuccess: (h) => after(h, 'Record removed'),
    onError: (e) => toast({ title: 'Not removed', description: errorText(e, 'Try again.'), variant: 'destructive' }),
  });

  const openDialog = (kind: 'valuation' | 'rent') => {
    setError(null);
    const h = history.data;
    setForm({ date: today(), amount: '', occupancy: h ? bpsToPercent(h.property.occupancyBps) : '95', source: kind === 'valuation' ? 'Independent RICS valuer' : '', note: '' });
    setDialog(kind);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const amount = readAmount(form.amount);
    if (!form.amount.trim() || !amount.ok || (dialog === 'valuation' && amount.fils <= 0n)) return setError(amount.ok ? 'Enter the amount in AED.' : amount.error);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(form.date)) return setError('Choose the date.');
    if (dialog === 'valuation') record.mutate({ kind: 'valuation', payload: { valuedOn: form.date, valuation: amount.fils.toString(), source: form.source.trim(), note: form.note.trim() } });
    else {
      const occ = percentToBps(form.occupancy);
      if (occ === null || occ > 10_000) return setError('Occupancy must be a percentage from 0 to 100.');
      record.mutate({ kind: 'rent', payload: { effectiveOn: form.date, annualRent: amount.fils.toString(), occupancyBps: occ, note: form.note.trim() } });
    }
  };

  const h = history.data?.property ? history.data : undefined;
  return (
    <Section title="Valuations and rent" description="Per property, over time. The latest figure is the one the listing shows.">
      <Card className="p-5">
        {list.isError ? (
          <ErrorState error={list.error} what="properties" onRetry={() => void list.refetch()} />
        ) : list.data && list.data.items.length === 0 ? (
          <EmptyState icon={ChartLine} title="No properties yet">Add a property first; its valuations and rent are recorded here.</EmptyState>
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <Select
                label="Property"
                className="sm:w-96"
                value={selected}
                onChange={setSelected}
                options={(list.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.reference} · ${p.title}` }))}
              />
              <div className="flex gap-2">
                <Button icon={Plus} onClick={() => openDialog('valuation')} disabled={!h}>Record valuation</Button>
                <Button icon={Plus} onClick={() => openDialog('rent')} disabled={!h}>Record rent</Button>
              </div>
            </div>
            {history.isError ? <div className="mt-4"><ErrorState error={history.error} what="this property's history" onRetry={() => void history.refetch()} /></div> : null}
            {h ? (
              <>
                <dl className="mt-5 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
                  <div><dt className="text-slate-500">Valuation</dt><dd className="font-semibold text-ink tabular-nums">{aedShort(BigInt(h.property.valuation))}</dd></div>
                  <div><dt className="text-slate-500">Annual rent</dt><dd className="font-semibold text-ink tabular-nums">{aedShort(BigInt(h.property.annualRent))}</dd></div>
                  <div><dt className="text-slate-500">Occupancy</dt><dd className="font-semibold text-ink">{bpsToPercent(h.property.occupancyBps)}%</dd></div>
                  <div><dt className="text-slate-500">Yield</dt><dd className="font-semibold text-ink">{bpsToPercent(h.property.grossYieldBps)}% gross · {bpsToPercent(h.property.netYieldBps)}% net</dd></div>
                </dl>
                <div className="mt-6 grid gap-6 xl:grid-cols-2">
                  <div>
                    <h3 className="mb-2 text-sm font-semibold text-ink">Valuation</h3>
                    <LineChart label={`Valuation of ${h.property.title}`} points={h.valuations.map((v) => ({ date: v.valuedOn, value: BigInt(v.valuation) }))} format={aedShort} />
                    <HistoryTable
                      caption="Valuations"
                      rows={[...h.valuations].reverse().map((v) => ({ id: v.id, date: v.valuedOn, value: aedShort(BigInt(v.valuation)), detail: [v.source, v.note].filter(Boolean).join(' · ') }))}
                      onRemove={(id) => remove.mutate({ kind: 'valuations', id })}
                      removable={h.valuations.length > 1}
                    />
                  </div>
                  <div>
                    <h3 className="mb-2 text-sm font-semibold text-ink">Annual rent</h3>
                    <LineChart label={`Annual rent of ${h.property.title}`} colour="#ad763c" points={h.rents.map((r) => ({ date: r.effectiveOn, value: BigInt(r.annualRent) }))} format={aedShort} />
                    <HistoryTable
                      caption="Rent"
                      rows={[...h.rents].reverse().map((r) => ({ id: r.id, date: r.effectiveOn, value: aedShort(BigInt(r.annualRent)), detail: [`${bpsToPercent(r.occupancyBps)}% occupied`, r.note].filter(Boolean).join(' · ') }))}
                      onRemove={(id) => remove.mutate({ kind: 'rents', id })}
                      removable={h.rents.length > 1}
                    />
                  </div>
                </div>
              </>
            ) : history.isPending && selected ? (
              <p role="status" className="mt-5 text-sm text-slate-500">Loading history…</p>
            ) : null}
          </>
        )}
      </Card>
      <Dialog
        open={dialog !== null}
        onClose={() => setDialog(null)}
        title={dialog === 'valuation' ? 'Record a valuation' : 'Record rent'}
        description={h ? `${h.property.reference} · ${h.property.title}. A figure on a date that already has one replaces it.` : undefined}
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          {error ? <ErrorNote>{error}</ErrorNote> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={dialog === 'valuation' ? 'Valued on' : 'Effective from'} type="date" value={form.date} onChange={(v) => setForm((f) => ({ ...f, date: v }))} required />
            <Field label={dialog === 'valuation' ? 'Valuation (AED)' : 'Annual rent (AED)'} inputMode="decimal" value={form.amount} onChange={(v) => setForm((f) => ({ ...f, amount: v }))} required autoFocus />
            {dialog === 'rent' ? <Field label="Occupancy (%)" inputMode="decimal" value={form.occupancy} onChange={(v) => setForm((f) => ({ ...f, occupancy: v }))} /> : <Field label="Source" value={form.source} onChange={(v) => setForm((f) => ({ ...f, source: v }))} maxLength={120} />}
            <Field label="Note" value={form.note} onChange={(v) => setForm((f) => ({ ...f, note: v }))} maxLength={500} />
          </div>
          <div className="flex justify-end gap-2">
            <Button onClick={() => setDialog(null)}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={record.isPending}>{record.isPending ? 'Saving…' : 'Record'}</Button>
          </div>
        </form>
      </Dialog>
    </Section>
  );
}

function HistoryTable({ caption, rows, onRemove, removable }: { caption: string; rows: { id: string; date: string; value: string; detail: string }[]; onRemove: (id: string) => void; removable: boolean }) {
  return (
    <div className="mt-3 max-h-64 overflow-y-auto rounded-lg border border-slate-200">
      <DataTable caption={caption} minWidth={360} columns={[{ key: 'date', label: 'Date' }, { key: 'value', label: 'Figure', align: 'right' }, { key: 'detail', label: 'Source / note' }, { key: 'x', label: '', align: 'right' }]}>
        {rows.map((r) => (
          <tr key={r.id}>
            <td className="whitespace-nowrap px-4 py-2 text-slate-600">{r.date}</td>
            <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums text-ink">{r.value}</td>
            <td className="px-4 py-2 text-xs text-slate-500">{r.detail}</td>
            <td className="px-4 py-2 text-right">
              {removable ? (
                <button type="button" aria-label={`Remove the ${caption.toLowerCase()} record of ${r.date}`} onClick={() => onRemove(r.id)} className="rounded p-1 text-red-600 hover:bg-red-50"><Trash2 className="h-4 w-4" aria-hidden="true" /></button>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function MarketSeries() {
  const client = useQueryClient();
  const data = useQuery<{ series: Series[] }>({ queryKey: [`${MARKET_DATA}/indices`] });
  const [key, setKey] = useState<string>(MARKET_SERIES[0].key);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ month: new Date().toISOString().slice(0, 7), value: '', source: '' });
  const [error, setError] = useState<string | null>(null);
  const series = data.data?.series?.find((s) => s.key === key);
  const save = useMutation({
    mutationFn: (payload: Record<string, unknown>) => api.post<{ series: Series[] }>(`${MARKET_DATA}/indices`, payload),
    onSuccess: (d) => {
      client.setQueryData([`${MARKET_DATA}/indices`], d);
      void client.invalidateQueries(startsWith('/api/admin/audit'));
      setOpen(false);
      toast({ title: 'Figure recorded', variant: 'success' });
    },
    onError: (e) => setError(errorText(e, 'Not recorded.')),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete<{ series: Series[] }>(`${MARKET_DATA}/indices/${id}`),
    onSuccess: (d) => {
      client.setQueryData([`${MARKET_DATA}/indices`], d);
      toast({ title: 'Figure removed', variant: 'success' });
    },
    onError: (e) => toast({ title: 'Not removed', description: errorText(e, 'Try again.'), variant: 'destructive' }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const v = parseHundredths(form.value);
    if (v === null) return setError('Enter the value as a number with at most two decimals, like 142.35.');
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(form.month)) return setError('Choose the month.');
    save.mutate({ series: key, month: form.month, value: v.toString(), source: form.source.trim() });
  };

  const figures = series?.figures ?? [];
  const latest = figures[figures.length - 1];
  const yearAgo = latest ? figures.find((f) => f.period === `${Number(latest.period.slice(0, 4)) - 1}${latest.period.slice(4)}`) : undefined;
  const change = latest && yearAgo && BigInt(yearAgo.value) !== 0n ? ((BigInt(latest.value) - BigInt(yearAgo.value)) * 10_000n) / BigInt(yearAgo.value) : null;

  return (
    <Section title="Market index figures" description="Monthly series the valuations are checked against.">
      <Card className="p-5">
        {data.isError ? (
          <ErrorState error={data.error} what="market figures" onRetry={() => void data.refetch()} />
        ) : (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
              <Select label="Series" className="sm:w-96" value={key} onChange={setKey} options={MARKET_SERIES.map((s) => ({ value: s.key, label: s.name }))} />
              <Button icon={Plus} onClick={() => { setError(null); setForm({ month: new Date().toISOString().slice(0, 7), value: '', source: latest?.source ?? '' }); setOpen(true); }}>Record figure</Button>
            </div>
            {series ? (
              <>
                <dl className="mt-5 grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
                  <div><dt className="text-slate-500">Latest</dt><dd className="font-semibold text-ink">{latest ? `${seriesValue(series.unit, BigInt(latest.value))} · ${latest.period}` : '—'}</dd></div>
                  <div><dt className="text-slate-500">12-month change</dt><dd className="font-semibold text-ink">{change !== null ? `${change >= 0n ? '+' : ''}${bpsToPercent(change)}%` : '—'}</dd></div>
                  <div><dt className="text-slate-500">Source</dt><dd className="text-ink">{latest?.source || '—'}</dd></div>
                </dl>
                <div className="mt-5">
                  <LineChart label={series.name} points={figures.map((f) => ({ date: `${f.period}-01`, value: BigInt(f.value) }))} format={(v) => seriesValue(series.unit, v)} colour="#1d4ed8" />
                </div>
                <HistoryTable
                  caption={series.name}
                  rows={[...figures].reverse().map((f) => ({ id: f.id, date: f.period, value: seriesValue(series.unit, BigInt(f.value)), detail: f.source }))}
                  onRemove={(id) => remove.mutate(id)}
                  removable
                />
              </>
            ) : data.isPending ? (
              <p role="status" className="mt-5 text-sm text-slate-500">Loading figures…</p>
            ) : null}
          </>
        )}
      </Card>
      <Dialog open={open} onClose={() => setOpen(false)} title="Record a market figure" description={`${series?.name ?? ''}. A month that already has a figure is corrected.`}>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {error ? <ErrorNote>{error}</ErrorNote> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Month (YYYY-MM)" value={form.month} onChange={(v) => setForm((f) => ({ ...f, month: v }))} placeholder="2026-10" required />
            <Field label={series?.unit === 'aed' ? 'Value (AED per sq ft)' : series?.unit === 'percent' ? 'Value (%)' : 'Index value'} inputMode="decimal" value={form.value} onChange={(v) => setForm((f) => ({ ...f, value: v }))} required autoFocus />
            <Field label="Source" className="sm:col-span-2" value={form.source} onChange={(v) => setForm((f) => ({ ...f, source: v }))} maxLength={120} />
          </div>
          <div className="flex justify-end gap-2">
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="primary" disabled={save.isPending}>{save.isPending ? 'Saving…' : 'Record'}</Button>
          </div>
        </form>
      </Dialog>
    </Section>
  );
}

function ExchangeRates() {
  return (
    <Section title="Display exchange rates" description="Per 1 US dollar, as configured. Amounts are held in AED and converted only for display.">
      <Card className="overflow-hidden">
        <DataTable
          caption="Display exchange rates"
          minWidth={560}
          columns={[
            { key: 'code', label: 'Code' },
            { key: 'name', label: 'Currency' },
            { key: 'rate', label: 'Rate per USD', align: 'right' },
            { key: 'min', label: 'Minimum investment shown as', align: 'right' },
          ]}
        >
          {CURRENCY_CODES.map((code) => {
            const c = CURRENCIES[code];
            return (
              <tr key={code}>
                <td className="px-4 py-3 font-mono text-xs font-semibold text-ink">{code}</td>
                <td className="px-4 py-3 text-slate-700">{c.name} <span className="text-slate-400">({c.symbol})</span></td>
                <td className="px-4 py-3 text-right tabular-nums text-slate-700">{c.exchangeRate}</td>
                <td className="px-4 py-3 text-right tabular-nums text-slate-700">{formatMoney(convertMinor(MIN_INVESTMENT_FILS, 'AED', code), code)}</td>
              </tr>
            );
          })}
        </DataTable>
      </Card>
    </Section>
  );
}
