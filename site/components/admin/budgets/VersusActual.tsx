/**
 * Budget against actual for a period and cost center: a table per account with variance and
 * variance %, income and expense totals and net, and a month-by-month bar chart. Actuals are the
 * ledger's profit and loss for the same period, so the two screens agree to the fil.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { formatFils, type VarianceJson, type VersusActualJson } from '@modules/budgets/contract';
import { errorText } from '@site/lib/api';
import { Button, Card, SelectField, cx } from '../ui';
import { Amount, BUDGETS_API, PERIOD_PRESETS, apiUrl, costCenterOptions, fieldClass, formatRange, isIsoDate, monthYear, presetRange, shortMonth, spokenAed, useCostCenters, type PresetKey, type Range } from './parts';

/** Words for a variance ("over budget", "ahead of budget"), so the status never rests on colour alone; with the percentage when asked. */
export function varianceWords(type: 'income' | 'expense' | 'net', v: VarianceJson, withPercent = false): string {
  if (v.favourable === null) return v.budget === '0' && v.actual === '0' ? 'Nothing budgeted' : 'On budget';
  if (v.variancePercent === null) return 'Not budgeted';
  const pct = withPercent ? `${v.variancePercent.replace('-', '')}% ` : '';
  const words = type === 'expense' ? (v.favourable ? 'under budget' : 'over budget') : v.favourable ? 'ahead of budget' : 'behind budget';
  return withPercent ? `${pct}${words}` : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

function VarianceBadge({ type, v }: { type: 'income' | 'expense' | 'net'; v: VarianceJson }) {
  const Icon = v.favourable === null ? Minus : BigInt(v.variance) > 0n ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        v.favourable === null ? 'bg-slate-50 text-slate-600 ring-slate-200' : v.favourable ? 'bg-brand-50 text-brand-800 ring-brand-200' : 'bg-amber-50 text-amber-900 ring-amber-300',
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {varianceWords(type, v)}
    </span>
  );
}

const columns = ['Account', 'Budget (AED)', 'Actual (AED)', 'Variance (AED)', 'Variance', 'Status'];

