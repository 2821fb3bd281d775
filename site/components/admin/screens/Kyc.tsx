/**
 * /admin/kyc: the verification review queue (server-side filters by status, age and risk, search,
 * pages of 50) and, at ?application=<userId>, one application with its data and documents side by
 * side and the decisions: start review, approve (with an override when screening flagged the
 * applicant), reject with reasons per document, or ask for more documents. A second tab manages the
 * sanctions and PEP screening lists.
 */
import { formatBytes } from '@modules/files/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, FileQuestion, ListChecks, RefreshCw, ShieldAlert, ShieldCheck, XCircle } from 'lucide-react';
import { type ComponentType, type ReactNode, lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useSearch } from 'wouter';
import {
  type AdminKycDetail,
  type AdminKycListItem,
  type AdminListJson,
  countryName,
  employmentStatusLabels,
  idTypeLabels,
  incomeBandLabels,
  investorClassificationLabels,
  KYC_DOCUMENT_TYPES,
  type KycDocumentJson,
  type KycDocumentType,
  kycDocumentStatusLabels,
  kycDocumentTypeLabels,
  kycMessages,
  type KycRiskLevel,
  type KycStatus,
  kycStatusLabels,
  netWorthBandLabels,
  professionalCriterionLabels,
  riskLevelLabels,
  sourceOfFundsLabels,
} from '@modules/kyc/contract';
import { screeningCategoryLabels } from '@modules/kyc/screening-contract';
import { ApiError, api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { DocumentPreview, DocumentThumb } from '@site/components/kyc/DocumentPreview';
import { formatDateTime, isoOrRaw } from '../format';
import { Dialog, ErrorNote } from '../ledger/parts';
import { ListError, LoadingRows, PAGE_SIZE, Pagination } from '../lists';
import { Badge, Button, Card, cx, DataTable, EmptyState, ListCard, ScreenIntro, SearchField, SelectField, Toolbar } from '../ui';

export const ADMIN_KYC_ENDPOINT = '/api/admin/kyc';
const BASE = '/admin/kyc';

type BadgeTone = 'neutral' | 'brand' | 'sand' | 'warning' | 'success' | 'danger';
export const statusTone: Record<KycStatus, BadgeTone> = {
  not_started: 'neutral',
  in_progress: 'neutral',
  submitted: 'sand',
  resubmitted: 'sand',
  under_review: 'brand',
  approved: 'success',
  rejected: 'danger',
};
const riskTone: Record<KycRiskLevel, BadgeTone> = { low: 'neutral', medium: 'warning', high: 'danger' };

export const StatusBadge = ({ status }: { status: KycStatus }) => <Badge tone={statusTone[status] ?? 'neutral'}>{kycStatusLabels[status] ?? status}</Badge>;
const RiskBadge = ({ risk, flagged }: { risk: KycRiskLevel; flagged?: boolean }) => (
  <Badge tone={riskTone[risk]}>
    {riskLevelLabels[risk]} risk{flagged ? ' · flagged' : ''}
  </Badge>
);

const STATUS_FILTERS: { value: string; label: string }[] = [
  { value: 'pending', label: 'Waiting for a decision' },
  { value: 'all', label: 'All applications' },
  { value: 'submitted', label: kycStatusLabels.submitted },
  { value: 'resubmitted', label: kycStatusLabels.resubmitted },
  { value: 'under_review', label: kycStatusLabels.under_review },
  { value: 'rejected', label: `${kycStatusLabels.rejected} (rejected or more documents asked)` },
  { value: 'approved', label: kycStatusLabels.approved },
  { value: 'in_progress', label: `${kycStatusLabels.in_progress} (not submitted)` },
];
const AGE_FILTERS = [
  { value: '', label: 'Any age' },
  { value: '1', label: 'Waiting 1 day or more' },
  { value: '3', label: 'Waiting 3 days or more' },
  { value: '7', label: 'Waiting 7 days or more' },
  { value: '14', label: 'Waiting 14 days or more' },
  { value: '30', label: 'Waiting 30 days or more' },
];
const RISK_FILTERS = [{ value: '', label: 'Any risk' }, ...(['high', 'medium', 'low'] as const).map((r) => ({ value: r, label: `${riskLevelLabels[r]} risk` }))];
const SORTS = [
  { value: 'submitted_at', label: 'Oldest submission first' },
  { value: '-submitted_at', label: 'Newest submission first' },
  { value: '-risk', label: 'Highest risk first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-updated_at', label: 'Recently updated' },
];

export type QueueFilters = { status: string; age: string; risk: string; q: string; sort: string; offset: number };
export const DEFAULT_FILTERS: QueueFilters = { status: 'pending', age: '', risk: '', q: '', sort: 'submitted_at', offset: 0 };

/** The list URL for the filters (the query key; the default query function GETs it). */
export function queueUrl(f: QueueFilters): string {
  const p = new URLSearchParams({ status: f.status, sort: f.sort, limit: String(PAGE_SIZE), offset: String(f.offset) });
  if (f.age) p.set('olderThanDays', f.age);
  if (f.risk) p.set('risk', f.risk);
  if (f.q.trim()) p.set('q', f.q.trim());
  return `${ADMIN_KYC_ENDPOINT}?${p}`;
}

/** The screening lists manager, mounted when its module is present (another part of the back office builds it). */
const screeningModules = import.meta.glob<{ default: ComponentType }>('../kyc/ScreeningLists.tsx');
const screeningLoader = Object.values(screeningModules)[0];
const ScreeningLists = screeningLoader ? lazy(screeningLoader) : null;

export default function Kyc() {
  const params = new URLSearchParams(useSearch());
  const application = params.get('application');
  const tab = params.get('tab') === 'screening' ? 'screening' : 'queue';
  // Kept here, so coming back from an application finds the queue as it was left.
  const [filters, setFilters] = useState<QueueFilters>(DEFAULT_FILTERS);

  if (application) return <ApplicationDetail userId={application} />;
  return (
    <>
      <ScreenIntro
        description="Identity verification applications and their documents. An investor can fund their wallet and invest only once their application is approved here; every decision is recorded in the audit log and the investor is notified."
      />
      <Tabs current={tab} />
      {tab === 'screening' ? <ScreeningTab /> : <Queue filters={filters} setFilters={setFilters} />}
    </>
  );
}

function Tabs({ current }: { current: 'queue' | 'screening' }) {
  const tabs = [
    { key: 'queue', title: 'Review queue', href: BASE },
    { key: 'screening', title: 'Screening lists', href: `${BASE}?tab=screening` },
  ] as const;
  return (
    <nav aria-label="Verification views" className="mt-6 border-b border-slate-200">
      <ul className="-mb-px flex gap-6">
        {tabs.map((t) => (
          <li key={t.key}>
            <Link
              href={t.href}
              aria-current={current === t.key ? 'page' : undefined}
              className={cx(
                'inline-block border-b-2 px-1 pb-3 text-sm font-medium',
                current === t.key ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-ink',
              )}
            >
              {t.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ScreeningTab() {
  if (!ScreeningLists) {
    return (
      <Card className="mt-6">
        <EmptyState icon={ListChecks} title="Screening lists are not available here yet">
          Applications are still screened against the lists loaded on the server; their matches show on each application.
        </EmptyState>
      </Card>
    );
  }
  return (
    <div className="mt-6">
      <Suspense fallback={<p role="status" className="text-sm text-slate-500">Loading the screening lists…</p>}>
        <ScreeningLists />
      </Suspense>
    </div>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

const columns = [
  { key: 'applicant', label: 'Applicant' },
  { key: 'status', label: 'Status' },
  { key: 'risk', label: 'Screening' },
  { key: 'submitted', label: 'Submitted (UAE time)' },
  { key: 'docs', label: 'Documents', align: 'right' as const },
  { key: 'nationality', label: 'Nationality' },
  { key: 'class', label: 'Investor type' },
];

function Queue({ filters, setFilters }: { filters: QueueFilters; setFilters: (f: QueueFilters) => void }) {
  const [search, setSearch] = useState(filters.q);
  const q = useDebounced(search, 300);
  useEffect(() => {
    if (q !== filters.q) setFilters({ ...filters, q, offset: 0 });
  }, [q]);
  const set = (patch: Partial<QueueFilters>) => setFilters({ ...filters, offset: 0, ...patch });
  const list = useQuery<AdminListJson<AdminKycListItem>>({ queryKey: [queueUrl(filters)], placeholderData: keepPreviousData, refetchOnMount: 'always', staleTime: 0 });
  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const filtered = filters.status !== 'pending' || filters.age || filters.risk || filters.q;

  let empty;
  if (list.isError) empty = <ListError error={list.error} what="the applications" onRetry={() => void list.refetch()} />;
  else if (filtered)
    empty = (
      <EmptyState title="No applications match">
        No application matches these filters. Widen the status, age or risk, or clear the search.
      </EmptyState>
    );
  else
    empty = (
      <EmptyState icon={ShieldCheck} title="No applications are waiting">
        When an investor submits the review step, their application lands here for a decision, with every document they uploaded.
      </EmptyState>
    );

  return (
    <ListCard
      toolbar={
        <Toolbar label="Filter applications">
          <SearchField label="Search" value={search} onChange={setSearch} placeholder="Name, email, unique ID or ID number" />
          <SelectField label="Status" value={filters.status} onChange={(status) => set({ status })} options={STATUS_FILTERS} className="sm:w-56" />
          <SelectField label="Waiting" value={filters.age} onChange={(age) => set({ age })} options={AGE_FILTERS} />
          <SelectField label="Screening risk" value={filters.risk} onChange={(risk) => set({ risk })} options={RISK_FILTERS} className="sm:w-40" />
          <SelectField label="Order" value={filters.sort} onChange={(sort) => set({ sort })} options={SORTS} />
          <Button icon={RefreshCw} onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching && !list.isPending ? 'Refreshing…' : 'Refresh'}
          </Button>
        </Toolbar>
      }
      footer={
        list.data && total > 0 ? (
          <Pagination
            offset={filters.offset}
            pageCount={items.length}
            total={total}
            shown={items.length}
            noun={['application', 'applications']}
            onOffset={(offset) => setFilters({ ...filters, offset })}
            busy={list.isFetching}
          />
        ) : null
      }
    >
      {list.isPending ? (
        <p className="sr-only" role="status">
          Loading applications…
        </p>
      ) : null}
      <DataTable caption="Verification applications" columns={columns} empty={empty} minWidth={900}>
        {list.isPending
          ? [<LoadingRows key="loading" columns={columns.length} />]
          : list.isError
            ? []
            : items.map((a) => (
                <tr key={a.userId} className="align-top hover:bg-slate-50/70" data-testid="kyc-queue-row">
                  <td className="px-4 py-3">
                    <Link href={`${BASE}?application=${a.userId}`} className="block font-medium text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
                      <span className="sr-only">Review the application of </span>
                      {a.name}
                    </Link>
                    <span className="block text-xs text-slate-500">
                      {a.email} · <span className="font-mono">{a.unicode}</span>
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={a.status} />
                  </td>
                  <td className="px-4 py-3">
                    <RiskBadge risk={a.riskLevel} flagged={a.flagged} />
                  </td>
                  <td className="whitespace-nowrap px-4 py-3 text-slate-600 tabular-nums">
                    {a.submittedAt ? (
                      <>
                        <time dateTime={isoOrRaw(a.submittedAt)}>{formatDateTime(a.submittedAt)}</time>
                        {a.ageDays !== null ? <span className="block text-xs text-slate-500">{a.ageDays === 0 ? 'today' : `${a.ageDays} ${a.ageDays === 1 ? 'day' : 'days'} ago`}</span> : null}
                      </>
                    ) : (
                      <span className="text-slate-400">Not submitted</span>
                    )}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums text-slate-700">{a.documentsCount}</td>
                  <td className="px-4 py-3 text-slate-700">{a.nationality ? countryName(a.nationality) : '—'}</td>
                  <td className="px-4 py-3 text-slate-700">{a.classification ? investorClassificationLabels[a.classification] : '—'}</td>
                </tr>
              ))}
      </DataTable>
    </ListCard>
  );
}

// ── One application ──────────────────────────────────────────────────────────────────────────────

function formatDay(iso: string | null | undefined) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return '';
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])));
}

function Data({ title, rows, empty }: { title: string; rows: [string, ReactNode][] | null; empty: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white">
      <h3 id={id} className="border-b border-slate-100 px-4 py-2.5 text-sm font-semibold text-ink">
        {title}
      </h3>
      {rows ? (
        <dl className="divide-y divide-slate-100">
          {rows.map(([term, detail]) => (
            <div key={term} className="grid gap-1 px-4 py-2.5 text-sm sm:grid-cols-[160px_1fr] sm:gap-3">
              <dt className="text-slate-500">{term}</dt>
              <dd className="text-ink [overflow-wrap:anywhere]">{detail || <span className="text-slate-400">—</span>}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="px-4 py-3 text-sm italic text-slate-500">{empty}</p>
      )}
    </section>
  );
}

function ApplicationDetail({ userId }: { userId: string }) {
  const key = `${ADMIN_KYC_ENDPOINT}/${userId}`;
  const detail = useQuery<AdminKycDetail>({ queryKey: [key], refetchOnMount: 'always', staleTime: 0 });
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<null | 'approve' | 'reject' | 'request'>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.getElementById('kyc-detail-title')?.focus({ preventScroll: true });
  }, [userId]);

  /** After a decision: this application and every queue page are read again. */
  const refresh = async (next?: AdminKycDetail) => {
    if (next) queryClient.setQueryData([key], next);
    await queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(ADMIN_KYC_ENDPOINT) });
    await queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/admin/documents') });
  };

  const back = (
    <Link href={BASE} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-ink">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Review queue
    </Link>
  );

  if (detail.isPending) {
    return (
      <>
        {back}
        <p role="status" className="mt-6 text-sm text-slate-500">
          Loading the application…
        </p>
      </>
    );
  }
  if (detail.isError || !detail.data) {
    return (
      <>
        {back}
        <Card className="mt-6">
          <ListError error={detail.error} what="this application" onRetry={() => void detail.refetch()} />
        </Card>
      </>
    );
  }

  const d = detail.data;
  const app = d.application;
  const p = app.personal;
  const a = app.address;
  const f = app.financial;
  const name = [d.applicant.firstName, d.applicant.lastName].join(' ');
  const current = app.documents;
  const shown = d.documents.find((x) => x.id === selected) ?? current[0] ?? d.documents[0] ?? null;

  const startReview = async () => {
    setBusy(true);
    try {
      const next = await api.post<AdminKycDetail>(`${key}/start-review`, {});
      await refresh(next);
      toast({ title: 'Review started', description: `${name}’s application is now under review.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'The review could not be started.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {back}
      <div className="mt-4 flex flex-col gap-4 border-b border-slate-200 pb-5 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 id="kyc-detail-title" tabIndex={-1} className="text-2xl font-semibold text-ink focus:outline-none" style={{ fontFamily: 'var(--font-display)' }}>
            {p ? [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ') : name}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            <span className="font-mono">{d.applicant.unicode}</span> · {d.applicant.email}
            {d.applicant.phone ? ` · ${d.applicant.phone}` : ''}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2" aria-live="polite">
            <StatusBadge status={app.status} />
            <RiskBadge risk={d.screening.riskLevel} flagged={d.screening.flagged} />
            {app.submittedAt ? <span className="text-xs text-slate-500">Submitted {formatDateTime(app.submittedAt)}</span> : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Decisions">
          {d.actions.startReview ? (
            <Button onClick={() => void startReview()} disabled={busy}>
              Start review
            </Button>
          ) : null}
          {d.actions.requestDocuments ? (
            <Button icon={FileQuestion} onClick={() => setDialog('request')}>
              Request documents
            </Button>
          ) : null}
          {d.actions.reject ? (
            <Button icon={XCircle} onClick={() => setDialog('reject')}>
              Reject
            </Button>
          ) : null}
          {d.actions.approve ? (
            <Button variant="primary" icon={CheckCircle2} onClick={() => setDialog('approve')}>
              Approve
            </Button>
          ) : null}
        </div>
      </div>

      {app.status === 'rejected' && (app.rejection || app.requestedDocuments) ? (
        <p role="note" className="mt-4 rounded-xl bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
          <span className="font-semibold">Waiting for the investor:</span> {app.rejection?.reason ?? app.requestedDocuments?.message}
        </p>
      ) : null}

      <div className="mt-6 grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className="space-y-4" data-testid="kyc-detail-data">
          <Data
            title="Personal information"
            empty="Not filled in yet."
            rows={
              p
                ? [
                    ['Legal name', [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')],
                    ['Date of birth', formatDay(p.dateOfBirth)],
                    ['Nationality', countryName(p.nationality)],
                    ['ID', `${idTypeLabels[p.idType]} · ${p.idNumber}`],
                    ['ID expires', formatDay(p.idExpiryDate)],
                  ]
                : null
            }
          />
          <Data
            title="Address"
            empty="Not filled in yet."
            rows={a ? [['Address', [a.line1, a.line2, a.city, a.region, a.postalCode].filter(Boolean).join(', ')], ['Country', countryName(a.country)]] : null}
          />
          <Data
            title="Financial information"
            empty="Not filled in yet."
            rows={
              f
                ? [
                    ['Employment', [employmentStatusLabels[f.employmentStatus], f.occupation, f.employerName].filter(Boolean).join(' · ')],
                    ['Annual income', incomeBandLabels[f.incomeBand]],
                    ['Source of funds', [...f.sourceOfFunds.filter((s) => s !== 'other').map((s) => sourceOfFundsLabels[s]), f.sourceOfFundsOther].filter(Boolean).join(', ')],
                    ['Net worth', netWorthBandLabels[f.netWorthBand]],
                    ['Politically exposed', f.politicallyExposed ? <Badge tone="warning">Yes</Badge> : 'No'],
                    [
                      'Classification',
                      <>
                        {investorClassificationLabels[f.classification]}
                        {f.professionalCriteria.length ? (
                          <ul className="mt-1 list-disc pl-5 text-slate-600">
                            {f.professionalCriteria.map((c) => (
                              <li key={c}>{professionalCriterionLabels[c]}</li>
                            ))}
                          </ul>
                        ) : null}
                      </>,
                    ],
                  ]
                : null
            }
          />
          <Screening detail={d} />
          <History detail={d} />
        </div>

        <section aria-labelledby="kyc-docs-title" className="min-w-0 space-y-3 xl:sticky xl:top-4 xl:self-start" data-testid="kyc-detail-documents">
          <h3 id="kyc-docs-title" className="text-sm font-semibold text-ink">
            Documents ({current.length} current{d.documents.length > current.length ? `, ${d.documents.length - current.length} replaced` : ''})
          </h3>
          {d.documents.length === 0 ? (
            <Card>
              <EmptyState title="No documents uploaded">The investor has not uploaded any document yet.</EmptyState>
            </Card>
          ) : (
            <>
              <ul className="grid grid-cols-2 gap-2 2xl:grid-cols-4" aria-label="Choose a document">
                {d.documents.map((doc) => (
                  <li key={doc.id}>
                    <button
                      type="button"
                      onClick={() => setSelected(doc.id)}
                      aria-pressed={shown?.id === doc.id}
                      className={cx(
                        'flex w-full items-center gap-2 rounded-lg border p-2 text-left text-xs',
                        shown?.id === doc.id ? 'border-brand-500 bg-brand-50/70 ring-1 ring-brand-300' : 'border-slate-200 bg-white hover:border-slate-300',
                        doc.superseded && 'opacity-60',
                      )}
                    >
                      <DocumentThumb doc={doc} size={36} />
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-ink">{kycDocumentTypeLabels[doc.type]}</span>
                        <span className="block truncate text-slate-500">{doc.superseded ? 'Replaced' : kycDocumentStatusLabels[doc.status]}</span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
              {shown ? <DocumentPanel doc={shown} /> : null}
            </>
          )}
        </section>
      </div>

      <ApproveDialog open={dialog === 'approve'} onClose={() => setDialog(null)} detail={d} url={key} onDone={refresh} />
      <RejectDialog open={dialog === 'reject'} onClose={() => setDialog(null)} detail={d} url={key} onDone={refresh} />
      <RequestDialog open={dialog === 'request'} onClose={() => setDialog(null)} detail={d} url={key} onDone={refresh} />
    </>
  );
}

function DocumentPanel({ doc }: { doc: KycDocumentJson }) {
  const label = kycDocumentTypeLabels[doc.type];
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-ink">{label}</span>
        <Badge tone={doc.status === 'accepted' ? 'success' : doc.status === 'rejected' ? 'danger' : 'sand'}>{kycDocumentStatusLabels[doc.status]}</Badge>
        {doc.superseded ? <Badge>Replaced by a newer upload</Badge> : null}
        <span className="text-xs text-slate-500">
          Uploaded {formatDateTime(doc.uploadedAt)} · {formatBytes(doc.size)}
          {doc.width && doc.height ? ` · ${doc.width}×${doc.height}` : ''}
        </span>
      </div>
      {doc.rejectionReason ? <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">Rejected: {doc.rejectionReason}</p> : null}
      <DocumentPreview doc={doc} label={label} height={520} />
    </div>
  );
}

function Screening({ detail }: { detail: AdminKycDetail }) {
  const s = detail.screening;
  const id = useId();
  return (
    <section aria-labelledby={id} className={cx('rounded-xl border bg-white', s.flagged ? 'border-red-300' : 'border-slate-200')} data-testid="kyc-screening">
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-2.5">
        <h3 id={id} className="flex items-center gap-2 text-sm font-semibold text-ink">
          {s.flagged ? <ShieldAlert className="h-4 w-4 text-red-700" aria-hidden="true" /> : <ShieldCheck className="h-4 w-4 text-brand-700" aria-hidden="true" />}
          Sanctions and PEP screening
        </h3>
        <RiskBadge risk={s.riskLevel} flagged={s.flagged} />
      </div>
      {s.hits.length === 0 ? (
        <p className="px-4 py-3 text-sm text-slate-600">
          {s.screenedAt ? `No matches on the screening lists (checked ${formatDateTime(s.screenedAt)}).` : 'Not screened yet: screening runs when the application is submitted.'}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {s.hits.map((h) => (
            <li key={h.entryId} className="px-4 py-3 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-ink">{h.name}</span>
                <Badge tone={h.category === 'sanctions' ? 'danger' : 'warning'}>{screeningCategoryLabels[h.category]}</Badge>
                <span className="text-xs text-slate-500">
                  {Math.round(h.score * 100)}% match on “{h.matchedOn}” · {h.listName}
                  {h.reference ? ` · ${h.reference}` : ''}
                </span>
              </p>
              {h.reasons.length ? <p className="mt-1 text-xs text-slate-600">{h.reasons.join('; ')}</p> : null}
              <p className="mt-0.5 text-xs text-slate-500">
                {[h.dateOfBirth ? `Born ${formatDay(h.dateOfBirth)}` : '', h.nationality ? countryName(h.nationality) : ''].filter(Boolean).join(' · ')}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function History({ detail }: { detail: AdminKycDetail }) {
  const id = useId();
  if (!detail.history.length) return null;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white">
      <h3 id={id} className="border-b border-slate-100 px-4 py-2.5 text-sm font-semibold text-ink">
        History
      </h3>
      <ol className="divide-y divide-slate-100">
        {detail.history.map((h) => (
          <li key={h.id} className="px-4 py-2.5 text-sm">
            <p className="flex flex-wrap items-center gap-2">
              <time dateTime={isoOrRaw(h.at)} className="text-xs text-slate-500 tabular-nums">
                {formatDateTime(h.at)}
              </time>
              {h.from ? <span className="text-slate-500">{kycStatusLabels[h.from]} →</span> : null}
              <StatusBadge status={h.to} />
              {h.actor ? <span className="text-xs text-slate-500">by {h.actor.name}</span> : null}
            </p>
            {h.note ? <p className="mt-1 text-slate-700">{h.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

// ── Decisions ────────────────────────────────────────────────────────────────────────────────────

type DecisionProps = { open: boolean; onClose: () => void; detail: AdminKycDetail; url: string; onDone: (next: AdminKycDetail) => Promise<void> };

const textareaClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500';

function TextArea({ label, value, onChange, error, hint, rows = 3, required }: { label: string; value: string; onChange: (v: string) => void; error?: string; hint?: string; rows?: number; required?: boolean }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
        {required ? <span className="text-slate-400"> (required)</span> : null}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined}
        className={textareaClass}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Sends a decision; on a 400 returns the field messages, on anything else a sentence. */
function useDecision(url: string, onDone: DecisionProps['onDone'], onClose: () => void, success: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const send = async (path: string, body: unknown) => {
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const next = await api.post<AdminKycDetail>(`${url}/${path}`, body);
      await onDone(next);
      toast({ title: 'Decision recorded', description: success, variant: 'success' });
      onClose();
    } catch (err) {
      const f = err instanceof ApiError ? ((err.body as { fields?: Record<string, string> } | undefined)?.fields ?? {}) : {};
      setFields(f);
      setError(errorText(err, 'The decision could not be recorded. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const reset = () => {
    setError(null);
    setFields({});
  };
  return { busy, error, fields, send, reset };
}

function ApproveDialog({ open, onClose, detail, url, onDone }: DecisionProps) {
  const name = detail.applicant.firstName;
  const [note, setNote] = useState('');
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<string>();
  const { busy, error, fields, send, reset } = useDecision(url, onDone, onClose, `${name} is verified and has been notified.`);
  useEffect(() => {
    if (open) {
      setNote('');
      setOverride(false);
      setReason('');
      setLocal(undefined);
      reset();
    }
  }, [open]);
  const needsOverride = detail.approvalNeedsOverride;
  const submit = () => {
    if (needsOverride && (!override || reason.trim().length < 10)) return setLocal(kycMessages.overrideReason);
    void send('approve', { note: note.trim() || undefined, ...(needsOverride ? { override: true, overrideReason: reason.trim() } : {}) });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Approve ${name}’s verification`}
      description="The investor becomes verified at once: the KYC banner disappears and they can fund their wallet and invest. They are notified."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} disabled={busy}>
            {busy ? 'Approving…' : 'Approve'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {error ? <ErrorNote>{error}</ErrorNote> : null}
        {needsOverride ? (
          <div className="space-y-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
            <p className="text-sm text-red-900">
              Screening flagged this applicant ({detail.screening.hits.length} {detail.screening.hits.length === 1 ? 'match' : 'matches'}). Approve only if you are satisfied the match is not
              this person, and say why.
            </p>
            <label className="flex items-start gap-2 text-sm text-ink">
              <input type="checkbox" checked={override} onChange={(e) => setOverride(e.target.checked)} className="mt-0.5 h-4 w-4 accent-brand-700" />
              I have reviewed the screening matches and approve despite them
            </label>
            <TextArea label="Why the matches do not apply" value={reason} onChange={setReason} required error={fields.overrideReason ?? local} />
          </div>
        ) : null}
        <TextArea label="Note for the record" value={note} onChange={setNote} hint="Optional. Kept in the application’s history and the audit log." error={fields.note} />
      </div>
    </Dialog>
  );
}

function RejectDialog({ open, onClose, detail, url, onDone }: DecisionProps) {
  const name = detail.applicant.firstName;
  const docs = detail.application.documents;
  const [reason, setReason] = useState('');
  const [perDoc, setPerDoc] = useState<Record<string, string | undefined>>({});
  const [local, setLocal] = useState<Record<string, string>>({});
  const { busy, error, fields, send, reset } = useDecision(url, onDone, onClose, `${name} has been told what to fix.`);
  useEffect(() => {
    if (open) {
      setReason('');
      setPerDoc({});
      setLocal({});
      reset();
    }
  }, [open]);
  const submit = () => {
    const problems: Record<string, string> = {};
    if (reason.trim().length < 10) problems.reason = kycMessages.rejectReason;
    const documents = Object.entries(perDoc)
      .filter(([, r]) => r !== undefined)
      .map(([id, r]) => ({ id, reason: (r ?? '').trim() }));
    for (const d of documents) if (d.reason.length < 3) problems[d.id] = kycMessages.documentReason;
    setLocal(problems);
    if (Object.keys(problems).length) return;
    void send('reject', { reason: reason.trim(), documents });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title={`Reject ${name}’s verification`}
      description="The investor sees your reason and the reason for each document you reject, can correct their details or upload new documents, and submit again."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} disabled={busy}>
            {busy ? 'Rejecting…' : 'Reject'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {error ? <ErrorNote>{error}</ErrorNote> : null}
        <TextArea label="Reason, shown to the investor" value={reason} onChange={setReason} required rows={3} error={local.reason ?? fields.reason} hint="At least 10 characters. Say what to fix." />
        {docs.length ? (
          <fieldset>
            <legend className="mb-2 text-xs font-medium text-slate-600">Documents to reject (the investor must upload each again)</legend>
            <ul className="space-y-2">
              {docs.map((doc) => {
                const checked = perDoc[doc.id] !== undefined;
                const label = kycDocumentTypeLabels[doc.type];
                return (
                  <li key={doc.id} className="rounded-lg border border-slate-200 p-3">
                    <label className="flex items-center gap-3 text-sm text-ink">
                      <input
                        type="checkbox"
                        checked={checked}
                        onChange={(e) => setPerDoc((p) => ({ ...p, [doc.id]: e.target.checked ? '' : undefined }))}
                        className="h-4 w-4 accent-brand-700"
                      />
                      <DocumentThumb doc={doc} size={32} />
                      {label}
                    </label>
                    {checked ? (
                      <div className="mt-2">
                        <TextArea label={`Why the ${label.toLowerCase()} is rejected`} rows={2} value={perDoc[doc.id] ?? ''} onChange={(v) => setPerDoc((p) => ({ ...p, [doc.id]: v }))} error={local[doc.id]} required />
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ) : null}
      </div>
    </Dialog>
  );
}

function RequestDialog({ open, onClose, detail, url, onDone }: DecisionProps) {
  const name = detail.applicant.firstName;
  const [types, setTypes] = useState<KycDocumentType[]>([]);
  const [message, setMessage] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const { busy, error, fields, send, reset } = useDecision(url, onDone, onClose, `${name} has been asked for more documents.`);
  useEffect(() => {
    if (open) {
      setTypes([]);
      setMessage('');
      setLocal({});
      reset();
    }
  }, [open]);
  const listId = useId();
  const submit = () => {
    const problems: Record<string, string> = {};
    if (!types.length) problems.types = kycMessages.requestTypes;
    if (message.trim().length < 10) problems.message = kycMessages.requestMessage;
    setLocal(problems);
    if (Object.keys(problems).length) return;
    void send('request-documents', { types, message: message.trim() });
  };
  const typeError = local.types ?? fields.types;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Ask ${name} for more documents`}
      description="The application goes back to the investor as “Action needed”. They upload what you ask for and submit again."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} disabled={busy}>
            {busy ? 'Sending…' : 'Send request'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        {error ? <ErrorNote>{error}</ErrorNote> : null}
        <fieldset aria-describedby={typeError ? `${listId}-error` : undefined}>
          <legend className="mb-2 text-xs font-medium text-slate-600">Documents to upload (required)</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {KYC_DOCUMENT_TYPES.map((t) => (
              <label key={t} className="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm text-ink">
                <input
                  type="checkbox"
                  checked={types.includes(t)}
                  onChange={(e) => setTypes((x) => (e.target.checked ? [...x, t] : x.filter((y) => y !== t)))}
                  className="h-4 w-4 accent-brand-700"
                />
                {kycDocumentTypeLabels[t]}
              </label>
            ))}
          </div>
          {typeError ? (
            <p id={`${listId}-error`} className="mt-1 text-xs text-red-700">
              {typeError}
            </p>
          ) : null}
        </fieldset>
        <TextArea label="Message to the investor" value={message} onChange={setMessage} required error={local.message ?? fields.message} hint="What you need and why, in 10 to 1,000 characters." />
      </div>
    </Dialog>
  );
}

/** For tests and the document center: the detail screen's URL for an applicant. */
export const applicationPath = (userId: string) => `${BASE}?application=${userId}`;
