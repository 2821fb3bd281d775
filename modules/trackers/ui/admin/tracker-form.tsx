/** Adding or editing a tracker: a metric from the catalogue, an optional property or cost center, target, threshold, direction. */
import { FormDialog } from '@site/components/admin/form-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Busy, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { api, errorText } from '@site/lib/api';
import {
  ALERT_WHEN,
  directionLabels,
  isAdditive,
  metricValueInputText,
  parseMetricValue,
  periodLabels,
  TARGET_PERIODS,
  TRACKER_DIRECTIONS,
  unitLabels,
  type AlertWhen,
  type MetricJson,
  type MetricUnit,
  type TargetPeriod,
  type TrackerDirection,
  type TrackerJson,
} from '../../contract';
import { MetricPicker } from './metric-picker';
import { COST_CENTER_OPTIONS, enc, METRICS, PROPERTY_OPTIONS, refreshTrackers, TRACKERS } from './shared';

type Draft = { name: string; metric: string; costCenterId: string; propertyId: string; direction: TrackerDirection; target: string; targetPeriod: TargetPeriod; threshold: string; alertWhen: AlertWhen };
type Errors = Partial<Record<keyof Draft, string>>;
const blank: Draft = { name: '', metric: '', costCenterId: '', propertyId: '', direction: 'higher_is_better', target: '', targetPeriod: 'day', threshold: '', alertWhen: 'below' };
const fromTracker = (t: TrackerJson): Draft => ({
  name: t.name,
  metric: t.metric,
  costCenterId: t.costCenterId ?? '',
  propertyId: t.propertyId ?? '',
  direction: t.direction,
  target: metricValueInputText(t.unit, t.target),
  targetPeriod: t.targetPeriod,
  threshold: metricValueInputText(t.unit, t.threshold),
  alertWhen: t.alertWhen,
});

const example: Record<MetricUnit, string> = { money: 'in AED, like 25,000 or 1,250.50', count: 'a whole number, like 12', percent: 'in percent, like 4.5', days: 'in days, like 3 or 1.5' };

export function checkTracker(d: Draft, unit: MetricUnit | null): Errors {
  const e: Errors = {};
  if (d.name.trim().length < 2) e.name = 'Name the tracker, for example “Daily sign-ups”.';
  if (!d.metric || !unit) e.metric = 'Choose the metric to track.';
  if (unit && parseMetricValue(unit, d.target) === null) e.target = `Type the target ${example[unit]}.`;
  if (unit && parseMetricValue(unit, d.threshold) === null) e.threshold = `Type the alert threshold ${example[unit]}.`;
  return e;
}

