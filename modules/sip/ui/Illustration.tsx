/** The illustrative projection beside the setup form: a steady 10% a year, clearly not a forecast. */
import { useState } from 'react';
import { RETURNS } from '@modules/platform/contract';
import { SipChart, SipTable } from '@site/components/app/SipChart';
import { projectSip, SIP_DURATIONS_YEARS } from '@site/components/app/sip-plan';
import { card, useCurrency, useMoney } from '@site/components/app/ui';

export function Illustration({ monthlyFils }: { monthlyFils: bigint }) {
  const currency = useCurrency();
  const money = useMoney();
  const [years, setYears] = useState<number>(5);
  const projection = projectSip(monthlyFils, years);
  const span = `${years} ${years === 1 ? 'year' : 'years'}`;
  const label = `Illustrative projection: paying ${money(monthlyFils)} a month for ${span} adds up to ${money(projection.contributed)}. At an illustrative 10% a year it would be worth ${money(projection.value)}.`;
  return (
    <section aria-labelledby="sip-projection-title" className={`${card} p-5 sm:p-6`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="sip-projection-title" className="font-display text-xl text-ink">
            Your plan, illustrated
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            {money(monthlyFils)} a month for {span}, without step-ups
          </p>
        </div>
        <span className="rounded-full bg-sand-100 px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-sand-700">Illustrative</span>
      </div>
      <fieldset className="mt-4">
        <legend className="sr-only">How long the illustration runs</legend>
        <div className="flex flex-wrap gap-2">
          {SIP_DURATIONS_YEARS.map((y) => (
            <label
              key={y}
              className="cursor-pointer rounded-full border border-slate-300 px-3 py-1 text-xs text-slate-700 hover:border-slate-400 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-800 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2"
            >
              <input type="radio" name="illustration-years" value={y} checked={years === y} onChange={() => setYears(y)} className="sr-only" />
              {y} {y === 1 ? 'year' : 'years'}
            </label>
          ))}
        </div>
      </fieldset>
      <dl className="mt-4 grid grid-cols-3 gap-3">
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500">You pay in</dt>
          <dd className="mt-1 font-display text-base tabular-nums text-ink">{money(projection.contributed, 0)}</dd>
        </div>
        <div className="rounded-lg bg-brand-50 p-3">
          <dt className="text-xs font-medium text-brand-800">Illustrative value</dt>
          <dd className="mt-1 font-display text-base tabular-nums text-brand-900">{money(projection.value, 0)}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs font-medium text-slate-500">Illustrative growth</dt>
          <dd className="mt-1 font-display text-base tabular-nums text-ink">{money(projection.gain, 0)}</dd>
        </div>
      </dl>
      <figure className="mt-4">
        <SipChart projection={projection} currency={currency} label={label} />
        <figcaption className="mt-3 text-xs leading-relaxed text-slate-500">
          Illustrative only, not a forecast: assumes a steady 10% a year, compounded monthly, before fees, with every collection made on time. Manzil's
          target returns are {RETURNS.total} a year ({RETURNS.rentalYield} rental yield, {RETURNS.appreciation} appreciation), but returns are not
          guaranteed. Property values can fall as well as rise, and you may get back less than you invest.
        </figcaption>
      </figure>
      <details className="mt-4 rounded-lg border border-slate-200 px-4 py-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-800">See the figures as a table</summary>
        <div className="mt-3">
          <SipTable projection={projection} currency={currency} />
        </div>
      </details>
    </section>
  );
}
