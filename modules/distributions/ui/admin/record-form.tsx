/**
 * "Record rent or a cost" for a property and month: the kind, the amount typed in AED (→ fils), a
 * description and an optional accounting date. Checked with the contract's own schema and messages
 * before it is sent (POST /api/admin/property-books/:propertyId/records); the journal reference of the
 * posted entry is shown once it is in the books.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button, Card } from '@site/components/admin/ui';
import { api } from '@site/lib/api';
import { parseFils, toFils } from '@modules/platform/money';
import { isIsoDate, todayInDubai } from '@modules/platform/dates';
import { distributionMessages, RECORD_KINDS, recordInput, recordKindLabels, type PropertyRecordJson, type RecordKind } from '../../contract';
import { aed, periodLabel } from '../format';
import { issuesByField, serverErrorByField, type FieldErrors } from './errors';
import { lastMonth, MonthField, recordsUrl, refreshBooks } from './shared';

const FIELDS = ['period', 'kind', 'amount', 'description', 'date'] as const;
type F = (typeof FIELDS)[number];

/** Typed AED that is not an amount ("12,50", "abc"). */
export const AMOUNT_TYPED = 'Type the amount in AED, like 12,500 or 12,500.50.';

export type RecordDraft = { period: string; kind: RecordKind; amount: string; description: string; date: string };

/** The body to post, or the problems, per field, in the contract's words. */
export function checkRecord(d: RecordDraft, today = todayInDubai()): { body: { period: string; kind: RecordKind; amount: string; description?: string; date?: string } } | { errors: FieldErrors<F> } {
  const errors: FieldErrors<F> = {};
  const fils = parseFils(d.amount);
  if (fils === null) errors.amount = AMOUNT_TYPED;
  const body = { period: d.period, kind: d.kind, amount: (fils ?? 0n).toString(), description: d.description.trim() || undefined, date: d.date || undefined };
  const parsed = recordInput.safeParse(body);
  if (!parsed.success) Object.assign(errors, { ...issuesByField(parsed.error, FIELDS), ...errors });
  if (!errors.period && d.period > today.slice(0, 7)) errors.period = distributionMessages.periodFuture;
  if (!errors.date && d.date && (!isIsoDate(d.date) || d.date.slice(0, 7) !== d.period || d.date > today)) errors.date = distributionMessages.entryDate;
  return Object.keys(errors).length ? { errors } : { body };
}

const serverFields = {
  period: [distributionMessages.period, distributionMessages.periodFuture],
  kind: [distributionMessages.kind],
  amount: [distributionMessages.amount, distributionMessages.amountTooLarge],
  description: [distributionMessages.description],
  date: [distributionMessages.entryDate],
} as const;

export function RecordForm({ propertyId }: { propertyId: string }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<RecordDraft>({ period: lastMonth(), kind: 'rent', amount: '', description: '', date: '' });
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [posted, setPosted] = useState<PropertyRecordJson | null>(null);
  const save = useMutation({
    mutationFn: (body: object) => api.post<PropertyRecordJson>(recordsUrl(propertyId), body),
    onSuccess: (record) => {
      setPosted(record);
      setDraft((d) => ({ ...d, amount: '', description: '', date: '' }));
      void refreshBooks(client);
    },
    onError: (e) => setErrors(serverErrorByField<F>(e, serverFields, 'The record was not saved.')),
  });
  const set = (patch: Partial<RecordDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setPosted(null);
    const cleared = { ...errors };
    for (const k of Object.keys(patch) as F[]) delete cleared[k];
    delete cleared.form;
    setErrors(cleared);
  };
  const submit = () => {
    const checked = checkRecord(draft);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.body);
  };
  const typed = parseFils(draft.amount);
  return (
    <Card className="p-5">
      <h3 className="text-base font-semibold text-ink">Record rent or a cost</h3>
      <p className="mt-1 text-sm text-slate-600">Each record is one journal entry on this property: rent into rental income, a cost against it. A mistake is corrected by reversing the record.</p>
      <form
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <MonthField label="Month" value={draft.period} onChange={(period) => set({ period })} max={todayInDubai().slice(0, 7)} error={errors.period} />
        <Select label="Kind" value={draft.kind} onChange={(kind) => set({ kind: kind as RecordKind })} options={RECORD_KINDS.map((k) => ({ value: k, label: recordKindLabels[k] }))} error={errors.kind} />
        <Field
          label="Amount (AED)"
          value={draft.amount}
          onChange={(amount) => set({ amount })}
          inputMode="decimal"
          placeholder="12,500.00"
          required
          error={errors.amount}
          hint={typed !== null && typed > 0n && !errors.amount ? `${aed(typed)} ${draft.kind === 'rent' ? 'of rent' : 'of costs'} for ${periodLabel(draft.period)}` : undefined}
        />
        <Field label="Date (optional)" type="date" value={draft.date} onChange={(date) => set({ date })} error={errors.date} hint={errors.date ? undefined : 'Inside the month; left empty, the month’s last day (today for this month).'} />
        <Field className="sm:col-span-2" label="Description (optional)" value={draft.description} onChange={(description) => set({ description })} maxLength={300} error={errors.description} placeholder="March rent, tenant transfer" />
        {errors.form ? (
          <div className="sm:col-span-2">
            <ErrorNote title="Not recorded">{errors.form}</ErrorNote>
          </div>
        ) : null}
        {posted ? (
          <p role="status" className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 sm:col-span-2">
            <CircleCheck className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <span>
              Recorded {posted.number}: {recordKindLabels[posted.kind]}, {aed(toFils(posted.amount))} for {periodLabel(posted.period)}. Journal entry{' '}
              <Link href={`/admin/journal-entries?q=${encodeURIComponent(posted.journalReference)}`} className="font-mono font-medium underline">
                {posted.journalReference}
              </Link>
              .
            </span>
          </p>
        ) : null}
        <div className="sm:col-span-2">
          <Button type="submit" variant="primary" icon={Plus} disabled={save.isPending}>
            {save.isPending ? 'Recording…' : 'Record'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
