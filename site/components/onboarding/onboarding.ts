import {
  isOnboardingView,
  ONBOARDING_STEPS,
  type OnboardingJson,
  type OnboardingStep,
  type OnboardingView,
} from '@modules/onboarding/contract';

/** Where the island is: the start page at /onboarding, one of the four steps, or the summary. */
export type OnboardingRoute = OnboardingView | 'overview';

export const ONBOARDING_KEY = ['/api/onboarding'] as const;

/** Every prerendered /onboarding/{step} page: the four steps and the summary. */
export const ONBOARDING_PAGES = [
  ...ONBOARDING_STEPS.map((s) => ({ slug: s.slug as OnboardingView, title: s.title })),
  { slug: 'summary' as OnboardingView, title: 'Your investor profile' },
];

export function onboardingPath(view: OnboardingRoute): string {
  return view === 'overview' ? '/onboarding' : `/onboarding/${view}`;
}

/** '/onboarding/risk' → 'risk', '/onboarding' → 'overview' (any case, optional trailing slash). */
export function onboardingViewFromPath(pathname: string): OnboardingRoute | null {
  const m = /^\/onboarding(?:\/([a-z]+))?\/?$/i.exec(pathname);
  if (!m) return null;
  if (!m[1]) return 'overview';
  const slug = m[1].toLowerCase();
  return isOnboardingView(slug) ? slug : null;
}

export function hasStarted(state: Pick<OnboardingJson, 'updatedAt' | 'completedSteps'>): boolean {
  return state.updatedAt !== null || state.completedSteps.length > 0;
}

/**
 * Where a visit to `requested` should land: /onboarding resumes at the saved step once started
 * (or the summary once complete); the summary is only reachable once every step is done.
 */
export function landingView(requested: OnboardingRoute, state: OnboardingJson): OnboardingRoute {
  if (requested === 'overview') return hasStarted(state) ? state.currentStep : 'overview';
  if (requested === 'summary' && !state.complete) return state.currentStep;
  return requested;
}

export function previousView(step: OnboardingStep): OnboardingRoute {
  const i = ONBOARDING_STEPS.findIndex((s) => s.slug === step);
  return i > 0 ? ONBOARDING_STEPS[i - 1].slug : 'overview';
}
