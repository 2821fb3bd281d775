/**
 * The invest panel of a property page: the amount in the visitor's currency (minimum AED 200), the
 * shares it buys, every fee with VAT, the all-in cost and the first-year net yield after fees — all from
 * quoteInvestment, the function the checkout uses, so the two never disagree. Server-rendered in AED,
 * then hydrated: the figures follow the currency chosen in the header.
 */
import { pct, type LaterFee } from '@modules/settings/contract';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { convertMinor, formatMoney, type CurrencyCode } from '@modules/platform/contract';
import {
  bpsToPercent,
  quoteInvestment,
  SHARE_SCALE,
  unitsToShareString,
  VAT_BPS,
  type PropertyFinancials,
  type PropertyStatus,
  type QuoteProblem,
} from '@modules/properties/contract';
import { $currency } from '@site/lib/stores/currency';
import { PAYMENT_METHODS } from '@modules/wallet/contract';
import { bpsLabel } from '../app/limits';
import { filsToDisplay, minimumInCurrency, minorToInput, readAmount } from '../app/money-input';

export type InvestPanelProps = {
  id: string;
  title: string;
  status: PropertyStatus;
  /** Strings of fils / share units (JSON-safe island props). */
  sharePrice: string;
  totalShares: string;
  sharesSold: string;
  financials: { [K in keyof PropertyFinancials]: string | number };
  /** The minimum, the platform fee and each method's transaction charge in force (the page reads the settings). */
  terms: { minimum: string; platformFeeBps: number; chargeBps: Record<string, number>; laterFees: LaterFee[] };
};

/** The ways a new deposit can fund the purchase; their charges come with the terms. */
const DEPOSIT_METHODS = PAYMENT_METHODS.map((m) => ({ key: m.key, name: m.name }));

const DEFAULT_FILS = 100_000n; // AED 1,000
const PRESETS_FILS = [20_000n, 100_000n, 500_000n, 2_500_000n];
const WALLET = 'wallet';

const problemText = (p: QuoteProblem, ctx: { min: string; left: string }): string =>
  ({
    below_minimum: `The minimum investment is ${ctx.min}.`,
    too_small_for_a_unit: 'That amount does not buy any part of a share. Enter a larger amount.',
    exceeds_available: `Only ${ctx.left} of shares are left. Enter a smaller amount.`,
    not_a_positive_amount: 'Enter how much to invest.',
  })[p];

function toFinancials(f: InvestPanelProps['financials']): PropertyFinancials {
  return {
    valuation: BigInt(f.valuation),
    fundingTarget: BigInt(f.fundingTarget),
    annualRent: BigInt(f.annualRent),
    occupancyBps: Number(f.occupancyBps),
    serviceCharges: BigInt(f.serviceCharges),
    maintenanceCosts: BigInt(f.maintenanceCosts),
    managementFeeBps: Number(f.managementFeeBps),
  };
}

