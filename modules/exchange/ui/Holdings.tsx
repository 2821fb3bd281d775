/**
 * My holdings on the exchange: units held, those in open sell orders and those free, what the free units
 * would fetch at the best bid (net of fees) and from the liquidity pool; "Sell" fills in the ticket and
 * "Sell to the pool" asks the pool for a quote, then confirms.
 */
import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { btn, EmptyState, Section, useMoney } from '@site/components/app/ui';
import type { ExchangeHoldingJson, MarketJson } from '../contract';
import { useHoldings } from './data';
import { shares } from './format';
import { bodyRow, headRow, Loaded, Table, td, th } from './parts';
import { PoolSaleDialog } from './PoolSaleDialog';

export const HOLDING_COLUMNS = ['Property', 'Shares held', 'In open orders', 'Free to sell', 'At the best bid, after fees', 'From the liquidity pool', 'Actions'] as const;

export function Holdings({ markets, onSell }: { markets: MarketJson[]; onSell: (propertyId: string, units: string) => void }) {
  const money = useMoney();
  const holdings = useHoldings();
  const [pool, setPool] = useState<ExchangeHoldingJson | null>(null);
  return (
    <Section id="holdings-title" title="My holdings" description="What your free shares would fetch now: at the best bid on the exchange, after fees, or from the liquidity pool.">
      <Loaded query={holdings} what="your holdings">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState icon={Wallet} title="No shares to show here yet">
              When you own shares in a funded property, they appear here with what they would fetch on the exchange and from the liquidity pool.
            </EmptyState>
          ) : (
            <Table caption="My holdings: shares held, in open orders, free to sell, and what the free shares would fetch" minWidth="52rem">
              <thead>
                <tr className={headRow}>
                  {HOLDING_COLUMNS.map((c, i) => (
                    <th key={c} scope="col" className={`${th} ${i > 0 && i < 6 ? 'text-right' : ''}`}>
                      {i === 6 ? <span className="sr-only">{c}</span> : c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...items].sort((a, b) => Number(b.tradable) - Number(a.tradable)).map((h) => {
                  const free = BigInt(h.freeUnits);
                  return (
                    <tr key={h.propertyId} className={bodyRow}>
                      <th scope="row" className={`${td} font-medium text-ink`}>
                        {h.title}
                        <span className="block text-xs font-normal text-slate-500">{h.tradable ? h.reference : `${h.reference} · not open for trading`}</span>
                      </th>
                      <td className={`${td} text-right tabular-nums`}>{shares(h.units)}</td>
                      <td className={`${td} text-right tabular-nums`}>{shares(h.reservedUnits)}</td>
                      <td className={`${td} text-right tabular-nums font-medium text-ink`}>{shares(h.freeUnits)}</td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{h.bidNet ? money(BigInt(h.bidNet)) : <span className="text-slate-400">{h.tradable ? 'No bids' : '—'}</span>}</td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{h.poolNet ? money(BigInt(h.poolNet)) : <span className="text-slate-400">—</span>}</td>
                      <td className={td}>
                        <div className="flex justify-end gap-2">
                          <button type="button" className={`${btn.secondary} px-3 py-1.5`} disabled={!h.tradable || free === 0n} onClick={() => onSell(h.propertyId, h.freeUnits)} aria-label={`Sell shares of ${h.title}`}>
                            Sell
                          </button>
                          <button type="button" className={`${btn.secondary} whitespace-nowrap px-3 py-1.5`} disabled={!h.tradable || free === 0n} onClick={() => setPool(h)}>
                            Sell to the pool<span className="sr-only">: {h.title}</span>
                          </button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )
        }
      </Loaded>
      {pool ? <PoolSaleDialog holding={pool} market={markets.find((m) => m.propertyId === pool.propertyId) ?? null} onClose={() => setPool(null)} /> : null}
    </Section>
  );
}
