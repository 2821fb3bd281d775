/** The onboarding flow's first screen: what the questions are for, and the start button. */
import { ONBOARDING_STEPS } from '@modules/onboarding/contract';
import { primaryButtonClass } from '../kyc/fields';
import { onboardingPath } from './onboarding';
import { navLink } from './OnboardingProgress';
import { useMinimumLabel } from './OnboardingSteps';

export function Intro({ onStart }: { onStart: () => void }) {
  const minimum = useMinimumLabel();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <p className="text-sm font-semibold uppercase tracking-widest text-sand-600">Getting started</p>
      <h1 data-step-heading tabIndex={-1} className="mt-3 text-4xl font-semibold tracking-tight text-ink focus:outline-none sm:text-5xl" style={{ fontFamily: 'var(--font-display)' }}>
        Shape Manzil around you
      </h1>
      <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">
        Four short steps, about 2 minutes. Your answers help us show you the right properties and plans, from {minimum}. Then you’ll verify your
        identity so you can invest.
      </p>
      <ol className="mt-8 grid gap-3 sm:grid-cols-2" aria-label="Onboarding steps">
        {ONBOARDING_STEPS.map((s, i) => (
          <li key={s.slug} className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <span aria-hidden="true" className="grid h-8 w-8 shrink-0 place-items-center rounded-full border-2 border-slate-300 text-sm font-semibold text-slate-500">
              {i + 1}
            </span>
            <span className="text-sm">
              <span className="block font-medium text-ink">{s.label}</span>
              <span className="text-slate-600">{s.title}</span>
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-8">
        <a href={onboardingPath('goals')} onClick={navLink(() => onStart(), 'goals')} className={primaryButtonClass}>
          Start
        </a>
      </div>
      <p className="mt-6 text-sm text-slate-500">Your answers are saved to your account as you go, so you can leave and come back.</p>
    </div>
  );
}
