/**
 * What a visitor sees on /exchange: what the exchange and the liquidity pool are, the fees of a sale, and
 * the way in. Market data needs a session, so no prices are shown here.
 */
import { LogIn, UserPlus } from 'lucide-react';
import { EARLY_EXIT_YEARS } from '@modules/platform/contract';
import { feeScheduleOf } from '@modules/settings/contract';
import { usePublicSettings } from '@modules/settings/ui/use-public-settings';
import { btn, card, Screen, Section } from '@site/components/app/ui';

const SELL_KEYS = ['early-exit', 'liquidity-pool', 'performance'] as const;

export const STEPS = [
  {
    title: 'Place an order',
    text: 'Choose a funded property, how many shares, and your price per share. Your order waits on the order book until another investor meets it, is cancelled, or expires.',
  },
  {
    title: 'Trades settle at once',
    text: 'When a buy and a sell meet, the shares move to the buyer and the proceeds, less any fees, land in the seller’s wallet straight away.',
  },
  {
    title: 'Or sell to the liquidity pool',
    text: 'For an instant exit, the liquidity pool buys your shares at a 2% discount to their latest valuation, instead of waiting for a buyer.',
  },
];

export function VisitorIntro() {
  // The fees with the rates in force (GET /api/settings/public); the list waits for them rather than print a copy.
  const settings = usePublicSettings();
  const sellFees = settings.data ? SELL_KEYS.map((key) => feeScheduleOf(settings.data).find((f) => f.key === key)!) : [];
  return (
    <Screen
      eyebrow="Exchange"
      title="Buy and sell property shares"
      description="The exchange lets investors trade shares of funded properties with each other every day, so your money isn't locked in until the property is sold."
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="visitor-signin-title" className={`${card} p-5 sm:p-6`}>
            <h2 id="visitor-signin-title" className="text-base font-semibold text-ink">
              Log in to see the market
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-600">
              Prices, order books and trades are shown to signed-in investors. Log in to see every property open for trading, what your shares would fetch, and to place
              orders.
            </p>
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              <a href="/login" className={btn.primary}>
                <LogIn size={16} aria-hidden="true" />
                Log in to trade
              </a>
              <a href="/signup" className={btn.secondary}>
                <UserPlus size={16} aria-hidden="true" />
                Create account
              </a>
            </div>
          </section>
          <Section id="how-title" title="How the exchange works">
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
        <section aria-labelledby="sell-fees-title" className={`${card} p-5 sm:p-6`}>
          <h2 id="sell-fees-title" className="text-base font-semibold text-ink">
            Fees when you sell
          </h2>
          <dl className="mt-4 space-y-4">
            {sellFees.map((f) => (
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
            Holding for {EARLY_EXIT_YEARS} years or more means no early exit fee. VAT of 5% applies to fees. A sale on the exchange depends on a buyer at your price; the
            price you get may be below the latest valuation.
          </p>
        </section>
      </div>
    </Screen>
  );
}
