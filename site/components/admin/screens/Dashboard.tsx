import { useQuery } from '@tanstack/react-query';
import { useMay } from '../use-access';
import { ArrowRight, Building2, ClipboardList, Inbox, Landmark, MessageSquare, NotebookPen, Scale, ShieldCheck, TrendingUp, Users, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AdminInvestmentsPage, ReconciliationJson } from '@modules/investing/contract';
import type { AdminWalletsPage } from '@modules/wallet/contract';
import { CONTACT_MESSAGES_ENDPOINT, WAITLIST_ENDPOINT, interestLabel, statusLabel, topicLabel, type ContactMessage, type WaitlistEntry } from '../data';
import { formatDateTime, isoOrRaw } from '../format';
import { aed } from '../money/shared';
import { Badge, ButtonLink, Card, LinkCards, ScreenIntro, Section, StatCard, StatGrid } from '../ui';
import { errorText } from '@site/lib/api';

/** The figures come from the modules' own admin APIs (one-row pages: only `total` / `totals` are read). */
const KYC_QUEUE_URL = '/api/admin/kyc?status=pending&limit=1';
const PENDING_WITHDRAWALS_URL = '/api/admin/wallets/withdrawals?status=pending&limit=1';
const ACTIVE_INVESTMENTS_URL = '/api/admin/investments?status=active&limit=1';
const WALLETS_URL = '/api/admin/wallets?limit=1';
const RECONCILIATION_URL = '/api/admin/reconciliation';
const PROPERTY_STATS_URL = '/api/admin/properties/stats';
/** The newest waitlist sign-ups and contact messages (the first page of each list). */
const PAGE_SIZE = 50;
const latest = (endpoint: string) => `${endpoint}?limit=${PAGE_SIZE}&offset=0`;

/** GET /api/admin/properties/stats (amounts: strings of fils). */
type PropertyStats = { byStatus: Record<string, number>; portfolioValue: string; raised: string };

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