export function TrackerForm({ tracker, open, onClose, onSaved }: { tracker: TrackerJson | null; open: boolean; onClose: () => void; onSaved?: (t: TrackerJson) => void }) {
  const client = useQueryClient();
  const metrics = useQuery<{ items: MetricJson[] }>({ queryKey: [METRICS], staleTime: 5 * 60_000, enabled: open });
  const [d, setD] = useState<Draft>(blank);
  const metric = metrics.data?.items.find((m) => m.key === d.metric) ?? null;
  const byProperty = !!metric?.dimensions.includes('property');
  const byCostCenter = !!metric?.dimensions.includes('costCenter');
  const summed = !!metric && isAdditive(metric);
  const properties = useQuery<{ items: { id: string; reference: string; title: string }[] }>({ queryKey: [PROPERTY_OPTIONS], staleTime: 60_000, enabled: open && byProperty });
  const costCenters = useQuery<{ items: { id: string; code: string; name: string; archived: boolean }[] }>({ queryKey: [COST_CENTER_OPTIONS], staleTime: 60_000, enabled: open && byCostCenter });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setD(tracker ? fromTracker(tracker) : blank);
      setErrors({});
      setError(null);
    }
  }, [open, tracker]);
  const set = (patch: Partial<Draft>) => setD((x) => ({ ...x, ...patch }));
  const save = useMutation({
    mutationFn: (body: object) => (tracker ? api.patch<TrackerJson>(`${TRACKERS}/${enc(tracker.id)}`, body) : api.post<TrackerJson>(TRACKERS, body)),
    onSuccess: (saved) => {
      void refreshTrackers(client);
      onSaved?.(saved);
      onClose();
    },
    onError: (e) => setError(errorText(e, 'The tracker was not saved.')),
  });
  const submit = () => {
    const found = checkTracker(d, metric?.unit ?? null);
    setErrors(found);
    if (Object.keys(found).length || !metric) return;
    save.mutate({
      name: d.name.trim(),
      metric: d.metric,
      costCenterId: byCostCenter && d.costCenterId ? d.costCenterId : null,
      propertyId: byProperty && d.propertyId ? d.propertyId : null,
      direction: d.direction,
      target: parseMetricValue(metric.unit, d.target)!.toString(),
      targetPeriod: summed ? d.targetPeriod : 'day',
      threshold: parseMetricValue(metric.unit, d.threshold)!.toString(),
      alertWhen: d.alertWhen,
    });
  };
  const unit = metric ? ` (${unitLabels[metric.unit]})` : '';
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      wide
      title={tracker ? `Edit ${tracker.name}` : 'New tracker'}
      description="A tracker computes its metric every day, draws it against a target and tells the admins when it crosses the alert threshold."
      submitLabel="Save tracker"
      pending={save.isPending}
      icon={Save}
      onSubmit={submit}
      error={error}
      formClassName="grid gap-4 sm:grid-cols-2"
    >
      <Field className="sm:col-span-2" label="Name" value={d.name} onChange={(name) => set({ name })} required maxLength={120} error={errors.name} />
      {metrics.isPending ? (
        <Busy>Loading the metric catalogue…</Busy>
      ) : metrics.isError ? (
        <div className="sm:col-span-2">
          <ErrorNote title="The metric catalogue did not load">{errorText(metrics.error, 'Try again in a moment.')}</ErrorNote>
        </div>
      ) : (
        <MetricPicker metrics={metrics.data.items} value={d.metric} onChange={(m) => set({ metric: m, propertyId: '', costCenterId: '' })} error={errors.metric} />
      )}
      {byProperty ? (
        <Select
          label="Property (optional)"
          value={d.propertyId}
          onChange={(propertyId) => set({ propertyId })}
          options={[{ value: '', label: 'All properties' }, ...(properties.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.reference} · ${p.title}` }))]}
        />
      ) : null}
      {byCostCenter ? (
        <Select
          label="Cost center (optional)"
          value={d.costCenterId}
          onChange={(costCenterId) => set({ costCenterId })}
          options={[{ value: '', label: 'All cost centers' }, ...(costCenters.data?.items ?? []).filter((c) => !c.archived).map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }))]}
        />
      ) : null}
      <Field label={`Target${unit}`} value={d.target} onChange={(target) => set({ target })} inputMode="decimal" required error={errors.target} />
      {summed ? (
        <Select label="Target period" value={d.targetPeriod} onChange={(p) => set({ targetPeriod: p as TargetPeriod })} options={TARGET_PERIODS.map((p) => ({ value: p, label: periodLabels[p] }))} hint="The daily values are summed over the period (a week is the last 7 days, a month the last 30)." />
      ) : (
        <p className="self-end text-xs text-slate-500">{metric ? `${metric.label} is a level or a rate: it is compared with the target day by day.` : 'Choose a metric to set the target.'}</p>
      )}
      <Select label="Direction" value={d.direction} onChange={(v) => set({ direction: v as TrackerDirection })} options={TRACKER_DIRECTIONS.map((v) => ({ value: v, label: directionLabels[v] }))} />
      <Select label="Alert when the value is" value={d.alertWhen} onChange={(v) => set({ alertWhen: v as AlertWhen })} options={ALERT_WHEN.map((v) => ({ value: v, label: v === 'below' ? 'Below the threshold' : 'Above the threshold' }))} />
      <Field label={`Alert threshold${unit}`} value={d.threshold} onChange={(threshold) => set({ threshold })} inputMode="decimal" required error={errors.threshold} />
    </FormDialog>
  );
}
