// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getQueryClient } from '../../lib/query';
import { $currency, CURRENCY_STORAGE_KEY } from '../../lib/stores/currency';
import { completeStep, emptyOnboarding, loadOnboarding, ONBOARDING_KEY, saveOnboarding } from './onboarding';
import OnboardingFlow from './OnboardingFlow';

beforeEach(() => {
  localStorage.clear();
  $currency.set('AED');
  getQueryClient().clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ message: 'You are not logged in.', error: 'unauthenticated' }), { status: 401, headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function at(path: string) {
  window.history.replaceState(null, '', path);
}

describe('onboarding flow', () => {
  it('welcomes a returning visitor back at the step where they stopped', () => {
    let s = emptyOnboarding();
    s.answers.goals = { goals: ['income'], horizon: '5_10' };
    s.answers.experience = { level: 'new', assets: [] };
    s = completeStep(completeStep(s, 'goals'), 'experience');
    saveOnboarding(s);
    at('/onboarding');
    render(<OnboardingFlow view="overview" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue with risk' }).getAttribute('href')).toBe('/onboarding/risk');
  });

  it('asks for the missing answers, then saves them and moves to the next step', () => {
    at('/onboarding/goals');
    render(<OnboardingFlow view="goals" />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Step 1 of 4: Goals');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Choose at least one goal')).toBeTruthy();
    expect(window.location.pathname).toBe('/onboarding/goals');

    fireEvent.click(screen.getByLabelText(/^Long-term growth/));
    fireEvent.click(screen.getByLabelText('More than 10 years'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(window.location.pathname).toBe('/onboarding/experience');
    expect(screen.getByRole('heading', { level: 1, name: 'Your investing experience' })).toBeTruthy();
    const saved = loadOnboarding();
    expect(saved.completed).toEqual(['goals']);
    expect(saved.answers.goals).toEqual({ goals: ['growth'], horizon: 'over_10' });
    expect(JSON.parse(localStorage.getItem(ONBOARDING_KEY)!).version).toBe(1);
  });

  it('warns about the early exit fee for horizons under 3 years', () => {
    at('/onboarding/goals');
    render(<OnboardingFlow view="goals" />);
    fireEvent.click(screen.getByLabelText('Less than 3 years'));
    expect(screen.getByRole('note').textContent).toContain('0.5% early exit fee');
  });

  it('sets the site currency from the preferences step and ends with a link to /kyc', () => {
    let s = emptyOnboarding();
    s.answers.goals = { goals: ['income'], horizon: '5_10' };
    s.answers.experience = { level: 'new', assets: [] };
    s.answers.risk = { drop: 'wait', share: 'under_10', access: 'yes' };
    for (const step of ['goals', 'experience', 'risk'] as const) s = completeStep(s, step);
    saveOnboarding(s);
    at('/onboarding/preferences');
    render(<OnboardingFlow view="preferences" />);
    fireEvent.click(screen.getByLabelText(/^GBP/));
    expect($currency.get()).toBe('GBP');
    expect(localStorage.getItem(CURRENCY_STORAGE_KEY)).toBe('GBP');
    // §4: investment mode defaults to automated.
    expect((screen.getByLabelText(/^Automated/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(window.location.pathname).toBe('/onboarding');
    expect(screen.getByRole('heading', { level: 1, name: 'You’re all set' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe('/kyc');
  });
});
