/**
 * "Run collections" for a date: a confirm dialog stating how many plans and how much, then
 * POST /api/admin/sip/runs { date } with a progress indicator while it runs, then the run's outcome
 * (or the API's message, e.g. for a date in the future).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { aed } from '@site/components/admin/money/shared';
import { formatDate } from '@site/components/admin/format';
import { Busy, Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import type { SipRunResultJson, SipUpcomingJson } from '../../contract';
import { RunOutcome, runByline } from './run-outcome';
import { plural, refreshSip, RUNS_URL, SCREEN_PATH } from './shared';

type Preview = Pick<SipUpcomingJson, 'date' | 'plans' | 'amountDue'>;

export function RunCollections({ preview, disabled }: { preview: Preview | undefined; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const run = useMutation({
    mutationFn: (date: string) => api.post<SipRunResultJson>(RUNS_URL, { date }),
    onSuccess: () => void refreshSip(client, { money: true }),
  });
  const close = () => {
    if (run.isPending) return;
    setOpen(false);
    run.reset();
  };
  const date = preview?.date;
  const result = run.data;

  let title = date ? `Run collections for ${formatDate(date)}` : 'Run collections';
  if (result) title = `Run ${result.reference} finished`;
  else if (run.isError) title = 'The run did not start';

  return (
    <>
      <Button variant="primary" icon={Play} onClick={() => setOpen(true)} disabled={disabled || !preview}>
        Run collections
      </Button>
      <Dialog
        open={open}
        onClose={close}
        wide={result ? 'xl' : undefined}
        title={title}
        description={
          result ? (
            runByline(result)
          ) : run.isError || !preview ? undefined : (
            <>
              This collects {plural(preview.plans, 'plan', 'plans')} due on {formatDate(preview.date)}, {aed(preview.amountDue)} in all, from investors' wallets and buys shares as previewed. Plans
              without the funds are tried again later; a plan already collected for its month is never collected twice.
            </>
          )
        }
        footer={
          result || run.isError ? (
            <>
              {result ? (
                <Button
                  onClick={() => {
                    close();
                    navigate(`${SCREEN_PATH}?run=${encodeURIComponent(result.id)}`);
                  }}
                >
                  Open the run
                </Button>
              ) : null}
              <Button variant="primary" onClick={close}>
                Done
              </Button>
            </>
          ) : (
            <>
              <Button onClick={close} disabled={run.isPending}>
                Cancel
              </Button>
              <Button variant="primary" icon={Play} onClick={() => date && run.mutate(date)} disabled={run.isPending || !date}>
                {run.isPending ? 'Running…' : `Collect ${plural(preview?.plans ?? 0, 'plan', 'plans')}`}
              </Button>
            </>
          )
        }
      >
        {run.isPending ? (
          <div className="space-y-3" aria-busy="true">
            <progress className="h-2 w-full overflow-hidden rounded-full accent-brand-700" aria-label="Collecting the plans" />
            <Busy>Collecting and buying shares. Large runs take a minute; keep this window open.</Busy>
          </div>
        ) : run.isError ? (
          <ErrorNote title="Nothing was collected">{errorText(run.error, 'The run could not be made.')}</ErrorNote>
        ) : result ? (
          <RunOutcome run={result} />
        ) : null}
      </Dialog>
    </>
  );
}
