import { Plus, Radar } from 'lucide-react';
import { Button, RecordList, ScreenIntro, notConnected } from '../ui';

export default function DataTrackers() {
  return (
    <>
      <ScreenIntro
        description="Scheduled checks on the data Manzil depends on, such as valuations, rent collection, occupancy and exchange rates, so a stale or missing figure is caught before investors see it."
        actions={
          <Button variant="primary" icon={Plus} unavailable={notConnected('Scheduled data checks')}>
            New tracker
          </Button>
        }
      />
      <RecordList
        caption="Data trackers"
        search="Tracker name"
        filters={[
          { label: 'Frequency', all: 'Any frequency', options: ['Daily', 'Weekly', 'Monthly', 'Quarterly'] },
          { label: 'Status', all: 'Any status', options: ['Healthy', 'Stale', 'Failing', 'Paused'] },
        ]}
        columns={[
          { key: 'tracker', label: 'Tracker' },
          { key: 'watches', label: 'Watches' },
          { key: 'source', label: 'Source' },
          { key: 'frequency', label: 'Frequency' },
          { key: 'last', label: 'Last checked' },
          { key: 'status', label: 'Status' },
        ]}
        empty={{
          icon: Radar,
          title: 'No trackers set up',
          body: 'Each tracker names the figure it watches, where it comes from and how often it must be refreshed, and flags it when it falls behind.',
        }}
      />
    </>
  );
}
