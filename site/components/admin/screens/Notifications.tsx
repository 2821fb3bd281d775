/**
 * The operators' own notifications (/admin/notifications): new KYC applications, screening hits, withdrawals and
 * distributions to approve, tracker alerts — one feed, of which each staff member sees the kinds their role
 * concerns (read state per person) — and each person's email preferences for these kinds.
 */
import { BellOff } from 'lucide-react';
import { ROLE_LABELS, type Role } from '@modules/auth/permissions-contract';
import { kindLabel, kindsFor, operatorKindsFor } from '@modules/notifications/contract';
import { NotificationFeed } from '@modules/notifications/ui/NotificationFeed';
import { NotificationPreferences } from '@modules/notifications/ui/NotificationPreferences';
import { useCurrentUser } from '@site/lib/stores/auth';
import { Card, EmptyState, ScreenIntro } from '../ui';
import { LoadingContent } from '../../react/LoadingContent';

export default function Notifications() {
  const role = useCurrentUser().data?.role;
  // The same rule the server filters the feed by.
  const kinds = role ? operatorKindsFor(role) : [];
  const intro = (
    <ScreenIntro description="What needs an operator's attention: new KYC applications, screening hits and other events from across the platform. Each of the team sees what their role concerns (applications and screening to compliance, withdrawals and distributions to finance); what you mark as read is read for you only." />
  );
  // The role decides the kinds: wait for it rather than asking for a feed that is not this person's.
  if (!role)
    return (
      <>
        {intro}
        <LoadingContent />
      </>
    );
  if (kinds.length === 0) {
    return (
      <>
        {intro}
        <Card className="mt-6">
          <EmptyState icon={BellOff} title="No operator notifications for your role">
            {`Your role (${ROLE_LABELS[role as Role] ?? role}) does not act on any of them: ${kindsFor('admin').map((k) => kindLabel(k).toLowerCase()).join(', ')} go to the staff who act on them.`}
          </EmptyState>
        </Card>
      </>
    );
  }
  return (
    <>
      {intro}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start">
        <Card className="overflow-hidden">
          <NotificationFeed
            audience="admin"
            kinds={kinds}
            copy={{
              emptyAll: `${kinds.map(kindLabel).join(', ').replace(/^./, (c) => c.toUpperCase())} will appear here as they happen.`,
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
