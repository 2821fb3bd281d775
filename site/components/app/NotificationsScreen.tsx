import { Bell } from 'lucide-react';
import { NotificationFeed } from '@modules/notifications/ui/NotificationFeed';
import { NotificationPreferences } from '@modules/notifications/ui/NotificationPreferences';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { card, ForViewer, Screen, Section, SignedOutCard, useViewer } from './ui';
import { isStaffRole } from '@modules/auth/permissions-contract';

/** /notifications for a signed-in person: their feed (filters, mark read, pages) and their preferences. */
export function NotificationsForUser({ isAdmin = false }: { isAdmin?: boolean }) {
  return (
    <Screen
      eyebrow="Notifications"
      title="Notifications"
      description="Updates about your account, deposits, investments and rental income."
      actions={
        isAdmin ? (
          <a href="/admin/notifications" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            Operator notifications
          </a>
        ) : undefined
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <section aria-labelledby="inbox-title" className={card}>
          <div className="border-b border-slate-100 px-5 py-4 sm:px-6">
            <h2 id="inbox-title" className="text-base font-semibold text-ink">
              Your notifications
            </h2>
          </div>
          <NotificationFeed
            audience="user"
            copy={{
              emptyAll: 'When a deposit arrives, an investment is confirmed, rent is paid or your verification moves on, you will see it here.',
              emptyUnread: 'You have no unread notifications.',
            }}
          />
        </section>
        <Section id="preferences-title" title="Preferences" description="Choose what reaches you in the app and by email.">
          <NotificationPreferences audience="user" />
        </Section>
      </div>
    </Screen>
  );
}

export function Notifications() {
  const viewer = useViewer();
  return (
    <ForViewer
      viewer={viewer}
      visitor={() => (
        <SignedOutCard
          icon={Bell}
          title="Your notifications"
          points={[
            'When a deposit reaches your wallet',
            'When an investment or SIP collection is confirmed',
            'When rental income is paid to you',
            'When your identity verification moves on',
          ]}
        >
          Everything that happens on your account, in one list. Log in to read your notifications.
        </SignedOutCard>
      )}
      user={(u) => <NotificationsForUser isAdmin={isStaffRole(u.role)} />}
    />
  );
}

export default function NotificationsIsland() {
  return (
    <AppProviders>
      <WithErrorFallback component="Notifications">
        <Notifications />
      </WithErrorFallback>
    </AppProviders>
  );
}
