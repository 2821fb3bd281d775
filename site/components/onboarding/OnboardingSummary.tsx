/** The onboarding summary: the risk profile the answers give, and the answers to review. */
import { type CurrentUser, isKycVerified } from '@modules/auth/contract';
import { EXPERIENCE_LEVELS, GOALS, HORIZONS, labelOf, type OnboardingAnswers, type OnboardingJson, type OnboardingStep, RISK_QUESTIONS, type RiskProfile, riskProfile } from '@modules/onboarding/contract';
import { CURRENCIES } from '@modules/platform/contract';
import { primaryButtonClass, secondaryButtonClass } from '../kyc/fields';
import { type OnboardingRoute, onboardingPath } from './onboarding';
import { navLink } from './OnboardingProgress';

const RISK_SHORT_LABELS: Record<(typeof RISK_QUESTIONS)[number]['key'], string> = {
  drop: 'If a property fell 15%',
  share: 'Share of savings',
  access: 'Money left invested',
};

const profileTone: Record<RiskProfile['key'], string> = {
  cautious: 'border-sky-200 bg-sky-50/70',
  balanced: 'border-brand-200 bg-brand-50/60',
  growth: 'border-sand-300 bg-sand-50',
};

function RiskProfileCard({ profile }: { profile: RiskProfile }) {
  return (
    <section aria-labelledby="risk-profile-heading" className={`mt-8 rounded-2xl border p-5 sm:p-6 ${profileTone[profile.key]}`} data-testid="risk-profile">
      <p className="text-sm font-semibold uppercase tracking-wider text-slate-600" id="risk-profile-heading">
        Your risk profile
      </p>
      <p className="mt-2 text-2xl font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        {profile.label}
      </p>
      <div className="mt-3 flex items-center gap-3">
        <div
          className="h-2 flex-1 overflow-hidden rounded-full bg-white/80 ring-1 ring-slate-200"
          role="meter"
          aria-label="Risk score"
          aria-valuemin={0}
          aria-valuemax={profile.maxScore}
          aria-valuenow={profile.score}
          aria-valuetext={`${profile.score} out of ${profile.maxScore}`}
        >
          <div className="h-full rounded-full bg-gradient-to-r from-sky-400 via-brand-500 to-sand-500" style={{ width: `${(profile.score / profile.maxScore) * 100}%` }} />
        </div>
        <span className="text-sm text-slate-600">
          {profile.score} / {profile.maxScore}
        </span>
      </div>
      <p className="mt-3 text-[15px] leading-relaxed text-slate-700">{profile.description}</p>
      <p className="mt-2 text-xs text-slate-500">From your time horizon, experience and answers to the risk questions. It guides what we show you; it isn’t advice.</p>
    </section>
  );
}

export function Summary({
  user,
  state,
  answers,
  go,
  onRestart,
}: {
  user: CurrentUser;
  state: OnboardingJson;
  answers: OnboardingAnswers;
  go: (v: OnboardingRoute) => void;
  onRestart: () => void;
}) {
  const verified = isKycVerified(user.kycStatus);
  const a = answers;
  const profile = state.riskProfile ?? riskProfile(a);
  const rows: { slug: OnboardingStep; label: string; value: string }[] = [
    { slug: 'goals', label: 'Goals', value: a.goals.goals.map((g) => labelOf(GOALS, g)).join(', ') },
    { slug: 'goals', label: 'Time horizon', value: labelOf(HORIZONS, a.goals.horizon) },
    { slug: 'experience', label: 'Experience', value: labelOf(EXPERIENCE_LEVELS, a.experience.level) },
    ...RISK_QUESTIONS.map((q) => ({ slug: 'risk' as const, label: RISK_SHORT_LABELS[q.key], value: labelOf(q.choices, a.risk[q.key]) })),
    { slug: 'preferences', label: 'Currency', value: a.preferences.currency ? `${a.preferences.currency} · ${CURRENCIES[a.preferences.currency].name}` : '' },
    { slug: 'preferences', label: 'Investment mode', value: a.preferences.mode === 'manual' ? 'Manual' : 'Automated (monthly SIP)' },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-widest text-sand-600">Getting started</p>
      <h1 data-step-heading tabIndex={-1} className="mt-3 text-4xl font-semibold tracking-tight text-ink focus:outline-none sm:text-5xl" style={{ fontFamily: 'var(--font-display)' }}>
        You’re all set
      </h1>
      {profile && <RiskProfileCard profile={profile} />}
      {verified ? (
        <>
          <p className="mt-8 max-w-xl text-lg leading-relaxed text-slate-600">Your identity is already verified, so you can invest whenever you’re ready.</p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <a href="/properties" className={primaryButtonClass}>
              Browse properties
            </a>
            <a href="/dashboard" className={secondaryButtonClass}>
              Go to your dashboard
            </a>
          </div>
        </>
      ) : (
        <>
          <p className="mt-8 max-w-xl text-lg leading-relaxed text-slate-600">
            One step before you can invest: verify your identity. UAE rules require it for every investor, and it takes 5-10 minutes.
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <a href="/kyc" className={primaryButtonClass}>
              Continue to verification
            </a>
            <a href="/properties" className={secondaryButtonClass}>
              Browse properties first
            </a>
          </div>
        </>
      )}
      <section aria-labelledby="answers-heading" className="mt-12 rounded-2xl border border-slate-200 bg-white">
        <div className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
          <h2 id="answers-heading" className="font-semibold text-ink">
            Your answers
          </h2>
          <button type="button" onClick={onRestart} className="text-sm font-medium text-slate-600 underline underline-offset-2 hover:text-ink">
            Start over
          </button>
        </div>
        <dl className="divide-y divide-slate-100 px-5">
          {rows.map((r) => (
            <div key={r.label} className="grid gap-1 py-3 text-sm sm:grid-cols-[200px_1fr_auto] sm:items-center sm:gap-4">
              <dt className="text-slate-500">{r.label}</dt>
              <dd className="text-ink">{r.value}</dd>
              <dd>
                <a href={onboardingPath(r.slug)} onClick={navLink(go, r.slug)} className="font-medium text-brand-700 hover:text-brand-900">
                  Change<span className="sr-only"> {r.label.toLowerCase()}</span>
                </a>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="mt-4 text-sm text-slate-500">Saved to your account{state.completedAt ? ` on ${new Date(state.completedAt).toLocaleDateString()}` : ''}.</p>
    </div>
  );
}
