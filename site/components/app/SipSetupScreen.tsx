import { useStore } from '@nanostores/react';
import { $investmentMode, normalizeInvestmentMode, setInvestmentMode } from '@site/lib/stores/session';
import { api } from '@site/lib/api';
import { ArrowRight, CalendarDays, ShieldCheck, UserPlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { isKycVerified } from '@modules/auth/contract';
import { type CurrencyCode, formatMoney, MIN_INVESTMENT_FILS, RETURNS } from '@modules/platform/contract';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { RETAIL_ANNUAL_LIMIT_FILS } from './limits';
import { SipChart, SipTable } from './SipChart';
import {
  checkMonthlyAmount,
  convertInput,
  defaultMonthlyInput,
  monthlyBounds,
  nextCollectionDate,
  projectSip,
  SIP_DAYS,
  SIP_DURATIONS_YEARS,
  type SipMode,
} from './sip-plan';
import { btn, card, Screen, useCurrency, useMoney, useViewer } from './ui';

function ordinal(n: number) {
  const s = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  return `${n}${s}`;
}

const MODES: { value: SipMode; title: string; text: string }[] = [
  {
    value: 'automated',
    title: 'Automated',
    text: 'On your collection day, your monthly amount is invested for you across properties open for funding. Nothing to do each month.',
  },
  {
    value: 'manual',
    title: 'Manual',
    text: 'On your collection day, your monthly amount is set aside in your wallet and we let you know. You choose the property it goes into.',
  },
];

export function SipPlanner({ today = new Date() }: { today?: Date }) {
  const currency = useCurrency();
  const money = useMoney();
  const viewer = useViewer();
  const ids = { amount: useId(), amountHint: useId(), amountError: useId(), day: useId(), dayHint: useId() };

  // The typed amount remembers its currency; if the display currency changes, it is re-expressed so the plan keeps its value.
  const [entry, setEntry] = useState<{ text: string; currency: CurrencyCode; edited: boolean }>(() => ({
    text: defaultMonthlyInput(currency),
    currency,
    edited: false,
  }));
  const amount =
    entry.currency === currency ? entry.text : entry.edited ? convertInput(entry.text, entry.currency, currency) : defaultMonthlyInput(currency);
  const [touched, setTouched] = useState(false);
  const [day, setDay] = useState(1);
  // Investment mode is the account's (§4): shared through the $investmentMode store, read from the server when signed in.
  const mode = useStore($investmentMode) as SipMode;
  const signedIn = viewer.state === 'user';
  useEffect(() => {
    if (!signedIn) return;
    api
      .get<{ mode?: unknown }>('/api/investment/mode')
      .then((r) => $investmentMode.set(normalizeInvestmentMode(r.mode)))
      .catch(() => {});
  }, [signedIn]);
  const setMode = (next: SipMode) => (signedIn ? void setInvestmentMode(next) : $investmentMode.set(next));
  const [years, setYears] = useState<number>(5);
  const [outcome, setOutcome] = useState<null | 'verify' | 'verified'>(null);
  const amountRef = useRef<HTMLInputElement>(null);

  const check = checkMonthlyAmount(amount, currency);
  // While the field holds something invalid, the illustration keeps the last valid amount.
  const lastGood = useRef(check.ok ? check.fils : MIN_INVESTMENT_FILS);
  if (check.ok) lastGood.current = check.fils;
  const monthlyFils = lastGood.current;
  const projection = projectSip(monthlyFils, years);
  const { min, max } = monthlyBounds(currency);
  const showError = touched && !check.ok;
  const first = nextCollectionDate(today, day);
  const firstText = first.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
  const planText = `${money(monthlyFils)} on the ${ordinal(day)} of each month, ${mode}, for ${years} ${years === 1 ? 'year' : 'years'}`;
  const chartLabel = `Illustrative projection: paying ${money(monthlyFils)} a month for ${years} ${years === 1 ? 'year' : 'years'} adds up to ${money(projection.contributed)}. At an illustrative 10% a year it would be worth ${money(projection.value)}.`;

  /** A visitor follows the link to /signup; a signed-in user is told what happens next. Invalid input stops both. */
  function start(e: React.MouseEvent) {
    setTouched(true);
    if (!check.ok) {
      e.preventDefault();
      amountRef.current?.focus();
      return;
    }
    if (viewer.state === 'user') setOutcome(isKycVerified(viewer.user.kycStatus) ? 'verified' : 'verify');
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <form
        aria-labelledby="sip-form-title"
        className={`${card} p-5 sm:p-6`}
        noValidate
        onSubmit={(e) => e.preventDefault()}
      >
        <h2 id="sip-form-title" className="font-display text-xl text-ink">
          Plan your SIP
        </h2>
        <p className="mt-1 text-sm text-slate-500">Change any detail and the illustration updates straight away.</p>

        <div className="mt-6">
          <label htmlFor={ids.amount} className="block text-sm font-medium text-ink">
            Monthly amount
          </label>
          <div
            className={`mt-2 flex overflow-hidden rounded-md border bg-white focus-within:ring-2 focus-within:ring-brand-500 ${showError ? 'border-red-500' : 'border-slate-300'}`}
          >
            <span className="grid place-items-center border-r border-slate-200 bg-slate-50 px-3 text-sm font-medium text-slate-600" aria-hidden="true">
              {currency}
            </span>
            <input
              ref={amountRef}
              id={ids.amount}
              name="monthlyAmount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => {
                setEntry({ text: e.target.value, currency, edited: true });
                setTouched(true);
                setOutcome(null);
              }}
              onBlur={() => setTouched(true)}
              aria-invalid={showError || undefined}
              aria-describedby={showError ? `${ids.amountError} ${ids.amountHint}` : ids.amountHint}
              className="w-full min-w-0 px-3 py-2.5 text-base tabular-nums text-ink outline-none"
            />
          </div>
          {showError && (
            <p id={ids.amountError} className="mt-2 text-sm font-medium text-red-700">
              {check.error}
            </p>
          )}
          <p id={ids.amountHint} className="mt-2 text-xs leading-relaxed text-slate-500">
            In {currency}. From {formatMoney(min, currency)} a month
            {currency === 'AED' ? '' : ` (${formatMoney(MIN_INVESTMENT_FILS, 'AED', { decimals: 0 })})`} up to {formatMoney(max, currency)}, which keeps
            you within the retail limit of {formatMoney(RETAIL_ANNUAL_LIMIT_FILS, 'AED', { decimals: 0 })} a year.
          </p>
        </div>

        <div className="mt-6">
          <label htmlFor={ids.day} className="block text-sm font-medium text-ink">
            Collection day
          </label>
          <select
            id={ids.day}
            name="collectionDay"
            value={day}
            onChange={(e) => {
              setDay(Number(e.target.value));
              setOutcome(null);
            }}
            aria-describedby={ids.dayHint}
            className="mt-2 w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-ink"
          >
            {SIP_DAYS.map((d) => (
              <option key={d} value={d}>
                {ordinal(d)} of each month
              </option>
            ))}
          </select>
          <p id={ids.dayHint} className="mt-2 flex gap-2 text-xs leading-relaxed text-slate-500">
            <CalendarDays size={14} className="mt-0.5 shrink-0" aria-hidden="true" />
            <span>
              Days 1-28 only, so the plan runs every month, February included. Starting today, the first collection would be on{' '}
              <strong className="font-medium text-slate-700">{firstText}</strong>.
            </span>
          </p>
        </div>

        <fieldset className="mt-6">
          <legend className="text-sm font-medium text-ink">How each month is invested</legend>
          <div className="mt-2 grid gap-3">
            {MODES.map((m) => (
              <label
                key={m.value}
                className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-4 hover:border-slate-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
              >
                <input
                  type="radio"
                  name="mode"
                  value={m.value}
                  checked={mode === m.value}
                  onChange={() => {
                    setMode(m.value);
                    setOutcome(null);
                  }}
                  className="mt-1 accent-brand-700"
                />
                <span>
                  <span className="block text-sm font-semibold text-ink">
                    {m.title}
                    {m.value === 'automated' && <span className="ml-2 rounded-full bg-sand-100 px-2 py-0.5 text-xs font-medium text-sand-700">Default</span>}
                  </span>
                  <span className="mt-1 block text-sm leading-relaxed text-slate-600">{m.text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="mt-6">
          <legend className="text-sm font-medium text-ink">How long you plan to invest</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {SIP_DURATIONS_YEARS.map((y) => (
              <label
                key={y}
                className="cursor-pointer rounded-full border border-slate-300 px-3.5 py-1.5 text-sm text-slate-700 hover:border-slate-400 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-800 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2"
              >
                <input
                  type="radio"
                  name="years"
                  value={y}
                  checked={years === y}
                  onChange={() => {
                    setYears(y);
                    setOutcome(null);
                  }}
                  className="sr-only"
                />
                {y} {y === 1 ? 'year' : 'years'}
              </label>
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-500">The plan length shapes the illustration.</p>
        </fieldset>

        <div className="mt-8 border-t border-slate-100 pt-6">
          {viewer.state === 'loading' ? (
            <button type="button" disabled className={`${btn.primary} w-full`}>
              Checking your account...
            </button>
          ) : viewer.state === 'user' ? (
            <button type="button" onClick={start} className={`${btn.primary} w-full`}>
              Start my SIP
              <ArrowRight size={16} aria-hidden="true" />
            </button>
          ) : (
            <a href="/signup" onClick={start} className={`${btn.primary} w-full`}>
              Start my SIP
              <ArrowRight size={16} aria-hidden="true" />
            </a>
          )}
          {viewer.state !== 'user' && viewer.state !== 'loading' && (
            <p className="mt-3 flex items-start gap-2 text-xs leading-relaxed text-slate-500">
              <UserPlus size={14} className="mt-0.5 shrink-0" aria-hidden="true" />
              You'll create a free account first, then verify your identity (5-10 minutes) before your first collection.
            </p>
          )}
          <div role="status" aria-live="polite">
            {outcome && (
              <div className="mt-4 rounded-lg border border-sand-200 bg-sand-50 p-4 text-sm leading-relaxed text-slate-700">
                {outcome === 'verify' ? (
                  <>
                    <p className="font-semibold text-ink">Your plan is saved once your identity is verified</p>
                    <p className="mt-1">
                      Nothing has been saved or charged yet. Verify your identity (it takes 5-10 minutes), then come back to start: {planText}.
                    </p>
                    <a href="/kyc" className={`${btn.primary} mt-3`}>
                      <ShieldCheck size={16} aria-hidden="true" />
                      Verify my identity
                    </a>
                  </>
                ) : (
                  <>
                    <p className="font-semibold text-ink">Your identity is verified, but this plan has not been saved</p>
                    <p className="mt-1">
                      Online SIP scheduling isn't open on your account yet, so nothing has been saved or charged. We'll email you when you can
                      start: {planText}.
                    </p>
                  </>
                )}
              </div>
            )}
          </div>
        </div>
      </form>

      <section aria-labelledby="sip-projection-title" className={`${card} h-fit p-5 sm:p-6 lg:sticky lg:top-24`}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="sip-projection-title" className="font-display text-xl text-ink">
              Your plan, illustrated
            </h2>
            <p className="mt-1 text-sm text-slate-500">{planText}</p>
          </div>
          <span className="rounded-full bg-sand-100 px-2.5 py-1 text-xs font-semibold uppercase tracking-wide text-sand-700">Illustrative</span>
        </div>

        <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
          <div className="rounded-lg bg-slate-50 p-4">
            <dt className="text-xs font-medium text-slate-500">You pay in</dt>
            <dd className="mt-1 font-display text-xl tabular-nums text-ink">{money(projection.contributed)}</dd>
          </div>
          <div className="rounded-lg bg-brand-50 p-4">
            <dt className="text-xs font-medium text-brand-800">Illustrative value</dt>
            <dd className="mt-1 font-display text-xl tabular-nums text-brand-900">{money(projection.value)}</dd>
          </div>
          <div className="rounded-lg bg-slate-50 p-4">
            <dt className="text-xs font-medium text-slate-500">Illustrative growth</dt>
            <dd className="mt-1 font-display text-xl tabular-nums text-ink">{money(projection.gain)}</dd>
          </div>
        </dl>

        <figure className="mt-6">
          <SipChart projection={projection} currency={currency} label={chartLabel} />
          <figcaption className="mt-3 text-xs leading-relaxed text-slate-500">
            Illustrative only: assumes a steady 10% a year, compounded monthly, before fees, with every collection made on time. Manzil's target
            returns are {RETURNS.total} a year ({RETURNS.rentalYield} rental yield, {RETURNS.appreciation} appreciation), but returns are not
            guaranteed. Property values can fall as well as rise, and you may get back less than you invest.
          </figcaption>
        </figure>

        <details className="mt-5 rounded-lg border border-slate-200 px-4 py-3 open:pb-4">
          <summary className="cursor-pointer text-sm font-medium text-brand-800">See the figures as a table</summary>
          <div className="mt-3">
            <SipTable projection={projection} currency={currency} />
          </div>
        </details>
      </section>
    </div>
  );
}

export function SipSetup() {
  const money = useMoney();
  return (
    <Screen
      eyebrow="Systematic investment plan"
      title="Invest a little every month"
      description={
        <>
          A SIP invests a fixed amount in UAE property on the same day each month, from {money(MIN_INVESTMENT_FILS)}. Regular investing smooths out the timing of when you buy, and small amounts add up.
        </>
      }
    >
      <SipPlanner />
    </Screen>
  );
}

export default function SipSetupIsland() {
  return (
    <AppProviders>
      <WithErrorFallback component="SIP planner">
        <SipSetup />
      </WithErrorFallback>
    </AppProviders>
  );
}
