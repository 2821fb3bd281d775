/**
 * /admin/data-trackers: business metrics computed every day from the data, each against a target and an alert
 * threshold. The list (GET /api/admin/trackers: search, sort, status and alert filters, CSV) shows each tracker's
 * sparkline, latest value in its unit, progress to target and alert state; a tracker opens (?tracker=<id>) on its
 * chart. New trackers come from the same metric catalogue as the dashboard builder.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Activity, PauseCircle, Plus, Radar, RefreshCw } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button, ScreenIntro, StatCard, StatGrid } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { formatDate } from '@modules/platform/dates';
import { formatMetricValue, targetText, type ComputeResultJson, type TrackerJson } from '../../contract';
import { refreshTrackers, TRACKERS } from './shared';
import { Sparkline } from './sparkline';
import { TargetProgress } from './target-progress';
import { AlertBadge, TrackerDetail } from './tracker-detail';
import { TrackerForm } from './tracker-form';

type Row = TrackerJson;

const FILTERS: FilterDef[] = [
  { type: 'select', key: 'status', label: 'Status', all: 'Any status', options: [{ value: 'active', label: 'Active' }, { value: 'paused', label: 'Paused' }] },
  { type: 'select', key: 'alertState', label: 'Alert', all: 'Any alert state', options: [{ value: 'alerting', label: 'Alerting' }, { value: 'ok', label: 'Within threshold' }] },
];

function useTrackerParam() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const id = new URLSearchParams(search).get('tracker');
  const open = useCallback(
    (next: string | null) => {
      const params = new URLSearchParams(search);
      if (next) params.set('tracker', next);
      else params.delete('tracker');
      const qs = params.toString();
      navigate(`${location}${qs ? `?${qs}` : ''}`);
    },
    [search, location, navigate],
  );
  return [id, open] as const;
}

export default function DataTrackersScreen() {
  const client = useQueryClient();
  const [openId, open] = useTrackerParam();
  const [editing, setEditing] = useState<Row | null>(null);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const alerting = useQuery<{ total: number }>({ queryKey: [`${TRACKERS}?limit=1&alertState=alerting&status=active`] });
  const active = useQuery<{ total: number }>({ queryKey: [`${TRACKERS}?limit=1&status=active`] });
  const paused = useQuery<{ total: number }>({ queryKey: [`${TRACKERS}?limit=1&status=paused`] });
  const recompute = useMutation({
    mutationFn: () => api.post<ComputeResultJson & { failed: number }>(`${TRACKERS}/recompute`, {}),
    onSuccess: (r) => {
      void refreshTrackers(client);
      const alerts = r.alerts + r.recoveries ? ` ${r.alerts} new alert${r.alerts === 1 ? '' : 's'}, ${r.recoveries} back within threshold.` : ' No threshold crossed.';
      setNotice(`Recomputed ${r.trackers} tracker${r.trackers === 1 ? '' : 's'} up to ${formatDate(r.asOf)}: ${r.points} value${r.points === 1 ? '' : 's'} changed.${alerts}${r.failed ? ` ${r.failed} could not be computed; see the server log.` : ''}`);
    },
    onError: (e) => setNotice(errorText(e, 'The trackers were not recomputed.')),
  });
  const columns = useMemo(
    () => [
      col.custom<Row>('name', 'Tracker', (r) => (
        <>
          <button type="button" onClick={() => open(r.id)} className="text-left font-medium text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500">
            {r.name}
            <span className="sr-only">: open its chart</span>
          </button>
          <span className="block text-xs text-slate-500">
            {r.metricLabel === r.name ? 'Metric of the same name' : r.metricLabel}
            {r.propertyName ? ` · ${r.propertyName}` : ''}
            {r.costCenterName ? ` · ${r.costCenterName}` : ''}
          </span>
        </>
      ), { sort: 'name', className: 'min-w-56' }),
      col.custom<Row>('trend', 'Last 30 days', (r) => <Sparkline values={r.spark} unit={r.unit} alerting={r.alertState === 'alerting'} />),
      col.custom<Row>('latest', 'Latest', (r) => (
        <>
          <span className="block font-medium tabular-nums text-ink">{formatMetricValue(r.unit, r.latestValue)}</span>
          <span className="block text-xs text-slate-500">{r.latestDate ? formatDate(r.latestDate) : 'Not computed yet'}</span>
        </>
      ), { align: 'right' }),
      col.custom<Row>('target', 'vs target', (r) => (
        <>
          <TargetProgress bps={r.vsTargetBps} direction={r.direction} />
          <span className="block text-xs text-slate-500">Target {targetText(r)}</span>
        </>
      )),
      col.custom<Row>('alert', 'Alert', (r) => (
        <>
          <AlertBadge t={r} />
          <span className="block text-xs text-slate-500">
            {r.alertWhen} {formatMetricValue(r.unit, r.threshold)}
          </span>
        </>
      )),
      col.date<Row>('lastComputedOn', 'Last computed', (r) => r.lastComputedOn, { sort: 'lastComputedOn' }),
    ],
    [open],
  );
  const figure = (q: { isPending: boolean; isError: boolean; data?: { total: number } }) => (q.isPending ? '…' : q.isError ? 'Not available' : String(q.data?.total ?? 0));
  return (
    <>
      <ScreenIntro
        description="Business metrics computed every day from Manzil's own data, such as sign-ups, KYC approvals, deposits, SIP collections, AUM and yield, each drawn against a target, with an alert to the admins when it crosses its threshold."
        actions={
          <>
            <Button icon={RefreshCw} onClick={() => recompute.mutate()} disabled={recompute.isPending}>
              {recompute.isPending ? 'Recomputing…' : 'Recompute now'}
            </Button>
            <Button variant="primary" icon={Plus} onClick={() => setAdding(true)}>
              New tracker
            </Button>
          </>
        }
      />
      <p role="status" aria-live="polite" className={notice ? 'mb-4 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700' : 'sr-only'}>
        {notice}
      </p>
      <StatGrid>
        <StatCard label="Active trackers" icon={Activity} value={figure(active)} hint="Computed every day up to yesterday." />
        <StatCard label="Alerting" icon={AlertTriangle} value={figure(alerting)} hint="Past their alert threshold on the last computed day." />
        <StatCard label="Paused" icon={PauseCircle} value={figure(paused)} hint="Kept with their history, not computed." />
      </StatGrid>
      <AdminTable<Row>
        endpoint={TRACKERS}
        caption="Data trackers"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['tracker', 'trackers']}
        search={{ placeholder: 'Tracker name or metric' }}
        filters={FILTERS}
        defaultSort="name"
        minWidth={960}
        empty={{ icon: Radar, title: 'No trackers yet', body: 'Add a tracker from the metric catalogue: choose the figure, its target and the threshold at which the admins are told.' }}
      />
      <TrackerForm tracker={editing} open={adding || editing !== null} onClose={() => (setAdding(false), setEditing(null))} onSaved={(t) => open(t.id)} />
      <TrackerDetail id={editing ? null : openId} onClose={() => open(null)} onEdit={(t) => setEditing(t)} />
    </>
  );
}
