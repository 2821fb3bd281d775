import { Bell, Send } from 'lucide-react';
import { Button, RecordList, ScreenIntro, notConnected } from '../ui';

export default function Notifications() {
  return (
    <>
      <ScreenIntro
        description="Announcements sent to investors in the app and by email: new properties opening, funding milestones, rental payouts and account notices."
        actions={
          <Button variant="primary" icon={Send} unavailable={notConnected('Investor notifications')}>
            New notification
          </Button>
        }
      />
      <RecordList
        caption="Sent notifications"
        search="Title or message"
        filters={[
          { label: 'Audience', all: 'Everyone', options: ['All investors', 'Verified investors', 'SIP investors', 'Waitlist'] },
          { label: 'Channel', all: 'All channels', options: ['In-app', 'Email', 'In-app and email'] },
        ]}
        columns={[
          { key: 'title', label: 'Title' },
          { key: 'audience', label: 'Audience' },
          { key: 'channel', label: 'Channel' },
          { key: 'sent', label: 'Sent' },
          { key: 'reach', label: 'Recipients', align: 'right' },
          { key: 'status', label: 'Status' },
        ]}
        empty={{
          icon: Bell,
          title: 'No notifications have been sent from the back office',
          body: 'Each announcement appears here with who received it, on which channel, and when it went out.',
        }}
      />
    </>
  );
}
