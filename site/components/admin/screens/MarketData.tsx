import { ChartLine, RefreshCw } from 'lucide-react';
import { CURRENCIES, CURRENCY_CODES, MIN_INVESTMENT_FILS, convertMinor, formatMoney } from '../../../../modules/platform/contract';
import { Button, Card, DataTable, RecordList, ScreenIntro, Section } from '../ui';

export default function MarketData() {
  return (
    <>
      <ScreenIntro
        description="The reference data prices are shown with: the exchange rates used to display AED amounts in other currencies, and the market series behind property valuations."
        actions={
          <Button icon={RefreshCw} unavailable="Rates are fixed in the platform configuration; there is no live rate feed to refresh from.">
            Refresh rates
          </Button>
        }
      />
      <Section title="Display exchange rates" description="Per 1 US dollar, as configured. Amounts are held in AED and converted only for display.">
        <Card className="overflow-hidden">
          <DataTable
            caption="Display exchange rates"
            minWidth={560}
            columns={[
              { key: 'code', label: 'Code' },
              { key: 'name', label: 'Currency' },
              { key: 'rate', label: 'Rate per USD', align: 'right' },
              { key: 'min', label: 'Minimum investment shown as', align: 'right' },
            ]}
          >
            {CURRENCY_CODES.map((code) => {
              const c = CURRENCIES[code];
              return (
                <tr key={code}>
                  <td className="px-4 py-3 font-mono text-xs font-semibold text-ink">{code}</td>
                  <td className="px-4 py-3 text-slate-700">
                    {c.name} <span className="text-slate-400">({c.symbol})</span>
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums text-slate-700">{c.exchangeRate}</td>
                  <td className="px-4 py-3 text-right tabular-nums text-slate-700">{formatMoney(convertMinor(MIN_INVESTMENT_FILS, 'AED', code), code)}</td>
                </tr>
              );
            })}
          </DataTable>
        </Card>
      </Section>
      <Section title="Market series" description="Price and rent indices used to review property valuations.">
        <div className="-mt-6">
          <RecordList
            caption="Market series"
            search="Series or community"
            filters={[{ label: 'Emirate', all: 'All emirates', options: ['Dubai', 'Abu Dhabi', 'Sharjah', 'Ras Al Khaimah'] }]}
            columns={[
              { key: 'series', label: 'Series' },
              { key: 'area', label: 'Area' },
              { key: 'latest', label: 'Latest', align: 'right' },
              { key: 'change', label: '12-month change', align: 'right' },
              { key: 'asof', label: 'As of' },
              { key: 'source', label: 'Source' },
            ]}
            empty={{
              icon: ChartLine,
              title: 'No market series loaded',
              body: 'Sale-price and rent indices by community appear here with their source and date, so valuations can be checked against the market.',
            }}
          />
        </div>
      </Section>
    </>
  );
}
