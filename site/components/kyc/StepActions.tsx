import type { MouseEvent, ReactNode } from 'react';
import { primaryButtonClass, secondaryButtonClass } from './fields';
import { type KycStepSlug, kycStep } from './steps';
import { type SaveState, SaveStatus } from './SaveStatus';
import { isPlainClick } from './use-path-step';

/** Back (a link, so it also works as one), the save status, and the step's primary button. */
export function StepActions({
  back,
  go,
  primary,
  status,
  onRetry,
  note,
}: {
  back: KycStepSlug | 'overview';
  go: (slug: KycStepSlug) => void;
  primary: ReactNode;
  status?: SaveState;
  onRetry?: () => void;
  note?: ReactNode;
}) {
  const href = back === 'overview' ? '/kyc' : kycStep(back).path;
  const onBack = (e: MouseEvent<HTMLAnchorElement>) => {
    if (back === 'overview' || !isPlainClick(e)) return;
    e.preventDefault();
    go(back);
  };
  return (
    <div className="mt-8 border-t border-slate-100 pt-6">
      {note && <p className="mb-3 text-sm text-slate-500">{note}</p>}
      {status && (
        <div className="mb-4">
          <SaveStatus status={status} onRetry={onRetry} idleText="Each step saves to your account as you go" />
        </div>
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-start sm:justify-between">
        <a href={href} onClick={onBack} className={secondaryButtonClass}>
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M19 12H5M11 18l-6-6 6-6" />
          </svg>
          Back
        </a>
        {primary}
      </div>
    </div>
  );
}

export function ContinueButton({ label = 'Continue', busy = false }: { label?: string; busy?: boolean }) {
  return (
    <button type="submit" className={primaryButtonClass} disabled={busy} aria-busy={busy || undefined}>
      {busy ? 'Saving…' : label}
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M5 12h14M13 6l6 6-6 6" />
      </svg>
    </button>
  );
}

export function linkTo(go: (slug: KycStepSlug) => void, slug: KycStepSlug) {
  return {
    href: kycStep(slug).path,
    onClick: (e: MouseEvent<HTMLAnchorElement>) => {
      if (!isPlainClick(e)) return;
      e.preventDefault();
      go(slug);
    },
  };
}
