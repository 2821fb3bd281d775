/**
 * One distribution (?run=<id>, GET /api/admin/distributions/:id) in a dialog: its figures, who created,
 * approved and paid it, every holder's line (amount, fee netted, reinvested), and its actions — Approve
 * (a second administrator; shown unavailable, with the reason, to the one who created it), Pay (confirmed
 * with the total and the number of holders, then a progress indicator) and Cancel (confirmed).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, BadgeCheck, Banknote } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatDate } from '@site/components/admin/format';
import { Busy, Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { useMe, when } from '@site/components/admin/money/shared';
import { Badge, Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { distributionMessages, distributionStatusLabels, type DistributionJson } from '../../contract';
import { aed, fils, periodLabel, plural, shares } from '../format';
import { Figure, LinesTable } from './preview';
import { DISTRIBUTIONS_PATH, refreshDistributions, runUrl, statusTone } from './shared';

type Mode = 'view' | 'pay' | 'cancel';

export const NEEDS_APPROVAL_FIRST = 'Approve it first: distributions above the approval threshold are paid only after a second administrator approves them.';

function RunFigures({ run }: { run: DistributionJson }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={`Figures of ${run.number}`}>
      <Figure label="Amount" value={aed(run.amount)} hint={fils(run.amount) === fils(run.distributable) ? 'The books’ distributable' : `The books said ${aed(run.distributable)}`} />
      <Figure label="Reserve kept back" value={aed(run.reserve)} />
      <Figure label="Holders" value={run.holders.toLocaleString('en-US')} hint={`${shares(run.units)} shares at ${formatDate(run.recordDate)}`} />
      <Figure label="Per share" value={aed(run.perShare)} />
    </dl>
  );
}

function History({ run }: { run: DistributionJson }) {
  const { paidBy, cancelledAt } = run as DistributionJson & { paidBy?: string | null; cancelledAt?: string | null };
  const steps = [
    `Created ${when(run.createdAt)}${run.createdBy ? ` by ${run.createdBy}` : ''}.`,
    run.approvedAt ? `Approved ${when(run.approvedAt)}${run.approvedBy ? ` by ${run.approvedBy}` : ''}.` : run.needsApproval && run.status === 'draft' ? 'Above the approval threshold: waits for a second administrator’s approval.' : null,
    run.paidAt ? `Paid ${when(run.paidAt)}${paidBy ? ` by ${paidBy}` : ''}${run.journalReference ? ', journal entry' : '.'}` : null,
    cancelledAt ? `Cancelled ${when(cancelledAt)}.` : null,
  ].filter(Boolean);
  return (
    <p className="text-sm text-slate-600">
      {steps.join(' ')}
      {run.paidAt && run.journalReference ? (
        <>
          {' '}
          <Link href={`/admin/journal-entries?q=${encodeURIComponent(run.journalReference)}`} className="font-mono text-brand-800 hover:underline">
            {run.journalReference}
          </Link>
          .
        </>
      ) : null}
    </p>
  );
}

function RunBody({ run, mode, error, busy }: { run: DistributionJson; mode: Mode; error: unknown; busy: boolean }) {
  if (busy && mode === 'pay')
    return (
      <div className="space-y-3" aria-busy="true">
        <progress className="h-2 w-full overflow-hidden rounded-full accent-brand-700" aria-label={`Paying ${plural(run.holders, 'holder', 'holders')}`} />
        <Busy>Crediting {plural(run.holders, 'wallet', 'wallets')} and posting the journal entry. Keep this window open.</Busy>
      </div>
    );
  if (mode === 'pay')
    return (
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          This pays <strong className="text-ink">{aed(run.amount)}</strong> to <strong className="text-ink">{plural(run.holders, 'holder', 'holders')}</strong> of {run.propertyTitle} for {periodLabel(run.period)}, in
          one journal entry: each wallet is credited at once, any unpaid platform fee is netted out of the line first, and investors who chose reinvestment have it carried out.
          The reserve of {aed(run.reserve)} moves to the property's reserves.
        </p>
        <p>A payment is not undone from here: a later correction is a journal entry.</p>
        {error ? <ErrorNote title="Nothing was paid">{errorText(error, 'The payment could not be made.')}</ErrorNote> : null}
      </div>
    );
  if (mode === 'cancel')
    return (
      <div className="space-y-3 text-sm text-slate-700">
        <p>
          {run.number} stays listed, marked cancelled; nothing is paid, and {periodLabel(run.period)} of {run.propertyTitle} can be prepared again.
        </p>
        {error ? <ErrorNote title="Not cancelled">{errorText(error, 'The distribution could not be cancelled.')}</ErrorNote> : null}
      </div>
    );
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={statusTone[run.status]}>{distributionStatusLabels[run.status]}</Badge>
        {run.needsApproval ? <Badge tone="sand">Above the approval threshold</Badge> : null}
      </div>
      <History run={run} />
      <RunFigures run={run} />
      {error ? <ErrorNote title="That did not go through">{errorText(error, 'Request failed')}</ErrorNote> : null}
      <LinesTable lines={run.lines} amount={run.amount} caption={`Each holder's line of ${run.number}`} detail />
      <p className="text-xs text-slate-500">
        Shares are those held at the end of {formatDate(run.recordDate)}; each line is the amount × the holder's shares ÷ all shares, rounded so the lines add up to the amount exactly.
      </p>
    </div>
  );
}

function RunActions({ run, mode, setMode, act, busy, close }: { run: DistributionJson; mode: Mode; setMode: (m: Mode) => void; act: (a: 'approve' | 'pay' | 'cancel') => void; busy: boolean; close: () => void }) {
  const me = useMe();
  if (mode === 'pay')
    return (
      <>
        <Button onClick={() => setMode('view')} disabled={busy}>
          Back
        </Button>
        <Button variant="primary" icon={Banknote} onClick={() => act('pay')} disabled={busy}>
          {busy ? 'Paying…' : `Pay ${aed(run.amount)} to ${plural(run.holders, 'holder', 'holders')}`}
        </Button>
      </>
    );
  if (mode === 'cancel')
    return (
      <>
        <Button onClick={() => setMode('view')} disabled={busy}>
          Back
        </Button>
        <Button variant="primary" icon={Ban} onClick={() => act('cancel')} disabled={busy}>
          {busy ? 'Cancelling…' : `Cancel ${run.number}`}
        </Button>
      </>
    );
  const open = run.status === 'draft' || run.status === 'approved';
  // createdBy is the creator's email (shown); createdById, where the API sends it, their id.
  const createdById = (run as DistributionJson & { createdById?: string | null }).createdById;
  const mine = Boolean(me && ((createdById && createdById === me.id) || (run.createdBy && (run.createdBy === me.id || run.createdBy === me.email))));
  const awaitingApproval = run.status === 'draft' && run.needsApproval;
  return (
    <>
      <Button onClick={close}>Close</Button>
      {open ? (
        <Button icon={Ban} onClick={() => setMode('cancel')} disabled={busy}>
          Cancel distribution
        </Button>
      ) : null}
      {awaitingApproval ? (
        !me ? (
          <Button icon={BadgeCheck} disabled>
            Approve
          </Button>
        ) : mine ? (
          <Button icon={BadgeCheck} unavailable={distributionMessages.ownApproval}>
            Approve
          </Button>
        ) : (
          <Button icon={BadgeCheck} onClick={() => act('approve')} disabled={busy}>
            {busy ? 'Approving…' : 'Approve'}
          </Button>
        )
      ) : null}
      {open ? (
        awaitingApproval ? (
          <Button variant="primary" icon={Banknote} unavailable={NEEDS_APPROVAL_FIRST}>
            Pay
          </Button>
        ) : (
          <Button variant="primary" icon={Banknote} onClick={() => setMode('pay')} disabled={busy}>
            Pay
          </Button>
        )
      ) : null}
    </>
  );
}

/** The run named by ?run=<id>, in a dialog over the screen; closing it drops the parameter. */
export function RunDetailDialog() {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const id = params.get('run');
  const run = useQuery<DistributionJson>({ queryKey: [runUrl(id ?? '')], enabled: Boolean(id) });
  const [mode, setMode] = useState<Mode>('view');
  const action = useMutation({
    mutationFn: (a: 'approve' | 'pay' | 'cancel') => api.post<DistributionJson>(`${runUrl(id ?? '')}/${a}`, {}),
    onSuccess: (r, a) => {
      client.setQueryData([runUrl(r.id)], r);
      void refreshDistributions(client, { money: a === 'pay' });
      setMode('view');
      const what = { approve: 'approved', pay: 'paid', cancel: 'cancelled' }[a];
      toast({
        title: `${r.number} ${what}`,
        description: a === 'pay' ? `${aed(r.amount)} paid to ${plural(r.holders, 'holder', 'holders')}${r.journalReference ? `, journal entry ${r.journalReference}` : ''}.` : undefined,
        variant: 'success',
      });
    },
  });
  const close = () => {
    if (action.isPending) return;
    setMode('view');
    action.reset();
    params.delete('run');
    navigate(`${DISTRIBUTIONS_PATH}${params.size ? `?${params}` : ''}`);
  };
  const r = run.data;
  let title = r ? `${r.number}: ${r.propertyTitle}, ${periodLabel(r.period)}` : 'Distribution';
  if (r && mode === 'pay') title = `Pay ${r.number}?`;
  if (r && mode === 'cancel') title = `Cancel ${r.number}?`;
  return (
    <Dialog
      open={Boolean(id)}
      onClose={close}
      wide="xl"
      title={title}
      description={r && mode === 'view' ? `${r.propertyReference} · record date ${formatDate(r.recordDate)}` : undefined}
      footer={
        r ? (
          <RunActions
            run={r}
            mode={mode}
            setMode={(m) => {
              action.reset();
              setMode(m);
            }}
            act={(a) => action.mutate(a)}
            busy={action.isPending}
            close={close}
          />
        ) : (
          <Button onClick={close}>Close</Button>
        )
      }
    >
      {run.isPending ? (
        <Busy>Loading the distribution…</Busy>
      ) : run.isError ? (
        <ErrorNote title="Couldn't load this distribution">{errorText(run.error, 'Request failed')}</ErrorNote>
      ) : (
        <RunBody run={run.data} mode={mode} error={action.error} busy={action.isPending} />
      )}
    </Dialog>
  );
}
