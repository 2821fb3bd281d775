/**
 * One investor (/admin/users/{id}): who they are, their standing (with the suspension's date, author and
 * reason), identity verification and screening, wallet, and their whole history in paged tabs; the
 * account actions sit at the top, each asking for a reason.
 */
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ShieldAlert } from 'lucide-react';
import type { UserDetailJson } from '@modules/investor-admin/contract';
import { api, ApiError, errorText } from '@site/lib/api';
import { Busy, ErrorNote } from '../ledger/parts';
import { aed, day, KycBadge, useMe, when } from '../money/shared';
import type { ScreenProps } from '../screenRegistry';
import { Badge, ButtonLink, Card, DefinitionList, ScreenIntro, Section, StatCard, StatGrid } from '../ui';
import { statusLabel } from '../data';
import { AccountActions } from './users/account-actions';
import { DetailSections } from './users/detail-sections';
import { isStaffRole, ROLE_LABELS } from '@modules/auth/permissions-contract';

const INTRO = "One investor's whole story: profile, identity checks, wallet, holdings, orders, monthly plans, income, messages, sessions and every recorded action, with the account actions an operator needs.";

function Standing({ user }: { user: UserDetailJson }) {
  const s = user.standing;
  if (s.status === 'closed') {
    return (
      <div role="status" className="mt-4 rounded-lg border border-slate-300 bg-slate-50 px-4 py-3 text-sm text-slate-700">
        <strong>Closed</strong> on {when(s.closedAt)}. Personal details were anonymised; records the law requires are kept.
      </div>
    );
  }
  if (s.status !== 'suspended') return null;
  return (
    <div role="status" className="mt-4 flex gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
      <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>
        <strong>Suspended</strong> since {when(s.suspendedAt)} by {s.suspendedBy?.label ?? 'an administrator'}: {s.suspendedReason}. The investor cannot sign in or move money.
      </p>
    </div>
  );
}

const statusTone = { active: 'success', suspended: 'danger', closed: 'neutral' } as const;

function Header({ user }: { user: UserDetailJson }) {
  const p = user.profile;
  return (
    <Card className="mt-6 p-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
            {`${p.firstName} ${p.lastName}`.trim()}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            {p.email} · <span className="font-mono">{p.unicode}</span>
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Badge tone={statusTone[user.standing.status]}>{statusLabel(user.standing.status)}</Badge>
            <KycBadge status={p.kycStatus} />
            <Badge tone={p.mfaEnabled ? 'brand' : 'neutral'}>{p.mfaEnabled ? `MFA on (${p.mfaMethod ?? 'on'})` : 'MFA off'}</Badge>
            {isStaffRole(p.role) ? <Badge tone="sand">{`Staff · ${ROLE_LABELS[p.role]}`}</Badge> : null}
          </div>
        </div>
      </div>
      <Standing user={user} />
    </Card>
  );
}

function Profile({ user }: { user: UserDetailJson }) {
  const p = user.profile;
  const k = user.kyc;
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2">
      <Section title="Profile" className="mt-0">
        <Card>
        <DefinitionList
          items={[
            { term: 'Email', detail: p.email },
            { term: 'Username', detail: p.username ?? '—' },
            { term: 'Phone', detail: p.phone ?? '—' },
            { term: 'Investment mode', detail: statusLabel(p.investmentMode) },
            { term: 'Joined', detail: day(p.createdAt) },
            { term: 'Terms accepted', detail: when(p.termsAcceptedAt) },
          ]}
        />
        </Card>
      </Section>
      <Section title="Identity and screening" className="mt-0">
        <Card>
        {k ? (
          <DefinitionList
            items={[
              { term: 'Application', detail: statusLabel(k.status) },
              { term: 'Legal name', detail: k.legalName ?? '—' },
              { term: 'Nationality', detail: k.nationality ?? '—' },
              { term: 'Classification', detail: k.classification ? statusLabel(k.classification) : '—' },
              { term: 'Risk', detail: `${statusLabel(k.riskLevel ?? 'low')}${k.flagged ? ' · flagged' : ''}` },
              { term: 'Screening', detail: k.screenedAt ? `${k.screeningHits} possible ${k.screeningHits === 1 ? 'match' : 'matches'} · ${when(k.screenedAt)}` : 'Not screened yet' },
              { term: 'Submitted / decided', detail: `${when(k.submittedAt)} / ${when(k.decidedAt)}` },
              ...(k.rejectionReason ? [{ term: 'Rejection reason', detail: k.rejectionReason }] : []),
              { term: 'Documents', detail: k.documents.length ? k.documents.map((d) => `${statusLabel(d.type)} (${statusLabel(d.status)})`).join(', ') : 'None uploaded' },
            ]}
          />
        ) : (
          <p className="px-5 py-4 text-sm text-slate-600">This investor has not started identity verification.</p>
        )}
        </Card>
      </Section>
    </div>
  );
}

export default function UserDetail({ route }: ScreenProps) {
  const id = route.params?.id ?? '';
  const me = useMe();
  const detail = useQuery({ queryKey: ['admin-user', id], queryFn: () => api.get<UserDetailJson>(`/api/admin/users/${id}`), enabled: id !== '' });
  const back = (
    <ButtonLink href="/admin/users?view=accounts" icon={ArrowLeft}>
      All users
    </ButtonLink>
  );
  const user = detail.data;
  return (
    <>
      <ScreenIntro description={INTRO} actions={back} />
      {detail.isPending ? <Busy>Loading the investor…</Busy> : null}
      {detail.isError ? (
        <div className="mt-6">
          <ErrorNote title={detail.error instanceof ApiError && detail.error.status === 404 ? 'No such user' : 'The investor could not be loaded'}>
            {errorText(detail.error, 'Please try again.')}
          </ErrorNote>
        </div>
      ) : null}
      {user ? (
        <>
          <Header user={user} />
          <div className="mt-4">
            <AccountActions user={user} isSelf={me?.id === user.profile.id} />
          </div>
          <StatGrid>
            <StatCard label="Wallet balance" value={aed(user.wallet.balance)} hint={`${aed(user.wallet.available)} available, ${aed(user.wallet.held)} held`} />
            <StatCard label="Principal in holdings" value={aed(user.holdingsCost)} hint={`${user.counts.holdings} ${user.counts.holdings === 1 ? 'property' : 'properties'}`} />
            <StatCard label="Orders" value={String(user.counts.orders)} hint="Purchases and exchange orders" />
            <StatCard label="Active sessions" value={String(user.counts.sessions)} hint="Signed-in browsers and devices" />
          </StatGrid>
          <Profile user={user} />
          <DetailSections userId={user.profile.id} counts={user.counts} />
        </>
      ) : null}
    </>
  );
}
