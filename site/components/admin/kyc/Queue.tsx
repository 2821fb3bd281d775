/**
 * The KYC review queue (/admin/kyc) on the one admin table: GET /api/admin/kyc on the list contract,
 * with search, the status, age and risk filters, sort and page in the URL, and the CSV of the same
 * selection. It opens on the applications waiting for a decision, oldest submission first.
 */
import { ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { type AdminKycListItem, countryName, investorClassificationLabels, kycStatusLabels, riskLevelLabels } from '@modules/kyc/contract';
import { formatDateTime, isoOrRaw } from '../format';
import { AdminTable, col, type FilterDef } from '../table';
import { ADMIN_KYC_ENDPOINT, applicationPath, BASE, RiskBadge, StatusBadge } from './parts';

const STATUS_FILTERS = [
  { value: 'pending', label: 'Waiting for a decision' },
  { value: 'all', label: 'All applications' },
  { value: 'submitted', label: kycStatusLabels.submitted },
  { value: 'resubmitted', label: kycStatusLabels.resubmitted },
  { value: 'under_review', label: kycStatusLabels.under_review },
  { value: 'rejected', label: `${kycStatusLabels.rejected} (rejected or more documents asked)` },
  { value: 'approved', label: kycStatusLabels.approved },
  { value: 'in_progress', label: `${kycStatusLabels.in_progress} (not submitted)` },
];
const AGE_FILTERS = [1, 3, 7, 14, 30].map((d) => ({ value: String(d), label: `Waiting ${d} ${d === 1 ? 'day' : 'days'} or more` }));
const RISK_FILTERS = (['high', 'medium', 'low'] as const).map((r) => ({ value: r, label: `${riskLevelLabels[r]} risk` }));

/** The queue's filters; the status opens on 'pending' (the server's own default is every application). */
const filters: FilterDef[] = [
  { type: 'select', key: 'status', label: 'Status', options: STATUS_FILTERS, default: 'pending', className: 'sm:w-56' },
  { type: 'select', key: 'olderThanDays', label: 'Waiting', all: 'Any age', options: AGE_FILTERS },
  { type: 'select', key: 'risk', label: 'Screening risk', all: 'Any risk', options: RISK_FILTERS, className: 'sm:w-40' },
];

/** The queue's order when the URL names none: oldest submission first (the server accepts this older word as an alias of submittedAt). */
const DEFAULT_SORT = 'submitted_at';

export type QueueFilters = { status: string; age: string; risk: string; q: string; sort: string; offset: number };
export const DEFAULT_FILTERS: QueueFilters = { status: 'pending', age: '', risk: '', q: '', sort: DEFAULT_SORT, offset: 0 };

/** The API URL of one page of the queue for the given filters (what the table asks for). */
export function queueUrl(f: QueueFilters, limit = 50): string {
  const p = new URLSearchParams({ status: f.status, sort: f.sort, limit: String(limit), offset: String(f.offset) });
  if (f.age) p.set('olderThanDays', f.age);
  if (f.risk) p.set('risk', f.risk);
  if (f.q.trim()) p.set('q', f.q.trim());
  return `${ADMIN_KYC_ENDPOINT}?${p}`;
}

const waited = (days: number) => (days === 0 ? 'today' : `${days} ${days === 1 ? 'day' : 'days'} ago`);

const columns = [
  col.custom<AdminKycListItem>(
    'applicant',
    'Applicant',
    (a) => (
      <>
        <Link href={applicationPath(a.userId)} className="block font-medium text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
          <span className="sr-only">Review the application of </span>
          {a.name}
        </Link>
        <span className="block text-xs text-slate-500">
          {a.email} · <span className="font-mono">{a.unicode}</span>
        </span>
      </>
    ),
    { sort: 'name' },
  ),
  col.custom<AdminKycListItem>('status', 'Status', (a) => <StatusBadge status={a.status} />),
  col.custom<AdminKycListItem>('risk', 'Screening', (a) => <RiskBadge risk={a.riskLevel} flagged={a.flagged} />, { sort: 'risk', sortFirst: 'desc' }),
  col.custom<AdminKycListItem>(
    'submitted',
    'Submitted (UAE time)',
    (a) =>
      a.submittedAt ? (
        <>
          <time dateTime={isoOrRaw(a.submittedAt)}>{formatDateTime(a.submittedAt)}</time>
          {a.ageDays !== null ? <span className="block text-xs text-slate-500">{waited(a.ageDays)}</span> : null}
        </>
      ) : (
        <span className="text-slate-400">Not submitted</span>
      ),
    { sort: DEFAULT_SORT, className: 'whitespace-nowrap tabular-nums text-slate-600' },
  ),
  col.text<AdminKycListItem>('documents', 'Documents', (a) => a.documentsCount, { align: 'right', className: 'tabular-nums text-slate-700' }),
  col.text<AdminKycListItem>('nationality', 'Nationality', (a) => (a.nationality ? countryName(a.nationality) : null)),
  col.text<AdminKycListItem>('classification', 'Investor type', (a) => (a.classification ? investorClassificationLabels[a.classification] : null)),
];

/** The queue's query string when it was last shown, so "Review queue" on an application returns to it as it was left. */
let lastQueueSearch = '';
export const queuePath = () => (lastQueueSearch ? `${BASE}?${lastQueueSearch}` : BASE);

export function Queue() {
  const search = useSearch();
  useEffect(() => {
    lastQueueSearch = search;
  }, [search]);
  return (
    <AdminTable<AdminKycListItem>
      endpoint={ADMIN_KYC_ENDPOINT}
      caption="Verification applications"
      columns={columns}
      rowKey={(a) => a.userId}
      noun={['application', 'applications']}
      search={{ placeholder: 'Name, email, unique ID or ID number' }}
      filters={filters}
      defaultSort={DEFAULT_SORT}
      minWidth={900}
      empty={{
        icon: ShieldCheck,
        title: 'No applications are waiting',
        body: 'When an investor submits the review step, their application lands here for a decision, with every document they uploaded.',
      }}
    />
  );
}
