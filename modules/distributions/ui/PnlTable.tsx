/**
 * The property's books by month as a table: rent, each cost line, net income, the reserve, what is
 * distributable, what was paid and per share, and occupancy, with totals. Every amount is AED from the
 * ledger; occupancy is the operator's figure. The operator's action on a month sits under its name.
 */
import type { ReactNode } from 'react';
import { COST_KINDS, type CostKind, type PnlMonthJson, type PropertyPnlJson } from '../contract';
import { aed, fils, monthStatusText, percent, periodLabel, total } from './format';

export const costLabels: Record<CostKind, string> = {
  service_charges: 'Service charges',
  maintenance: 'Maintenance',
  management: 'Management fee',
  insurance: 'Insurance',
  vacancy: 'Vacancy',
};

const head = 'whitespace-nowrap px-3 py-2.5 text-xs font-semibold uppercase tracking-wide text-slate-500';
const th = `${head} text-right`;
const td = 'whitespace-nowrap px-3 py-2.5 text-right tabular-nums';

/** An amount, with a dash read as "none" for zero. */
function Cell({ value, strong, signed }: { value: string | null | undefined; strong?: boolean; signed?: boolean }) {
  const f = fils(value);
  if (f === 0n)
    return (
      <td className={`${td} text-slate-300`}>
        <span aria-hidden="true">–</span>
        <span className="sr-only">none</span>
      </td>
    );
  return <td className={`${td} ${strong ? 'font-medium text-ink' : 'text-slate-700'} ${signed && f < 0n ? 'text-red-700' : ''}`}>{aed(f)}</td>;
}

function None({ children = 'none' }: { children?: string }) {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="sr-only">{children}</span>
    </>
  );
}

export function PnlTable({ pnl, months, caption, action }: { pnl: PropertyPnlJson; months: PnlMonthJson[]; caption: string; /** The operator's action on a month, shown under its name. */ action?: (m: PnlMonthJson) => ReactNode }) {
  const costTotals = Object.fromEntries(COST_KINDS.map((k) => [k, total(months.map((m) => m.costs[k]))])) as Record<CostKind, bigint>;
  return (
    <div className="relative overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[1180px] border-collapse text-sm">
        <caption className="sr-only">{caption}, amounts in AED</caption>
        <thead>
          <tr className="border-b border-slate-200 bg-slate-50/70">
            <th scope="col" className={`${head} text-left`}>
              Month
            </th>
            <th scope="col" className={th}>
              Rent
            </th>
            {COST_KINDS.map((k) => (
              <th key={k} scope="col" className={th}>
                {costLabels[k]}
              </th>
            ))}
            <th scope="col" className={th}>
              Net income
            </th>
            <th scope="col" className={th}>
              Reserve
            </th>
            <th scope="col" className={th}>
              Distributable
            </th>
            <th scope="col" className={th}>
              Paid to investors
            </th>
            <th scope="col" className={th}>
              Per share
            </th>
            <th scope="col" className={th}>
              Occupancy
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {months.map((m) => (
            <tr key={m.period} className={m.status === 'paid' ? undefined : 'bg-slate-50/40'}>
              <th scope="row" className="whitespace-nowrap px-3 py-2.5 text-left font-medium text-ink">
                {periodLabel(m.period)}
                <span className={`block text-xs font-normal ${m.status === 'paid' ? 'text-brand-700' : 'text-slate-500'}`}>{monthStatusText[m.status]}</span>
                {m.note ? <span className="block max-w-56 whitespace-normal text-xs font-normal text-slate-500">{m.note}</span> : null}
                {action ? <span className="mt-1.5 block">{action(m)}</span> : null}
              </th>
              <Cell value={m.rent} strong />
              {COST_KINDS.map((k) => (
                <Cell key={k} value={m.costs[k]} />
              ))}
              <Cell value={m.netIncome} signed />
              <Cell value={m.reserve} />
              <Cell value={m.distributable} strong />
              <Cell value={m.distributed} strong />
              <td className={`${td} text-slate-700`}>{m.perShare ? aed(m.perShare) : <None>not paid</None>}</td>
              <td className={`${td} text-slate-700`}>{m.occupancyBps === null ? <None>not recorded</None> : percent(m.occupancyBps)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-200 font-semibold text-ink">
            <th scope="row" className="px-3 py-2.5 text-left">
              Total
            </th>
            <td className={td}>{aed(pnl.totals.rent)}</td>
            {COST_KINDS.map((k) => (
              <td key={k} className={td}>
                {aed(costTotals[k])}
              </td>
            ))}
            <td className={`${td} ${fils(pnl.totals.netIncome) < 0n ? 'text-red-700' : ''}`}>{aed(pnl.totals.netIncome)}</td>
            <td className={td}>{aed(pnl.totals.reserve)}</td>
            <td className={td}>{aed(pnl.totals.distributable)}</td>
            <td className={td}>{aed(pnl.totals.distributed)}</td>
            <td className={td} />
            <td className={td} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
