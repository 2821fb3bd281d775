/**
 * The widget editor: a metric picked from the catalogue (searched, grouped), its chart, period, bucket,
 * comparison, filters and breakdown. Only the filters and breakdowns the metric has are offered.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '@site/components/admin/ui';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { BUCKETS, bucketLabels, type MetricDef } from '../../contract';
import {
  BREAKDOWNS,
  CHART_TYPES,
  COMPARISONS,
  PERIOD_PRESETS,
  breakdownLabels,
  chartLabels,
  comparisonLabels,
  dashboardMessages,
  periodLabels,
  type Breakdown,
  type MetricsGroupJson,
  type Widget,
} from '../../dashboard-contract';
import { COST_CENTERS, PROPERTIES } from './shared';

type Option = { value: string; label: string };

function MetricPicker({ groups, value, onChange, error }: { groups: MetricsGroupJson[]; value: string; onChange: (key: string) => void; error?: string | null }) {
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = groups
    .map((g) => ({ group: g.group, metrics: g.metrics.filter((m) => !needle || m.key === value || `${m.label} ${m.key} ${m.group} ${m.description}`.toLowerCase().includes(needle)) }))
    .filter((g) => g.metrics.length);
  const count = shown.reduce((s, g) => s + g.metrics.length, 0);
  const selected = groups.flatMap((g) => g.metrics).find((m) => m.key === value);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-xs font-medium text-slate-600">Metric</legend>
      <Field label="Search the catalogue" type="search" value={search} onChange={setSearch} placeholder="Cash, fee income, AUM, headcount…" hint={`${count} metric${count === 1 ? '' : 's'} shown`} />
      <label className="sr-only" htmlFor="widget-metric">Metric</label>
      <select
        id="widget-metric"
        size={8}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        className="w-full rounded-lg border border-slate-300 bg-white p-1 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      >
        {shown.map((g) => (
          <optgroup key={g.group} label={g.group}>
            {g.metrics.map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {error ? <p className="text-xs text-red-700">{error}</p> : null}
      {selected ? <p className="text-xs text-slate-600">{selected.description}</p> : null}
    </fieldset>
  );
}

const opts = <K extends string>(keys: readonly K[], labels: Record<K, string>): Option[] => keys.map((k) => ({ value: k, label: labels[k] }));

export function WidgetEditor({ open, initial, groups, onClose, onSave }: { open: boolean; initial: Widget; groups: MetricsGroupJson[]; onClose: () => void; onSave: (w: Widget) => void }) {
  const [w, setW] = useState<Widget>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const metric: MetricDef | undefined = useMemo(() => groups.flatMap((g) => g.metrics).find((m) => m.key === w.metric), [groups, w.metric]);
  const dims = metric?.dimensions ?? [];
  const centers = useQuery<{ items: { code: string; name: string }[] }>({ queryKey: [COST_CENTERS], enabled: open && dims.includes('costCenter') });
  const properties = useQuery<{ items: { id: string; title: string }[] }>({ queryKey: [PROPERTIES], enabled: open && dims.includes('property') });
  const set = (patch: Partial<Widget>) => setW((cur) => ({ ...cur, ...patch }));

  const pickMetric = (key: string) => {
    const m = groups.flatMap((g) => g.metrics).find((x) => x.key === key);
    const keep = (d: Breakdown) => !!m?.dimensions.includes(d);
    setW((cur) => ({
      ...cur,
      metric: key,
      filters: { ...(cur.filters.costCenterId && keep('costCenter') ? { costCenterId: cur.filters.costCenterId } : {}), ...(cur.filters.propertyId && keep('property') ? { propertyId: cur.filters.propertyId } : {}) },
      breakdown: cur.breakdown && keep(cur.breakdown) ? cur.breakdown : null,
      chart: cur.chart === 'pie' && !(cur.breakdown && keep(cur.breakdown)) ? 'line' : cur.chart,
    }));
  };

  const save = () => {
    const e: Record<string, string> = {};
    if (!metric) e.metric = 'Choose a metric from the catalogue.';
    if (w.period.preset === 'custom' && !(w.period.from && w.period.to && w.period.from <= w.period.to)) e.period = dashboardMessages.customPeriod;
    if (w.chart === 'pie' && !w.breakdown) e.breakdown = dashboardMessages.pieNeedsBreakdown;
    if (w.title.length > 80) e.title = dashboardMessages.title;
    setErrors(e);
    if (!Object.keys(e).length) onSave({ ...w, title: w.title.trim(), period: w.period.preset === 'custom' ? w.period : { preset: w.period.preset } });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title={initial.metric ? 'Edit widget' : 'Add a widget'}
      description="Pick a figure from the catalogue and how to show it. Money is in AED, from the posted ledger or the operational records."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={save}>
            {initial.metric ? 'Apply changes' : 'Add widget'}
          </Button>
        </>
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        <MetricPicker groups={groups} value={w.metric} onChange={pickMetric} error={errors.metric} />
        <div className="grid content-start gap-3">
          <Field label="Title (optional)" value={w.title} onChange={(title) => set({ title })} maxLength={80} placeholder={metric?.label ?? 'The metric’s name'} error={errors.title} />
          <Select label="Chart" value={w.chart} onChange={(chart) => set({ chart: chart as Widget['chart'] })} options={CHART_TYPES.map((c) => ({ value: c, label: chartLabels[c], disabled: c === 'pie' && dims.length === 0 }))} error={errors.chart} />
          <Select label="Period" value={w.period.preset} onChange={(preset) => set({ period: { ...w.period, preset: preset as Widget['period']['preset'] } })} options={opts(PERIOD_PRESETS, periodLabels)} error={errors.period} />
          {w.period.preset === 'custom' ? (
            <div className="grid grid-cols-2 gap-3">
              <Field label="From" type="date" value={w.period.from ?? ''} onChange={(from) => set({ period: { ...w.period, from } })} />
              <Field label="To" type="date" value={w.period.to ?? ''} onChange={(to) => set({ period: { ...w.period, to } })} />
            </div>
          ) : null}
          <Select label="Bucket" value={w.bucket} onChange={(bucket) => set({ bucket: bucket as Widget['bucket'] })} options={opts(BUCKETS, bucketLabels)} />
          <Select label="Compare with" value={w.comparison} onChange={(comparison) => set({ comparison: comparison as Widget['comparison'] })} options={opts(COMPARISONS, comparisonLabels)} />
          {dims.includes('costCenter') ? (
            <Select
              label="Cost center"
              value={w.filters.costCenterId ?? ''}
              onChange={(v) => set({ filters: { ...w.filters, costCenterId: v || undefined } })}
              options={[{ value: '', label: 'All cost centers' }, ...(centers.data?.items ?? []).map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }))]}
            />
          ) : null}
          {dims.includes('property') ? (
            <Select
              label="Property"
              value={w.filters.propertyId ?? ''}
              onChange={(v) => set({ filters: { ...w.filters, propertyId: v || undefined } })}
              options={[{ value: '', label: 'All properties' }, ...(properties.data?.items ?? []).map((p) => ({ value: p.id, label: p.title }))]}
            />
          ) : null}
          {dims.length ? (
            <Select
              label="Break down by"
              value={w.breakdown ?? ''}
              onChange={(v) => set({ breakdown: (v || null) as Breakdown | null })}
              options={[{ value: '', label: 'No breakdown' }, ...BREAKDOWNS.filter((b) => dims.includes(b)).map((b) => ({ value: b, label: breakdownLabels[b] }))]}
              error={errors.breakdown}
              hint="Pie charts and bars show the period's total per cost center or property."
            />
          ) : null}
        </div>
      </div>
      {Object.keys(errors).length ? <div className="mt-4"><ErrorNote title="Check the widget">{Object.values(errors).join(' ')}</ErrorNote></div> : null}
    </Dialog>
  );
}
