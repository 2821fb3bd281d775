import { ArrowRight, ClipboardList, Inbox, MessageSquare, NotebookPen, ShieldCheck, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { CONTACT_MESSAGES_ENDPOINT, WAITLIST_ENDPOINT, interestLabel, statusLabel, topicLabel, type ContactMessage, type WaitlistEntry } from '../data';
import { formatDateTime, isoOrRaw } from '../format';
import { PAGE_SIZE, useAdminList } from '../lists';
import { Badge, ButtonLink, Card, LinkCards, ScreenIntro, Section, StatCard, StatGrid } from '../ui';
import { errorText } from '../../../lib/api';

function Latest({ title, href, linkLabel, children, state }: { title: string; href: string; linkLabel: string; children: ReactNode; state: ReactNode }) {
  return (
    <Card className="flex flex-col">
      <div className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
        <h2 className="font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
          {title}
        </h2>
        <Link href={href} className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
          {linkLabel}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      {state ?? <ul className="divide-y divide-slate-100">{children}</ul>}
    </Card>
  );
}

const quiet = (text: string) => <p className="px-5 py-10 text-center text-sm text-slate-500">{text}</p>;

export default function Dashboard() {
  const waitlist = useAdminList<WaitlistEntry>(WAITLIST_ENDPOINT, 0);
  const messages = useAdminList<ContactMessage>(CONTACT_MESSAGES_ENDPOINT, 0);
  const newMessages = messages.data?.items.filter((m) => m.status === 'new').length;
  const messagesTotal = messages.data?.total ?? 0;

  return (
    <>
      <ScreenIntro
        description="Where Manzil stands today: demand on the waitlist, messages waiting for a reply, and the places an operator is needed."
        actions={
          <>
            <ButtonLink href="/admin/communications" icon={MessageSquare}>
              Read messages
            </ButtonLink>
            <ButtonLink href="/admin/waitlist" variant="primary" icon={ClipboardList}>
              Open waitlist
            </ButtonLink>
          </>
        }
      />

      <StatGrid>
        <StatCard
          label="Waitlist sign-ups"
          icon={ClipboardList}
          value={waitlist.data ? waitlist.data.total.toLocaleString('en-US') : undefined}
          hint={waitlist.isError ? 'Could not load the waitlist.' : 'People waiting for new properties to open.'}
        />
        <StatCard
          label="Contact messages"
          icon={Inbox}
          value={messages.data ? messagesTotal.toLocaleString('en-US') : undefined}
          hint={messages.isError ? 'Could not load messages.' : 'Everything received through the contact page.'}
        />
        <StatCard
          label="New messages"
          icon={MessageSquare}
          value={newMessages === undefined ? undefined : newMessages.toLocaleString('en-US')}
          hint={messagesTotal > PAGE_SIZE ? `Among the latest ${PAGE_SIZE}; each promised a reply within one business day.` : 'Each one is promised a reply within one business day.'}
        />
        <StatCard
          label="Verification reviews"
          icon={ShieldCheck}
          hint="Counted here once identity submissions reach the KYC review queue."
        />
      </StatGrid>

      <div className="mt-8 grid gap-6 xl:grid-cols-2">
        <Latest
          title="Latest waitlist sign-ups"
          href="/admin/waitlist"
          linkLabel="View all"
          state={
            waitlist.isPending
              ? quiet('Loading sign-ups…')
              : waitlist.isError
                ? quiet(errorText(waitlist.error, 'Could not load the waitlist.'))
                : waitlist.data.items.length === 0
                  ? quiet('No one has joined the waitlist yet.')
                  : null
          }
        >
          {waitlist.data?.items.slice(0, 5).map((w) => (
            <li key={w.id} className="flex items-center justify-between gap-4 px-5 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-ink">{w.name || w.email}</p>
                <p className="truncate text-xs text-slate-500">{w.name ? w.email : interestLabel(w.interest) || 'No interest given'}</p>
              </div>
              <time dateTime={isoOrRaw(w.createdAt)} className="shrink-0 text-xs text-slate-500 tabular-nums">
                {formatDateTime(w.createdAt)}
              </time>
            </li>
          ))}
        </Latest>
        <Latest
          title="Latest messages"
          href="/admin/communications"
          linkLabel="View all"
          state={
            messages.isPending
              ? quiet('Loading messages…')
              : messages.isError
                ? quiet(errorText(messages.error, 'Could not load messages.'))
                : messages.data.items.length === 0
                  ? quiet('No messages yet.')
                  : null
          }
        >
          {messages.data?.items.slice(0, 5).map((m) => (
            <li key={m.id} className="flex items-center justify-between gap-4 px-5 py-3">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-ink">{m.name}</p>
                <p className="truncate text-xs text-slate-500">{topicLabel(m.topic)}</p>
              </div>
              <div className="flex shrink-0 items-center gap-3">
                {m.status === 'new' ? <Badge tone="sand">{statusLabel(m.status)}</Badge> : null}
                <time dateTime={isoOrRaw(m.createdAt)} className="text-xs text-slate-500 tabular-nums">
                  {formatDateTime(m.createdAt)}
                </time>
              </div>
            </li>
          ))}
        </Latest>
      </div>

      <Section title="Jump to" description="The screens operators use most.">
        <LinkCards
          items={[
            { href: '/admin/kyc', title: 'KYC review', description: 'Approve or reject identity verification submissions.', icon: ShieldCheck },
            { href: '/admin/users', title: 'Users', description: 'Accounts, verification status and sign-in security.', icon: Users },
            { href: '/admin/journal-entries', title: 'Journal entries', description: 'Every booking behind deposits, investments and fees.', icon: NotebookPen },
          ]}
        />
      </Section>
    </>
  );
}
