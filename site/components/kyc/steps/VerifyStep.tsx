import { useQuery } from '@tanstack/react-query';
import { fetchCurrentUser, ME_KEY } from '../../../lib/stores/auth';
import { userQueryOptions } from '../../../lib/query';
import { primaryButtonClass, secondaryButtonClass } from '../fields';
import { hasSavedDraft } from '../kyc-draft';
import { type KycStatusInfo, kycStatusInfo } from '../kyc-status';
import { KycStatusBadge } from '../KycStatusBadge';
import { kycStep } from '../steps';
import type { StepFormProps } from '../step-types';

/** How often the status view asks again while it is open. */
export const VERIFY_POLL_MS = 30_000;

type Stage = { label: string; state: 'done' | 'current' | 'upcoming' | 'failed' };

export function verificationStages(key: KycStatusInfo['key']): Stage[] {
  switch (key) {
    case 'submitted':
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
        { label: 'Not approved', state: 'failed' },
      ];
    default:
      return [
        { label: 'Submit your details', state: 'current' },
        { label: 'Compliance review', state: 'upcoming' },
        { label: 'Decision', state: 'upcoming' },
      ];
  }
}

export function VerifyStep({ user: initialUser }: StepFormProps) {
  // The same user query as everywhere, asked again every 30 s while this view is open.
  const query = useQuery({
    queryKey: ME_KEY,
    queryFn: fetchCurrentUser,
    ...userQueryOptions,
    refetchInterval: VERIFY_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const user = query.data ?? initialUser;
  const info = kycStatusInfo(user.kycStatus);
  const notSent = info.key === 'not_started' || info.key === 'in_progress';
  const resume = notSent && hasSavedDraft(user.id);
  const checkedAt = query.dataUpdatedAt ? new Date(query.dataUpdatedAt) : null;

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

        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {notSent ? (
            <a href={resume ? '/kyc/review' : info.action.href} className={primaryButtonClass}>
              {resume ? 'Go to review' : info.action.label}
            </a>
          ) : (
            <a href={info.action.href} className={primaryButtonClass}>
              {info.action.label}
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
        {checkedAt ? `Last checked at ${checkedAt.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}. ` : ''}
        This page checks again every 30 seconds while it’s open.
        {query.isError ? ' The last check failed; we’ll keep trying.' : ''}
      </p>
      {notSent && (
        <p className="mt-6 text-sm text-slate-600">
          Not sure where you stopped? <a href={kycStep('personal').path} className="font-medium text-brand-700 underline underline-offset-2">Start from personal info</a>; your
          answers in this tab are kept.
        </p>
      )}
    </div>
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
