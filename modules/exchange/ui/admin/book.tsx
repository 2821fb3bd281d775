/**
 * A property's live order book: bids and asks, best price first, with the shares and orders at each
 * price and the depth (shares available up to that price) drawn as a bar behind the row. Each side
 * is a real table; the bar is decoration and the cumulative figure is in its own column.
 */
import { BookOpen } from 'lucide-react';
import { aed } from '@site/components/admin/money/shared';
import { Busy, Dialog } from '@site/components/admin/ledger/parts';
import { Badge, Button, EmptyState, cx } from '@site/components/admin/ui';
import type { BookLevelJson } from '../../contract';
import type { AdminMarketJson } from '../../admin-contract';
import { band, count, shares } from './shared';

const big = (v: string) => {
  try {
    return BigInt(v);
  } catch {
    return 0n;
  }
};

/** Each level with the units available up to and including it. */
export function withDepth(levels: BookLevelJson[]) {
  let total = 0n;
  return levels.map((l) => {
    total += big(l.units);
    return { ...l, depth: total };
  });
}

function Side({ side, levels, max, title }: { side: 'bid' | 'ask'; levels: BookLevelJson[]; max: bigint; title: string }) {
  const rows = withDepth(levels);
  const caption = `${side === 'bid' ? 'Bids' : 'Asks'} for ${title}`;
  return (
    <div className="min-w-0">
      <h3 className={cx('mb-2 text-sm font-semibold', side === 'bid' ? 'text-emerald-800' : 'text-red-800')}>{side === 'bid' ? 'Bids (buyers)' : 'Asks (sellers)'}</h3>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-200 px-3 py-6 text-center text-sm text-slate-500">{side === 'bid' ? 'No one is bidding.' : 'No one is offering shares.'}</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}, best price first</caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <th scope="col" className="py-1.5 text-left font-semibold">Price a share</th>
                <th scope="col" className="py-1.5 pl-3 text-right font-semibold">Shares</th>
                <th scope="col" className="py-1.5 pl-3 text-right font-semibold">Orders</th>
                <th scope="col" className="py-1.5 text-right font-semibold">Depth</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((l) => {
                const width = max > 0n ? Number((l.depth * 1000n) / max) / 10 : 0;
                return (
                  <tr key={l.price}>
                    <th scope="row" className="py-1.5 text-left font-medium tabular-nums text-ink">
                      {aed(l.price)}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{shares(l.units)}</td>
                    <td className="py-1.5 text-right tabular-nums">{count(l.orders)}</td>
                    <td className="py-1.5 pl-3">
                      <span className="flex items-center justify-end gap-2">
                        <span aria-hidden="true" className="h-2 w-16 shrink-0 overflow-hidden rounded-full bg-slate-100">
                          <span className={cx('block h-2 rounded-full', side === 'bid' ? 'bg-emerald-500' : 'bg-red-400')} style={{ width: `${Math.max(2, width)}%` }} />
                        </span>
                        <span className="tabular-nums text-slate-600">{shares(l.depth.toString())}</span>
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function OrderBook({ market }: { market: AdminMarketJson }) {
  const bids = withDepth(market.bids ?? []);
  const asks = withDepth(market.asks ?? []);
  const max = [bids.at(-1)?.depth ?? 0n, asks.at(-1)?.depth ?? 0n].reduce((a, b) => (b > a ? b : a), 0n);
  if (!bids.length && !asks.length)
    return (
      <EmptyState icon={BookOpen} title="The book is empty">
        No open orders for {market.title}. Orders investors place on /exchange appear here, best price first.
      </EmptyState>
    );
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Side side="bid" levels={market.bids ?? []} max={max} title={market.title} />
      <Side side="ask" levels={market.asks ?? []} max={max} title={market.title} />
    </div>
  );
}

export function BookDialog({ market, onClose, refreshing, onRefresh }: { market: AdminMarketJson | null; onClose: () => void; refreshing: boolean; onRefresh: () => void }) {
  if (!market) return <Dialog open={false} onClose={onClose} title="" />;
  const spread = market.bestBid && market.bestAsk ? big(market.bestAsk) - big(market.bestBid) : null;
  return (
    <Dialog
      open
      wide
      onClose={onClose}
      title={`Order book: ${market.title}`}
      description={
        <>
          {market.reference} · valuation {aed(market.referencePrice)} a share · band {band(market.bandBps)} · last {market.lastPrice ? aed(market.lastPrice) : 'no trade yet'}
          {spread !== null ? ` · spread ${aed(spread)}` : ''} {market.halted ? <Badge tone="warning">Halted</Badge> : null}
        </>
      }
      footer={
        <>
          <span className="mr-auto self-center" aria-live="polite">
            {refreshing ? <Busy>Refreshing…</Busy> : null}
          </span>
          <Button onClick={onRefresh} disabled={refreshing}>
            Refresh
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <OrderBook market={market} />
    </Dialog>
  );
}
