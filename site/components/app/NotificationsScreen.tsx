import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { btn, EmptyState, ForViewer, Screen, Section, SignedOutCard, useViewer } from './ui';

export type NotificationItem = { id: string; title: string; body: string; createdAt: string; read: boolean };
type Filter = 'all' | 'unread';

export function NotificationsForUser({ items = [], onMarkAllRead }: { items?: NotificationItem[]; onMarkAllRead?: () => void }) {
  const [filter, setFilter] = useState<Filter>('all');
  const unread = items.filter((n) => !n.read).length;
  const shown = filter === 'all' ? items : items.filter((n) => !n.read);

  return (
    <Screen
      eyebrow="Notifications"
      title="Notifications"
      description="Updates about your account, deposits, investments and rental income."
    >
      <Section
        id="inbox-title"
        title={filter === 'all' ? 'All notifications' : 'Unread notifications'}
        action={
          <div className="flex flex-wrap items-center gap-3">
            <div role="group" aria-label="Show" className="inline-flex rounded-md border border-slate-200 bg-slate-50 p-0.5">
              {(['all', 'unread'] as const).map((f) => (
                <button
                  key={f}
                  type="button"
                  aria-pressed={filter === f}
                  onClick={() => setFilter(f)}
                  className="rounded px-3 py-1.5 text-sm text-slate-600 hover:text-ink aria-pressed:bg-white aria-pressed:font-medium aria-pressed:text-ink aria-pressed:shadow-sm"
                >
                  {f === 'all' ? 'All' : `Unread${unread ? ` (${unread})` : ''}`}
                </button>
              ))}
            </div>
            <button type="button" disabled={unread === 0 || !onMarkAllRead} onClick={onMarkAllRead} className={`${btn.secondary} py-1.5`} title={unread === 0 ? 'Nothing is unread' : undefined}>
              <CheckCheck size={16} aria-hidden="true" />
              Mark all as read
            </button>
          </div>
        }
      >
        {shown.length === 0 ? (
          <EmptyState icon={CheckCheck} title="You're all caught up">
            {filter === 'unread'
              ? 'You have no unread notifications.'
              : 'When a deposit arrives, an investment is confirmed, rent is paid or your verification moves on, you will see it here.'}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {shown.map((n) => (
              <li key={n.id} className="py-4">
                <p className={`text-sm ${n.read ? 'text-slate-700' : 'font-semibold text-ink'}`}>{n.title}</p>
                <p className="mt-1 text-sm text-slate-600">{n.body}</p>
                <p className="mt-1 text-xs text-slate-400">
                  <time dateTime={n.createdAt}>{new Date(n.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
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
      user={() => <NotificationsForUser />}
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
