import { Download, TrendingUp } from 'lucide-react';
import { Button, RecordList, ScreenIntro, StatCard, StatGrid, notConnected } from '../ui';

export default function Investments() {
  return (
    <>
      <ScreenIntro
        description="Every purchase of property shares, made by hand or through a monthly SIP: who bought, which property, how many shares and for how much."
        actions={
          <Button icon={Download} unavailable={notConnected('The investments ledger')}>
            Export
          </Button>
        }
      />
      <StatGrid>
        <StatCard label="Capital invested" hint="All confirmed investments, in AED." />
        <StatCard label="Investments this month" hint="Confirmed since the 1st." />
        <StatCard label="Through SIP" hint="Share of this month's investments made by monthly plans." />
        <StatCard label="Awaiting payment" hint="Started at checkout, not yet paid." />
      </StatGrid>
      <RecordList
        caption="Investments"
        search="Investor, property or reference"
        filters={[
          { label: 'Channel', all: 'Manual and SIP', options: ['Manual', 'SIP'] },
          { label: 'Status', all: 'Any status', options: ['Awaiting payment', 'Confirmed', 'Cancelled', 'Exited'] },
        ]}
        columns={[
          { key: 'ref', label: 'Reference' },
          { key: 'investor', label: 'Investor' },
          { key: 'property', label: 'Property' },
          { key: 'shares', label: 'Shares', align: 'right' },
          { key: 'amount', label: 'Amount (AED)', align: 'right' },
          { key: 'channel', label: 'Channel' },
          { key: 'date', label: 'Date' },
          { key: 'status', label: 'Status' },
        ]}
        minWidth={920}
        empty={{
          icon: TrendingUp,
          title: 'No investments to show',
          body: 'Each purchase is listed here once checkout is connected to the back office, with its property, shares and the channel it came through.',
        }}
      />
    </>
  );
}
