import { describe, expect, it } from 'vitest';
import { emptyAnswers, type OnboardingJson } from '@modules/onboarding/contract';
import { hasStarted, landingView, onboardingPath, onboardingViewFromPath, previousView } from './onboarding';

function state(patch: Partial<OnboardingJson> = {}): OnboardingJson {
  return {
    steps: ['goals', 'experience', 'risk', 'preferences'],
    currentStep: 'goals',
    completedSteps: [],
    answers: emptyAnswers(),
    riskProfile: null,
    complete: false,
    completedAt: null,
    updatedAt: null,
    ...patch,
  };
}

describe('onboarding routes', () => {
  it('maps paths to views, case-insensitively with a trailing slash, and rejects unknown steps', () => {
    expect(onboardingViewFromPath('/onboarding')).toBe('overview');
    expect(onboardingViewFromPath('/Onboarding/Risk/')).toBe('risk');
    expect(onboardingViewFromPath('/onboarding/summary')).toBe('summary');
    expect(onboardingViewFromPath('/onboarding/nope')).toBeNull();
    expect(onboardingPath('overview')).toBe('/onboarding');
    expect(onboardingPath('preferences')).toBe('/onboarding/preferences');
  });

  it('shows the start page to someone who has not started', () => {
    expect(hasStarted(state())).toBe(false);
    expect(landingView('overview', state())).toBe('overview');
  });

  it('resumes /onboarding at the saved step once started, and at the summary once complete', () => {
    const started = state({ currentStep: 'risk', completedSteps: ['goals', 'experience'], updatedAt: '2026-01-01T00:00:00Z' });
    expect(landingView('overview', started)).toBe('risk');
    // A step opened directly (an edit link, the browser's Back) stays where it was asked to be.
    expect(landingView('goals', started)).toBe('goals');
    const done = state({ currentStep: 'summary', complete: true, completedSteps: ['goals', 'experience', 'risk', 'preferences'], updatedAt: '2026-01-01T00:00:00Z' });
    expect(landingView('overview', done)).toBe('summary');
  });

  it('keeps the summary closed until every step is done', () => {
    expect(landingView('summary', state({ currentStep: 'experience', updatedAt: '2026-01-01T00:00:00Z' }))).toBe('experience');
  });

  it('goes back from the first step to the start page', () => {
    expect(previousView('goals')).toBe('overview');
    expect(previousView('preferences')).toBe('risk');
  });
});
