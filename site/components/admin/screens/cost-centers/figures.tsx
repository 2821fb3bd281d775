/**
 * Budget and spending to date for the cost centers on the page the table shows: the page's codes
 * (reported by <PageCodes/>, rendered in the table's summary slot) are asked of the budgets report in
 * batches of at most MAX_REPORT_COST_CENTERS, and the cells read the totals from context.
 */
import { useQueries } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { MAX_REPORT_COST_CENTERS, type CostCenterReportJson } from '@modules/budgets/contract';
import { Amount, BUDGETS_API, apiUrl } from '@site/components/admin/budgets/parts';

type Totals = CostCenterReportJson['totals'];
type Figures = { totals: Totals; loading: boolean; failed: boolean };

const FiguresContext = createContext<Figures>({ totals: {}, loading: false, failed: false });

/** The year to date of the UAE calendar: 1 January to today. */
export const yearToDate = (today: string) => ({ from: `${today.slice(0, 4)}-01-01`, to: today });

export function useYearToDateFigures(codes: readonly string[], range: { from: string; to: string }): Figures {
  const batches = useMemo(() => {
    const out: string[][] = [];
    for (let i = 0; i < codes.length; i += MAX_REPORT_COST_CENTERS) out.push(codes.slice(i, i + MAX_REPORT_COST_CENTERS));
    return out;
  }, [codes]);
  const reports = useQueries({
    queries: batches.map((batch) => ({ queryKey: [apiUrl(`${BUDGETS_API}/cost-centers/actuals`, { ...range, costCenters: batch.join(',') })] })),
  });
  const totals: Totals = {};
  for (const r of reports) Object.assign(totals, (r.data as CostCenterReportJson | undefined)?.totals);
  return { totals, loading: reports.some((r) => r.isPending), failed: reports.some((r) => r.isError) };
}

export function FiguresProvider({ value, children }: { value: Figures; children: ReactNode }) {
  return <FiguresContext.Provider value={value}>{children}</FiguresContext.Provider>;
}

/** Tells the screen which codes the table shows (it renders inside the table, which owns the page). */
export function PageCodes({ codes, onCodes }: { codes: string[] | undefined; onCodes: (codes: string[]) => void }) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const key = codes?.join(',') ?? null;
    if (codes && key !== sent.current) {
      sent.current = key;
      onCodes(codes);
    }
  }, [codes, onCodes]);
  return null;
}

const dash = (
  <span className="text-slate-300">
    <span aria-hidden="true">–</span>
    <span className="sr-only">Not available</span>
  </span>
);

export function FigureCell({ code, of }: { code: string; of: 'budget' | 'spent' }) {
  const { totals, loading } = useContext(FiguresContext);
  const t = totals[code];
  if (!t) return loading ? <span className="inline-block h-3 w-16 animate-pulse rounded bg-slate-100" aria-hidden="true" /> : dash;
  if (of === 'budget') return <Amount value={t.budgetExpense} blankZero />;
  const over = BigInt(t.expense) > BigInt(t.budgetExpense) && BigInt(t.budgetExpense) > 0n;
  return (
    <>
      <Amount value={t.expense} blankZero className={over ? 'font-semibold text-amber-800' : undefined} />
      {over ? <span className="sr-only"> (over budget)</span> : null}
    </>
  );
}
