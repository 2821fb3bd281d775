/**
 * A run's charges: one row per investor with the window, the fee, its VAT, what the wallet paid and what is
 * owed; each opens to its calculation (per property: days, average value, accrued), the carry in and out, and
 * the sentence the investor's wallet line carries. Searchable by name or investor number.
 */
import { ChevronDown, ChevronRight, SearchX } from 'lucide-react';
import { Fragment, useId, useState } from 'react';
import { aed } from '@site/components/admin/money/shared';
import { Amount, inputClass } from '@site/components/admin/ledger/parts';
import { Badge, DataTable, EmptyState, cx } from '@site/components/admin/ui';
import { carryLabel, microToAed, windowLabel, type FeeChargeJson } from '../../contract';
import { fils, plural } from './shared';

export function Calculation({ charge }: { charge: FeeChargeJson }) {
  const lines = Array.isArray(charge.calculation) ? charge.calculation : [];
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <table className="w-full text-sm">
        <caption className="sr-only">How {charge.number} was calculated</caption>
        <thead>
          <tr className="text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-1 text-left font-semibold">Property</th>
            <th scope="col" className="py-1 text-right font-semibold">Days held</th>
            <th scope="col" className="py-1 text-right font-semibold">Average value</th>
            <th scope="col" className="py-1 text-right font-semibold">Accrued at 0.5% a year</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={l.propertyId}>
              <th scope="row" className="py-1 text-left font-normal">
                {l.title} <span className="text-xs text-slate-500">{l.reference}</span>
              </th>
              <td className="py-1 text-right tabular-nums">{l.days}</td>
              <td className="py-1 text-right tabular-nums">{aed(l.averageValue)}</td>
              <td className="py-1 text-right tabular-nums">{microToAed(l.accruedMicro)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Accrued {microToAed(charge.accruedMicro)}
        {fils(charge.carryInMicro) !== 0n ? `, with ${carryLabel(charge.carryInMicro)} carried from the last charge` : ''}, rounded to the fil: {aed(charge.fee)} (carried on to the next charge: {carryLabel(charge.carryOutMicro)}). VAT
        5%: {aed(charge.vat)}. Paid from the wallet: {aed(charge.paid)}
        {fils(charge.outstanding) > 0n ? `; still owed: ${aed(charge.outstanding)}` : ''}.
      </p>
      <p className="text-slate-500">{charge.explanation}</p>
    </div>
  );
}

export function ChargeTable({ charges, caption }: { charges: FeeChargeJson[]; caption: string }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const searchId = useId();
  const headingId = useId();
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const shown = charges.filter((c) => words.every((w) => `${c.name ?? ''} ${c.unicode ?? ''} ${c.number}`.toLowerCase().includes(w)));
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-ink">
        Charges
      </h3>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-3">
        <div>
          <label htmlFor={searchId} className="mb-1 block text-xs font-medium text-slate-600">
            Search charges
          </label>
          <input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Name, investor number or charge" className={cx(inputClass, 'sm:w-72')} />
        </div>
        <p className="text-sm text-slate-600" role="status">
          {words.length ? `${shown.length} of ${plural(charges.length, 'charge', 'charges')} match.` : plural(charges.length, 'charge', 'charges')}
        </p>
      </div>
      <div className="mt-3">
        <DataTable
          caption={caption}
          columns={[
            { key: 'investor', label: 'Investor' },
            { key: 'window', label: 'Window' },
            { key: 'fee', label: 'Fee (AED)', align: 'right' },
            { key: 'vat', label: 'VAT (AED)', align: 'right' },
            { key: 'paid', label: 'Paid (AED)', align: 'right' },
            { key: 'owed', label: 'Owed (AED)', align: 'right' },
          ]}
          minWidth={860}
          empty={
            <EmptyState icon={SearchX} title={charges.length ? 'No charge matches' : 'This run charged nobody'}>
              {charges.length ? 'Try another name or investor number.' : 'Every investor had already been charged up to this date.'}
            </EmptyState>
          }
        >
          {shown.map((c) => {
            const expanded = open === c.id;
            return (
              <Fragment key={c.id}>
                <tr className="align-top">
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={expanded ? `calc-${c.id}` : undefined}
                      onClick={() => setOpen(expanded ? null : c.id)}
                      className="flex items-start gap-1.5 text-left font-medium text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                    >
                      {expanded ? <ChevronDown className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" /> : <ChevronRight className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />}
                      <span>
                        {c.name ?? c.userId} <span className="sr-only">: how {c.number} was calculated</span>
                        <span className="block font-mono text-xs font-normal text-slate-500">
                          {c.unicode} · {c.number}
                        </span>
                      </span>
                    </button>
                  </td>
                  <td className="px-4 py-3 text-slate-600">
                    {windowLabel(c.fromDate, c.through)}
                    <span className="block text-xs text-slate-500">{plural(c.days, 'day', 'days')}</span>
                  </td>
                  <td className="px-4 py-3 text-right font-medium">
                    <Amount value={c.fee} />
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Amount value={c.vat} />
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Amount value={c.paid} />
                  </td>
                  <td className="px-4 py-3 text-right">{fils(c.outstanding) > 0n ? <Badge tone="warning">{aed(c.outstanding)}</Badge> : <span className="text-slate-400">—</span>}</td>
                </tr>
                {expanded ? (
                  <tr id={`calc-${c.id}`} className="bg-slate-50/70">
                    <td colSpan={6} className="px-4 py-3">
                      <Calculation charge={c} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </DataTable>
      </div>
    </section>
  );
}
