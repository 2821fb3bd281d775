/**
 * The order: the property, the amount (typed in the investor's currency, sent as AED fils), the quote
 * from the one shared pricing function (shares, cost, fees with VAT, total, first-year net yield), the
 * server's own checks (identity, retail limit, wallet balance, property open), and Confirm, which pays
 * from the wallet with one Idempotency-Key per attempt.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Building2, Info, MapPin, ShieldAlert } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { CurrentUser } from '@modules/auth/contract';
import { isKycVerified } from '@modules/auth/contract';
import { type CheckoutQuote, type InvestmentJson, CANCELLATION_WINDOW_HOURS } from '@modules/investing/contract';
import { formatMoney } from '@modules/platform/contract';
import { laterFeesOf, pct } from '@modules/settings/contract';
import { usePublicSettings } from '@modules/settings/ui/use-public-settings';
import {
  bpsToPercent,
  financialsOf,
  type PropertyDetailJson,
  quoteInvestment,
  STATUS_LABELS,
  unitsToShareString,
} from '@modules/properties/contract';
import { MAX_AMOUNT_FILS } from '@modules/wallet/contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { convertInput } from '../sip-plan';
import { filsToDisplay, minimumInCurrency, minimumLabel, minorToInput, readAmount } from '../money-input';
import { btn, card, useCurrency, useMoney } from '../ui';
import { fils, Problem, refreshMoney, Skeleton, Spinner, SummaryRow, TextField } from '../wallet/shared';
import { AttemptKeys, blockerFromError, type Fix, fixFor, receiptUrl } from './model';

/** ppm → "0.1234%" without floats. */
export function ppmLabel(ppm: number): string {
  const whole = Math.trunc(ppm / 10_000);
  return `${whole}.${String(ppm % 10_000).padStart(4, '0')}%`;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

type Shown = { code: string; message: string; fix: Fix | null };

const QUOTE_PROBLEM_TEXT: Record<string, (ctx: { min: string; left: string }) => string> = {
  below_minimum: ({ min }) => `The minimum investment is ${min}.`,
  too_small_for_a_unit: () => 'That amount does not buy any part of a share. Enter a larger amount.',
  exceeds_available: ({ left }) => `Only ${left} of shares are left in this property. Enter a smaller amount.`,
  not_a_positive_amount: () => 'Enter how much to invest.',
};

export function CheckoutOrder({ user, propertyId, amountFils, onInvested }: { user: CurrentUser; propertyId: string; amountFils: bigint; onInvested: (inv: InvestmentJson) => void }) {
  const currency = useCurrency();
  const money = useMoney();
  const client = useQueryClient();
  const property = useQuery<PropertyDetailJson>({ queryKey: [`/api/properties/${encodeURIComponent(propertyId)}`] });
  // The minimum and platform fee in force (settings); the server's quote below is what the purchase uses.
  const settings = usePublicSettings();
  const minimum = BigInt(settings.data?.minInvestment ?? '0');
  const platformFeeBps = settings.data?.platformFeeBps ?? 0;
  const detail = property.data;

  // The address's amount is exact fils; it stays exact until the investor edits the figure.
  const [exact, setExact] = useState<bigint | null>(amountFils);
  const [text, setText] = useState(() => minorToInput(filsToDisplay(amountFils, currency)));
  const [touched, setTouched] = useState(false);
  const lastCurrency = useRef(currency);
  useEffect(() => {
    if (lastCurrency.current === currency) return;
    setText((t) => (exact !== null ? minorToInput(filsToDisplay(exact, currency)) : convertInput(t, lastCurrency.current, currency)));
    lastCurrency.current = currency;
  }, [currency, exact]);

  const read =
    exact !== null
      ? exact < minimum
        ? ({ ok: false, error: `The minimum is ${formatMoney(minimumInCurrency(minimum, currency), currency)}.` } as const)
        : ({ ok: true, fils: exact } as const)
      : readAmount(text, currency, { minFils: minimum, maxFils: MAX_AMOUNT_FILS, what: 'how much to invest' });
  const amount = read.ok ? read.fils : null;

  const quote =
    detail && amount !== null
      ? quoteInvestment({
          amountFils: amount,
          sharePrice: fils(detail.sharePrice),
          totalShares: fils(detail.totalShares),
          sharesSold: fils(detail.sharesSold),
          financials: financialsOf(detail),
          method: null,
          terms: { minimum, platformFeeBps },
        })
      : null;

  const debounced = useDebounced(amount, 350);
  const serverQuote = useQuery<CheckoutQuote>({
    queryKey: [`/api/investments/quote?${new URLSearchParams({ propertyId: detail?.id ?? propertyId, amount: String(debounced ?? '') })}`],
    enabled: debounced !== null && detail !== undefined,
    placeholderData: keepPreviousData,
  });
  const sq = serverQuote.data && amount !== null && serverQuote.data.amount === amount.toString() ? serverQuote.data : null;

  const keys = useRef(new AttemptKeys());
  const [refusal, setRefusal] = useState<Shown | null>(null);
  const invest = useMutation({
    mutationFn: (order: { propertyId: string; amount: bigint }) =>
      api.post<InvestmentJson>('/api/investments', { propertyId: order.propertyId, amount: order.amount.toString() }, { headers: { 'Idempotency-Key': keys.current.keyFor(order.propertyId, order.amount) } }),
    onSuccess: (inv) => {
      client.setQueryData([`/api/investments/${inv.id}`], inv);
      void refreshMoney(client);
      void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0] ?? '').startsWith('/api/properties') });
      try {
        window.history.replaceState(null, '', receiptUrl(inv.id));
      } catch {}
      onInvested(inv);
    },
    onError: (err) => {
      const b = blockerFromError(err);
      if (b) {
        keys.current.reset();
        setRefusal({ code: b.code, message: b.message, fix: b.fix });
        void serverQuote.refetch();
      } else setRefusal(null);
    },
  });

  // What stands in the way, most fundamental first; the server's list is the authority once it has answered.
  const blockers: Shown[] = [];
  const verified = isKycVerified(user.kycStatus);
  if (!verified) blockers.push({ code: 'kyc_required', message: 'Complete identity verification before investing.', fix: fixFor('kyc_required') });
  if (detail && detail.status !== 'funding')
    blockers.push({ code: 'property_not_open', message: `${detail.title} is not open for investment (${STATUS_LABELS[detail.status] ?? detail.status}).`, fix: fixFor('property_not_open') });
  if (quote?.problem && quote.problem !== 'below_minimum')
    blockers.push({
      code: quote.problem,
      message: QUOTE_PROBLEM_TEXT[quote.problem]!({
        min: formatMoney(minimumInCurrency(minimum, currency), currency),
        left: money((quote.availableUnits * fils(detail?.sharePrice)) / 10_000n),
      }),
      fix: null,
    });
  for (const b of sq?.blockers ?? []) {
    if (b.code === 'below_minimum' || blockers.some((x) => x.code === b.code)) continue;
    blockers.push({ code: b.code, message: b.message, fix: fixFor(b.code, b.link) });
  }
  const canConfirm = read.ok && quote !== null && !quote.problem && blockers.length === 0 && !invest.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setRefusal(null);
    if (!canConfirm || !detail || amount === null) return;
    invest.mutate({ propertyId: detail.id, amount });
  };

  if (property.isPending) {
    return (
      <div className={`${card} p-6`} aria-busy="true">
        <Spinner label="Loading the property…" />
      </div>
    );
  }
  if (property.isError || !detail) {
    const notFound = property.error instanceof ApiError && property.error.status === 404;
    return (
      <Problem
        title={notFound ? "We couldn't find that property" : "We couldn't load the property"}
        action={
          notFound ? (
            <a href="/properties" className={btn.secondary}>
              Browse properties
            </a>
          ) : (
            <button type="button" className={btn.secondary} onClick={() => void property.refetch()}>
              Try again
            </button>
          )
        }
      >
        {notFound ? 'It may have been removed, or the link is incomplete.' : errorText(property.error, 'Please try again.')}
      </Problem>
    );
  }

  const aed = (f: bigint) => (currency === 'AED' ? undefined : formatMoney(f, 'AED'));
  const available = sq ? fils(sq.walletAvailable) : null;
  const limitLeft = sq?.retailLimit.remaining != null ? fils(sq.retailLimit.remaining) : null;
  const feeLines = quote?.fees ?? [];
  const unspent = quote && amount !== null ? amount - quote.total : 0n;

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-3 [&>*]:min-w-0">
      <div className="space-y-6 lg:col-span-2">
        <section aria-labelledby="order-property" className={`${card} p-5 sm:p-6`}>
          <div className="flex items-start gap-4">
            <span aria-hidden="true" className="grid h-12 w-12 shrink-0 place-items-center overflow-hidden rounded-lg bg-sand-50 text-sand-600 ring-1 ring-sand-200">
              {detail.cover ? <img src={detail.cover.url} alt="" className="h-full w-full object-cover" /> : <Building2 size={22} />}
            </span>
            <div className="min-w-0">
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{detail.reference}</p>
              <h2 id="order-property" className="font-display text-2xl leading-tight text-ink">
                {detail.title}
              </h2>
              <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
                <MapPin size={14} aria-hidden="true" />
                {detail.community}, {detail.city}
              </p>
            </div>
          </div>
          <dl className="mt-5 grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-500">Price per share</dt>
              <dd className="mt-0.5 font-medium tabular-nums text-ink">{money(fils(detail.sharePrice))}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Funded</dt>
              <dd className="mt-0.5 font-medium tabular-nums text-ink">{bpsToPercent(detail.fundedBps)}%</dd>
            </div>
            <div>
              <dt className="text-slate-500">Net rental yield</dt>
              <dd className="mt-0.5 font-medium tabular-nums text-ink">{bpsToPercent(detail.netYieldBps)}%</dd>
            </div>
            <div>
              <dt className="text-slate-500">Status</dt>
              <dd className="mt-0.5 font-medium text-ink">{STATUS_LABELS[detail.status] ?? detail.status}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="order-amount" className={`${card} p-5 sm:p-6`}>
          <h2 id="order-amount" className="text-base font-semibold text-ink">
            Your investment
          </h2>
          <div className="mt-4 max-w-sm">
            <TextField
              label={`Amount to invest (${currency})`}
              value={text}
              onChange={(v) => {
                setExact(null);
                setText(v);
                setRefusal(null);
              }}
              onBlur={() => setTouched(true)}
              inputMode="decimal"
              error={(touched || exact !== null) && !read.ok ? read.error : null}
              hint={`${minimumLabel(currency, minimum)}${currency === 'AED' ? '' : ` (${formatMoney(minimum, 'AED')})`}. Shares are fractional, to 4 decimals.`}
            />
          </div>

          <div aria-live="polite" className="mt-5">
            {quote && !quote.problem ? (
              <dl className="rounded-lg bg-slate-50 px-4 py-2 text-sm">
                <SummaryRow label="Shares you get" note={`${ppmLabel(quote.ownershipPpm)} of the property`}>
                  <span className="font-medium text-ink">{unitsToShareString(quote.units, { trim: false })}</span>
                </SummaryRow>
                <SummaryRow label="Cost of the shares" note={aed(quote.principal)}>
                  {money(quote.principal)}
                </SummaryRow>
                {feeLines.length > 0 ? (
                  <>
                    {feeLines.map((f) => (
                      <SummaryRow key={f.key} label={f.label} note={f.detail}>
                        {money(f.amount)}
                      </SummaryRow>
                    ))}
                    <SummaryRow label="VAT on fees (5%)">{money(quote.vat)}</SummaryRow>
                  </>
                ) : (
                  <SummaryRow label="Fees today" note="Paid from your wallet, so there is no transaction charge.">
                    {money(0n)}
                  </SummaryRow>
                )}
                <SummaryRow label="Total from your wallet" strong note={aed(quote.total)}>
                  {money(quote.total)}
                </SummaryRow>
                {unspent > 0n ? (
                  <SummaryRow label="Stays in your wallet" note="Shares are bought in whole ten-thousandths, so a few fils may be left over.">
                    {money(unspent)}
                  </SummaryRow>
                ) : null}
                <SummaryRow label="Expected net yield, first year" note={`Your share of net rent after the ${pct(platformFeeBps)} platform fee and its VAT, over the total. Not guaranteed.`}>
                  {bpsToPercent(quote.netYieldBps)}%
                </SummaryRow>
              </dl>
            ) : null}
          </div>
          <details className="mt-4 text-sm text-slate-600">
            <summary className="cursor-pointer font-medium text-brand-800">Fees that may apply later</summary>
            <ul className="mt-2 space-y-1.5">
              {quote?.annualFees.map((f) => (
                <li key={f.key}>
                  <span className="font-medium text-ink">{f.label}</span>: about {money(f.amount + quote.annualFeesVat)} in the first year with VAT. {f.detail}
                </li>
              ))}
              {(settings.data ? laterFeesOf(settings.data) : []).map((f) => (
                <li key={f.key}>
                  <span className="font-medium text-ink">{f.label}</span> ({f.rate}): {f.when}
                </li>
              ))}
            </ul>
          </details>
        </section>
      </div>

      <aside aria-labelledby="pay-title" className="space-y-4">
        <section className={`${card} p-5 sm:p-6`} aria-labelledby="pay-title">
          <h2 id="pay-title" className="text-base font-semibold text-ink">
            Pay from your wallet
          </h2>
          <dl className="mt-3 text-sm">
            <SummaryRow label="Available in your wallet">{available !== null ? money(available) : <Skeleton className="h-4 w-20" />}</SummaryRow>
            {quote && available !== null && !quote.problem && available >= quote.total ? (
              <SummaryRow label="After this investment">{money(available - quote.total)}</SummaryRow>
            ) : null}
            {sq?.retailLimit.classification === 'retail' && limitLeft !== null ? (
              <SummaryRow label="Retail limit left" note="Rolling 12 months">
                {money(limitLeft)}
              </SummaryRow>
            ) : null}
          </dl>

          {blockers.length > 0 ? (
            <ul className="mt-4 space-y-3" aria-live="polite">
              {blockers.map((b) => (
                <li key={b.code} className="flex gap-3 rounded-lg border border-sand-200 bg-sand-50 p-3 text-sm text-slate-700">
                  <ShieldAlert size={18} className="mt-0.5 shrink-0 text-sand-700" aria-hidden="true" />
                  <div className="min-w-0">
                    <p>{b.message}</p>
                    {b.fix ? (
                      <a href={b.fix.href} className={`${btn.quiet} mt-1.5`}>
                        {b.fix.label}
                        <ArrowRight size={14} aria-hidden="true" />
                      </a>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : null}

          {refusal ? (
            <div className="mt-4">
              <Problem
                title="The investment was not made"
                action={
                  refusal.fix ? (
                    <a href={refusal.fix.href} className={btn.quiet}>
                      {refusal.fix.label}
                      <ArrowRight size={14} aria-hidden="true" />
                    </a>
                  ) : undefined
                }
              >
                {refusal.message} Nothing was taken from your wallet.
              </Problem>
            </div>
          ) : invest.isError ? (
            <div className="mt-4">
              <Problem title="We couldn't confirm the investment">
                {errorText(invest.error, 'Please try again.')} Pressing Confirm again is safe: you will not be charged twice.
              </Problem>
            </div>
          ) : null}

          <button type="submit" className={`${btn.primary} mt-5 w-full`} disabled={!canConfirm} aria-describedby="confirm-note">
            {invest.isPending ? 'Confirming…' : quote && !quote.problem ? `Confirm and invest ${money(quote.total)}` : 'Confirm investment'}
          </button>
          <p id="confirm-note" className="mt-3 flex gap-2 text-xs leading-relaxed text-slate-500">
            <Info size={14} className="mt-0.5 shrink-0" aria-hidden="true" />
            The total is paid from your wallet in AED. You can cancel within {CANCELLATION_WINDOW_HOURS} hours for a full refund.
          </p>
        </section>
      </aside>
    </form>
  );
}
