/**
 * One KYC application at /admin/kyc?application=<userId>: its data and documents side by side, and the
 * decisions (start review, approve, reject, request documents).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, FileQuestion, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import {
  type AdminKycDetail,
  countryName,
  employmentStatusLabels,
  idTypeLabels,
  incomeBandLabels,
  investorClassificationLabels,
  kycDocumentStatusLabels,
  kycDocumentTypeLabels,
  netWorthBandLabels,
  professionalCriterionLabels,
  sourceOfFundsLabels,
} from '@modules/kyc/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { DocumentThumb } from '@site/components/kyc/DocumentPreview';
import { formatDateTime } from '../format';
import { ErrorState } from '../table/states';
import { Badge, Button, Card, cx, EmptyState } from '../ui';
import { Data, DocumentPanel, History, Screening } from './application-sections';
import { ApproveDialog, RejectDialog, RequestDialog } from './DecisionDialogs';
import { ADMIN_KYC_ENDPOINT, formatDay, RiskBadge, StatusBadge } from './parts';
import { queuePath } from './Queue';

export function ApplicationDetail({ userId }: { userId: string }) {
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
    <Link href={queuePath()} className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-ink">
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
          <ErrorState error={detail.error} what="this application" onRetry={() => void detail.refetch()} retrying={detail.isFetching} />
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
