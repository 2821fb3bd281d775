/**
 * One run as it happened: its figures, every charge with its calculation per property, and what it collected
 * of older receivables. Shown after "Run fees" and when a run of the list is opened (?run=<id>).
 */
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { aed, when } from '@site/components/admin/money/shared';
import { formatDate } from '@site/components/admin/format';
import { Busy, Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { feeTriggerLabels, type FeeRunDetailJson, type FeeRunResultJson } from '../../contract';
import { ChargeTable } from './charge-table';
import { SCREEN_PATH, count, runUrl } from './shared';

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'warning' }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2.5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className={`mt-0.5 text-lg font-semibold tabular-nums ${tone === 'warning' ? 'text-amber-700' : 'text-ink'}`}>{value}</dd>
    </div>
  );
}

export function RunFigures({ run }: { run: FeeRunResultJson }) {
  const owed = (() => {
    try {
      return BigInt(run.receivable) > 0n;
    } catch {
      return false;
    }
  })();
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label={`Totals of run ${run.number}`}>
      <Figure label="Up to" value={formatDate(run.through)} />
      <Figure label="Investors charged" value={count(run.investors)} />
      <Figure label="Platform fee" value={aed(run.fee)} />
      <Figure label="VAT" value={aed(run.vat)} />
      <Figure label="Taken from wallets" value={aed(run.collected)} />
      <Figure label="Left owed" value={aed(run.receivable)} tone={owed ? 'warning' : undefined} />
    </dl>
  );
}

export const runByline = (run: FeeRunDetailJson) =>
  `Up to ${formatDate(run.through)}, started by ${run.trigger === 'admin' ? (run.startedBy ?? 'an administrator') : feeTriggerLabels[run.trigger].toLowerCase()} on ${when(run.createdAt)}.`;

export function RunDetail({ run }: { run: FeeRunDetailJson }) {
  const collections = Array.isArray(run.collections) ? run.collections : [];
  return (
    <div className="space-y-5">
      <RunFigures run={run} />
      {collections.length ? (
        <div>
          <h3 className="text-sm font-semibold text-ink">Owed fees collected first</h3>
          <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
            {collections.map((c) => (
              <li key={c.userId} className="flex justify-between gap-3 px-3 py-2">
                <span>
                  {c.name} <span className="font-mono text-xs text-slate-500">{c.unicode}</span>
                </span>
                <span className="tabular-nums">{aed(c.amount)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ChargeTable charges={Array.isArray(run.charges) ? run.charges : []} caption={`Charges of run ${run.number}`} />
    </div>
  );
}

/** The run named by ?run=<id>, in a dialog over the screen; closing it drops the parameter. */
export function RunDetailDialog() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const id = params.get('run');
  const run = useQuery<FeeRunDetailJson>({ queryKey: [runUrl(id ?? '')], enabled: Boolean(id) });
  const close = () => {
    params.delete('run');
    navigate(`${SCREEN_PATH}${params.size ? `?${params}` : ''}`);
  };
  return (
    <Dialog open={Boolean(id)} onClose={close} wide="xl" title={run.data ? `Run ${run.data.number}` : 'Run'} description={run.data ? runByline(run.data) : undefined} footer={<Button onClick={close}>Close</Button>}>
      {run.isPending ? <Busy>Loading the run…</Busy> : run.isError ? <ErrorNote title="Couldn't load this run">{errorText(run.error, 'Request failed')}</ErrorNote> : <RunDetail run={run.data} />}
    </Dialog>
  );
}
