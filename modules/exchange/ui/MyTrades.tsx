/** My trades on the exchange, newest first: what I bought or sold, at what price, the fees and the net. */
import { Receipt } from 'lucide-react';
import { formatDateTime } from '@modules/platform/dates';
import { EmptyState, Section, useCurrency, useMoney } from '@site/components/app/ui';
import { useMyTrades } from './data';
import { priceText, shares } from './format';
import { bodyRow, headRow, Loaded, Table, td, th } from './parts';

export const TRADE_COLUMNS = ['When', 'Property', 'Side', 'Shares', 'Price per share', 'Gross', 'Fees and VAT', 'Net'] as const;

export function MyTrades() {
  const currency = useCurrency();
  const money = useMoney();
  const trades = useMyTrades();
  return (
    <Section id="my-trades-title" title="My trades" description="Every trade you were part of. A buyer pays the gross; a seller receives the net, after fees.">
      <Loaded query={trades} what="your trades">
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState icon={Receipt} title="No trades yet">
              When one of your orders fills, the trade appears here with its price, fees and what reached your wallet.
            </EmptyState>
          ) : (
            <Table caption="My trades" minWidth="56rem">
              <thead>
                <tr className={headRow}>
                  {TRADE_COLUMNS.map((c, i) => (
                    <th key={c} scope="col" className={`${th} ${i >= 3 ? 'text-right' : ''}`}>
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {items.map((t) => {
                  const fees = BigInt(t.earlyExitFee) + BigInt(t.performanceFee) + BigInt(t.vat);
                  const sold = t.side === 'sell';
                  return (
                    <tr key={t.id} className={bodyRow}>
                      <th scope="row" className={`${td} whitespace-nowrap font-normal text-slate-700`}>
                        {formatDateTime(t.at)}
                        <span className="block text-xs text-slate-500">{t.reference}</span>
                      </th>
                      <td className={td}>{t.propertyTitle}</td>
                      <td className={`${td} font-medium ${sold ? 'text-red-800' : 'text-emerald-800'}`}>{t.side === 'buy' ? 'Bought' : t.side === 'sell' ? 'Sold' : '—'}</td>
                      <td className={`${td} text-right tabular-nums`}>{shares(t.units)}</td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{priceText(t.price, currency)}</td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{money(BigInt(t.gross))}</td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums`}>{sold && fees > 0n ? `−${money(fees)}` : money(0n)}</td>
                      <td className={`${td} whitespace-nowrap text-right tabular-nums font-medium text-ink`}>{money(BigInt(sold ? t.net : t.gross))}</td>
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
