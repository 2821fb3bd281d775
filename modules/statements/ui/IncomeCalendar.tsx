/**
 * The dashboard's income calendar, from GET /api/returns/calendar: one bar a month, the rent paid to the
 * investor in the last 12 months and, drawn lighter, what the next 6 are expected to bring, with how each
 * property's expected income was worked out. Drawn by the shared StackedBars (a table one click away).
 */
import { CalendarClock } from 'lucide-react';
import { monthYear } from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';
import { StackedBars, type BarRow, type BarSeries } from '@site/components/charts/StackedBars';
import { EmptyState, Section, useCurrency, useMoney } from '@site/components/app/ui';
import { Skeleton } from '@site/components/app/wallet/shared';
import type { ExpectedMethod, IncomeCalendarJson } from '../contract';
import { useCalendar } from './data';
import { LoadProblem } from './Figures';

type Key = 'paid' | 'expected';
const SERIES: BarSeries<Key>[] = [
  { key: 'paid', label: 'Paid', colour: 'bg-brand-700' },
  { key: 'expected', label: 'Expected', colour: 'bg-sand-400' },
];
const METHOD_LABEL: Record<ExpectedMethod, string> = { last_distribution: 'From the last distribution', estimate: 'Estimated from the rent', none: 'No income expected yet' };

/** One bar a month; paid months before the first payment are left out (the current month always stays). */
export function calendarRows(c: IncomeCalendarJson): BarRow<Key>[] {
  const current = c.asOf.slice(0, 7);
  const first = c.months.findIndex((m) => m.kind === 'expected' || m.period === current || toFils(m.total) > 0n);
  return c.months.slice(Math.max(0, first)).map((m) => ({
    key: `${m.kind}-${m.period}`,
    label: monthYear(`${m.period}-01`),
    values: m.kind === 'paid' ? { paid: m.total } : { expected: m.total },
    note: m.kind === 'expected' ? 'expected' : undefined,
    muted: m.kind === 'expected',
  }));
}

export function IncomeCalendar() {
  const q = useCalendar();
  const money = useMoney();
  const currency = useCurrency();
  const title = 'Income calendar';
  const description = 'Rent paid to you in the last 12 months, and what the next 6 are expected to bring.';
  if (q.isPending) {
    return (
      <Section id="income-calendar-title" title={title} description={description}>
        <div aria-busy="true">
          <p className="sr-only" role="status">
            Loading your income calendar…
          </p>
          <div className="space-y-2" aria-hidden="true">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-3/4" />
          </div>
        </div>
      </Section>
    );
  }
  if (q.isError) {
    return (
      <Section id="income-calendar-title" title={title} description={description}>
        <LoadProblem title="We couldn't load your income calendar" error={q.error} retry={() => void q.refetch()} />
      </Section>
    );
  }
  const c = q.data;
  const nothing = toFils(c.paidTotal) === 0n && toFils(c.expectedTotal) === 0n;
  return (
    <Section
      id="income-calendar-title"
      title={title}
      description={description}
      action={nothing ? undefined : <p className="text-sm text-slate-600">Last 12 months: {money(toFils(c.paidTotal))} · next 6: about {money(toFils(c.expectedTotal))}</p>}
    >
      {nothing ? (
        <EmptyState icon={CalendarClock} title="No rental income yet">
          When a property you own is let and pays its monthly distribution, your share appears here, with the months ahead estimated.
        </EmptyState>
      ) : (
        <StackedBars caption="Rental income by month" series={SERIES} rows={calendarRows(c)} unit={currency} format={(v) => money(toFils(v))} />
      )}
      {c.basis.length ? (
        <details className="mt-5">
          <summary className="cursor-pointer text-sm font-medium text-brand-800">How the expected income is worked out</summary>
          <ul className="mt-3 space-y-3">
            {c.basis.map((b) => (
              <li key={b.propertyId} className="text-sm">
                <p className="font-medium text-ink">
                  {b.title}: {toFils(b.perMonth) > 0n ? `about ${money(toFils(b.perMonth))} a month` : 'nothing expected yet'}{' '}
                  <span className="font-normal text-slate-500">({METHOD_LABEL[b.method]})</span>
                </p>
                <p className="mt-0.5 text-slate-600">{b.explanation}</p>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </Section>
  );
}
