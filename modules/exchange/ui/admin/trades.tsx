/**
 * Every trade on the exchange on the one admin table (GET /api/admin/exchange/trades, the list
 * contract with the side and property filters; CSV from /export): who bought from whom, at what price,
 * and the fees the seller paid. Its URL keys start with "trades." (the orders share the route).
 */
import { ArrowLeftRight } from 'lucide-react';
import { useMemo } from 'react';
import { AdminTable, DateCell, MoneyCell, col, type FilterDef } from '@site/components/admin/table';
import { Section } from '@site/components/admin/ui';
import { sumFils } from '@modules/platform/money';
import type { TradeJson } from '../../contract';
import { usePropertyOptions } from './orders';
import { shares, TRADES_URL } from './shared';

const venues = [
  { value: 'order', label: 'Between investors' },
  { value: 'pool', label: 'Sold to the pool' },
  { value: 'exit', label: 'Property exit' },
];

export function Trades() {
  const properties = usePropertyOptions();
  const filters = useMemo<FilterDef[]>(
    () => [
      { type: 'select', key: 'venue', label: 'Venue', all: 'Every venue', options: venues },
      { type: 'select', key: 'propertyId', label: 'Property', all: 'Every property', options: properties, className: 'sm:w-64' },
    ],
    [properties],
  );
  const columns = useMemo(
    () => [
      col.custom<TradeJson>(
        'reference',
        'Trade',
        (t) => (
          <>
            <span className="block font-mono text-xs text-ink">{t.reference}</span>
            <DateCell value={t.at} withTime />
            {t.journalReference ? <span className="block font-mono text-xs text-slate-500">Journal {t.journalReference}</span> : null}
          </>
        ),
        { sort: 'createdAt', sortFirst: 'desc', className: 'whitespace-nowrap' },
      ),
      col.text<TradeJson>('property', 'Property', (t) => t.propertyTitle, { className: 'min-w-40' }),
      col.text<TradeJson>('seller', 'Seller', (t) => t.seller, { className: 'min-w-40 [overflow-wrap:anywhere]' }),
      col.text<TradeJson>('buyer', 'Buyer', (t) => t.buyer, { className: 'min-w-40 [overflow-wrap:anywhere]' }),
      col.text<TradeJson>('units', 'Shares', (t) => shares(t.units), { align: 'right', className: 'tabular-nums', sort: 'units', sortFirst: 'desc' }),
      col.money<TradeJson>('price', 'Price a share', (t) => t.price),
      col.money<TradeJson>('gross', 'Gross', (t) => t.gross, { strong: true, sort: 'gross' }),
      col.custom<TradeJson>(
        'fees',
        'Fees and VAT',
        (t) => (
          <>
            <MoneyCell value={sumFils([t.earlyExitFee, t.performanceFee, t.vat]).toString()} />
            <span className="block text-xs text-slate-500">
              net <MoneyCell value={t.net} />
            </span>
          </>
        ),
        { align: 'right' },
      ),
    ],
    [],
  );
  return (
    <Section title="Trades" description="Every trade between investors, with the liquidity pool and at a property exit: gross to the seller less the early exit and performance fees and VAT; the buyer paid the gross.">
      <AdminTable<TradeJson>
        endpoint={TRADES_URL}
        caption="Exchange trades"
        columns={columns}
        rowKey={(t) => t.id}
        noun={['trade', 'trades']}
        search={{ placeholder: 'Trade number, investor or property' }}
        filters={filters}
        defaultSort="-createdAt"
        urlPrefix="trades."
        minWidth={1000}
        empty={{
          icon: ArrowLeftRight,
          title: 'No trades yet',
          body: 'A trade is made when a buy order meets a sell order at the same price or better, or when an investor sells to the liquidity pool. Each settles at once: shares, cash and fees.',
        }}
      />
    </Section>
  );
}
