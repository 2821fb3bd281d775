/** The chosen property's market: its figures and band, the order book, the price chart and recent trades. */
import { PauseCircle } from 'lucide-react';
import { formatDateTime } from '@modules/platform/dates';
import { Section, useCurrency, useMoney } from '@site/components/app/ui';
import type { MarketJson, OrderSide } from '../contract';
import { useBook, useChart, usePublicTrades } from './data';
import { bpsLabel, priceText, shares } from './format';
import { OrderBook } from './OrderBook';
import { Change, HaltedBadge, headRow, Loaded } from './parts';
import { PriceChart } from './PriceChart';

function Figure({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 font-display text-lg tabular-nums text-ink">{children}</dd>
    </div>
  );
}

function RecentTrades({ propertyId }: { propertyId: string }) {
  const currency = useCurrency();
  const trades = usePublicTrades(propertyId);
  return (
    <Loaded query={trades} what="recent trades">
      {({ items }) =>
        items.length === 0 ? (
          <p className="text-sm text-slate-500">No trades in this property yet.</p>
        ) : (
          <div className="relative max-h-80 overflow-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Recent trades: when, price per share and shares</caption>
              <thead>
                <tr className={headRow}>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Price per share
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Shares
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((t) => (
                  <tr key={t.id} className="border-b border-slate-100 last:border-0">
                    <td className="whitespace-nowrap py-1.5 pr-3 text-slate-700">{formatDateTime(t.at)}</td>
                    <td className="whitespace-nowrap py-1.5 pr-3 text-right tabular-nums">{priceText(t.price, currency)}</td>
                    <td className="py-1.5 text-right tabular-nums text-slate-700">{shares(t.units)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )
      }
    </Loaded>
  );
}

export function PropertyMarket({ market, onPickPrice }: { market: MarketJson; onPickPrice: (side: OrderSide, price: string) => void }) {
  const currency = useCurrency();
  const money = useMoney();
  const book = useBook(market.propertyId);
  const chart = useChart(market.propertyId);
  return (
    <>
      <Section
        id="book-title"
        title={`Order book: ${market.title}`}
        description={
          <>
            {market.reference} · {market.city} · <a className="underline-offset-4 hover:underline" href={`/property/${encodeURIComponent(market.propertyId)}`}>About this property</a>
          </>
        }
        action={market.halted ? <HaltedBadge /> : null}
      >
        <Loaded query={book} what="the order book">
          {(b) => (
            <div className="space-y-5">
              {b.halted ? (
                <p role="status" className="flex gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                  <PauseCircle size={18} className="mt-0.5 shrink-0" aria-hidden="true" />
                  Trading in {market.title} is halted for now. Open orders stay as they are; new orders are refused until trading resumes.
                </p>
              ) : null}
              <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
                <Figure label="Last price">{priceText(b.lastPrice, currency)}</Figure>
                <Figure label="24h change">
                  <Change bps={market.change24hBps} />
                </Figure>
                <Figure label="Valuation per share">{priceText(b.referencePrice, currency)}</Figure>
                <Figure label="24h volume">{b.volume24h.trades === 0 ? 'None' : `${money(BigInt(b.volume24h.value))}`}</Figure>
              </dl>
              <p className="text-xs text-slate-500">
                Orders are taken from {priceText(b.band.low, currency)} to {priceText(b.band.high, currency)} a share: within {bpsLabel(b.band.bps)} of the latest valuation.
                {b.volume24h.trades > 0 ? ` ${shares(b.volume24h.units)} shares changed hands in ${b.volume24h.trades} ${b.volume24h.trades === 1 ? 'trade' : 'trades'} in the last 24 hours.` : ''}
              </p>
              <OrderBook book={b} onPick={onPickPrice} />
            </div>
          )}
        </Loaded>
      </Section>
      <Section id="chart-title" title="Price history" description="Trades and the valuation per share over time.">
        <Loaded query={chart} what="the price history">
          {({ points }) => (points.length === 0 ? <p className="text-sm text-slate-500">No trades or valuations to chart yet.</p> : <PriceChart points={points} currency={currency} />)}
        </Loaded>
      </Section>
      <Section id="recent-trades-title" title="Recent trades">
        <RecentTrades propertyId={market.propertyId} />
      </Section>
    </>
  );
}
