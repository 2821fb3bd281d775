/**
 * Payables aging (GET /api/admin/payables/aging?asOf): what is owed per supplier by days past due, as a
 * chart and a table with totals; and cash requirements (GET …/cash-requirements?from&to): open bills by the
 * week they fall due, with the running total a treasurer plans against.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { StackedBars, type BarSeries } from '@site/components/charts/StackedBars';
import { Busy, ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { Card } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { formatDate, isIsoDate, todayInDubai } from '@modules/platform/dates';
import type { AgingJson, CashRequirementsJson } from '../../contract';
import { AGING, aed, CASH } from './shared';

type Bucket = 'current' | 'd1_30' | 'd31_60' | 'd61_90' | 'd90_plus';
const SERIES: BarSeries<Bucket>[] = [
  { key: 'current', label: 'Not yet due', colour: 'bg-emerald-500' },
  { key: 'd1_30', label: '1–30 days late', colour: 'bg-amber-300' },
  { key: 'd31_60', label: '31–60', colour: 'bg-amber-500' },
  { key: 'd61_90', label: '61–90', colour: 'bg-orange-600' },
  { key: 'd90_plus', label: 'Over 90', colour: 'bg-red-700' },
];
const th = 'px-2 py-2 text-right font-semibold';

export function AgingReport() {
  const [asOf, setAsOf] = useState(todayInDubai());
  const valid = isIsoDate(asOf);
  const aging = useQuery<AgingJson>({ queryKey: [`${AGING}?asOf=${asOf}`], enabled: valid });
  const a = aging.data;
  return (
    <section aria-labelledby="aging-title" className="mt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="aging-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
            Payables aging
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">What is owed to each supplier by how late it is. The total equals trade payables (2310) on the date.</p>
        </div>
        <Field className="w-48" label="As of" type="date" value={asOf} onChange={setAsOf} error={valid ? null : 'Choose a date.'} />
      </div>
      <Card className="mt-4 p-5">
        {aging.isPending && valid ? <Busy>Loading the aging…</Busy> : null}
        {aging.isError ? <ErrorNote>{errorText(aging.error, 'The aging could not be loaded.')}</ErrorNote> : null}
        {a ? (
          <>
            <StackedBars
              caption={`Owed to suppliers on ${formatDate(a.asOf)}, by days past due`}
              series={SERIES}
              rows={a.suppliers.slice(0, 12).map((s) => ({ key: s.supplierId, label: s.name, values: { current: s.current, d1_30: s.d1_30, d31_60: s.d31_60, d61_90: s.d61_90, d90_plus: s.d90_plus }, total: s.total }))}
              empty="Nothing is owed to suppliers on this date."
            />
            {a.suppliers.length ? (
              <div className="mt-5 overflow-x-auto">
                <table className="w-full min-w-[720px] text-sm">
                  <caption className="sr-only">Payables aging on {formatDate(a.asOf)}, AED</caption>
                  <thead>
                    <tr className="border-b border-slate-200 text-xs text-slate-500">
                      <th className="px-2 py-2 text-left font-semibold">Supplier</th>
                      <th className={th}>Not yet due</th>
                      <th className={th}>1–30</th>
                      <th className={th}>31–60</th>
                      <th className={th}>61–90</th>
                      <th className={th}>Over 90</th>
                      <th className={th}>Total</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {[...a.suppliers, { supplierId: 'total', name: 'Total', ...a.totals }].map((s) => (
                      <tr key={s.supplierId} className={s.supplierId === 'total' ? 'font-semibold text-ink' : undefined}>
                        <th scope="row" className="px-2 py-2 text-left font-normal">
                          {s.name}
                        </th>
                        {(['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus', 'total'] as const).map((k) => (
                          <td key={k} className="px-2 py-2 text-right tabular-nums">
                            {s[k] === '0' ? '—' : aed(s[k])}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </>
        ) : null}
      </Card>
    </section>
  );
}

export function CashRequirements() {
  const cash = useQuery<CashRequirementsJson>({ queryKey: [CASH] });
  const c = cash.data;
  return (
    <section aria-labelledby="cash-title" className="mt-8">
      <h2 id="cash-title" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        Cash needed for suppliers
      </h2>
      <p className="mt-0.5 text-sm text-slate-500">Open bills by the week they fall due over the next eight weeks, starting with what is already overdue.</p>
      <Card className="mt-4 p-5">
        {cash.isPending ? <Busy>Loading cash requirements…</Busy> : null}
        {cash.isError ? <ErrorNote>{errorText(cash.error, 'The cash requirements could not be loaded.')}</ErrorNote> : null}
        {c ? (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] text-sm">
              <caption className="sr-only">Cash needed for supplier bills by week due, AED</caption>
              <thead>
                <tr className="border-b border-slate-200 text-xs text-slate-500">
                  <th className="px-2 py-2 text-left font-semibold">Week</th>
                  <th className={th}>Bills</th>
                  <th className={th}>Due</th>
                  <th className={th}>Running total</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                <tr className={c.overdue.count ? 'text-red-800' : undefined}>
                  <th scope="row" className="px-2 py-2 text-left font-normal">
                    Overdue before {formatDate(c.from)}
                  </th>
                  <td className="px-2 py-2 text-right tabular-nums">{c.overdue.count}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{aed(c.overdue.amount)}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{aed(c.overdue.amount)}</td>
                </tr>
                {c.weeks.map((w) => (
                  <tr key={w.weekStart}>
                    <th scope="row" className="px-2 py-2 text-left font-normal">
                      {formatDate(w.weekStart)} – {formatDate(w.weekEnd)}
                      {w.bills.length ? <span className="block text-xs text-slate-500">{w.bills.map((b) => `${b.supplierName} ${b.supplierBillNumber}`).join(', ')}</span> : null}
                    </th>
                    <td className="px-2 py-2 text-right tabular-nums">{w.count}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{w.amount === '0' ? '—' : aed(w.amount)}</td>
                    <td className="px-2 py-2 text-right font-medium tabular-nums">{aed(w.runningTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </Card>
    </section>
  );
}
