/**
 * The admin table's toolbar: the search box (debounced, labelled, its text kept in the URL) and the
 * list's filters, built from a declarative list (a select, or a date range of two query names).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { SearchField, SelectField, type Option } from '../ui';

export type FilterDef =
  | {
      type: 'select';
      key: string;
      label: string;
      options: Option[];
      /** The label of "no filter", e.g. 'All roles'; left out when the options hold every choice (with a `default`). */
      all?: string;
      /** The value when the URL names none (e.g. a queue that opens on 'pending'); kept out of the URL. */
      default?: string;
      className?: string;
    }
  | { type: 'dateRange'; label: string; from: string; to: string }
  /** A filter other screens set through a link (?userId=…) with no control of its own. */
  | { type: 'hidden'; key: string };

export const filterKeysOf = (filters: readonly FilterDef[]): string[] => filters.flatMap((f) => (f.type === 'dateRange' ? [f.from, f.to] : [f.key]));

/** The filters that have a default value, by query name. */
export const filterDefaultsOf = (filters: readonly FilterDef[]): Record<string, string> =>
  Object.fromEntries(filters.flatMap((f) => (f.type === 'select' && f.default ? [[f.key, f.default]] : [])));

/** The search box: what a person types is sent once they pause (300 ms), replacing the history entry. */
export function SearchBox({ value, onSettle, label, placeholder, delay = 300 }: { value: string; onSettle: (q: string) => void; label: string; placeholder: string; delay?: number }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const settle = useRef(onSettle);
  settle.current = onSettle;
  // The URL changed under us (a cleared filter, Back): show what it says.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current) return;
    const t = setTimeout(() => {
      sent.current = text.trim();
      settle.current(text.trim());
    }, delay);
    return () => clearTimeout(t);
  }, [text, delay]);
  return <SearchField label={label} value={text} onChange={setText} placeholder={placeholder} />;
}

function DateRange({ def, values, onChange }: { def: Extract<FilterDef, { type: 'dateRange' }>; values: Record<string, string>; onChange: (change: Record<string, string>) => void }) {
  const id = useId();
  const from = values[def.from] ?? '';
  const to = values[def.to] ?? '';
  const wrong = Boolean(from && to && from > to);
  const input =
    'w-full rounded-lg border bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 tabular-nums';
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1 block text-xs font-medium text-slate-600">{def.label}</legend>
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-from`} className="sr-only">
          {def.label}: from
        </label>
        <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(e) => onChange({ [def.from]: e.target.value })} className={`${input} border-slate-300 sm:w-40`} />
        <span aria-hidden="true" className="text-slate-400">
          –
        </span>
        <label htmlFor={`${id}-to`} className="sr-only">
          {def.label}: to
        </label>
        <input
          id={`${id}-to`}
          type="date"
          value={to}
          min={from || undefined}
          aria-invalid={wrong || undefined}
          aria-describedby={wrong ? `${id}-error` : undefined}
          onChange={(e) => onChange({ [def.to]: e.target.value })}
          className={`${input} ${wrong ? 'border-red-400' : 'border-slate-300'} sm:w-40`}
        />
      </div>
      {wrong ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          The end date is before the start date.
        </p>
      ) : null}
    </fieldset>
  );
}

export function FilterControls({ filters, values, onChange }: { filters: readonly FilterDef[]; values: Record<string, string>; onChange: (change: Record<string, string>) => void }) {
  return (
    <>
      {filters.map((f) =>
        f.type === 'hidden' ? null : f.type === 'select' ? (
          <SelectField
            key={f.key}
            label={f.label}
            value={values[f.key] ?? f.default ?? ''}
            onChange={(v) => onChange({ [f.key]: v })}
            options={f.all === undefined ? f.options : [{ value: '', label: f.all }, ...f.options]}
            className={f.className}
          />
        ) : (
          <DateRange key={`${f.from}-${f.to}`} def={f} values={values} onChange={onChange} />
        ),
      )}
    </>
  );
}
