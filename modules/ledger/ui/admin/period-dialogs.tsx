/**
 * The two period dialogs: reopening a month asks for the reason (3–500 characters, kept in the audit log);
 * closing the year says what the closing entry does and, once posted, gives its reference.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { entryHref, ledgerUrl, refreshLedger } from '@site/components/admin/ledger/endpoints';
import { Dialog, ErrorNote, inputClass } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { LEDGER_ACCOUNTS, reopenPeriodInput } from '../../contract';
import type { MonthPeriodResult, PeriodJson, YearCloseResult } from '../../periods-contract';

const REASON_MAX = 500;

function ReopenForm({ month, onClose }: { month: PeriodJson; onClose: () => void }) {
  const client = useQueryClient();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reopen = useMutation({
    mutationFn: (body: { reason: string }) => api.post<MonthPeriodResult>(ledgerUrl(`/periods/${month.period}/reopen`), body),
    onSuccess: async ({ period }) => {
      toast({ title: `${period.label} reopened`, description: 'Entries dated in the month can be posted again. Close it when the correction is in.', variant: 'success' });
      await refreshLedger(client);
      onClose();
    },
    onError: (err) => setError(errorText(err, 'The month was not reopened.')),
  });
  const submit = () => {
    const parsed = reopenPeriodInput.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Give the reason for reopening the month');
    setError(null);
    reopen.mutate(parsed.data);
  };
  return (
    <Dialog
      open
      onClose={() => !reopen.isPending && onClose()}
      title={`Reopen ${month.label}`}
      description="Entries dated in the month can be posted again until you close it. The reason is kept in the audit log with your name."
      footer={
        <>
          <Button onClick={onClose} disabled={reopen.isPending}>
            Cancel
          </Button>
          <Button variant="primary" onClick={submit} disabled={reopen.isPending}>
            {reopen.isPending ? 'Reopening…' : `Reopen ${month.label}`}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
          Reason for reopening <span className="text-slate-400">(required)</span>
        </label>
        <textarea
          id={id}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          maxLength={REASON_MAX}
          required
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint`}
          placeholder="e.g. The landlord's March service charge invoice arrived after the close"
          className={inputClass}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {reason.trim().length}/{REASON_MAX} characters, at least 3.
        </p>
        {error ? (
          <div className="mt-3">
            <ErrorNote>{error}</ErrorNote>
          </div>
        ) : null}
      </form>
    </Dialog>
  );
}

/** The reopen dialog for `month` (nothing when null). */
export function ReopenDialog({ month, onClose }: { month: PeriodJson | null; onClose: () => void }) {
  if (!month) return null;
  return <ReopenForm key={month.period} month={month} onClose={onClose} />;
}

export function CloseYearDialog({ open, year, onClose }: { open: boolean; year: PeriodJson; onClose: () => void }) {
  const client = useQueryClient();
  const close = useMutation({
    mutationFn: () => api.post<YearCloseResult>(ledgerUrl(`/periods/${year.period}/close`)),
    onSuccess: async (result) => {
      toast({ title: `Fiscal year ${year.period} closed`, description: result.closingEntry ? `Closing entry ${result.closingEntry.number} posted.` : 'No closing entry was needed.', variant: 'success' });
      await refreshLedger(client);
    },
  });
  const done = close.data;
  const dismiss = () => {
    if (close.isPending) return;
    close.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={dismiss}
      title={done ? `Fiscal year ${year.period} is closed` : `Close the fiscal year ${year.period}?`}
      footer={
        done ? (
          <Button variant="primary" onClick={dismiss}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={dismiss} disabled={close.isPending}>
              Cancel
            </Button>
            <Button variant="primary" onClick={() => close.mutate()} disabled={close.isPending}>
              {close.isPending ? 'Closing the year…' : `Close ${year.period} and post the closing entry`}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <p role="status" className="text-sm text-slate-700">
          {done.closingEntry ? (
            <>
              The closing entry{' '}
              <Link href={entryHref(done.closingEntry.id)} className="font-mono font-medium text-brand-800 hover:underline">
                {done.closingEntry.number}
              </Link>{' '}
              moved the year&apos;s profit to retained earnings ({LEDGER_ACCOUNTS.retainedEarnings}), dated {year.end}. Every month of {year.period} is now closed.
            </>
          ) : (
            <>The year had no income or expense balances, so no closing entry was needed. Every month of {year.period} is now closed.</>
          )}
        </p>
      ) : (
        <div className="space-y-3 text-sm text-slate-700">
          <p>
            A closing entry dated {year.end} will move every income and expense balance of {year.period}, by cost center and property, into retained earnings ({LEDGER_ACCOUNTS.retainedEarnings}): the year&apos;s profit or loss
            becomes part of equity and the income statement of the next year starts from zero.
          </p>
          <p>All twelve months are closed with it. A closed year cannot be reopened: later corrections are posted in an open period.</p>
          {year.draftEntries ? (
            <p className="font-medium text-amber-800">
              {year.draftEntries.toLocaleString('en-US')} draft {year.draftEntries === 1 ? 'entry is' : 'entries are'} dated in {year.period}; they will no longer be postable.
            </p>
          ) : null}
          {close.isError ? <ErrorNote title="The year was not closed">{errorText(close.error, 'Please try again.')}</ErrorNote> : null}
        </div>
      )}
    </Dialog>
  );
}
