/**
 * The property page's market data for a funded property: last price, best bid and ask, 24-hour volume,
 * and a link to trade it on /exchange. Market data needs a session: a visitor is asked to log in.
 */
import { ArrowLeftRight, LogIn } from 'lucide-react';
import { AppProviders } from '@site/components/react/AppProviders';
import { useMoney, useCurrency, useViewer } from '@site/components/app/ui';
import { ApiError, errorText } from '@site/lib/api';
import { tradeHref, useBook } from './data';
import { priceText, shares } from './format';

const link = 'mt-4 inline-flex w-full items-center justify-center gap-2 rounded-md bg-brand-800 px-4 py-3 text-sm font-semibold text-white shadow-sm hover:bg-brand-900';

function Figures({ propertyId }: { propertyId: string }) {
  const currency = useCurrency();
  const money = useMoney();
  const book = useBook(propertyId, false);
  if (book.isPending) return <p role="status" className="mt-3 text-sm text-slate-500">Loading the market…</p>;
  if (book.isError)
    return (
      <p className="mt-3 text-sm text-slate-600">
        {book.error instanceof ApiError && book.error.status < 500 ? errorText(book.error, 'This property is not open for trading yet.') : 'The market data could not be loaded just now.'}
      </p>
    );
  const b = book.data;
  return (
    <>
      {b.halted ? <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">Trading is halted for now; open orders stay as they are.</p> : null}
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Last price</dt>
          <dd className="font-display text-lg tabular-nums text-ink">{priceText(b.lastPrice, currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">24h volume</dt>
          <dd className="font-display text-lg tabular-nums text-ink">{b.volume24h.trades === 0 ? 'None' : money(BigInt(b.volume24h.value))}</dd>
          {b.volume24h.trades > 0 ? <dd className="text-xs text-slate-500">{shares(b.volume24h.units)} shares</dd> : null}
        </div>
        <div>
          <dt className="text-xs text-slate-500">Best bid</dt>
          <dd className="tabular-nums text-emerald-800">{priceText(b.bestBid, currency)}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Best ask</dt>
          <dd className="tabular-nums text-red-800">{priceText(b.bestAsk, currency)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-slate-500">Prices per share. Valuation {priceText(b.referencePrice, currency)} a share.</p>
    </>
  );
}

export function MarketData({ propertyId, title }: { propertyId: string; title: string }) {
  const viewer = useViewer();
  return (
    <section aria-labelledby="market-data-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="market-data-title" className="text-base font-semibold text-ink">
        On the exchange
      </h2>
      {viewer.state === 'user' ? (
        <>
          <Figures propertyId={propertyId} />
          <a href={tradeHref(propertyId)} className={link}>
            <ArrowLeftRight size={16} aria-hidden="true" />
            Trade on the exchange<span className="sr-only">: {title}</span>
          </a>
        </>
      ) : viewer.state === 'loading' ? (
        <p className="mt-3 text-sm text-slate-500">Checking your account…</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600">This property is fully funded: its shares trade between investors. Log in to see the last price, the best bid and ask, and the day's volume.</p>
          <a href="/login" className={link}>
            <LogIn size={16} aria-hidden="true" />
            Log in to see the market
          </a>
        </>
      )}
    </section>
  );
}

export default function MarketPanel(props: { propertyId: string; title: string }) {
  return (
    <AppProviders>
      <MarketData {...props} />
    </AppProviders>
  );
}
