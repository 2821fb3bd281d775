// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@modules/auth/contract';
import {
  emptyAnswers,
  isOnboardingStep,
  isStepComplete,
  mergeAnswers,
  onboardingDraftInput,
  type OnboardingAnswers,
  type OnboardingJson,
  ONBOARDING_STEP_SLUGS,
  onboardingStepInputs,
  type OnboardingView,
  resumeView,
  riskProfile,
} from '@modules/onboarding/contract';
import { getQueryClient } from '@site/lib/query';
import { $currency, CURRENCY_STORAGE_KEY } from '@site/lib/stores/currency';
import { $investmentMode } from '@site/lib/stores/session';
import OnboardingFlow, { AUTOSAVE_MS } from './OnboardingFlow';

const noor: CurrentUser = { id: 'u1', firstName: 'Noor', lastName: 'Saleh', email: 'noor@example.com', role: 'investor', mfaEnabled: false, kycStatus: 'not_started', unicode: 'MZ-TEST01' };

/** A small stand-in for the onboarding API, using the same contract the server validates with. */
function fakeServer(user: CurrentUser | null, start?: { answers?: OnboardingAnswers; completed?: string[]; currentStep?: OnboardingView }) {
  let answers = start?.answers ?? emptyAnswers();
  let completed = start?.completed ?? [];
  let currentStep: OnboardingView = start?.currentStep ?? 'goals';
  let touched = Boolean(start);
  const calls: { method: string; url: string; body: unknown }[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const snapshot = (): OnboardingJson => {
    const done = ONBOARDING_STEP_SLUGS.filter((s) => completed.includes(s) && isStepComplete(s, answers));
    return {
      steps: [...ONBOARDING_STEP_SLUGS],
      currentStep,
      completedSteps: done,
      answers,
      riskProfile: riskProfile(answers),
      complete: done.length === 4,
      completedAt: done.length === 4 ? '2026-03-01T10:00:00Z' : null,
      updatedAt: touched ? '2026-03-01T10:00:00Z' : null,
    };
  };
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (url === '/api/auth/me') return user ? json(user) : json({ message: 'You are not logged in.', error: 'unauthenticated' }, 401);
    if (url === '/api/investment/mode') return json({ success: true, mode: body.mode });
    if (url === '/api/onboarding' && method === 'GET') return json(snapshot());
    if (url === '/api/onboarding' && method === 'PUT') {
      const parsed = onboardingDraftInput.parse(body);
      answers = mergeAnswers(answers, parsed.answers);
      currentStep = parsed.currentStep ?? currentStep;
      touched = true;
      return json(snapshot());
    }
    const step = url.replace('/api/onboarding/', '');
    if (method === 'PUT' && isOnboardingStep(step)) {
      const parsed = onboardingStepInputs[step].safeParse(body);
      if (!parsed.success) return json({ message: 'Invalid', error: 'validation_failed', fields: { [String(parsed.error.issues[0].path[0])]: parsed.error.issues[0].message } }, 400);
      answers = mergeAnswers(answers, { [step]: parsed.data });
      completed = [...new Set([...completed, step])];
      currentStep = resumeView(completed as never);
      touched = true;
      return json(snapshot());
    }
    return json({ message: 'not found', error: 'not_found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, snapshot };
}

function at(path: string) {
  window.history.replaceState(null, '', path);
}

beforeEach(() => {
  localStorage.clear();
  $currency.set('AED');
  getQueryClient().clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('onboarding flow', () => {
  it('asks a visitor to log in, since answers are saved to the account', async () => {
    fakeServer(null);
    at('/onboarding');
    render(<OnboardingFlow view="overview" />);
    expect(await screen.findByRole('heading', { name: 'Log in to get started' })).toBeTruthy();
  });

  it('resumes /onboarding at the step saved on the server, with a welcome back', async () => {
    const answers = emptyAnswers();
    answers.goals = { goals: ['income'], horizon: '5_10' };
    answers.experience = { level: 'new', assets: [] };
    answers.risk = { drop: 'wait', share: '', access: '' };
    fakeServer(noor, { answers, completed: ['goals', 'experience'], currentStep: 'risk' });
    at('/onboarding');
    render(<OnboardingFlow view="overview" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'How you feel about risk' })).toBeTruthy();
    expect(window.location.pathname).toBe('/onboarding/risk');
    expect(screen.getByTestId('onboarding-resumed').textContent).toContain('Welcome back, Noor');
    // The half-answered step comes back as it was left.
    expect((screen.getByLabelText('Wait, because property moves in long cycles') as HTMLInputElement).checked).toBe(true);
  });

  it('checks the answers, then saves the step on the server and moves on', async () => {
    const server = fakeServer(noor);
    at('/onboarding/goals');
    render(<OnboardingFlow view="goals" />);
    await screen.findByRole('heading', { level: 1, name: 'What are you investing for?' });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Step 1 of 4: Goals');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Choose at least one goal')).toBeTruthy();
    expect(screen.getByText('Choose how long you plan to stay invested')).toBeTruthy();
    expect(server.calls.some((c) => c.url === '/api/onboarding/goals')).toBe(false);

    fireEvent.click(screen.getByLabelText(/^Save for a home/));
    fireEvent.click(screen.getByLabelText('More than 10 years'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your investing experience' })).toBeTruthy();
    expect(window.location.pathname).toBe('/onboarding/experience');
    expect(server.calls.find((c) => c.url === '/api/onboarding/goals')?.body).toEqual({ goals: ['home'], horizon: 'over_10' });
    expect(server.snapshot().completedSteps).toEqual(['goals']);
    expect(screen.getByTestId('save-status').textContent).toContain('Saved');
  });

  it('saves partial answers as the investor goes, with a visible status', async () => {
    const server = fakeServer(noor);
    at('/onboarding/experience');
    render(<OnboardingFlow view="experience" />);
    await screen.findByRole('heading', { level: 1, name: 'Your investing experience' });
    vi.useFakeTimers();
    fireEvent.click(screen.getByLabelText(/^Some experience/));
    expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(AUTOSAVE_MS + 10);
    });
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByTestId('save-status').getAttribute('data-state')).toBe('saved'));
    const put = server.calls.find((c) => c.method === 'PUT' && c.url === '/api/onboarding');
    expect(put?.body).toMatchObject({ currentStep: 'experience', answers: { experience: { level: 'some', assets: [] } } });
    expect(server.snapshot().answers.experience.level).toBe('some');
  });

  it('shows the server’s message next to the field when it refuses an answer', async () => {
    fakeServer(noor);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === '/api/auth/me') return new Response(JSON.stringify(noor), { headers: { 'content-type': 'application/json' } });
        if (init?.method === 'PUT' && url === '/api/onboarding/risk') {
          return new Response(JSON.stringify({ message: 'Choose an answer', error: 'validation_failed', fields: { access: 'This answer was not recognised' } }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          });
        }
        const a = emptyAnswers();
        return new Response(JSON.stringify({ steps: ONBOARDING_STEP_SLUGS, currentStep: 'risk', completedSteps: [], answers: a, riskProfile: null, complete: false, completedAt: null, updatedAt: null }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    at('/onboarding/risk');
    render(<OnboardingFlow view="risk" />);
    await screen.findByRole('heading', { level: 1, name: 'How you feel about risk' });
    fireEvent.click(screen.getByLabelText('Sell, to avoid losing more'));
    fireEvent.click(screen.getByLabelText('Less than 10%'));
    fireEvent.click(screen.getByLabelText('Yes, I won’t need it'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('This answer was not recognised')).toBeTruthy();
    expect(window.location.pathname).toBe('/onboarding/risk');
  });

  it('sets the currency and investment mode, then ends at a summary with the risk profile and a link to /kyc', async () => {
    const answers = emptyAnswers();
    answers.goals = { goals: ['income'], horizon: '5_10' };
    answers.experience = { level: 'some', assets: [] };
    answers.risk = { drop: 'wait', share: '10_25', access: 'probably' };
    const server = fakeServer(noor, { answers, completed: ['goals', 'experience', 'risk'], currentStep: 'preferences' });
    at('/onboarding/preferences');
    render(<OnboardingFlow view="preferences" />);
    await screen.findByRole('heading', { level: 1, name: 'Currency and investment mode' });
    fireEvent.click(screen.getByLabelText(/^GBP/));
    expect($currency.get()).toBe('GBP');
    expect(localStorage.getItem(CURRENCY_STORAGE_KEY)).toBe('GBP');
    // §4: investment mode defaults to automated.
    expect((screen.getByLabelText(/^Automated/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText(/^Manual/));
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re all set' })).toBeTruthy();
    expect(window.location.pathname).toBe('/onboarding/summary');
    expect(server.calls.find((c) => c.url === '/api/investment/mode')?.body).toEqual({ mode: 'manual' });
    expect($investmentMode.get()).toBe('manual');
    expect(screen.getByTestId('risk-profile').textContent).toContain('Balanced');
    expect(screen.getByRole('link', { name: 'Continue to verification' }).getAttribute('href')).toBe('/kyc');
    expect(screen.getByRole('link', { name: 'Change goals' }).getAttribute('href')).toBe('/onboarding/goals');
  });
});
