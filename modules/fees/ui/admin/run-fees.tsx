/**
 * "Run fees" up to a date: the date (default: the last day of last month), the run previewed by the code that
 * charges (GET /preview, nothing written), a confirm dialog with the totals, then POST /run with a progress
 * indicator and the run's outcome — or the API's message (a date past this month, say).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Play } from 'lucide-react';
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { aed } from '@site/components/admin/money/shared';
import { formatDate } from '@site/components/admin/format';
import { Amount, Busy, Dialog, ErrorNote, inputClass } from '@site/components/admin/ledger/parts';
import { Button, Card, DataTable, EmptyState, Section, cx } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { monthEnd, todayInDubai } from '@modules/platform/dates';
import { windowLabel, type FeePreviewJson, type FeeRunResultJson } from '../../contract';
import { RunFigures } from './run-detail';
import { RUN_URL, SCREEN_PATH, count, fils, lastMonthEnd, plural, previewUrl, refreshFees } from './shared';

/** The preview lists the largest charges; the run charges everyone. */
const PREVIEW_ROWS = 50;

function Figures({ p }: { p: FeePreviewJson }) {
  const items = [
    { label: 'Investors to charge', value: count(p.investors) },
    { label: 'Platform fee', value: aed(p.fee) },
    { label: 'VAT (5%)', value: aed(p.vat) },
    { label: 'Owed from before', value: aed(p.outstanding) },
    { label: 'Wallets can cover', value: aed(p.coverable) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-xl border border-slate-200 bg-slate-200 lg:grid-cols-5 [&>*:last-child]:col-span-2 lg:[&>*:last-child]:col-span-1" aria-label={`Preview up to ${formatDate(p.through)}`}>
      {items.map((i) => (
        <div key={i.label} className="bg-white px-4 py-3">
          <dt className="text-xs font-medium text-slate-500">{i.label}</dt>
          <dd className="mt-0.5 text-lg font-semibold tabular-nums text-ink">{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function PreviewTable({ p }: { p: FeePreviewJson }) {
  const items = Array.isArray(p.items) ? p.items : [];
  const shown = items.slice(0, PREVIEW_ROWS);
  return (
    <Card className="min-w-0 overflow-hidden">
      <h3 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-ink">What each investor would be charged</h3>
      <DataTable
        caption={`Charges previewed up to ${formatDate(p.through)}`}
        columns={[
          { key: 'investor', label: 'Investor' },
          { key: 'window', label: 'Window' },
          { key: 'value', label: 'Average value (AED)', align: 'right' },
          { key: 'fee', label: 'Fee (AED)', align: 'right' },
          { key: 'vat', label: 'VAT (AED)', align: 'right' },
          { key: 'owed', label: 'Owed before (AED)', align: 'right' },
          { key: 'available', label: 'Wallet (AED)', align: 'right' },
        ]}
        minWidth={900}
        empty={
          <EmptyState icon={CircleCheck} title="Nothing to charge up to this date">
            Every investor has been charged up to this date already, and nobody owes a fee from before.
          </EmptyState>
        }
      >
        {shown.map((i) => (
          <tr key={i.userId} className="align-top">
            <td className="px-4 py-3">
              <span className="font-medium text-ink">{i.name}</span>
              <span className="block font-mono text-xs text-slate-500">{i.unicode}</span>
            </td>
            <td className="px-4 py-3 text-slate-600">{i.fromDate ? `${windowLabel(i.fromDate, i.through)} (${plural(i.days, 'day', 'days')})` : 'Owed fees only'}</td>
            <td className="px-4 py-3 text-right">
              <Amount value={i.averageValue} />
            </td>
            <td className="px-4 py-3 text-right font-medium">
              <Amount value={i.fee} />
            </td>
            <td className="px-4 py-3 text-right">
              <Amount value={i.vat} />
            </td>
            <td className="px-4 py-3 text-right">
              <Amount value={i.outstanding} blankZero />
            </td>
            <td className={cx('px-4 py-3 text-right', fils(i.available) < fils(i.fee) + fils(i.vat) + fils(i.outstanding) && 'text-amber-800')}>
              <Amount value={i.available} />
            </td>
          </tr>
        ))}
      </DataTable>
      {items.length > PREVIEW_ROWS ? <p className="border-t border-slate-200 px-4 py-3 text-sm text-slate-600">The {PREVIEW_ROWS} largest charges are shown; the run charges all {count(items.length)} investors.</p> : null}
    </Card>
  );
}

function RunDialog({ open, preview, onClose }: { open: boolean; preview: FeePreviewJson | undefined; onClose: () => void }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const run = useMutation({
    mutationFn: (through: string) => api.post<FeeRunResultJson>(RUN_URL, { through }),
    onSuccess: () => void refreshFees(client),
  });
  const close = () => {
    if (run.isPending) return;
    onClose();
    run.reset();
  };
  const result = run.data;
  const title = result ? `Run ${result.number} finished` : run.isError ? 'The run did not start' : `Charge platform fees up to ${formatDate(preview?.through)}`;
  return (
    <Dialog
      open={open && Boolean(preview)}
      onClose={close}
      wide={result ? true : undefined}
      title={title}
      description={
        result || run.isError || !preview ? undefined : (
          <>
            This charges {plural(preview.investors, 'investor', 'investors')} {aed(preview.fee)} in platform fees plus {aed(preview.vat)} VAT, from their wallets as far as they go; what a
            wallet cannot cover stays owed. {fils(preview.outstanding) > 0n ? `Fees owed from earlier charges (${aed(preview.outstanding)}) are collected first, as far as wallets allow. ` : ''}A window already charged is never charged twice.
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
            <Button variant="primary" icon={Play} onClick={() => preview && run.mutate(preview.through)} disabled={run.isPending || !preview}>
              {run.isPending ? 'Charging…' : `Charge ${plural(preview?.investors ?? 0, 'investor', 'investors')}`}
            </Button>
          </>
        )
      }
    >
      {run.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <progress className="h-2 w-full overflow-hidden rounded-full accent-brand-700" aria-label="Charging the platform fees" />
          <Busy>Charging investors in batches of 500. Large runs take a minute; keep this window open.</Busy>
        </div>
      ) : run.isError ? (
        <ErrorNote title="Nothing was charged">{errorText(run.error, 'The run could not be made.')}</ErrorNote>
      ) : result ? (
        <RunFigures run={result} />
      ) : null}
    </Dialog>
  );
}

export function RunFees({ defaultThrough }: { defaultThrough?: string | null }) {
  const id = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const today = todayInDubai();
  const through = chosen ?? defaultThrough ?? lastMonthEnd(today);
  const latest = monthEnd(today);
  const tooLate = through > latest;
  const preview = useQuery<FeePreviewJson>({ queryKey: [previewUrl(through)], enabled: !tooLate, placeholderData: keepPreviousData });
  const p = preview.data && !preview.isPlaceholderData ? preview.data : undefined;
  // Nothing to charge, and nothing owed that a wallet could pay now: a run would do nothing.
  const nothing = p ? p.investors === 0 && fils(p.coverable) === 0n : true;
  return (
    <Section
      title="Run fees"
      description="Each investor is charged 0.5% a year of their holdings' value, day by day, from the day after their last charge up to the date chosen, plus 5% VAT. The preview is made by the code that charges; nothing is written until you confirm."
      actions={
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
              Charge up to
            </label>
            <input id={id} type="date" value={through} max={latest} onChange={(e) => e.target.value && setChosen(e.target.value)} className={cx(inputClass, 'tabular-nums sm:w-44')} />
          </div>
          <Button variant="primary" icon={Play} onClick={() => setConfirming(true)} unavailable={tooLate ? `Fees can be charged up to ${formatDate(latest)} at the latest.` : nothing && p ? 'Nothing to charge or collect up to this date.' : undefined} disabled={!p}>
            Run fees
          </Button>
        </div>
      }
    >
      <div aria-busy={preview.isFetching || undefined} className="space-y-4">
        {tooLate ? (
          <ErrorNote title="That date is too late">Fees can be charged up to the last day of the current month ({formatDate(latest)}), not further.</ErrorNote>
        ) : preview.isError ? (
          <ErrorNote title="Couldn't preview this run">{errorText(preview.error, 'Request failed')}</ErrorNote>
        ) : !preview.data ? (
          <p role="status" className="text-sm text-slate-500">
            Loading the preview…
          </p>
        ) : (
          <>
            <Figures p={preview.data} />
            <PreviewTable p={preview.data} />
          </>
        )}
      </div>
      <RunDialog open={confirming} preview={p} onClose={() => setConfirming(false)} />
    </Section>
  );
}