export default function InvestPanel(props: InvestPanelProps) {
  // The server renders AED; the chosen currency takes over after hydration (so the first client render matches).
  const chosen = useStore($currency);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const currency: CurrencyCode = hydrated ? chosen : 'AED';
  const ids = { amount: useId(), method: useId(), help: useId(), result: useId() };
  const [text, setText] = useState(() => minorToInput(filsToDisplay(DEFAULT_FILS, currency)));
  const [methodKey, setMethodKey] = useState(WALLET);
  // Keep the amount's value when the currency changes (re-expressed, not re-read).
  const lastCurrency = useRef<CurrencyCode>(currency);
  useEffect(() => {
    if (lastCurrency.current === currency) return;
    const prev = readAmount(text, lastCurrency.current);
    if (prev.ok) setText(minorToInput(filsToDisplay(prev.fils, currency)));
    lastCurrency.current = currency;
  }, [currency, text]);

  const show = (fils: bigint, decimals: 0 | 2 = 2) => formatMoney(convertMinor(fils, 'AED', currency), currency, { decimals });
  const read = readAmount(text, currency, { what: 'how much to invest' });
  const amountFils = read.ok ? read.fils : null;
  const minimum = BigInt(props.terms.minimum);
  const found = DEPOSIT_METHODS.find((m) => m.key === methodKey);
  const paymentMethod = found && props.terms.chargeBps[found.key] !== undefined ? { ...found, chargeBps: props.terms.chargeBps[found.key]! } : null;
  const sharePrice = BigInt(props.sharePrice);
  const totalShares = BigInt(props.totalShares);
  const quote =
    amountFils !== null
      ? quoteInvestment({
          amountFils,
          sharePrice,
          totalShares,
          sharesSold: BigInt(props.sharesSold),
          financials: toFinancials(props.financials),
          method: paymentMethod,
          terms: { minimum, platformFeeBps: props.terms.platformFeeBps },
        })
      : null;

  const open = props.status === 'funding';
  const minText = formatMoney(minimumInCurrency(minimum, currency), currency);
  const error = !read.ok ? read.error : quote?.problem ? problemText(quote.problem, { min: `${minText}${currency === 'AED' ? '' : ` (${formatMoney(minimum, 'AED')})`}`, left: show((quote.availableUnits * sharePrice) / SHARE_SCALE) }) : null;
  const canInvest = open && quote !== null && quote.problem === null;
  const checkoutHref = quote && amountFils !== null ? `/checkout?property=${encodeURIComponent(props.id)}&amount=${amountFils.toString()}${paymentMethod ? `&method=${paymentMethod.key}` : ''}` : '/checkout';
  const annualFee = quote ? quote.annualFees.reduce((s, f) => s + f.amount, 0n) + quote.annualFeesVat : 0n;

  return (
    <section aria-labelledby={`${ids.result}-title`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-invest-panel>
      <h2 id={`${ids.result}-title`} className="text-base font-semibold text-ink">
        {open ? 'Invest in this property' : 'Work out an investment'}
      </h2>
      {!open && (
        <p className="mt-1 text-sm text-slate-600">
          {props.status === 'coming_soon'
            ? 'This property opens for funding soon. See what an investment would buy and cost now.'
            : 'This property is not open for new investment. The figures show what an investment at the listing price would have bought.'}
        </p>
      )}

      <div className="mt-4">
        <label htmlFor={ids.amount} className="block text-sm font-medium text-slate-700">
          Amount <span className="font-normal text-slate-500">in {currency}</span>
        </label>
        <div className="mt-1.5 flex rounded-md border border-slate-300 focus-within:border-brand-500 focus-within:ring-2 focus-within:ring-brand-500/30">
          <span className="grid place-items-center border-r border-slate-200 bg-slate-50 px-3 text-sm text-slate-600" aria-hidden="true">{currency}</span>
          <input
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={ids.help}
            className="w-full rounded-r-md px-3 py-2.5 text-base text-ink outline-none"
            data-invest-amount
          />
        </div>
        <p id={ids.help} className={`mt-1.5 text-xs ${error ? 'text-rose-700' : 'text-slate-500'}`} role={error ? 'alert' : undefined}>
          {error ?? `Minimum ${minText}${currency === 'AED' ? '' : ` (${formatMoney(minimum, 'AED')})`}`}
        </p>
        <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label="Quick amounts">
          {PRESETS_FILS.map((f) => (
            <button
              key={f.toString()}
              type="button"
              onClick={() => setText(minorToInput(filsToDisplay(f, currency)))}
              className="rounded-full border border-slate-300 px-3 py-1 text-xs font-medium text-slate-700 hover:border-brand-400 hover:bg-brand-50"
            >
              {show(f, 0)}
            </button>
          ))}
        </div>
      </div>

      <div className="mt-4">
        <label htmlFor={ids.method} className="block text-sm font-medium text-slate-700">Paying with</label>
        <select id={ids.method} value={methodKey} onChange={(e) => setMethodKey(e.target.value)} className="mt-1.5 w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-sm text-ink">
          <option value={WALLET}>Money already in my Manzil wallet (no charge)</option>
          {DEPOSIT_METHODS.map((m) => (
            <option key={m.key} value={m.key}>
              A new deposit by {m.name.toLowerCase()} (+{bpsLabel(props.terms.chargeBps[m.key] ?? 0)})
            </option>
          ))}
        </select>
      </div>

      <div aria-live="polite" id={ids.result} className="mt-5">
        {quote && !(read.ok === false) ? (
          <>
            <dl className="divide-y divide-slate-100 text-sm">
              <div className="flex items-baseline justify-between gap-3 pb-2.5">
                <dt className="text-slate-600">You buy</dt>
                <dd className="text-right font-semibold text-ink" data-quote-shares>
                  {unitsToShareString(quote.units)} shares
                  <span className="block text-xs font-normal text-slate-500">{`${Math.trunc(quote.ownershipPpm / 10_000)}.${String(quote.ownershipPpm % 10_000).padStart(4, '0')}`}% of the property</span>
                </dd>
              </div>
              <div className="flex items-baseline justify-between gap-3 py-2.5">
                <dt className="text-slate-600">Shares at {show(sharePrice)} each</dt>
                <dd className="text-right text-ink">{show(quote.principal)}</dd>
              </div>
              {quote.fees.map((f) => (
                <div key={f.key} className="flex items-baseline justify-between gap-3 py-2.5">
                  <dt className="text-slate-600">{f.label}</dt>
                  <dd className="text-right text-ink">{show(f.amount)}</dd>
                </div>
              ))}
              {quote.fees.length > 0 && (
                <div className="flex items-baseline justify-between gap-3 py-2.5">
                  <dt className="text-slate-600">VAT on fees ({bpsToPercent(VAT_BPS)}%)</dt>
                  <dd className="text-right text-ink">{show(quote.vat)}</dd>
                </div>
              )}
              <div className="flex items-baseline justify-between gap-3 py-3">
                <dt className="font-semibold text-ink">All-in cost</dt>
                <dd className="text-right">
                  <span className="font-display text-xl text-ink" data-quote-total>{show(quote.total)}</span>
                  {currency !== 'AED' && <span className="block text-xs text-slate-500">{formatMoney(quote.total, 'AED')}</span>}
                </dd>
              </div>
              <div className="flex items-baseline justify-between gap-3 py-3">
                <dt className="text-slate-600">
                  Net yield after fees
                  <span className="block text-xs text-slate-500">First year, on your all-in cost</span>
                </dt>
                <dd className="text-right font-display text-xl text-brand-800" data-quote-yield>{bpsToPercent(quote.netYieldBps)}%</dd>
              </div>
              <div className="flex items-baseline justify-between gap-3 pt-2.5 text-xs text-slate-500">
                <dt>Your rent after costs, less the platform fee</dt>
                <dd className="text-right">{show(quote.annualIncome - annualFee)} a year</dd>
              </div>
            </dl>
            {quote.principal < (amountFils ?? 0n) && quote.units > 0n && (
              <p className="mt-3 text-xs text-slate-500">Shares are sold in units of 1/{SHARE_SCALE.toLocaleString('en-US')} of a share, so {show((amountFils ?? 0n) - quote.principal)} stays in your wallet.</p>
            )}
          </>
        ) : (
          <p className="text-sm text-slate-500">Enter an amount to see the shares it buys and what it costs.</p>
        )}
      </div>

      {open ? (
        canInvest ? (
          <a href={checkoutHref} className="mt-5 inline-flex w-full items-center justify-center rounded-md bg-brand-800 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-900" data-invest-cta>
            Continue to checkout
          </a>
        ) : (
          <button type="button" disabled className="mt-5 inline-flex w-full cursor-not-allowed items-center justify-center rounded-md bg-slate-200 px-4 py-3 text-sm font-semibold text-slate-500">
            Continue to checkout
          </button>
        )
      ) : props.status === 'coming_soon' ? (
        <a href="/#waitlist" className="mt-5 inline-flex w-full items-center justify-center rounded-md border border-slate-300 px-4 py-3 text-sm font-semibold text-slate-700 hover:bg-slate-50">Tell me when it opens</a>
      ) : (
        <a href={props.status === 'funded' ? `/exchange?property=${encodeURIComponent(props.id)}` : '/exchange'} className="mt-5 inline-flex w-full items-center justify-center rounded-md border border-slate-300 px-4 py-3 text-sm font-semibold text-slate-700 hover:bg-slate-50">Look for shares on the exchange</a>
      )}

      <details className="mt-4 text-xs text-slate-600">
        <summary className="cursor-pointer font-medium text-slate-700">Fees while you hold and when you sell</summary>
        <ul className="mt-2 space-y-1.5">
          <li>
            Platform fee: {pct(props.terms.platformFeeBps)} a year of your holding's value, plus VAT{quote ? ` (${show(annualFee)} in the first year)` : ''}.
          </li>
          {props.terms.laterFees.map((f) => (
            <li key={f.key}>
              {f.label}: {f.rate}. {f.when}
            </li>
          ))}
        </ul>
      </details>
      <p className="mt-3 text-xs leading-relaxed text-slate-500">
        Yields are estimates from the current rent and costs, not promises. Property values can fall. Read the <a href="/disclaimer" className="underline hover:text-ink">risk disclaimer</a>.
      </p>
    </section>
  );
}
