import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type KycApplicationJson, kycDocumentTypeLabels } from '@modules/kyc/contract';
import { formatDateTime } from '@modules/platform/dates';
import { ME_KEY } from '@site/lib/stores/auth';
import { primaryButtonClass, secondaryButtonClass } from '../fields';
import { type KycStatusInfo, kycStatusInfo } from '../kyc-status';
import { KycStatusBadge } from '../KycStatusBadge';
import { linkTo } from '../StepActions';
import type { StepFormProps } from '../step-types';
import type { KycStepSlug } from '../steps';
import { useKycApplication } from '../use-kyc';

/** How often the status view asks again while it is open. */
export const VERIFY_POLL_MS = 15_000;

type Stage = { label: string; state: 'done' | 'current' | 'upcoming' | 'failed' };

export function verificationStages(key: KycStatusInfo['key']): Stage[] {
  switch (key) {
    case 'submitted':
    case 'resubmitted':
      return [
        { label: 'Details submitted', state: 'done' },
        { label: 'Compliance review', state: 'upcoming' },
        { label: 'Decision', state: 'upcoming' },
      ];
    case 'under_review':
      return [
        { label: 'Details submitted', state: 'done' },
        { label: 'Compliance review', state: 'current' },
        { label: 'Decision', state: 'upcoming' },
      ];
    case 'approved':
      return [
        { label: 'Details submitted', state: 'done' },
        { label: 'Compliance review', state: 'done' },
        { label: 'Verified', state: 'done' },
      ];
    case 'rejected':
      return [
        { label: 'Details submitted', state: 'done' },
        { label: 'Compliance review', state: 'done' },
        { label: 'Action needed', state: 'failed' },
      ];
    default:
      return [
        { label: 'Submit your details', state: 'current' },
        { label: 'Compliance review', state: 'upcoming' },
        { label: 'Decision', state: 'upcoming' },
      ];
  }
}

/** The first step an unsubmitted application still needs, or review when all are done. */
export function nextOpenStep(app: KycApplicationJson): KycStepSlug {
  return (['personal', 'documents', 'address', 'financial'] as const).find((s) => !app.steps[s].complete) ?? 'review';
}

/** Where "fix and resubmit" leads: documents when documents were rejected or asked for, otherwise the review. */
export function fixPath(app: KycApplicationJson): KycStepSlug {
  const docs = (app.rejection?.documents.length ?? 0) > 0 || (app.requestedDocuments?.types.length ?? 0) > 0;
  return docs ? 'documents' : 'review';
}

