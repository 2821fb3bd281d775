// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyAnswers, type OnboardingJson } from '@modules/onboarding/contract';
import { createQueryClient } from '@site/lib/query';
import { FinishOnboardingCard } from './FinishOnboardingCard';
import { ONBOARDING_KEY } from './onboarding';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(state: Partial<OnboardingJson>) {
  const body: OnboardingJson = {
    steps: ['goals', 'experience', 'risk', 'preferences'],
    currentStep: 'goals',
    completedSteps: [],
    answers: emptyAnswers(),
    riskProfile: null,
    complete: false,
    completedAt: null,
    updatedAt: null,
    ...state,
  };
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } })));
  const client = createQueryClient();
  return {
    client,
    ...render(
    <QueryClientProvider client={client}>
      <FinishOnboardingCard />
    </QueryClientProvider>,
    ),
  };
}

describe('Finish onboarding card', () => {
  it('links a half-way investor back to the step where they stopped', async () => {
    serve({ currentStep: 'risk', completedSteps: ['goals', 'experience'], updatedAt: '2026-03-01T10:00:00Z' });
    expect(await screen.findByRole('heading', { name: 'Finish onboarding' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/onboarding/risk');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('2 of 4 steps done');
  });

  it('invites someone who has not started, and disappears once onboarding is complete', async () => {
    const { unmount } = serve({});
    expect((await screen.findByRole('link', { name: 'Get started' })).getAttribute('href')).toBe('/onboarding');
    unmount();
    const { container, client } = serve({ complete: true, currentStep: 'summary', completedSteps: ['goals', 'experience', 'risk', 'preferences'], updatedAt: '2026-03-01T10:00:00Z' });
    await waitFor(() => expect(client.getQueryState(ONBOARDING_KEY)?.status).toBe('success'));
    expect(container.textContent).toBe('');
  });
});
