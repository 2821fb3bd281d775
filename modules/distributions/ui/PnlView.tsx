/**
 * A property's P&L by month from its books, as investors and the operator both see it: one plain
 * sentence on where the figures come from, the chart of where the rent went, and the table by month with
 * totals. Presentational: the data comes from PnlSection (investors) or the property books screen.
 */
import type { ReactNode } from 'react';
import type { PnlMonthJson, PropertyPnlJson } from '../contract';
import { isBlankMonth, percent, periodLabel } from './format';
import { PnlChart } from './PnlChart';
import { PnlTable } from './PnlTable';

/** The one-line explanation under the heading. */
export function pnlExplanation(pnl: Pick<PropertyPnlJson, 'reserveBps'>) {
  return `Every figure comes from the property's books: rent received and each cost are journal entries recorded against this property; ${percent(pnl.reserveBps)} of each month's net income is kept in reserve for future costs, and what is left is distributable, paid to the holders of its shares in proportion to the shares they held at the month's end. Occupancy is reported by the property manager.`;
}

export const NO_RENT_YET = 'No rent has been recorded for this property yet. Once the first month’s rent and costs are in its books, they appear here month by month, with what was kept in reserve and what was paid to investors.';

export function PnlView({
  pnl,
  action,
  keepBlankMonths = false,
  emptyNote,
}: {
  pnl: PropertyPnlJson;
  /** The operator's action on a month ("Edit occupancy and note"), under the month's name. */
  action?: (m: PnlMonthJson) => ReactNode;
  /** The operator's table has every month of the range; otherwise (and in the chart) the months from the first to the last with figures. */
  keepBlankMonths?: boolean;
  /** Shown instead of the standard empty state (the operator's screen says how to record rent). */
  emptyNote?: ReactNode;
}) {
  // Months with figures: from the first to the last month with anything in the books.
  const first = pnl.months.findIndex((m) => !isBlankMonth(m));
  const last = pnl.months.findLastIndex((m) => !isBlankMonth(m));
  const withFigures = first < 0 ? [] : pnl.months.slice(first, last + 1);
  const months = keepBlankMonths ? pnl.months : withFigures;
  const span = (list: PnlMonthJson[]) => (list.length === 1 ? periodLabel(list[0]!.period) : list.length ? `${periodLabel(list[0]!.period)} to ${periodLabel(list.at(-1)!.period)}` : '');
  const nothing = first < 0;
  return (
    <div className="space-y-5">
      <p className="max-w-4xl text-sm leading-relaxed text-slate-600">{pnlExplanation(pnl)}</p>
      {nothing ? (
        <div role="status" className="rounded-xl border border-dashed border-slate-300 bg-slate-50/60 px-5 py-6 text-sm leading-relaxed text-slate-600">
          {emptyNote ?? NO_RENT_YET}
        </div>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <PnlChart months={withFigures} caption={`Where the rent went, ${span(withFigures)}`} />
        </div>
      )}
      {months.length ? (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
          <PnlTable pnl={pnl} months={months} caption={`${pnl.title}: income and costs by month, ${span(months)}`} action={action} />
        </div>
      ) : null}
    </div>
  );
}
