import { Activity as ActivityIcon, Download } from 'lucide-react';
import { Button, RecordList, ScreenIntro, notConnected } from '../ui';

export default function Activity() {
  return (
    <>
      <ScreenIntro
        description="An audit trail of what happened and who did it: sign-ins, verification decisions, wallet movements and changes made in this back office."
        actions={
          <Button icon={Download} unavailable={notConnected('The audit log')}>
            Export log
          </Button>
        }
      />
      <RecordList
        caption="Activity log"
        search="Person, email or reference"
        filters={[
          { label: 'Event', all: 'All events', options: ['Sign-in', 'Verification decision', 'Wallet movement', 'Investment', 'Settings change', 'Admin action'] },
          { label: 'Period', all: 'Any time', options: ['Today', 'Last 7 days', 'Last 30 days', 'This quarter'] },
        ]}
        columns={[
          { key: 'when', label: 'When (UAE time)' },
          { key: 'who', label: 'Who' },
          { key: 'event', label: 'Event' },
          { key: 'detail', label: 'Details' },
          { key: 'ip', label: 'IP address' },
        ]}
        empty={{
          icon: ActivityIcon,
          title: 'No activity recorded here yet',
          body: 'Once the audit log is connected, every sign-in, decision and change is listed here with who made it, when, and from where.',
        }}
      />
    </>
  );
}
