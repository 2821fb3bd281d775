/** One tracker opened (deep link ?tracker=<id>): its figures, its chart over 30, 90 or 365 days, and its actions. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pause, Pencil, Play, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Busy, Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { Badge, Button, cx, DefinitionList } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { addDays, formatDate } from '@modules/platform/dates';
import { directionLabels, formatMetricValue, PERIOD_DAYS, targetText, type TrackerJson, type TrackerPointsJson } from '../../contract';
import { enc, PERIOD_CHOICES, refreshTrackers, TRACKERS } from './shared';
import { TargetProgress } from './target-progress';
import { TrackerChart } from './tracker-chart';

export function AlertBadge({ t }: { t: Pick<TrackerJson, 'alertState' | 'status'> }) {
  if (t.status === 'paused') return <Badge>Paused</Badge>;
  return t.alertState === 'alerting' ? <Badge tone="danger">Alerting</Badge> : <Badge tone="success">Within threshold</Badge>;
}

function History({ tracker }: { tracker: TrackerJson }) {
  const [days, setDays] = useState<number>(90);
  const to = tracker.lastComputedOn;
  const from = to ? addDays(to, -(days - 1)) : null;
  const points = useQuery<TrackerPointsJson>({ queryKey: [`${TRACKERS}/${enc(tracker.id)}/points?from=${from}&to=${to}`], enabled: !!to });
  return (
    <section aria-label="History" className="mt-6">
      <div role="group" aria-label="Period" className="mb-3 inline-flex rounded-lg border border-slate-200 p-0.5">
        {PERIOD_CHOICES.map((c) => (
          <button
            key={c.days}
            type="button"
            aria-pressed={days === c.days}
            onClick={() => setDays(c.days)}
            className={cx('rounded-md px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-brand-500', days === c.days ? 'bg-brand-800 text-white' : 'text-slate-700 hover:bg-slate-100')}
          >
            {c.label}
          </button>
        ))}
      </div>
      {!to ? (
        <p className="text-sm text-slate-600">Not computed yet: press “Recompute now” or wait for the hourly run.</p>
      ) : points.isPending ? (
        <Busy>Loading the history…</Busy>
      ) : points.isError ? (
        <ErrorNote title="The history did not load">{errorText(points.error, 'Try again in a moment.')}</ErrorNote>
      ) : points.data.points.length === 0 ? (
        <p className="text-sm text-slate-600">No values in these {days} days.</p>
      ) : (
        <TrackerChart tracker={tracker} points={points.data.points} />
      )}
    </section>
  );
}

export function TrackerDetail({ id, onClose, onEdit }: { id: string | null; onClose: () => void; onEdit: (t: TrackerJson) => void }) {
  const client = useQueryClient();
  const tracker = useQuery<TrackerJson>({ queryKey: [`${TRACKERS}/${enc(id ?? '')}`], enabled: !!id });
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const act = useMutation({
    mutationFn: (what: 'pause' | 'resume' | 'recompute' | 'delete') =>
      what === 'delete' ? api.delete(`${TRACKERS}/${enc(id!)}`) : what === 'recompute' ? api.post(`${TRACKERS}/recompute`, { trackerId: id }) : api.post(`${TRACKERS}/${enc(id!)}/${what}`),
    onSuccess: (_r, what) => {
      setError(null);
      setConfirming(false);
      void refreshTrackers(client);
      if (what === 'delete') onClose();
    },
    onError: (e) => setError(errorText(e, 'That did not work.')),
  });
  const t = tracker.data;
  const fmt = (v: string | null) => (t ? formatMetricValue(t.unit, v) : '');
  return (
    <Dialog open={!!id} onClose={onClose} wide="xl" title={t?.name ?? 'Tracker'} description={t ? `${t.metricLabel}${t.propertyName ? ` · ${t.propertyName}` : ''}${t.costCenterName ? ` · ${t.costCenterName}` : ''}` : undefined}>
      {tracker.isPending ? (
        <Busy>Loading the tracker…</Busy>
      ) : tracker.isError ? (
        <ErrorNote title="The tracker did not load">{errorText(tracker.error, 'It may have been deleted.')}</ErrorNote>
      ) : t ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <AlertBadge t={t} />
            <span className="text-2xl font-semibold tabular-nums text-ink">{fmt(t.latestValue)}</span>
            <span className="text-sm text-slate-600">{t.latestDate ? `${t.additive && t.targetPeriod !== 'day' ? `last ${PERIOD_DAYS[t.targetPeriod]} days to` : 'on'} ${formatDate(t.latestDate)}` : 'no value yet'}</span>
            <TargetProgress bps={t.vsTargetBps} direction={t.direction} />
          </div>
          <DefinitionList
            items={[
              { term: 'Target', detail: `${targetText(t)} · ${directionLabels[t.direction].toLowerCase()}` },
              { term: 'Alert', detail: `When ${t.alertWhen} ${fmt(t.threshold)}${t.lastAlertedOn ? ` · last alerted ${formatDate(t.lastAlertedOn)}` : ''}` },
              { term: 'Last computed', detail: t.lastComputedOn ? formatDate(t.lastComputedOn) : 'Not yet' },
            ]}
          />
          <History tracker={t} />
          {error ? (
            <div className="mt-4">
              <ErrorNote title="Not done">{error}</ErrorNote>
            </div>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-2">
            <Button icon={Pencil} onClick={() => onEdit(t)}>
              Edit
            </Button>
            {t.status === 'active' ? (
              <Button icon={Pause} onClick={() => act.mutate('pause')} disabled={act.isPending}>
                Pause
              </Button>
            ) : (
              <Button icon={Play} onClick={() => act.mutate('resume')} disabled={act.isPending}>
                Resume
              </Button>
            )}
            <Button icon={RefreshCw} onClick={() => act.mutate('recompute')} disabled={act.isPending || t.status === 'paused'}>
              Recompute this tracker
            </Button>
            {confirming ? (
              <Button variant="primary" icon={Trash2} onClick={() => act.mutate('delete')} disabled={act.isPending}>
                Delete with its history
              </Button>
            ) : (
              <Button icon={Trash2} onClick={() => setConfirming(true)}>
                Delete…
              </Button>
            )}
          </div>
        </>
      ) : null}
    </Dialog>
  );
}
