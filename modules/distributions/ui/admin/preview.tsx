/**
 * What a distribution would pay (GET /api/admin/distributions/preview), nothing written: the books'
 * figures for the month, the record date, holders and per share, whether a second administrator must
 * approve, warnings in plain sentences, and every holder's line (largest-remainder rounding, so the lines
 * add up to the amount exactly).
 */
import { TriangleAlert } from 'lucide-react';
import { formatDate } from '@site/components/admin/format';
import { Amount } from '@site/components/admin/ledger/parts';
import type { DistributionLineJson, DistributionPreviewJson } from '../../contract';
import { aed, percent, plural, shares } from '../format';

/** The most lines listed in a dialog; the rest are counted. */
export const LINES_SHOWN = 100;

export function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2.5">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-base font-semibold tabular-nums text-ink">{value}</dd>
      {hint ? <dd className="text-xs text-slate-500">{hint}</dd> : null}
    </div>
  );
}

export function BooksFigures({ p }: { p: DistributionPreviewJson }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5" aria-label="The books for this month">
      <Figure label="Rent" value={aed(p.rent)} />
      <Figure label="Costs" value={aed(p.totalCosts)} />
      <Figure label="Net income" value={aed(p.netIncome)} />
      <Figure label="Reserve" value={aed(p.reserve)} hint={`${percent(p.reserveBps)} of net income`} />
      <Figure label="Distributable" value={aed(p.distributable)} />
    </dl>
  );
}

export function Warnings({ warnings }: { warnings: string[] }) {
  if (!warnings.length) return null;
  return (
    <ul className="space-y-1.5 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" aria-label="Warnings">
      {warnings.map((w) => (
        <li key={w} className="flex gap-2">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {w}
        </li>
      ))}
    </ul>
  );
}

/** Holders and their lines; `detail` adds the fee netted and reinvested columns of a run. */
export function LinesTable({ lines, amount, caption, detail }: { lines: DistributionLineJson[]; amount: string; caption: string; detail?: boolean }) {
  const shown = lines.slice(0, LINES_SHOWN);
  const cell = 'whitespace-nowrap px-3 py-2 text-right tabular-nums';
  return (
    <div>
      <div className="relative max-h-80 overflow-auto rounded-lg border border-slate-200" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full min-w-[560px] border-collapse text-sm">
          <caption className="sr-only">{caption}, amounts in AED</caption>
          <thead className="sticky top-0 bg-slate-50">
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <th scope="col" className="px-3 py-2 text-left font-semibold">
                Holder
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Shares
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Amount
              </th>
              {detail ? (
                <>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Fee netted
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Reinvested
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map((l) => (
              <tr key={l.userId}>
                <th scope="row" className="px-3 py-2 text-left font-normal text-ink">
                  {l.name || 'Investor'}
                  {l.unicode ? <span className="block font-mono text-xs text-slate-500">{l.unicode}</span> : null}
                </th>
                <td className={cell}>{shares(l.units)}</td>
                <td className={`${cell} font-medium`}>
                  <Amount value={l.amount} />
                </td>
                {detail ? (
                  <>
                    <td className={cell}>
                      <Amount value={l.feeNetted ?? '0'} blankZero />
                    </td>
                    <td className={cell}>
                      <Amount value={l.reinvested ?? '0'} blankZero />
                    </td>
                  </>
                ) : null}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-200 font-semibold text-ink">
              <th scope="row" className="px-3 py-2 text-left">
                {plural(lines.length, 'holder', 'holders')}
              </th>
              <td className={cell} />
              <td className={cell}>
                <Amount value={amount} />
              </td>
              {detail ? <td colSpan={2} /> : null}
            </tr>
          </tfoot>
        </table>
      </div>
      {lines.length > shown.length ? <p className="mt-1 text-xs text-slate-500">The first {shown.length} holders are listed; the total covers all {lines.length.toLocaleString('en-US')}.</p> : null}
    </div>
  );
}

/** Record date, holders, shares and per share of a preview. */
export function PaymentFigures({ p }: { p: Pick<DistributionPreviewJson, 'recordDate' | 'holders' | 'units' | 'perShare' | 'amount'> }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="The payment">
      <Figure label="Amount" value={aed(p.amount)} />
      <Figure label="Record date" value={formatDate(p.recordDate)} hint="Holders at the end of this day are paid" />
      <Figure label="Holders" value={p.holders.toLocaleString('en-US')} hint={`${shares(p.units)} shares`} />
      <Figure label="Per share" value={aed(p.perShare)} />
    </dl>
  );
}
