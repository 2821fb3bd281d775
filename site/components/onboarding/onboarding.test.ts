import { describe, expect, it } from 'vitest';
import {
  completeStep,
  emptyOnboarding,
  loadOnboarding,
  ONBOARDING_KEY,
  type OnboardingState,
  onboardingViewFromPath,
  reconcile,
  resumeStep,
  saveOnboarding,
  stepErrors,
} from './onboarding';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    raw: data,
  };
}

function answered(): OnboardingState {
  const s = emptyOnboarding();
  s.answers.goals = { goals: ['income'], horizon: '5_10' };
  s.answers.experience = { level: 'some', assets: [] };
  s.answers.risk = { drop: 'wait', share: '10_25', access: 'yes' };
  s.answers.preferences = { currency: 'GBP', mode: 'manual' };
  return s;
}

describe('onboarding resume', () => {
  it('starts a first-time visitor at goals', () => {
    expect(resumeStep(loadOnboarding(memoryStore()))).toBe('goals');
  });

  it('resumes at the first unanswered step after leaving and coming back', () => {
    const store = memoryStore();
    let s = answered();
    s = completeStep(s, 'goals');
    s = completeStep(s, 'experience');
    saveOnboarding(s, store);
    const back = loadOnboarding(store);
    expect(resumeStep(back)).toBe('risk');
    expect(back.answers.goals.goals).toEqual(['income']);
  });

  it('resumes at an earlier gap even if later steps were done', () => {
    let s = answered();
    s = completeStep(s, 'goals');
    s = completeStep(s, 'risk');
    expect(resumeStep(s)).toBe('experience');
  });

  it('reports complete once all four steps are done, and keeps the chosen currency and mode', () => {
    const store = memoryStore();
    let s = answered();
    for (const step of ['goals', 'experience', 'risk', 'preferences'] as const) s = completeStep(s, step);
    saveOnboarding(s, store);
    const back = loadOnboarding(store);
    expect(resumeStep(back)).toBe('complete');
    expect(back.answers.preferences).toEqual({ currency: 'GBP', mode: 'manual' });
  });

  it('does not mark a step done while its answers are incomplete', () => {
    const s = emptyOnboarding();
    expect(completeStep(s, 'goals').completed).toEqual([]);
    expect(stepErrors('goals', s.answers)).toEqual({ goals: 'Choose at least one goal', horizon: 'Choose how long you plan to stay invested' });
  });

  it('drops a completed step whose answers were later cleared, so resuming never skips it', () => {
    let s = completeStep(answered(), 'goals');
    s = { ...s, answers: { ...s.answers, goals: { goals: [], horizon: '5_10' } } };
    expect(resumeStep(reconcile(s))).toBe('goals');
  });

  it('starts fresh on unreadable or foreign data instead of failing', () => {
    expect(resumeStep(loadOnboarding(memoryStore({ [ONBOARDING_KEY]: '{not json' })))).toBe('goals');
    expect(resumeStep(loadOnboarding(memoryStore({ [ONBOARDING_KEY]: JSON.stringify({ version: 9, completed: ['goals'] }) })))).toBe('goals');
    const tampered = loadOnboarding(
      memoryStore({ [ONBOARDING_KEY]: JSON.stringify({ version: 1, completed: ['goals', 'hack'], answers: { preferences: { currency: 'XYZ', mode: 'yolo' } } }) }),
    );
    expect(tampered.completed).toEqual(['goals']);
    // §4: anything but automated or manual becomes automated; currencies outside the catalogue are dropped.
    expect(tampered.answers.preferences).toEqual({ currency: '', mode: 'automated' });
  });

  it('maps paths to views, case-insensitively with a trailing slash, and rejects unknown steps', () => {
    expect(onboardingViewFromPath('/onboarding')).toBe('overview');
    expect(onboardingViewFromPath('/Onboarding/Risk/')).toBe('risk');
    expect(onboardingViewFromPath('/onboarding/nope')).toBeNull();
  });
});
