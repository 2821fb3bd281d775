import { ArrowLeftRight } from 'lucide-react';
import { EARLY_EXIT_YEARS, FEES } from '@modules/platform/contract';
import { Card, DefinitionList, RecordList, ScreenIntro, Section } from '../ui';

const terms = FEES.filter((f) => f.key === 'early-exit' || f.key === 'liquidity-pool' || f.key === 'transaction');

export default function Exchange() {
  return (
    <>
      <ScreenIntro description="The secondary market, where investors sell their shares to other investors or to the liquidity pool for a faster exit. Watch listings, matches and settlements." />
      <Section title="Terms that apply to every sale" description={`As investors see them. Sales within ${EARLY_EXIT_YEARS} years of buying pay the early exit fee.`}>
        <Card>
          <DefinitionList items={terms.map((f) => ({ term: f.name, detail: <><span className="font-semibold">{f.rate}</span> <span className="text-slate-500">· {f.detail}</span></> }))} />
        </Card>
      </Section>
      <RecordList
        caption="Listings"
        search="Property, seller or listing number"
        filters={[
          { label: 'Route', all: 'All routes', options: ['Investor to investor', 'Liquidity pool'] },
          { label: 'Status', all: 'Any status', options: ['Listed', 'Matched', 'Settled', 'Withdrawn'] },
        ]}
        columns={[
          { key: 'listing', label: 'Listing' },
          { key: 'property', label: 'Property' },
          { key: 'seller', label: 'Seller' },
          { key: 'shares', label: 'Shares', align: 'right' },
          { key: 'ask', label: 'Asking (AED)', align: 'right' },
          { key: 'vs', label: 'vs valuation', align: 'right' },
          { key: 'listed', label: 'Listed' },
          { key: 'status', label: 'Status' },
        ]}
        minWidth={900}
        empty={{
          icon: ArrowLeftRight,
          title: 'No shares are listed for sale',
          body: 'Listings appear here when investors offer shares, with the asking price against the latest valuation and whether the sale has settled.',
        }}
      />
    </>
  );
}
