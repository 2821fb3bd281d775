/**
 * A property's order book: buyers' bids (highest first) beside sellers' asks (lowest first), each level
 * with a depth bar of the shares waiting up to that price. Choosing a price puts it in the order ticket:
 * an ask to buy at, a bid to sell at.
 */
import { useCurrency } from '@site/components/app/ui';
import type { BookJson, BookLevelJson, OrderSide } from '../contract';
import { priceText, shares } from './format';
import { headRow } from './parts';

/** Cumulative units per level, as a share of the deepest side (0..100), for the depth bars. */
export function depthPercents(levels: BookLevelJson[], deepest: bigint): number[] {
  let sum = 0n;
  return levels.map((l) => {
    sum += BigInt(l.units);
    return deepest === 0n ? 0 : Number((sum * 1000n) / deepest) / 10;
  });
}

function Side({ title, side, levels, deepest, onPick }: { title: string; side: 'bid' | 'ask'; levels: BookLevelJson[]; deepest: bigint; onPick: (side: OrderSide, price: string) => void }) {
  const currency = useCurrency();
  const depth = depthPercents(levels, deepest);
  const bar = side === 'bid' ? 'bg-emerald-100' : 'bg-red-100';
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      {levels.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{side === 'bid' ? 'No buy orders right now.' : 'No sell orders right now.'}</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">{`${title}: price per share, shares and orders at each price`}</caption>
          <thead>
            <tr className={headRow}>
              <th scope="col" className="py-1.5 pr-2 font-medium">
                Price
              </th>
              <th scope="col" className="py-1.5 pr-2 text-right font-medium">
                Shares
              </th>
              <th scope="col" className="py-1.5 text-right font-medium">
                Orders
              </th>
            </tr>
          </thead>
          <tbody>
            {levels.map((l, i) => {
              const price = priceText(l.price, currency);
              return (
                <tr key={l.price} className="relative border-b border-slate-100 last:border-0">
                  <th scope="row" className="relative py-1.5 pr-2 font-normal">
                    <span aria-hidden="true" className={`absolute inset-y-0.5 left-0 -z-0 rounded-sm ${bar}`} style={{ width: `${depth[i]}%` }} />
                    <button
                      type="button"
                      className={`relative whitespace-nowrap tabular-nums underline-offset-4 hover:underline ${side === 'bid' ? 'text-emerald-800' : 'text-red-800'}`}
                      onClick={() => onPick(side === 'bid' ? 'sell' : 'buy', l.price)}
                      aria-label={`${side === 'bid' ? 'Sell' : 'Buy'} at ${price}: put this price in the order ticket`}
                    >
                      {price}
                    </button>
                  </th>
                  <td className="relative py-1.5 pr-2 text-right tabular-nums text-slate-700">{shares(l.units)}</td>
                  <td className="relative py-1.5 text-right tabular-nums text-slate-500">{l.orders}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function OrderBook({ book, onPick }: { book: BookJson; onPick: (side: OrderSide, price: string) => void }) {
  const total = (levels: BookLevelJson[]) => levels.reduce((s, l) => s + BigInt(l.units), 0n);
  const bidDepth = total(book.bids);
  const askDepth = total(book.asks);
  const deepest = bidDepth > askDepth ? bidDepth : askDepth;
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Side title="Bids (buyers)" side="bid" levels={book.bids} deepest={deepest} onPick={onPick} />
      <Side title="Asks (sellers)" side="ask" levels={book.asks} deepest={deepest} onPick={onPick} />
    </div>
  );
}
