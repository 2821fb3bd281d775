/**
 * The dashboard's sections, each drawn from GET /api/dashboard: the summary figures, holdings (each
 * opening its holding page, /portfolio/holding?property=<id>), the
 * retail limit left, value over time, allocation by property and by city, and recent transactions.
 */
import { ArrowRight, Building2, Receipt, Repeat } from 'lucide-react';
import type { DashboardJson, HoldingJson, RetailLimitJson } from '@modules/investing/contract';
import { formatMoney, MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { bpsToPercent, unitsToShareString } from '@modules/properties/contract';
import { walletTransactionKindLabels } from '@modules/wallet/contract';
import { btn, card, EmptyState, Money, Section, useCurrency, useMoney } from '../ui';
import { SignedMoney } from '../wallet/History';
import { fils, formatDate, formatDateTime, Skeleton } from '../wallet/shared';
import { Donut, ValueChart, ValueTable } from './charts';

/** A signed percentage from basis points: 1234 → "+12.34%", -50 → "−0.5%". */
export function signedPercent(bps: number): string {
  if (bps === 0) return '0%';
  return `${bps > 0 ? '+' : '−'}${bpsToPercent(Math.abs(bps))}%`;
}

/** "0.25% of the property"; a holding too small to show in hundredths of a percent says so. */
function ownedLabel(h: HoldingJson): string {
  return h.ownershipBps === 0 && fils(h.units) > 0n ? 'under 0.01% of the property' : `${bpsToPercent(h.ownershipBps)}% of the property`;
}

export function SummaryCards({ data }: { data: DashboardJson | undefined }) {
  const money = useMoney();
  const holdings = data?.holdings.length ?? 0;
  const gain = fils(data?.gain);
  const items = [
    { label: 'Portfolio value', fils: fils(data?.value), note: `At the latest valuations, across ${holdings} ${holdings === 1 ? 'property' : 'properties'}` },
    { label: 'Amount invested', fils: fils(data?.invested), note: 'What your shares cost, before fees' },
    { label: 'Total gain', fils: gain, note: data ? `${signedPercent(data.gainBps)} on what you invested` : 'Portfolio value minus amount invested' },
    { label: 'Wallet balance', fils: fils(data?.wallet.available), note: data && fils(data.wallet.held) > 0n ? `${money(fils(data.wallet.held))} held for withdrawals` : 'Available to invest or withdraw' },
  ];
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title" className="sr-only">
        Portfolio summary
      </h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {items.map((i) => (
          <div key={i.label} className={`${card} p-5`}>
            <dt className="text-sm font-medium text-slate-500">{i.label}</dt>
            <dd className={`mt-2 font-display text-2xl tabular-nums tracking-tight ${i.label === 'Total gain' && i.fils < 0n ? 'text-red-700' : 'text-ink'}`}>
              {data ? (
                i.fils < 0n ? (
                  <>
                    {/* A true minus sign, as in the holdings table (formatMoney gives a hyphen). */}
                    −<Money fils={-i.fils} />
                  </>
                ) : (
                  <Money fils={i.fils} />
                )
              ) : (
                <Skeleton className="h-8 w-32" />
              )}
            </dd>
            <dd className="mt-1 text-xs text-slate-500">{i.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function Holdings({ holdings }: { holdings: HoldingJson[] }) {
  const money = useMoney();
  if (holdings.length === 0) {
    return (
      <Section id="holdings-title" title="Your properties" className="lg:col-span-2">
        <EmptyState
          icon={Building2}
          title="You don't own any property shares yet"
          actions={
            <>
              <a href="/properties" className={btn.primary}>
                <Building2 size={16} aria-hidden="true" />
                Browse properties
              </a>
              <a href="/sip-setup" className={btn.secondary}>
                <Repeat size={16} aria-hidden="true" />
                Set up a SIP
              </a>
            </>
          }
        >
          Buy shares in a single property from {money(MIN_INVESTMENT_FILS)}, or set up a SIP to invest automatically every month. Each property you own
          appears here with its value and your gain.
        </EmptyState>
      </Section>
    );
  }
  return (
    <Section id="holdings-title" title="Your properties" description="Valued at each property's latest valuation." className="lg:col-span-2">
      <div className="relative -mx-5 overflow-x-auto sm:-mx-6">
        <table className="w-full min-w-[38rem] text-left text-sm">
          <caption className="sr-only">Your holdings by property</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              <th scope="col" className="px-5 py-2 font-medium sm:px-6">
                Property
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Shares
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Invested
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Value
              </th>
              <th scope="col" className="px-5 py-2 text-right font-medium sm:px-6">
                Gain
              </th>
            </tr>
          </thead>
          <tbody>
            {holdings.map((h) => {
              const gain = fils(h.gain);
              return (
                <tr key={h.property.id} className="border-b border-slate-100 last:border-0">
                  <th scope="row" className="px-5 py-3 font-normal sm:px-6">
                    <a href={`/portfolio/holding?property=${encodeURIComponent(h.property.id)}`} className="font-medium text-ink hover:text-brand-800 hover:underline">
                      {h.property.title}
                      <span className="sr-only">: your holding, distributions and the property's income</span>
                    </a>
                    <span className="block text-xs text-slate-500">
                      {h.property.community}, {h.property.city} · {ownedLabel(h)}
                    </span>
                  </th>
                  <td className="px-3 py-3 text-right tabular-nums text-slate-700">{unitsToShareString(fils(h.units), { trim: false })}</td>
                  <td className="px-3 py-3 text-right tabular-nums text-slate-700">{money(fils(h.cost))}</td>
                  <td className="px-3 py-3 text-right tabular-nums font-medium text-ink">{money(fils(h.currentValue))}</td>
                  <td className="px-5 py-3 text-right sm:px-6">
                    <SignedMoney value={gain} />
                    <span className="block text-xs text-slate-500">{signedPercent(h.gainBps)}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

export function RetailLimit({ limit }: { limit: RetailLimitJson | undefined }) {
  const money = useMoney();
  const currency = useCurrency();
  if (!limit) {
    return (
      <Section id="limit-title" title="Your retail investor limit">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="mt-4 h-2 w-full" />
      </Section>
    );
  }
  if (limit.classification === 'professional' || limit.annualLimit === null) {
    return (
      <Section id="limit-title" title="Your investor limit">
        <p className="text-sm leading-relaxed text-slate-600">You are classified as a professional investor, so no annual retail limit applies to you.</p>
      </Section>
    );
  }
  const cap = fils(limit.annualLimit);
  const used = fils(limit.used);
  const left = fils(limit.remaining);
  const pct = cap > 0n ? Number(((used > cap ? cap : used) * 100n) / cap) : 0;
  return (
    <Section id="limit-title" title="Your retail investor limit">
      <p className="text-sm leading-relaxed text-slate-600">
        Retail investors can invest up to <strong className="font-semibold text-ink">{formatMoney(cap, 'AED')}</strong> in any 12 months
        {currency === 'AED' ? '' : ` (about ${money(cap)})`}. Cancelled investments don't count.
      </p>
      <div className="mt-4">
        <div className="flex justify-between gap-3 text-xs text-slate-500">
          <span>Invested in the last 12 months</span>
          <span className="tabular-nums">
            {money(used)} of {money(cap)}
          </span>
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label="Retail limit used" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
          <div className="h-full rounded-full bg-sand-400" style={{ width: `${pct}%` }} />
        </div>
        <p className="mt-3 text-sm text-slate-600">
          <span className="font-medium text-ink">{money(left)}</span> left to invest.
        </p>
      </div>
    </Section>
  );
}

export function ValueOverTime({ data }: { data: DashboardJson }) {
  const currency = useCurrency();
  const money = useMoney();
  const points = data.valueOverTime.map((p) => ({ date: p.date, valueFils: fils(p.value), investedFils: fils(p.invested) }));
  if (points.length === 0) return null;
  const last = points[points.length - 1]!;
  const label = `Portfolio value over time, from ${formatDate(`${points[0]!.date.slice(0, 10)}T12:00:00Z`)} to ${formatDate(`${last.date.slice(0, 10)}T12:00:00Z`)}: now ${money(last.valueFils)} against ${money(last.investedFils)} invested.`;
  return (
    <Section id="value-title" title="Value over time" description="Month ends over the last year, then today, at the valuations known on each date.">
      <ValueChart points={points} currency={currency} label={label} />
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">Show the figures as a table</summary>
        <div className="mt-3">
          <ValueTable points={points} currency={currency} />
        </div>
      </details>
    </Section>
  );
}

export function Allocation({ data }: { data: DashboardJson }) {
  const currency = useCurrency();
  const slices = (list: DashboardJson['allocationByProperty']) => list.map((s) => ({ key: s.key, label: s.label, fils: fils(s.value) }));
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 [&>*]:min-w-0">
      <Section id="alloc-property-title" title="Allocation by property">
        <Donut slices={slices(data.allocationByProperty)} currency={currency} title="Allocation by property" caption="Portfolio value by property" />
      </Section>
      <Section id="alloc-city-title" title="Allocation by city">
        <Donut slices={slices(data.allocationByCity)} currency={currency} title="Allocation by city" caption="Portfolio value by city" />
      </Section>
    </div>
  );
}

export function RecentTransactions({ data }: { data: DashboardJson | undefined }) {
  const items = data?.recentTransactions ?? [];
  return (
    <Section
      id="transactions-title"
      title="Recent transactions"
      action={
        <a href="/wallet" className={btn.quiet}>
          Go to wallet
          <ArrowRight size={14} aria-hidden="true" />
        </a>
      }
    >
      {!data ? (
        <div className="space-y-3" aria-hidden="true">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={Receipt} title="No transactions yet">
          Deposits, investments, refunds and withdrawals will be listed here as they happen.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-ink">{t.description}</p>
                <p className="mt-0.5 text-xs text-slate-500">
                  {walletTransactionKindLabels[t.kind] ?? t.kind} ·{' '}
                  <time dateTime={t.createdAt} title={formatDateTime(t.createdAt)}>
                    {formatDate(t.createdAt)}
                  </time>
                </p>
              </div>
              <SignedMoney value={fils(t.amount)} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
