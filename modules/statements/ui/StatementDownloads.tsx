/**
 * Monthly and annual account statements to download as PDF, for every month and year since the account's
 * first activity (from GET /api/statements), with the chosen display currency alongside AED.
 */
import { FileDown } from 'lucide-react';
import { useId, useState } from 'react';
import { monthYear } from '@modules/platform/dates';
import { btn, useCurrency } from '@site/components/app/ui';
import { inputClass, Skeleton } from '@site/components/app/wallet/shared';
import { annualPdfHref, monthlyPdfHref } from '../contract';
import { useStatementsIndex } from './data';
import { LoadProblem } from './Figures';

export const monthOption = (m: { period: string; complete: boolean }) => `${monthYear(`${m.period}-01`)}${m.complete ? '' : ' (so far)'}`;
export const yearOption = (y: { year: string; complete: boolean }) => `${y.year}${y.complete ? '' : ' (so far)'}`;

export function StatementDownloads() {
  const q = useStatementsIndex();
  const currency = useCurrency();
  const [month, setMonth] = useState<string | null>(null);
  const [year, setYear] = useState<string | null>(null);
  const monthId = useId();
  const yearId = useId();
  if (q.isPending) {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Loading your statements…
        </p>
        <Skeleton className="h-16 w-full" />
      </div>
    );
  }
  if (q.isError) return <LoadProblem title="We couldn't load your statements" error={q.error} retry={() => void q.refetch()} />;
  const { months, years } = q.data;
  // The last complete month and year by default (the current one when none is complete yet).
  const chosenMonth = month ?? (months.find((m) => m.complete) ?? months[0])?.period ?? null;
  const chosenYear = year ?? (years.find((y) => y.complete) ?? years[0])?.year ?? null;
  const shown = currency === 'AED' ? undefined : currency;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <div>
        <label htmlFor={monthId} className="block text-sm font-medium text-ink">
          Monthly statement
        </label>
        <select id={monthId} className={`${inputClass} mt-1`} value={chosenMonth ?? ''} onChange={(e) => setMonth(e.target.value)}>
          {months.map((m) => (
            <option key={m.period} value={m.period}>
              {monthOption(m)}
            </option>
          ))}
        </select>
        {chosenMonth ? (
          <a href={monthlyPdfHref(chosenMonth, shown)} download className={`${btn.secondary} mt-2`}>
            <FileDown size={16} aria-hidden="true" />
            Download {monthYear(`${chosenMonth}-01`)} (PDF)
          </a>
        ) : null}
      </div>
      <div>
        <label htmlFor={yearId} className="block text-sm font-medium text-ink">
          Annual statement
        </label>
        <select id={yearId} className={`${inputClass} mt-1`} value={chosenYear ?? ''} onChange={(e) => setYear(e.target.value)}>
          {years.map((y) => (
            <option key={y.year} value={y.year}>
              {yearOption(y)}
            </option>
          ))}
        </select>
        {chosenYear ? (
          <a href={annualPdfHref(chosenYear, shown)} download className={`${btn.secondary} mt-2`}>
            <FileDown size={16} aria-hidden="true" />
            Download {chosenYear} (PDF)
          </a>
        ) : null}
      </div>
      <p className="text-xs text-slate-500 sm:col-span-2">
        Each statement has your wallet&apos;s opening and closing balance, distributions, fees by kind, purchases and sales, realised and unrealised gains and your holdings at the end of the period, in AED
        {shown ? ` with ${shown} alongside` : ''}.
      </p>
    </div>
  );
}