export function VerifyStep({ user, app: initial, go }: StepFormProps) {
  // GET /api/kyc again every 15 s while this view is open (paused while the tab is hidden).
  const query = useKycApplication({ refetchInterval: VERIFY_POLL_MS });
  const queryClient = useQueryClient();
  const app = query.data ?? initial;
  const info = kycStatusInfo(app.status);
  const notSent = app.status === 'not_started' || app.status === 'in_progress';
  const checkedAt = query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : null;

  // When the decision lands, the current user (banner, investing gate, header) follows at once.
  const seen = useRef(app.status);
  useEffect(() => {
    if (seen.current === app.status) return;
    seen.current = app.status;
    if (app.status !== user.kycStatus) void queryClient.invalidateQueries({ queryKey: ME_KEY });
  }, [app.status, user.kycStatus, queryClient]);

  const resume = nextOpenStep(app);

  return (
    <div>
      <div className="rounded-xl border border-slate-200 bg-white p-5 sm:p-6" data-testid="kyc-live-status">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-slate-500">Current status</h2>
          <div aria-live="polite" aria-atomic="true">
            <span className="sr-only">Verification status: </span>
            <KycStatusBadge info={info} />
          </div>
        </div>
        <p className="mt-4 text-xl font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
          {notSent ? 'Nothing has been submitted yet' : info.headline}
        </p>
        <p className="mt-2 text-[15px] leading-relaxed text-slate-600">
          {notSent
            ? 'Your verification starts when you submit your details and documents from the Review step. This page then shows its progress.'
            : info.detail}
        </p>

        <ol className="mt-6 grid gap-3 sm:grid-cols-3" aria-label="Verification progress">
          {verificationStages(info.key).map((s) => (
            <li
              key={s.label}
              className={`flex items-center gap-3 rounded-lg border px-3 py-2.5 text-sm ${
                s.state === 'done'
                  ? 'border-brand-200 bg-brand-50/60 text-brand-900'
                  : s.state === 'current'
                    ? 'border-sky-200 bg-sky-50 text-sky-900'
                    : s.state === 'failed'
                      ? 'border-red-200 bg-red-50 text-red-800'
                      : 'border-slate-200 bg-white text-slate-500'
              }`}
            >
              <StageIcon state={s.state} />
              <span className="font-medium">{s.label}</span>
              <span className="sr-only">
                {s.state === 'done' ? ' (done)' : s.state === 'current' ? ' (in progress)' : s.state === 'failed' ? '' : ' (to come)'}
              </span>
            </li>
          ))}
        </ol>

        {app.status === 'rejected' && <WhatToFix app={app} go={go} />}

        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {notSent ? (
            <a {...linkTo(go, resume)} className={primaryButtonClass}>
              {resume === 'review' ? 'Go to review' : 'Continue verification'}
            </a>
          ) : app.status === 'rejected' ? (
            <a {...linkTo(go, fixPath(app))} className={primaryButtonClass} data-testid="fix-and-resubmit">
              Fix and resubmit
            </a>
          ) : (
            <a href={info.key === 'approved' ? info.action.href : '/dashboard'} className={primaryButtonClass}>
              {info.key === 'approved' ? info.action.label : 'Go to your dashboard'}
            </a>
          )}
          {info.secondary && (
            <a href={info.secondary.href} className={secondaryButtonClass}>
              {info.secondary.label}
            </a>
          )}
          <button type="button" onClick={() => void query.refetch()} disabled={query.isFetching} className={secondaryButtonClass}>
            {query.isFetching ? 'Checking…' : 'Check now'}
          </button>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-500">
        {checkedAt ? `Last checked at ${checkedAt.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })}. ` : ''}
        This page checks again every {VERIFY_POLL_MS / 1000} seconds while it’s open.
        {query.isError ? ' The last check failed; we’ll keep trying.' : ''}
      </p>
      {app.submittedAt && (
        <p className="mt-1 text-sm text-slate-500">
          Submitted on {formatDateTime(app.submittedAt)}
          {app.decidedAt ? ` · decided on ${formatDateTime(app.decidedAt)}` : ''}.
        </p>
      )}
    </div>
  );
}

function WhatToFix({ app, go }: { app: KycApplicationJson; go: (slug: KycStepSlug) => void }) {
  return (
    <section aria-labelledby="what-to-fix" className="mt-6 rounded-xl border border-red-200 bg-red-50/50 p-4 sm:p-5" data-testid="kyc-rejection">
      <h3 id="what-to-fix" className="font-semibold text-ink">
        What to fix
      </h3>
      {app.rejection && <p className="mt-1.5 text-[15px] text-slate-700">{app.rejection.reason}</p>}
      {app.rejection && app.rejection.documents.length > 0 && (
        <ul className="mt-3 space-y-2 text-sm">
          {app.rejection.documents.map((d) => (
            <li key={d.id} className="rounded-lg border border-red-200 bg-white px-3 py-2">
              <span className="font-medium text-ink">{kycDocumentTypeLabels[d.type]}:</span> <span className="text-slate-700">{d.reason}</span>
            </li>
          ))}
        </ul>
      )}
      {app.requestedDocuments && (
        <div className="mt-3 text-sm">
          <p className="text-slate-700">{app.requestedDocuments.message}</p>
          <p className="mt-2 font-medium text-ink">Please upload:</p>
          <ul className="mt-1 list-disc pl-5 text-slate-700">
            {app.requestedDocuments.types.map((t) => (
              <li key={t}>{kycDocumentTypeLabels[t]}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="mt-3 text-sm text-slate-600">
        You can change your answers and documents now. When everything is updated,{' '}
        <a {...linkTo(go, 'review')} className="font-medium text-brand-700 underline underline-offset-2">
          submit again from the review
        </a>
        .
      </p>
    </section>
  );
}

function StageIcon({ state }: { state: Stage['state'] }) {
  if (state === 'done')
    return (
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" className="shrink-0">
        <circle cx="12" cy="12" r="10" />
        <path d="m8 12 3 3 5-6" />
      </svg>
    );
  if (state === 'failed')
    return (
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" className="shrink-0">
        <circle cx="12" cy="12" r="10" />
        <path d="m15 9-6 6M9 9l6 6" />
      </svg>
    );
  if (state === 'current')
    return (
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" className="shrink-0">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v5l3 2" />
      </svg>
    );
  return <span aria-hidden="true" className="h-[18px] w-[18px] shrink-0 rounded-full border-2 border-slate-300" />;
}