export function VersusActual({ year }: { year: number }) {
  const id = useId();
  const [preset, setPreset] = useState<PresetKey | 'custom'>('ytd');
  const [custom, setCustom] = useState<Range>(() => presetRange('ytd', undefined, year));
  const [costCenter, setCostCenter] = useState('');
  const [chartType, setChartType] = useState<'expense' | 'income'>('expense');
  const centers = useCostCenters();

  const range = preset === 'custom' ? custom : presetRange(preset, undefined, year);
  const rangeError = preset === 'custom' && (!isIsoDate(custom.from) || !isIsoDate(custom.to) ? 'Enter both dates.' : custom.from > custom.to ? 'The start date must be on or before the end date.' : null);
  const url = apiUrl(`${BUDGETS_API}/vs-actual`, { from: range.from, to: range.to, costCenter });
  const q = useQuery<VersusActualJson>({ queryKey: [url], enabled: !rangeError });
  const data = q.data;
  const rows = Array.isArray(data?.rows) ? data.rows : [];
  const income = rows.filter((r) => r.accountType === 'income');
  const expense = rows.filter((r) => r.accountType === 'expense');
  const months = Array.isArray(data?.months) ? data.months : [];

  const line = (label: string, v: VarianceJson | undefined, type: 'income' | 'expense' | 'net', opts: { header?: boolean; code?: string } = {}) =>
    v ? (
      <tr key={`${type}-${label}`} className={opts.header ? 'border-t border-slate-200 bg-slate-50/70 font-semibold' : 'hover:bg-slate-50/70'}>
        <th scope="row" className={cx('min-w-48 px-4 py-2.5 text-left text-sm text-ink', opts.header ? 'font-semibold' : 'font-normal')}>
          {opts.code ? <span className="mr-1.5 font-mono text-xs text-slate-500">{opts.code}</span> : null}
          {label}
        </th>
        <td className="whitespace-nowrap px-4 py-2.5 text-right text-sm">
          <Amount value={v.budget} />
        </td>
        <td className="whitespace-nowrap px-4 py-2.5 text-right text-sm">
          <Amount value={v.actual} />
        </td>
        <td className="whitespace-nowrap px-4 py-2.5 text-right text-sm">
          <Amount value={v.variance} />
        </td>
        <td className="whitespace-nowrap px-4 py-2.5 text-right text-sm tabular-nums">{v.variancePercent === null ? <span className="text-slate-400">n/a</span> : `${v.variancePercent}%`}</td>
        <td className="px-4 py-2.5 text-sm">
          <VarianceBadge type={type} v={v} />
        </td>
      </tr>
    ) : null;

  const periodLabel = data ? formatRange({ from: data.from, to: data.to }) : formatRange(range);
  const scopeLabel = data?.costCenter ? `${data.costCenter.name} (${data.costCenter.code}) and its sub-centers` : 'the whole company';

  return (
    <Card className="overflow-hidden">
      <div role="group" aria-label="Budget against actual: period and cost center" className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:flex-wrap sm:items-end">
        <SelectField
          label="Period"
          value={preset}
          onChange={(v) => {
            if (v === 'custom') setCustom(range);
            setPreset(v as PresetKey | 'custom');
          }}
          options={[...PERIOD_PRESETS.map((p) => ({ value: p.key, label: p.key === 'ytd' || p.key === 'year' ? `${p.label} ${year}` : p.label })), { value: 'custom', label: 'Custom dates' }]}
        />
        {preset === 'custom' ? (
          <>
            <div className="sm:w-40">
              <label htmlFor={`${id}-from`} className="mb-1 block text-xs font-medium text-slate-600">
                From
              </label>
              <input id={`${id}-from`} type="date" value={custom.from} onChange={(e) => setCustom((r) => ({ ...r, from: e.target.value }))} className={fieldClass} aria-invalid={rangeError ? true : undefined} aria-describedby={rangeError ? `${id}-range-error` : undefined} />
            </div>
            <div className="sm:w-40">
              <label htmlFor={`${id}-to`} className="mb-1 block text-xs font-medium text-slate-600">
                To
              </label>
              <input id={`${id}-to`} type="date" value={custom.to} onChange={(e) => setCustom((r) => ({ ...r, to: e.target.value }))} className={fieldClass} aria-invalid={rangeError ? true : undefined} aria-describedby={rangeError ? `${id}-range-error` : undefined} />
            </div>
          </>
        ) : null}
        <SelectField label="Cost center" value={costCenter} onChange={setCostCenter} options={[{ value: '', label: 'Whole company' }, ...costCenterOptions(centers.items, { includeArchived: true })]} className="sm:w-64" />
        {rangeError ? (
          <p id={`${id}-range-error`} role="alert" className="text-xs font-medium text-red-700 sm:basis-full">
            {rangeError}
          </p>
        ) : null}
      </div>

      {q.isError ? (
        <div role="alert" className="px-6 py-10 text-center">
          <p className="font-semibold text-ink">Couldn't compare budget and actual</p>
          <p className="mt-1 text-sm text-slate-500">{errorText(q.error, 'Request failed')}</p>
          <div className="mt-4">
            <Button readAllowed variant="primary" onClick={() => void q.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className="px-4 pt-4 text-sm text-slate-600" aria-live="polite">
            {q.isFetching ? 'Updating…' : `${periodLabel}, ${scopeLabel}.`} {data && data.budgets?.length === 0 ? 'No budget covers this period yet, so every amount spent shows as unbudgeted.' : null}
          </p>
          <p className="px-4 pt-1 text-xs text-slate-500">Variance is actual less budget. A part month counts its share of the month's budget by days.</p>

          <div className="relative mt-3 overflow-x-auto" role="region" aria-label="Budget against actual by account" tabIndex={0}>
            <table className="w-full min-w-[720px] border-collapse text-left">
              <caption className="sr-only">
                Budget against actual by account, {periodLabel}, {scopeLabel}
              </caption>
              <thead>
                <tr className="border-b border-slate-200 bg-slate-50/70">
                  {columns.map((c, i) => (
                    <th key={c} scope="col" className={cx('whitespace-nowrap px-4 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500', i > 0 && i < 5 && 'text-right')}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {q.isPending && !rangeError ? (
                  <tr>
                    <td colSpan={6} className="px-4 py-8 text-center text-sm text-slate-500" role="status">
                      Comparing budget and actual…
                    </td>
                  </tr>
                ) : rows.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="px-4 py-8 text-center text-sm text-slate-500">
                      Nothing budgeted and nothing posted to income or expense accounts in this period.
                    </td>
                  </tr>
                ) : (
                  <>
                    {income.map((r) => line(r.accountName, r, 'income', { code: r.accountCode }))}
                    {line('Total income', data?.totals?.income, 'income', { header: true })}
                    {expense.map((r) => line(r.accountName, r, 'expense', { code: r.accountCode }))}
                    {line('Total expenses', data?.totals?.expense, 'expense', { header: true })}
                    {line('Net (income − expenses)', data?.totals?.net, 'net', { header: true })}
                  </>
                )}
              </tbody>
            </table>
          </div>

          {months.length ? <MonthChart months={months} type={chartType} onType={setChartType} /> : null}
        </>
      )}
    </Card>
  );
}

type Month = VersusActualJson['months'][number];

/** Budget and actual per month as paired bars; each month is a list item that reads its figures aloud. */
export function MonthChart({ months, type, onType }: { months: Month[]; type: 'expense' | 'income'; onType: (t: 'expense' | 'income') => void }) {
  const id = useId();
  const figures = useMemo(() => months.map((m) => ({ month: m.month, from: m.from, to: m.to, v: m[type] })), [months, type]);
  // Bar heights only: money stays bigint; a pixel may be a float.
  const max = figures.reduce((mx, f) => {
    const b = BigInt(f.v.budget);
    const a = BigInt(f.v.actual);
    return [b, a, mx].reduce((x, y) => (y > x ? y : x), 0n);
  }, 0n);
  const height = (v: string) => {
    const n = BigInt(v);
    if (n <= 0n || max === 0n) return 0;
    return Math.max(2, Number((n * 1000n) / max) / 10);
  };
  const word = type === 'expense' ? 'Expenses' : 'Income';
  return (
    <figure aria-labelledby={`${id}-title`} className="m-0 border-t border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <figcaption id={`${id}-title`} className="text-sm font-semibold text-ink">
          {word} by month: budget against actual (AED)
        </figcaption>
        <div className="flex items-center gap-4">
          <fieldset className="flex gap-1 rounded-lg border border-slate-200 p-0.5">
            <legend className="sr-only">Show</legend>
            {(['expense', 'income'] as const).map((t) => (
              <label key={t} className={cx('cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium focus-within:outline-2 focus-within:outline-brand-500', type === t ? 'bg-brand-800 text-white' : 'text-slate-600 hover:bg-slate-100')}>
                <input type="radio" name={`${id}-type`} value={t} checked={type === t} onChange={() => onType(t)} className="sr-only" />
                {t === 'expense' ? 'Expenses' : 'Income'}
              </label>
            ))}
          </fieldset>
          <span className="hidden items-center gap-3 text-xs text-slate-600 sm:inline-flex" aria-hidden="true">
            <span className="inline-flex items-center gap-1.5">
              <span className="h-2.5 w-2.5 rounded-sm border border-sand-400 bg-sand-200" /> Budget
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="h-2.5 w-2.5 rounded-sm bg-brand-700" /> Actual
            </span>
          </span>
        </div>
      </div>
      <ul className="mt-4 flex h-44 items-end gap-1 border-b border-slate-200 sm:gap-2" aria-label={`${word} budget and actual for each month`}>
        {figures.map((f) => {
          const partial = !f.from.endsWith('-01') || f.to.slice(8) < '28';
          const label = `${monthYear(f.month)}${partial ? ` (${f.from.slice(8)}–${f.to.slice(8)})` : ''}: budget ${spokenAed(f.v.budget)}, actual ${spokenAed(f.v.actual)}, ${varianceWords(type, f.v, true)}.`;
          return (
            <li key={f.month} className="flex h-full min-w-0 flex-1 flex-col justify-end">
              <span className="sr-only">{label}</span>
              <div className="flex h-full items-end justify-center gap-0.5" aria-hidden="true" title={label}>
                <span className="w-1/2 max-w-5 rounded-t-sm border border-b-0 border-sand-400 bg-sand-200" style={{ height: `${height(f.v.budget)}%` }} />
                <span className={cx('w-1/2 max-w-5 rounded-t-sm', f.v.favourable === false ? 'bg-amber-600' : 'bg-brand-700')} style={{ height: `${height(f.v.actual)}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-1 flex gap-1 sm:gap-2" aria-hidden="true">
        {figures.map((f) => (
          <span key={f.month} className="min-w-0 flex-1 truncate text-center text-[10px] text-slate-500 sm:text-xs">
            {shortMonth(f.month)}
          </span>
        ))}
      </div>
      <p className="mt-3 text-xs text-slate-500">
        Largest bar: AED {formatFils(max, { decimals: 0 })}. Amber marks a month {type === 'expense' ? 'over budget' : 'behind budget'}.
      </p>
    </figure>
  );
}
