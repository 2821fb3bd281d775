import { ArrowLeftRight, Building2, LogIn, UserPlus } from 'lucide-react';
import { EARLY_EXIT_YEARS, FEES } from '@modules/platform/contract';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { btn, card, EmptyState, Screen, Section, useViewer } from './ui';

export const LISTING_COLUMNS = ['Property', 'Location', 'Shares for sale', 'Price per share', 'Valuation per share', 'Listed'] as const;

const SELL_FEES = (['early-exit', 'liquidity-pool', 'performance'] as const).map((key) => FEES.find((f) => f.key === key)!);

const STEPS = [
  {
    title: 'List your shares',
    text: 'Choose how many shares to sell and your asking price. Your listing shows the latest valuation next to your price, so buyers can compare.',
  },
  {
    title: 'Another investor buys',
    text: 'When a verified investor buys at your price, the shares move to them and the proceeds, less any fees, land in your wallet.',
  },
  {
    title: 'Or sell to the liquidity pool',
    text: 'For a faster exit, the liquidity pool buys your shares at a 2% discount to their latest valuation, instead of waiting for a buyer.',
  },
];

function Listings() {
  return (
    <Section id="listings-title" title="Shares for sale" description="Listed by investors who want to sell. Prices are set by the sellers.">
      <div className="relative -mx-5 overflow-x-auto sm:-mx-6">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <caption className="sr-only">Shares listed for sale on the exchange</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              {LISTING_COLUMNS.map((c, i) => (
                <th key={c} scope="col" className={`px-5 py-2 font-medium sm:px-6 ${i >= 2 && i <= 4 ? 'text-right' : ''}`}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
        </table>
      </div>
      <EmptyState
        icon={ArrowLeftRight}
        title="No shares are listed for sale yet"
        actions={
          <a href="/properties" className={btn.secondary}>
            <Building2 size={16} aria-hidden="true" />
            Browse properties open for funding
          </a>
        }
      >
        When investors list shares, they appear here with the asking price next to the latest valuation.
      </EmptyState>
    </Section>
  );
}

function SellCard() {
  const viewer = useViewer();
  return (
    <section aria-labelledby="sell-title" className={`${card} p-5 sm:p-6`}>
      <h2 id="sell-title" className="text-base font-semibold text-ink">
        Sell your shares
      </h2>
      {viewer.state === 'user' ? (
        <>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">
            You don't own any shares yet. Once you invest in a property, you can list your shares here whenever you want to sell.
          </p>
          <a href="/properties" className={`${btn.primary} mt-4 w-full`}>
            Browse properties
          </a>
        </>
      ) : viewer.state === 'loading' ? (
        <p className="mt-2 text-sm text-slate-500">Checking your account...</p>
      ) : (
        <>
          <p className="mt-2 text-sm leading-relaxed text-slate-600">Log in to list shares you own, or create an account to start investing.</p>
          <div className="mt-4 grid gap-2">
            <a href="/login" className={btn.primary}>
              <LogIn size={16} aria-hidden="true" />
              Log in
            </a>
            <a href="/signup" className={btn.secondary}>
              <UserPlus size={16} aria-hidden="true" />
              Create account
            </a>
          </div>
        </>
      )}
    </section>
  );
}

export function Exchange() {
  return (
    <Screen
      eyebrow="Exchange"
      title="Buy and sell property shares"
      description="The exchange lets investors sell shares to each other before a property itself is sold, so your money isn't locked in until the end."
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="space-y-6 lg:col-span-2">
          <Listings />
          <Section id="how-title" title="How selling works">
            <ol className="grid gap-5 md:grid-cols-3">
              {STEPS.map((s, i) => (
                <li key={s.title}>
                  <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-full bg-brand-50 font-display text-sm text-brand-800 ring-1 ring-brand-100">
                    {i + 1}
                  </span>
                  <h3 className="mt-3 text-sm font-semibold text-ink">{s.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-slate-600">{s.text}</p>
                </li>
              ))}
            </ol>
          </Section>
        </div>
        <div className="space-y-6">
          <SellCard />
          <section aria-labelledby="sell-fees-title" className={`${card} p-5 sm:p-6`}>
            <h2 id="sell-fees-title" className="text-base font-semibold text-ink">
              Fees when you sell
            </h2>
            <dl className="mt-4 space-y-4">
              {SELL_FEES.map((f) => (
                <div key={f.key}>
                  <dt className="flex items-baseline justify-between gap-3 text-sm">
                    <span className="font-medium text-ink">{f.name}</span>
                    <span className="font-display text-base text-brand-800">{f.rate}</span>
                  </dt>
                  <dd className="mt-1 text-sm leading-relaxed text-slate-600">{f.detail}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-5 border-t border-slate-100 pt-4 text-xs leading-relaxed text-slate-500">
              Holding for {EARLY_EXIT_YEARS} years or more means no early exit fee. Selling depends on a buyer: shares can take time to sell, and the
              price you get may be below the latest valuation.
            </p>
          </section>
        </div>
      </div>
    </Screen>
  );
}

export default function ExchangeIsland() {
  return (
    <AppProviders>
      <WithErrorFallback component="Exchange">
        <Exchange />
      </WithErrorFallback>
    </AppProviders>
  );
}
