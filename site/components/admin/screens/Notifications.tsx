/**
 * The operators' own notifications (/admin/notifications): new KYC applications, screening hits and
 * whatever later capabilities send to the back office — one feed shared by all administrators, read
 * state per administrator — and each administrator's email preferences for these kinds.
 */
import { NotificationFeed } from '@modules/notifications/ui/NotificationFeed';
import { NotificationPreferences } from '@modules/notifications/ui/NotificationPreferences';
import { Card, ScreenIntro } from '../ui';

export default function Notifications() {
  return (
    <>
      <ScreenIntro description="What needs an operator's attention: new KYC applications, screening hits and other events from across the platform. Every administrator sees the same feed; what you mark as read is read for you only." />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start">
        <Card className="overflow-hidden">
          <NotificationFeed
            audience="admin"
            copy={{
              emptyAll: 'New KYC applications and screening hits will appear here as they happen.',
              emptyUnread: 'Nothing needs your attention.',
            }}
          />
        </Card>
        <Card className="p-5">
          <section aria-labelledby="admin-notification-prefs">
            <h2 id="admin-notification-prefs" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
              Email me about
            </h2>
            <p className="mb-4 mt-0.5 text-sm text-slate-500">These notifications always appear here; choose which also reach your inbox.</p>
            <NotificationPreferences audience="admin" />
          </section>
        </Card>
      </div>
    </>
  );
}
