/**
 * One run as it happened: its figures, the amount each property received and every plan. Shown after
 * "Run collections" and when a run of the list is opened (?run=<id>, GET /api/admin/sip/runs/:id).
 */
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { aed, when } from '@site/components/admin/money/shared';
import { formatDate } from '@site/components/admin/format';
import { Busy, Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import type { SipRunResultJson } from '../../contract';
import { AllocationChart } from './allocation-chart';
import { RunItems } from './run-items';
import { count, runUrl, SCREEN_PATH } from './shared';

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'danger' | 'warning' }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2.5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={`mt-0.5 text-lg font-semibold tabular-nums ${tone === 'danger' ? 'text-red-700' : tone === 'warning' ? 'text-amber-700' : 'text-ink'}`}>{value}</dd>
    </div>
  );
}

export function RunFigures({ run }: { run: SipRunResultJson }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={`Totals of run ${run.reference}`}>
      <Figure label="Plans" value={count(run.plans)} />
      <Figure label="Collected" value={count(run.collected)} />
      <Figure label="Failed" value={count(run.failed)} tone={run.failed ? 'danger' : undefined} />
      <Figure label="Retrying" value={count(run.retrying)} tone={run.retrying ? 'warning' : undefined} />
      <Figure label="Skipped" value={count(run.skipped)} />
      <Figure label="Amount collected" value={aed(run.amountCollected)} />
      <Figure label="Amount invested" value={aed(run.amountInvested)} />
      <Figure label="Properties" value={count(run.properties.length)} />
    </dl>
  );
}

/** Who started a run, and when it started and finished. */
export const runByline = (run: SipRunResultJson) =>
  `Run for ${formatDate(run.runDate)}, ${run.trigger === 'admin' ? `started by ${run.startedBy ?? 'an administrator'}` : 'started by the scheduler'} on ${when(run.createdAt)}${run.finishedAt ? `, finished ${when(run.finishedAt)}` : ', not finished'}.`;

export function RunOutcome({ run }: { run: SipRunResultJson }) {
  return (
    <div className="space-y-5">
      <RunFigures run={run} />
      {run.properties.length ? (
        <AllocationChart caption="Invested per property" bars={run.properties} />
      ) : (
        <p className="text-sm text-slate-600">This run bought no shares.</p>
      )}
      <RunItems run={run} />
    </div>
  );
}

/** The run named by ?run=<id>, in a dialog over the screen; closing it drops the parameter. */
export function RunDetailDialog() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const id = params.get('run');
  const run = useQuery<SipRunResultJson>({ queryKey: [runUrl(id ?? '')], enabled: Boolean(id) });
  const close = () => {
    params.delete('run');
    navigate(`${SCREEN_PATH}${params.size ? `?${params}` : ''}`);
  };
  const title = run.data ? `Run ${run.data.reference}` : 'Run';
  return (
    <Dialog open={Boolean(id)} onClose={close} wide="xl" title={title} description={run.data ? runByline(run.data) : undefined} footer={<Button onClick={close}>Close</Button>}>
      {run.isPending ? (
        <Busy>Loading the run…</Busy>
      ) : run.isError ? (
        <ErrorNote title="Couldn't load this run">{errorText(run.error, 'Request failed')}</ErrorNote>
      ) : (
        <RunOutcome run={run.data} />
      )}
    </Dialog>
  );
}
