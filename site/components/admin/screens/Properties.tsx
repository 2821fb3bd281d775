import { Building, Plus } from 'lucide-react';
import { Button, RecordList, ScreenIntro, StatCard, StatGrid, notConnected } from '../ui';

export default function Properties() {
  return (
    <>
      <ScreenIntro
        description="The properties offered on Manzil: their valuation, share price, how much of each is funded and how many investors own a part of it."
        actions={
          <Button variant="primary" icon={Plus} unavailable={notConnected('The property registry')}>
            Add property
          </Button>
        }
      />
      <StatGrid>
        <StatCard label="Open for funding" hint="Properties investors can buy shares in now." />
        <StatCard label="Fully funded" hint="Every share sold; rent is paid out monthly." />
        <StatCard label="Portfolio value" hint="Latest valuations, in AED." />
        <StatCard label="Average rental yield" hint="Across funded, rented properties." />
      </StatGrid>
      <RecordList
        caption="Properties"
        search="Property name or community"
        filters={[
          { label: 'Status', all: 'All statuses', options: ['Draft', 'Open for funding', 'Funded', 'Rented', 'Sold'] },
          { label: 'Emirate', all: 'All emirates', options: ['Dubai', 'Abu Dhabi', 'Sharjah', 'Ras Al Khaimah'] },
        ]}
        columns={[
          { key: 'property', label: 'Property' },
          { key: 'location', label: 'Location' },
          { key: 'valuation', label: 'Valuation (AED)', align: 'right' },
          { key: 'share', label: 'Share price', align: 'right' },
          { key: 'funded', label: 'Funded', align: 'right' },
          { key: 'investors', label: 'Investors', align: 'right' },
          { key: 'yield', label: 'Rental yield', align: 'right' },
          { key: 'status', label: 'Status' },
        ]}
        minWidth={920}
        empty={{
          icon: Building,
          title: 'No properties in the registry',
          body: 'Each property appears here from draft to sale, with its funding progress, investors and rental yield.',
        }}
      />
    </>
  );
}