/** A figure's hint: loading, the error, or what it means. */
function hintFor(q: { isPending: boolean; isError: boolean; error: unknown }, what: string, fallback: string, ready: ReactNode): ReactNode {
  if (q.isPending) return `Loading ${what}…`;
  if (q.isError) return <span className="text-red-700">{errorText(q.error, fallback)}</span>;
  return ready;
}

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
  // Each figure asks only for what this staff member's role reads; the others are not shown.
  const may = useMay();
  const [seesMessages, seesKyc, seesFinance, seesOperations] = [may('messages:read'), may('kyc:read'), may('finance:read'), may('operations:read')];
  const waitlist = useQuery<{ items: WaitlistEntry[]; total: number }>({ queryKey: [latest(WAITLIST_ENDPOINT)], enabled: seesMessages });
  const messages = useQuery<{ items: ContactMessage[]; total: number }>({ queryKey: [latest(CONTACT_MESSAGES_ENDPOINT)], enabled: seesMessages });
  const newMessages = messages.data?.items.filter((m) => m.status === 'new').length;
  const messagesTotal = messages.data?.total ?? 0;
  const kyc = useQuery<{ total: number }>({ queryKey: [KYC_QUEUE_URL], enabled: seesKyc });
  const withdrawals = useQuery<{ total: number }>({ queryKey: [PENDING_WITHDRAWALS_URL], enabled: seesFinance });
  const investments = useQuery<AdminInvestmentsPage>({ queryKey: [ACTIVE_INVESTMENTS_URL], enabled: seesOperations });
  const wallets = useQuery<AdminWalletsPage>({ queryKey: [WALLETS_URL], enabled: seesFinance });
  const recon = useQuery<ReconciliationJson>({ queryKey: [RECONCILIATION_URL], enabled: seesFinance });
  const props = useQuery<PropertyStats>({ queryKey: [PROPERTY_STATS_URL], enabled: seesOperations });
  const reconIssues = recon.data ? (recon.data.walletMismatches?.length ?? 0) + (recon.data.propertyMismatches?.length ?? 0) : 0;
  const invTotals = investments.data?.totals;
  const walletTotals = wallets.data?.totals;

  return (
    <>
      <ScreenIntro
        description="Where Manzil stands today: reviews and withdrawals waiting for an operator, the money invested and held, whether the books reconcile, and demand on the waitlist."
        actions={
          <>
            {seesMessages ? (
              <ButtonLink href="/admin/communications" icon={Inbox}>
                Read messages
              </ButtonLink>
            ) : null}
            {seesKyc ? (
              <ButtonLink href="/admin/kyc" variant="primary" icon={ShieldCheck}>
                Review KYC
              </ButtonLink>
            ) : null}
          </>
        }
      />

      <h2 className="sr-only">Key figures</h2>
      <StatGrid>
        {seesKyc ? (
          <StatCard
            label="KYC awaiting review"
            icon={ShieldCheck}
            value={typeof kyc.data?.total === 'number' ? count(kyc.data.total) : undefined}
            hint={hintFor(kyc, 'the KYC queue', 'Could not load the KYC queue.', <Link href="/admin/kyc" className="font-medium text-brand-800 hover:underline">Submitted and resubmitted applications</Link>)}
          />
        ) : null}
        {seesFinance ? (
          <StatCard
            label="Withdrawals to approve"
            icon={Landmark}
            value={typeof withdrawals.data?.total === 'number' ? count(withdrawals.data.total) : undefined}
            hint={hintFor(withdrawals, 'withdrawals', 'Could not load withdrawals.', <Link href="/admin/users/wallet-management" className="font-medium text-brand-800 hover:underline">Pending requests, money on hold</Link>)}
          />
        ) : null}
        {seesFinance ? (
          <StatCard
            label="Reconciliation"
            icon={Scale}
            value={recon.data && typeof recon.data.ok === 'boolean' ? (recon.data.ok ? 'Balanced' : reconIssues ? plural(reconIssues, 'difference', 'differences') : 'Out of balance') : undefined}
            hint={hintFor(
              recon,
              'the reconciliation',
              'Could not run the reconciliation.',
              recon.data ? (
                <Link href="/admin/financial" className={recon.data.ok ? 'font-medium text-brand-800 hover:underline' : 'font-medium text-red-700 hover:underline'}>
                  {recon.data.ok ? 'Wallets, ledger and shares agree' : `Wallets ${aed(recon.data.walletsTotal)} vs ledger ${aed(recon.data.clientMoneyLedger)}`}
                </Link>
              ) : null,
            )}
          />
        ) : null}
        {seesMessages ? (
          <StatCard
            label="New messages"
            icon={MessageSquare}
            value={newMessages === undefined ? undefined : count(newMessages)}
            hint={
              messages.isError
                ? 'Could not load messages.'
                : messagesTotal > PAGE_SIZE
                  ? `Among the latest ${PAGE_SIZE} of ${count(messagesTotal)}; each promised a reply within one business day.`
                  : `${plural(messagesTotal, 'message', 'messages')} received; each new one is promised a reply within one business day.`
            }
          />
        ) : null}
        {seesOperations ? (
          <StatCard
            label="Invested capital"
            icon={TrendingUp}
            value={invTotals ? aed(invTotals.principal) : undefined}
            hint={hintFor(
              investments,
              'investments',
              'Could not load investments.',
              invTotals
                ? `${plural(invTotals.active, 'active investment', 'active investments')} by ${plural(invTotals.investors, 'investor', 'investors')}, before fees.`
                : null,
            )}
          />
        ) : null}
        {seesFinance ? (
          <StatCard
            label="Investor wallets"
            icon={Wallet}
            value={walletTotals ? aed(walletTotals.balance) : undefined}
            hint={hintFor(
              wallets,
              'wallets',
              'Could not load wallets.',
              walletTotals ? `Client money in ${plural(walletTotals.wallets, 'wallet', 'wallets')}; ${aed(walletTotals.held)} on hold for withdrawals.` : null,
            )}
          />
        ) : null}
        {seesOperations ? (
          <StatCard
            label="Portfolio value"
            icon={Building2}
            value={props.data?.byStatus ? aed(props.data.portfolioValue) : undefined}
            hint={hintFor(
              props,
              'properties',
              'Could not load properties.',
              props.data?.byStatus
                ? `${plural(props.data.byStatus.funding ?? 0, 'property', 'properties')} funding, ${count(props.data.byStatus.funded ?? 0)} funded; ${aed(props.data.raised)} raised.`
                : null,
            )}
          />
        ) : null}
        {seesMessages ? (
          <StatCard
            label="Waitlist sign-ups"
            icon={ClipboardList}
            value={waitlist.data ? count(waitlist.data.total) : undefined}
            hint={waitlist.isError ? 'Could not load the waitlist.' : 'People waiting for new properties to open.'}
          />
        ) : null}
      </StatGrid>

      {seesMessages ? (
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
      ) : null}

      <Section title="Jump to" description="The screens operators use most.">
        <LinkCards
          items={[
            ...(seesKyc ? [{ href: '/admin/kyc', title: 'KYC review', description: 'Approve or reject identity verification submissions.', icon: ShieldCheck }] : []),
            ...(may('investors:read') ? [{ href: '/admin/users', title: 'Users', description: 'Accounts, verification status and sign-in security.', icon: Users }] : []),
            ...(seesFinance ? [{ href: '/admin/journal-entries', title: 'Journal entries', description: 'Every booking behind deposits, investments and fees.', icon: NotebookPen }] : []),
            ...(seesOperations ? [{ href: '/admin/properties', title: 'Properties', description: 'The catalogue, funding progress and property documents.', icon: Building2 }] : []),
            ...(seesMessages ? [{ href: '/admin/communications', title: 'Communications', description: 'The inbox, replies and announcements to investors.', icon: Inbox }] : []),
          ].slice(0, 3)}
        />
      </Section>
    </>
  );
}
