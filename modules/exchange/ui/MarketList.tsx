/** The market list: every property open for trading, its prices and the 24-hour figures, and what I hold. */
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeftRight, Building2 } from 'lucide-react';
import { btn, EmptyState, Section, useCurrency, useMoney } from '@site/components/app/ui';
import type { MarketJson } from '../contract';
import { priceText, shares } from './format';
import { bodyRow, Change, HaltedBadge, headRow, Loaded, Table, td, th } from './parts';

export const MARKET_COLUMNS = ['Property', 'Last price', '24h change', 'Best bid', 'Best ask', '24h volume', 'You hold'] as const;

export function MarketList({ query, selectedId, onSelect }: { query: UseQueryResult<{ items: MarketJson[] }>; selectedId: string | null; onSelect: (id: string) => void }) {
  const currency = useCurrency();
  const money = useMoney();
  return (
    <Section id="markets-title" title="Markets" description="Funded properties open for trading. Prices are per share; choose a property to see its order book and trade it.">
      <Loaded query={query} what="the market">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState
              icon={ArrowLeftRight}
              title="No property is open for trading yet"
              actions={
                <a href="/properties" className={btn.secondary}>
                  <Building2 size={16} aria-hidden="true" />
                  Browse properties open for funding
                </a>
              }
            >
              A property opens for trading once it is fully funded. Its order book, prices and trades then appear here.
            </EmptyState>
          ) : (
            <Table caption="Properties open for trading" minWidth="46rem">
              <thead>
                <tr className={headRow}>
                  {MARKET_COLUMNS.map((c, i) => (
                    <th key={c} scope="col" className={`${th} ${i > 0 ? 'text-right' : ''}`}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((m) => {
                  const selected = m.propertyId === selectedId;
                  return (
                    <tr key={m.propertyId} className={`${bodyRow} ${selected ? 'bg-brand-50/60' : ''}`}>
                      <th scope="row" className={`${td} font-normal`}>
                        <button
                          type="button"
                          onClick={() => onSelect(m.propertyId)}
                          aria-pressed={selected}
                          className="text-left font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:underline"
                        >
                          {m.title}
                        </button>
                        {m.halted ? <HaltedBadge /> : null}
                        <span className="block text-xs text-slate-500">
                          {m.reference} · {m.city}
                        </span>
                      </th>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{priceText(m.lastPrice, currency)}</td>
                      <td className={`${td} text-right tabular-nums`}>
                        <Change bps={m.change24hBps} />
                      </td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{priceText(m.bestBid, currency)}</td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{priceText(m.bestAsk, currency)}</td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                        {m.volume24h.trades === 0 ? (
                          <span className="text-slate-400">None</span>
                        ) : (
                          <>
                            {money(BigInt(m.volume24h.value))}
                            <span className="block text-xs text-slate-500">{shares(m.volume24h.units)} shares</span>
                          </>
                        )}
                      </td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>
                        {BigInt(m.heldUnits) > 0n ? (
                          <>
                            {shares(m.heldUnits)}
                            {BigInt(m.reservedUnits) > 0n ? <span className="block text-xs text-slate-500">{shares(m.reservedUnits)} in orders</span> : null}
                          </>
                        ) : (
                          <span className="text-slate-400">—</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          )
        }
      </Loaded>
    </Section>
  );
}
