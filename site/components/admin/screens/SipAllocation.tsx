import { CalendarClock, Play } from 'lucide-react';
import { MIN_INVESTMENT_FILS, formatMoney } from '@modules/platform/contract';
import { Button, RecordList, ScreenIntro, StatCard, StatGrid, notConnected } from '../ui';

export default function SipAllocation() {
  const minimum = formatMoney(MIN_INVESTMENT_FILS, 'AED', { decimals: 0 });
  return (
    <>
      <ScreenIntro
        description={`Monthly SIP contributions (from ${minimum} each) are collected on the run date and allocated to properties open for funding. Check each run before it settles.`}
        actions={
          <Button variant="primary" icon={Play} unavailable={notConnected('SIP collection')}>
            Run allocation
          </Button>
        }
      />
      <StatGrid>
        <StatCard label="Active SIP plans" hint={`Investors contributing ${minimum} or more each month.`} />
        <StatCard label="Due this month" hint="Total to collect on the next run, in AED." />
        <StatCard label="Properties eligible" hint="Open for funding with shares left to allocate." />
        <StatCard label="Unallocated" hint="Collected but not yet placed in a property." />
      </StatGrid>
      <RecordList
        caption="Allocation runs"
        filters={[{ label: 'Status', all: 'Any status', options: ['Scheduled', 'Collecting', 'Allocated', 'Settled', 'Failed'] }]}
        columns={[
          { key: 'run', label: 'Run' },
          { key: 'date', label: 'Run date' },
          { key: 'plans', label: 'Plans', align: 'right' },
          { key: 'collected', label: 'Collected (AED)', align: 'right' },
          { key: 'properties', label: 'Properties', align: 'right' },
          { key: 'failed', label: 'Failed payments', align: 'right' },
          { key: 'status', label: 'Status' },
        ]}
        minWidth={820}
        empty={{
          icon: CalendarClock,
          title: 'No allocation runs yet',
          body: 'Each run records which plans were collected, which payments failed, and how the money was split across properties.',
        }}
      />
    </>
  );
}
