/**
 * A new recurring entry: name, memo, the day of the month it posts on, its start and optional end, and its
 * lines (an account from the chart, a debit or a credit in AED). Totals and the difference update as you type;
 * Saving shows what is missing (the first reason) until the form is complete and the lines balance.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ACCOUNTS_URL, ledgerUrl, refreshLedger } from '@site/components/admin/ledger/endpoints';
import { differenceText, emptyLine, summarizeLines, toPayloadLines, type AccountInfo, type DraftLine } from '@site/components/admin/ledger/lines';
import { formatFils } from '@site/components/admin/ledger/money';
import { ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import type { AccountJson } from '@site/components/admin/ledger/types';
import { Button, Card, cx } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { isIsoDate, todayInDubai } from '@modules/platform/dates';
import type { RecurringEntryJson } from '../../recurring-contract';

const DAYS = Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: i + 1 === 31 ? '31 (last day of shorter months)' : String(i + 1) }));

function formErrors(f: { name: string; dayOfMonth: string; startDate: string; endDate: string }) {
  const e: Partial<Record<'name' | 'startDate' | 'endDate', string>> = {};
  if (!f.name.trim()) e.name = 'Give the entry a name, e.g. Office rent.';
  else if (f.name.trim().length > 200) e.name = 'The name must be at most 200 characters.';
  if (!isIsoDate(f.startDate)) e.startDate = 'Choose the first date it may post on.';
  if (f.endDate && !isIsoDate(f.endDate)) e.endDate = 'Choose a valid end date, or leave it empty.';
  else if (f.endDate && f.endDate < f.startDate) e.endDate = 'The end date must be on or after the start date.';
  return e;
}

export function RecurringForm({ onDone }: { onDone: () => void }) {
  const client = useQueryClient();
  const accounts = useQuery<{ items: AccountJson[] }>({ queryKey: [ACCOUNTS_URL] });
  const [name, setName] = useState('');
  const [memo, setMemo] = useState('');
  const [dayOfMonth, setDayOfMonth] = useState('1');
  const [startDate, setStartDate] = useState(todayInDubai());
  const [endDate, setEndDate] = useState('');
  const [lines, setLines] = useState<DraftLine[]>(() => [emptyLine(), emptyLine()]);
  const [showErrors, setShowErrors] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const chart = useMemo(() => accounts.data?.items ?? [], [accounts.data]);
  const info = useMemo(() => new Map<string, AccountInfo>(chart.map((a) => [a.code, { code: a.code, name: a.name, isGroup: a.isGroup, archived: a.archived }])), [chart]);
  const options = [{ value: '', label: accounts.isPending ? 'Loading the chart…' : 'Choose an account' }, ...chart.filter((a) => !a.isGroup && !a.archived).map((a) => ({ value: a.code, label: `${a.code} · ${a.name}` }))];
  const summary = summarizeLines(lines, accounts.data ? info : null);
  const errors = formErrors({ name, dayOfMonth, startDate, endDate });
  const blocker = Object.values(errors)[0] ?? summary.postBlocker;

  const update = (key: string, patch: Partial<DraftLine>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const save = useMutation({
    mutationFn: () =>
      api.post<RecurringEntryJson>(ledgerUrl('/recurring-entries'), { name: name.trim(), memo: memo.trim(), dayOfMonth: Number(dayOfMonth), startDate, endDate: endDate || null, lines: toPayloadLines(lines) }),
    onSuccess: async (t) => {
      toast({ title: `“${t.name}” saved`, description: `It posts on day ${t.dayOfMonth} of each month from ${t.startDate} when the due entries are run.`, variant: 'success' });
      await refreshLedger(client);
      onDone();
    },
    onError: (err) => setServerError(errorText(err, 'The recurring entry was not saved.')),
  });
  const submit = () => {
    setShowErrors(true);
    if (blocker || save.isPending) return;
    setServerError(null);
    save.mutate();
  };

  return (
    <Card className="p-5">
      <form
        noValidate
        aria-label="New recurring entry"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <h3 className="text-base font-semibold text-ink">New recurring entry</h3>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Name" value={name} onChange={setName} required maxLength={200} error={showErrors ? errors.name : null} placeholder="Office rent" />
          <Select label="Day of the month" value={dayOfMonth} onChange={setDayOfMonth} options={DAYS} />
          <Field label="Start date" type="date" value={startDate} onChange={setStartDate} required error={showErrors ? errors.startDate : null} />
          <Field label="End date (optional)" type="date" value={endDate} onChange={setEndDate} error={showErrors ? errors.endDate : null} hint="Leave empty to run until paused." />
        </div>
        <Field className="mt-4" label="Memo on each entry (optional)" value={memo} onChange={setMemo} maxLength={1000} placeholder="Monthly rent, Boulevard Plaza office" />

        <fieldset className="mt-5">
          <legend className="text-sm font-semibold text-ink">Lines (AED)</legend>
          {accounts.isError ? <ErrorNote title="The chart of accounts could not be loaded">{errorText(accounts.error, 'Please reload the page.')}</ErrorNote> : null}
          <ol className="mt-2 space-y-3">
            {lines.map((l, i) => {
              const check = summary.checks[i];
              const shown = showErrors || l.debit || l.credit ? check?.errors : undefined;
              return (
                <li key={l.key} className="grid items-start gap-2 sm:grid-cols-[minmax(14rem,2fr)_1fr_1fr_auto]">
                  <Select label={`Line ${i + 1} account`} value={l.accountCode} onChange={(v) => update(l.key, { accountCode: v })} options={options} error={showErrors ? shown?.account : null} />
                  <Field label={`Line ${i + 1} debit`} value={l.debit} onChange={(v) => update(l.key, { debit: v })} inputMode="decimal" placeholder="0.00" error={shown?.debit} />
                  <Field label={`Line ${i + 1} credit`} value={l.credit} onChange={(v) => update(l.key, { credit: v })} inputMode="decimal" placeholder="0.00" error={shown?.credit} />
                  <div className="pt-5">
                    <Button icon={Trash2} onClick={() => setLines((ls) => (ls.length > 2 ? ls.filter((x) => x.key !== l.key) : ls))} disabled={lines.length <= 2}>
                      <span className="sr-only">Remove line {i + 1}</span>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <Button icon={Plus} onClick={() => setLines((ls) => [...ls, emptyLine()])}>
              Add a line
            </Button>
            <p aria-live="polite" className={cx('text-sm tabular-nums', summary.balanced ? 'text-emerald-800' : 'text-slate-600')}>
              Debits {formatFils(summary.debit)} · Credits {formatFils(summary.credit)} · {differenceText(summary.difference)}
            </p>
          </div>
        </fieldset>

        {serverError ? (
          <div className="mt-4">
            <ErrorNote title="Not saved">{serverError}</ErrorNote>
          </div>
        ) : null}
        <div className="mt-5 flex flex-wrap items-center justify-end gap-3">
          {showErrors && blocker ? <p className="text-sm text-red-700">{blocker}</p> : null}
          <Button onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save recurring entry'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
