/**
 * Create or edit a draft journal entry with a balanced-lines editor: account (typed or picked by code
 * or name), memo, cost center, property, debit and credit per line. Totals and the difference update
 * as you type and are announced politely; Post stays unavailable, with the reason, until the entry
 * balances. A new entry is created with an Idempotency-Key, so a double click never makes two drafts.
 */
import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, Scale, Send, Trash2 } from 'lucide-react';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { Button, cx } from '../ui';
import { todayInDubai, isIsoDate } from './dates';
import { ledgerUrl, refreshLedger } from './endpoints';
import { accountCodeOf, differenceText, emptyLine, linesFromEntry, summarizeLines, toPayloadLines, type AccountInfo, type DraftLine } from './lines';
import { amountInputText, formatFils, readAmount } from './money';
import { Amount, ErrorNote, Field, inputClass } from './parts';
import type { AccountJson, CostCenterJson, JournalEntryJson } from './types';

function newKey(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `je-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** One line per row from 1536 px; below that each line is a card of two rows. */
const ROW_GRID = 'grid-cols-[minmax(13rem,2.2fr)_minmax(8rem,1.3fr)_minmax(8rem,1fr)_minmax(6.5rem,1fr)_8.5rem_8.5rem_2.5rem]';
const ROW_GRID_2XL = '2xl:grid-cols-[minmax(13rem,2.2fr)_minmax(8rem,1.3fr)_minmax(8rem,1fr)_minmax(6.5rem,1fr)_8.5rem_8.5rem_2.5rem]';

/** Keeps a focused line field clear of the sticky totals bar. */
const LINE_SCROLL = 'scroll-mb-40';

export type EditorDone = { entry: JournalEntryJson; posted: boolean };

export function EntryEditor({
  entry,
  accounts,
  costCenters,
  onDone,
  onCancel,
}: {
  /** The draft being edited; none for a new entry. */
  entry?: JournalEntryJson | null;
  accounts: AccountJson[];
  costCenters: CostCenterJson[];
  onDone: (result: EditorDone) => void;
  onCancel: () => void;
}) {
  const client = useQueryClient();
  const [draftId, setDraftId] = useState<string | null>(entry?.id ?? null);
  const [date, setDate] = useState(entry?.date ?? todayInDubai());
  const [memo, setMemo] = useState(entry?.memo ?? '');
  const [lines, setLines] = useState<DraftLine[]>(() => (entry && entry.lines.length ? linesFromEntry(entry) : [emptyLine(), emptyLine()]));
  const [busy, setBusy] = useState<null | 'save' | 'post'>(null);
  const [error, setError] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const idempotencyKey = useRef(newKey());
  const listId = useRef(`accounts-${newKey()}`).current;
  const propertyListId = `${listId}-properties`;

  const info = useMemo(() => new Map<string, AccountInfo>(accounts.map((a) => [a.code, { code: a.code, name: a.name, isGroup: a.isGroup, archived: a.archived }])), [accounts]);
  const postable = useMemo(() => accounts.filter((a) => !a.isGroup && !a.archived), [accounts]);
  const activeCenters = costCenters.filter((c) => !c.archived);
  const properties = useMemo(() => [...new Set(costCenters.map((c) => c.property).filter((p): p is string => Boolean(p)))].sort(), [costCenters]);
  const summary = summarizeLines(lines, info);
  const dateError = !isIsoDate(date) ? 'Choose the date of the entry.' : null;
  const memoError = memo.length > 1000 ? 'Memo must be at most 1000 characters.' : null;
  const formBlocker = dateError ?? memoError;
  const saveBlocker = formBlocker ?? summary.saveBlocker;
  const postBlocker = formBlocker ?? summary.postBlocker;

  const update = (key: string, patch: Partial<DraftLine>) => setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const remove = (key: string) => setLines((ls) => (ls.length > 1 ? ls.filter((l) => l.key !== key) : [emptyLine()]));
  const add = () => setLines((ls) => [...ls, emptyLine()]);
  const addBalancing = () => {
    const d = summary.difference;
    if (d === 0n) return;
    const amount = amountInputText(d < 0n ? -d : d);
    setLines((ls) => [...ls, { ...emptyLine(), debit: d < 0n ? amount : '', credit: d > 0n ? amount : '' }]);
  };

  async function save(andPost: boolean) {
    setShowErrors(true);
    const blocker = andPost ? postBlocker : saveBlocker;
    if (blocker || busy) return;
    setBusy(andPost ? 'post' : 'save');
    setError(null);
    const body = { date, memo: memo.trim(), lines: toPayloadLines(lines) };
    let saved: JournalEntryJson | null = null;
    try {
      saved = draftId
        ? await api.patch<JournalEntryJson>(ledgerUrl(`/journal-entries/${draftId}`), body)
        : await api.post<JournalEntryJson>(ledgerUrl('/journal-entries'), body, { headers: { 'Idempotency-Key': idempotencyKey.current } });
      setDraftId(saved.id);
      if (andPost) saved = await api.post<JournalEntryJson>(ledgerUrl(`/journal-entries/${saved.id}/post`));
      await refreshLedger(client);
      toast({
        title: andPost ? `${saved.number} posted` : `${saved.number} saved as a draft`,
        description: andPost ? 'The entry is in the books. To correct it, reverse it.' : 'Post it when it is ready; drafts do not affect balances.',
        variant: 'success',
      });
      onDone({ entry: saved, posted: andPost });
    } catch (err) {
      const message = errorText(err, andPost ? 'The entry could not be posted.' : 'The draft could not be saved.');
      setError(saved && andPost ? `${saved.number} was saved as a draft, but not posted: ${message}` : message);
      if (saved) await refreshLedger(client);
    } finally {
      setBusy(null);
    }
  }

  const absDiff = summary.difference < 0n ? -summary.difference : summary.difference;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save(false);
      }}
      aria-label={entry ? `Edit draft ${entry.number}` : 'New journal entry'}
    >
      <datalist id={listId}>
        {postable.map((a) => (
          <option key={a.code} value={`${a.code} · ${a.name}`} />
        ))}
      </datalist>
      <datalist id={propertyListId}>
        {properties.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>

      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field label="Date" type="date" value={date} onChange={setDate} required error={showErrors ? dateError : null} hint="Entries dated in a closed month are refused." />
        <Field label="Memo" value={memo} onChange={setMemo} maxLength={1000} error={memoError} placeholder="What this entry records, e.g. March office rent" />
      </div>

      <fieldset className="mt-6">
        <legend className="text-sm font-semibold text-ink">Lines</legend>
        <p className="mt-0.5 text-xs text-slate-500">Each line takes a debit or a credit in AED. Type an account code or part of its name to pick it.</p>
        <div aria-hidden="true" className={cx('mt-3 hidden gap-2 px-1 text-xs font-semibold uppercase tracking-wide text-slate-500 2xl:grid', ROW_GRID)}>
          <span>Account</span>
          <span>Line memo</span>
          <span>Cost center</span>
          <span>Property</span>
          <span className="text-right">Debit (AED)</span>
          <span className="text-right">Credit (AED)</span>
          <span />
        </div>
        <ol className="mt-3 space-y-3 2xl:mt-2 2xl:space-y-2">
          {lines.map((line, i) => {
            const check = summary.checks[i]!;
            const touched = showErrors || line.accountCode !== '' || line.debit !== '' || line.credit !== '';
            const errs = touched && !check.blank ? check.errors : {};
            const code = accountCodeOf(line.accountCode);
            const account = code ? info.get(code) : undefined;
            const n = i + 1;
            return (
              <li key={line.key} className="relative rounded-xl border border-slate-200 bg-white p-3 pt-2.5 2xl:border-0 2xl:bg-transparent 2xl:p-0">
                <fieldset className={cx('grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-12 2xl:gap-x-2', ROW_GRID_2XL, '2xl:items-start')}>
                  <legend className="sr-only">Line {n}</legend>
                  <p aria-hidden="true" className="col-span-2 mb-0.5 text-xs font-semibold uppercase tracking-wide text-slate-400 sm:col-span-12 2xl:hidden">
                    Line {n}
                  </p>
                  <LineInput
                    label={`Line ${n} account`}
                    visibleLabel="Account"
                    value={line.accountCode}
                    onChange={(v) => update(line.key, { accountCode: v })}
                    onBlur={() => {
                      if (account && line.accountCode.trim() === code) update(line.key, { accountCode: `${account.code} · ${account.name}` });
                    }}
                    list={listId}
                    placeholder="Code or name"
                    error={errs.account}
                    className="col-span-2 sm:col-span-7 2xl:col-span-1"
                  />
                  <LineInput label={`Line ${n} memo`} visibleLabel="Line memo" value={line.memo} onChange={(v) => update(line.key, { memo: v })} maxLength={500} placeholder="Optional" className="col-span-2 sm:col-span-5 2xl:col-span-1" />
                  <div className="min-w-0 sm:col-span-3 2xl:col-span-1">
                    <label className="mb-1 block text-xs font-medium text-slate-600 2xl:sr-only" htmlFor={`${line.key}-cc`}>
                      <span aria-hidden="true" className="2xl:hidden">
                        Cost center
                      </span>
                      <span className="sr-only">Line {n} cost center</span>
                    </label>
                    <select id={`${line.key}-cc`} value={line.costCenter} onChange={(e) => update(line.key, { costCenter: e.target.value })} className={cx(inputClass, LINE_SCROLL, 'pr-8')}>
                      <option value="">None</option>
                      {activeCenters.map((c) => (
                        <option key={c.code} value={c.code}>
                          {c.code} · {c.name}
                        </option>
                      ))}
                      {line.costCenter && !activeCenters.some((c) => c.code === line.costCenter) ? <option value={line.costCenter}>{line.costCenter}</option> : null}
                    </select>
                  </div>
                  <LineInput label={`Line ${n} property`} visibleLabel="Property" value={line.property} onChange={(v) => update(line.key, { property: v })} list={propertyListId} maxLength={64} placeholder="Optional" className="sm:col-span-3 2xl:col-span-1" />
                  <AmountInput label={`Line ${n} debit`} visibleLabel="Debit (AED)" value={line.debit} error={errs.debit} onChange={(v) => update(line.key, { debit: v })} />
                  <AmountInput label={`Line ${n} credit`} visibleLabel="Credit (AED)" value={line.credit} error={errs.credit} onChange={(v) => update(line.key, { credit: v })} />
                  <div className="absolute right-1.5 top-1 2xl:static 2xl:pt-0.5">
                    <button
                      type="button"
                      onClick={() => remove(line.key)}
                      className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-xs font-medium text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-500 2xl:p-2"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden="true" />
                      <span className="2xl:sr-only">
                        Remove<span className="sr-only"> line {n}</span>
                      </span>
                    </button>
                  </div>
                </fieldset>
                {account && !errs.account ? <p className="mt-1 truncate text-xs text-slate-500 2xl:hidden">{account.name}</p> : null}
              </li>
            );
          })}
        </ol>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button icon={Plus} onClick={add}>
            Add line
          </Button>
          {summary.difference !== 0n && summary.saveBlocker === null ? (
            <Button icon={Scale} variant="ghost" onClick={addBalancing}>
              Add balancing line ({formatFils(absDiff)} {summary.difference > 0n ? 'credit' : 'debit'})
            </Button>
          ) : null}
        </div>
      </fieldset>

      <div className="sticky bottom-3 z-10 mt-6">
        <Totals debit={summary.debit} credit={summary.credit} difference={summary.difference} />
      </div>

      {error ? (
        <div className="mt-4">
          <ErrorNote title="Not saved">{error}</ErrorNote>
        </div>
      ) : null}

      <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-end">
        <Button variant="ghost" onClick={onCancel} stretch>
          Cancel
        </Button>
        {saveBlocker ? (
          <Button unavailable={saveBlocker} stretch>
            Save draft
          </Button>
        ) : (
          <Button type="submit" disabled={busy !== null} stretch>
            {busy === 'save' ? 'Saving…' : 'Save draft'}
          </Button>
        )}
        {postBlocker ? (
          <Button variant="primary" icon={Send} unavailable={postBlocker} stretch>
            Post entry
          </Button>
        ) : (
          <Button variant="primary" icon={Send} onClick={() => void save(true)} disabled={busy !== null} stretch>
            {busy === 'post' ? 'Posting…' : 'Post entry'}
          </Button>
        )}
      </div>
      {postBlocker ? <p className="mt-2 text-right text-xs text-slate-500">Post is unavailable: {postBlocker}</p> : null}
    </form>
  );
}

/** Running totals and the difference, announced politely as they change. Compact on phones, where it stays in view. */
export function Totals({ debit, credit, difference }: { debit: bigint; credit: bigint; difference: bigint }) {
  const balanced = difference === 0n && debit > 0n;
  const abs = difference < 0n ? -difference : difference;
  return (
    <div className="grid grid-cols-3 items-center gap-2 rounded-xl border border-slate-200 bg-white/95 p-2 shadow-lg shadow-slate-900/5 backdrop-blur sm:gap-3 sm:p-4">
      <div className="px-1">
        <p className="text-[11px] font-medium text-slate-500 sm:text-xs">
          Total debits<span className="hidden sm:inline"> (AED)</span>
        </p>
        <p className="mt-0.5 text-sm font-semibold text-ink sm:text-lg">
          <Amount value={debit} />
        </p>
      </div>
      <div className="px-1">
        <p className="text-[11px] font-medium text-slate-500 sm:text-xs">
          Total credits<span className="hidden sm:inline"> (AED)</span>
        </p>
        <p className="mt-0.5 text-sm font-semibold text-ink sm:text-lg">
          <Amount value={credit} />
        </p>
      </div>
      <div
        data-testid="difference"
        aria-live="polite"
        aria-atomic="true"
        className={cx('rounded-lg px-2.5 py-1.5 ring-1 sm:px-3 sm:py-2', balanced ? 'bg-brand-50 text-brand-900 ring-brand-200' : difference === 0n ? 'bg-white text-slate-600 ring-slate-200' : 'bg-amber-50 text-amber-900 ring-amber-300')}
      >
        <p className="text-[11px] font-semibold uppercase tracking-wide sm:text-xs">
          Difference<span className="hidden sm:inline"> (AED)</span>
        </p>
        <p className="text-lg font-semibold tabular-nums sm:mt-0.5 sm:text-2xl" style={{ fontFamily: 'var(--font-display)' }}>
          {formatFils(abs)}
        </p>
        <p className="sr-only text-xs sm:not-sr-only">{debit === 0n && credit === 0n ? 'Enter amounts to see the totals.' : differenceText(difference)}</p>
      </div>
    </div>
  );
}

function LineInput({
  label,
  visibleLabel,
  value,
  onChange,
  onBlur,
  list,
  placeholder,
  error,
  maxLength,
  className,
}: {
  label: string;
  visibleLabel: string;
  value: string;
  onChange: (v: string) => void;
  onBlur?: () => void;
  list?: string;
  placeholder?: string;
  error?: string;
  maxLength?: number;
  className?: string;
}) {
  const id = useRef(`f-${newKey()}`).current;
  return (
    <div className={cx('min-w-0', className)}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600 2xl:sr-only">
        <span aria-hidden="true" className="2xl:hidden">
          {visibleLabel}
        </span>
        <span className="sr-only">{label}</span>
      </label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        list={list}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(inputClass, LINE_SCROLL)}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function AmountInput({ label, visibleLabel, value, onChange, error }: { label: string; visibleLabel: string; value: string; onChange: (v: string) => void; error?: string }) {
  const id = useRef(`a-${newKey()}`).current;
  return (
    <div className="min-w-0 sm:col-span-3 2xl:col-span-1">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600 2xl:sr-only">
        <span aria-hidden="true" className="2xl:hidden">
          {visibleLabel}
        </span>
        <span className="sr-only">{label}</span>
      </label>
      <input
        id={id}
        value={value}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.00"
        onChange={(e) => onChange(e.target.value)}
        onBlur={() => {
          const r = readAmount(value);
          if (r.ok && value.trim() !== '') onChange(amountInputText(r.fils));
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(inputClass, LINE_SCROLL, 'text-right tabular-nums')}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
