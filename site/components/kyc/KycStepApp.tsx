import { type ReactNode, useCallback } from 'react';
import type { CurrentUser } from '@modules/auth/contract';
import { useCurrentUser } from '@site/lib/stores/auth';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { LoadingContent } from '../react/LoadingContent';
import { SignedOutCard } from '../auth/SignedOutCard';
import { primaryButtonClass, secondaryButtonClass } from './fields';
import { kycStatusInfo } from './kyc-status';
import { KycStatusBadge } from './KycStatusBadge';
import { KycStepper } from './KycStepper';
import type { StepFormProps } from './step-types';
import { KYC_STEP_SLUGS, KYC_STEPS, type KycStepSlug, kycFallbackName, kycStep, kycStepFromPath, kycStepIndex } from './steps';
import { AddressStep } from './steps/AddressStep';
import { DocumentsStep } from './steps/DocumentsStep';
import { FinancialStep } from './steps/FinancialStep';
import { PersonalStep } from './steps/PersonalStep';
import { ReviewStep } from './steps/ReviewStep';
import { VerifyStep } from './steps/VerifyStep';
import { useKycApplication } from './use-kyc';
import { usePathStep } from './use-path-step';

const INTRO: Record<KycStepSlug, string> = {
  personal: 'Tell us who you are, exactly as your ID shows it.',
  documents: 'Clear photos or scans of your ID, a recent proof of address and a selfie. Blurry or cropped images are the most common reason a check takes longer.',
  address: 'Where you live now. It needs to match your proof of address.',
  financial: 'A few questions about your work and finances. Bands are enough; we don’t need exact figures.',
  review: 'Check your answers. You can edit any section before you submit.',
  verify: 'Follow your verification here. This page checks for updates by itself.',
};

const WHY: Record<KycStepSlug, string> = {
  personal: 'UAE anti-money-laundering rules require us to confirm the identity of every investor. We match these details against your ID document.',
  documents: 'Your documents prove the details you gave us, and the selfie confirms that the ID is yours.',
  address: 'Regulations require a verified home address. We compare it with your proof of address, so use the same spelling.',
  financial: 'We must understand where invested money comes from and make sure property investing suits your circumstances.',
  review: 'Differences between your answers and your documents are the most common reason a review takes longer.',
  verify: 'A member of our compliance team reviews every submission. If anything needs clarifying, we’ll contact you.',
};

const FORMS: Record<KycStepSlug, (p: StepFormProps) => ReactNode> = {
  personal: PersonalStep,
  documents: DocumentsStep,
  address: AddressStep,
  financial: FinancialStep,
  review: ReviewStep,
  verify: VerifyStep,
};

const titleOf = (slug: KycStepSlug) => `${kycStep(slug).title} · Identity verification`;

/** One island for the six /kyc step pages: it moves between them without a reload, each step inside its own error fallback. */
export default function KycStepApp({ step }: { step: KycStepSlug }) {
  return (
    <AppProviders>
      <KycJourney initial={step} />
    </AppProviders>
  );
}

function KycJourney({ initial }: { initial: KycStepSlug }) {
  const [step, setStep] = usePathStep(initial, kycStepFromPath, titleOf);
  const go = useCallback((slug: KycStepSlug) => setStep(slug, kycStep(slug).path), [setStep]);
  return (
    <WithErrorFallback key={step} component={kycFallbackName(step)}>
      <KycStepScreen step={step} go={go} />
    </WithErrorFallback>
  );
}

function KycStepScreen({ step, go }: { step: KycStepSlug; go: (slug: KycStepSlug) => void }) {
  const { data: user, isPending, isError, refetch } = useCurrentUser();

  if (user) return <SignedInStep key={user.id} user={user} step={step} go={go} />;
  return (
    <StepFrame step={step} completed={[]} go={go}>
      {isPending ? (
        <LoadingContent />
      ) : isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50/60 p-5">
          <h2 className="font-semibold text-ink">We couldn’t check your account</h2>
          <p className="mt-1 text-sm text-slate-600">Your connection may have dropped. Your answers in this tab are safe.</p>
          <button type="button" onClick={() => void refetch()} className={`mt-4 ${secondaryButtonClass}`}>
            Try again
          </button>
        </div>
      ) : (
        <SignedOutCard title="Log in to continue verification">
          Verification is tied to your account, so your details stay private and your investments are held in your name. Log in, or create an
          account in about a minute.
        </SignedOutCard>
      )}
    </StepFrame>
  );
}

