/**
 * Fee income by month: one horizontal bar per month, split into early exit fees, performance fees and
 * VAT (plain boxes, on the same scale as the ledger's income chart). The picture is one labelled
 * image whose accessible name carries every figure; the same figures are one click away as a table.
 */
import { useId, useState } from 'react';
import { aed } from '@site/components/admin/money/shared';
import { niceCeiling } from '@site/components/admin/ledger/IncomeChart';
import { Amount } from '@site/components/admin/ledger/parts';
import { cx } from '@site/components/admin/ui';
import { monthYear } from '@modules/platform/dates';
import { sumFils, toFils } from '@modules/platform/money';
import type { FeeMonthJson } from '../../admin-contract';

export const FEE_KINDS = [
  { key: 'earlyExit', label: 'Early exit fees', colour: 'bg-brand-700' },
  { key: 'performance', label: 'Performance fees', colour: 'bg-sand-400' },
  { key: 'vat', label: 'VAT on fees', colour: 'bg-slate-400' },
] as const;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** Whole dirhams, for bar lengths only (money stays bigint everywhere else). */
const dirhams = (fils: bigint) => Number(fils > 0n ? fils / 100n : 0n);
/** 'March 2026' from 'YYYY-MM'. */
export const monthName = (month: string) => (/^\d{4}-\d{2}$/.test(month) ? monthYear(`${month}-01`) : month);
const total = (m: FeeMonthJson) => sumFils([m.earlyExit, m.performance, m.vat]);

export function FeeChart({ months, caption }: { months: FeeMonthJson[]; caption: string }) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const top = niceCeiling(Math.max(0, ...months.map((m) => dirhams(total(m)))));
  const summary =
    `${caption}. ` +
    months.map((m) => `${monthName(m.month)}: ${aed(total(m))} (early exit ${aed(m.earlyExit)}, performance ${aed(m.performance)}, VAT ${aed(m.vat)})`).join('; ') +
    '.';
  return (
    <figure aria-labelledby={titleId} className="m-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <figcaption id={titleId} className="text-sm font-semibold text-ink">
          {caption} (AED)
        </figcaption>
        <div className="flex flex-wrap items-center gap-4 text-xs text-slate-600">
          {FEE_KINDS.map((k) => (
            <span key={k.key} className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className={cx('h-2.5 w-2.5 rounded-sm', k.colour)} /> {k.label}
            </span>
          ))}
          <button
            type="button"
            onClick={() => setAsTable((t) => !t)}
            aria-pressed={asTable}
            className="rounded-lg border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
          >
            Show as table
          </button>
        </div>
      </div>
      {asTable ? (
        <div className="relative mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={`${caption}, as a table`}>
          <table className="w-full min-w-[560px] text-sm">
            <caption className="sr-only">{caption}, in AED</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="py-2 text-left font-semibold">Month</th>
                {FEE_KINDS.map((k) => (
                  <th key={k.key} scope="col" className="py-2 text-right font-semibold">
                    {k.label}
                  </th>
                ))}
                <th scope="col" className="py-2 text-right font-semibold">Total</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="py-2 text-left font-normal text-slate-700">
                    {monthName(m.month)}
                  </th>
                  {FEE_KINDS.map((k) => (
                    <td key={k.key} className="py-2 text-right">
                      <Amount value={m[k.key]} />
                    </td>
                  ))}
                  <td className="py-2 text-right font-medium">
                    <Amount value={total(m)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <div role="img" aria-label={summary} className="mt-3 max-w-3xl space-y-2.5">
          {months.map((m) => {
            const sum = dirhams(total(m));
            return (
              <div key={m.month} aria-hidden="true" title={`${monthName(m.month)}: ${aed(total(m))}`}>
                <p className="text-xs text-slate-700">{monthName(m.month)}</p>
                <div className="mt-1 flex items-center gap-2">
                  <div className="flex h-4 min-w-0 flex-1">
                    <div className="flex h-4 overflow-hidden rounded" style={{ width: `${Math.max(0.5, (sum / top) * 100)}%` }}>
                      {FEE_KINDS.map((k) => {
                        const part = dirhams(toFils(m[k.key]));
                        return sum > 0 && part > 0 ? <div key={k.key} className={cx('h-4', k.colour)} style={{ width: `${(part / sum) * 100}%` }} /> : null;
                      })}
                    </div>
                  </div>
                  <span className="w-20 shrink-0 text-right text-xs tabular-nums text-slate-600">{compact.format(sum)}</span>
                </div>
              </div>
            );
          })}
          <p aria-hidden="true" className="flex justify-between pr-22 text-[11px] tabular-nums text-slate-400">
            <span>0</span>
            <span>{compact.format(top / 2)}</span>
            <span>{compact.format(top)}</span>
          </p>
        </div>
      )}
    </figure>
  );
}
