import { useQuery } from '@tanstack/react-query';
import { ONBOARDING_STEPS, type OnboardingJson } from '@modules/onboarding/contract';
import { api } from '@site/lib/api';
import { primaryButtonClass } from '../kyc/fields';
import { hasStarted, ONBOARDING_KEY, onboardingPath } from './onboarding';

/**
 * "Finish onboarding" for the dashboard: shown to a signed-in investor until all four onboarding steps
 * are done, linking to where they stopped. Renders nothing once onboarding is complete, while loading,
 * or when the progress cannot be read (the dashboard has enough else to show).
 */
export function FinishOnboardingCard() {
  const { data } = useQuery({ queryKey: ONBOARDING_KEY, queryFn: () => api.get<OnboardingJson>('/api/onboarding') });
  if (!data || data.complete) return null;
  const started = hasStarted(data);
  const done = data.completedSteps.length;
  const total = ONBOARDING_STEPS.length;
  return (
    <section
      aria-labelledby="finish-onboarding-title"
      className="flex flex-col gap-4 rounded-xl border border-brand-200 bg-white p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
      data-testid="finish-onboarding"
    >
      <div>
        <h2 id="finish-onboarding-title" className="text-base font-semibold text-ink">
          {started ? 'Finish onboarding' : 'Tell us what you’re investing for'}
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          {started
            ? `You’ve answered ${done} of ${total} short steps. Pick up where you left off; it takes about a minute.`
            : 'Four short steps about your goals, experience and preferences, so we show you the right properties and plans.'}
        </p>
        <div
          className="mt-3 h-1.5 max-w-xs overflow-hidden rounded-full bg-slate-100"
          role="progressbar"
          aria-label="Onboarding progress"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={`${done} of ${total} steps done`}
        >
          <div className="h-full rounded-full bg-brand-600" style={{ width: `${(done / total) * 100}%` }} />
        </div>
      </div>
      <a href={started ? onboardingPath(data.currentStep) : '/onboarding'} className={`${primaryButtonClass} shrink-0`}>
        {started ? 'Continue' : 'Get started'}
      </a>
    </section>
  );
}