function SignedInStep({ user, step, go }: { user: CurrentUser; step: KycStepSlug; go: (slug: KycStepSlug) => void }) {
  const { data: app, isPending, isError, refetch } = useKycApplication();

  if (isPending || !app) {
    return (
      <StepFrame step={step} completed={[]} go={go}>
        {isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50/60 p-5">
            <h2 className="font-semibold text-ink">We couldn’t load your verification</h2>
            <p className="mt-1 text-sm text-slate-600">Your connection may have dropped. Everything you saved is safe.</p>
            <button type="button" onClick={() => void refetch()} className={`mt-4 ${secondaryButtonClass}`}>
              Try again
            </button>
          </div>
        ) : (
          <LoadingContent />
        )}
      </StepFrame>
    );
  }

  const info = kycStatusInfo(app.status);
  const next = () => go(KYC_STEP_SLUGS[kycStepIndex(step) + 1] ?? 'verify');
  const completed: KycStepSlug[] =
    info.key === 'approved'
      ? [...KYC_STEP_SLUGS]
      : (['personal', 'documents', 'address', 'financial', 'review'] as const).filter((s) => app.steps[s].complete || (s === 'review' && !app.editable));
  const Form = FORMS[step];

  return (
    <StepFrame step={step} completed={completed} go={go}>
      {app.editable || step === 'verify' ? (
        <Form user={user} app={app} next={next} go={go} />
      ) : (
        <div className="rounded-xl border border-slate-200 bg-slate-50/70 p-5 sm:p-6" data-testid="kyc-locked">
          <KycStatusBadge info={info} />
          <h2 className="mt-3 text-lg font-semibold text-ink">{info.headline}</h2>
          <p className="mt-1 text-[15px] text-slate-600">
            {info.key === 'approved'
              ? 'Your verified details can’t be changed here. If something has changed, contact support and we’ll update it with you.'
              : 'Your submitted details can’t be changed while they’re being reviewed. If something is wrong, contact support.'}
          </p>
          <div className="mt-5 flex flex-col gap-3 sm:flex-row">
            <a href={info.action.href} className={primaryButtonClass}>
              {info.action.label}
            </a>
            <a href="/contact" className={secondaryButtonClass}>
              Contact support
            </a>
          </div>
        </div>
      )}
    </StepFrame>
  );
}

function StepFrame({ step, completed, go, children }: { step: KycStepSlug; completed: readonly KycStepSlug[]; go: (slug: KycStepSlug) => void; children: ReactNode }) {
  const s = kycStep(step);
  const index = kycStepIndex(step);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <a href="/kyc" className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-ink">
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          <path d="M19 12H5M11 18l-6-6 6-6" />
        </svg>
        Identity verification
      </a>
      <div className="mt-6">
        <KycStepper current={step} completed={completed} onNavigate={go} />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_300px]">
        <div className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <p className="text-sm font-medium text-sand-700">
            Step {index + 1} of {KYC_STEPS.length}
          </p>
          <h1 data-step-heading tabIndex={-1} className="mt-1 text-2xl font-semibold text-ink focus:outline-none sm:text-3xl" style={{ fontFamily: 'var(--font-display)' }}>
            {s.title}
          </h1>
          <p className="mt-2 max-w-2xl text-[15px] leading-relaxed text-slate-600">{INTRO[step]}</p>
          <div className="mt-7">{children}</div>
        </div>
        <aside aria-label="About this step" className="space-y-4 text-sm leading-relaxed text-slate-600">
          <div className="rounded-2xl border border-slate-200 bg-sand-50/60 p-5">
            <h2 className="font-semibold text-ink">Why we ask</h2>
            <p className="mt-1.5">{WHY[step]}</p>
          </div>
          <div className="rounded-2xl border border-slate-200 p-5">
            <h2 className="font-semibold text-ink">Your privacy</h2>
            <p className="mt-1.5">
              {step === 'verify'
                ? 'Submitted details travel over an encrypted connection, and only you and our compliance team can see them.'
                : 'Each step is saved to your account over an encrypted connection as soon as it’s complete. Only you and our compliance team can see your details and documents.'}
            </p>
          </div>
          <div className="rounded-2xl border border-slate-200 p-5">
            <h2 className="font-semibold text-ink">Need help?</h2>
            <p className="mt-1.5">
              The whole process takes 5-10 minutes.{' '}
              <a href="/contact" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
                Contact our team
              </a>{' '}
              if you’re stuck on a document.
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}
