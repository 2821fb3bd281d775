import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { onboardingMessages, type OnboardingJson, riskProfile, emptyAnswers } from './contract';

const BASE = '/api/onboarding';

describeEachDb('onboarding API', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let n = 0;

  /** A brand-new investor, signed up through the two signup steps (as after the signup dialog). */
  async function newInvestor() {
    n += 1;
    const c = new TestClient(app);
    const email = `onboard.${kind}.${n}@example.com`;
    expect((await c.post('/api/simplified-auth/signup-step1', { email, password: 'Onboard#2026' })).status).toBe(200);
    const res = await c.post('/api/simplified-auth/signup-step2', { email, firstName: 'Noor', lastName: 'Saleh', phone: '+971501234567', terms: true });
    expect(res.status).toBe(201);
    return c;
  }
  const state = async (c: TestClient) => {
    const res = await c.json<OnboardingJson>('GET', BASE);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
  });
  afterAll(() => database.close());

  it('answers 401 to a visitor on every route', async () => {
    const visitor = new TestClient(app);
    for (const [method, path, body] of [
      ['GET', BASE],
      ['PUT', BASE, { currentStep: 'risk' }],
      ['PUT', `${BASE}/goals`, { goals: ['income'], horizon: '5_10' }],
      ['DELETE', BASE],
    ] as const) {
      const res = await visitor.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('starts a new investor at the first step with nothing answered', async () => {
    const c = await newInvestor();
    const s = await state(c);
    expect(s).toMatchObject({ currentStep: 'goals', completedSteps: [], complete: false, riskProfile: null, completedAt: null, updatedAt: null });
    expect(s.steps).toEqual(['goals', 'experience', 'risk', 'preferences']);
    expect(s.answers).toEqual(emptyAnswers());
  });

  it('saves partial answers as the investor goes, and resumes them on the next visit', async () => {
    const c = await newInvestor();
    const put = await c.json<OnboardingJson>('PUT', BASE, { currentStep: 'goals', answers: { goals: { goals: ['income', 'home', 'income'] } } });
    expect(put.status).toBe(200);
    expect(put.body.answers.goals).toEqual({ goals: ['income', 'home'], horizon: '' });
    expect(put.body.completedSteps).toEqual([]);
    // Another field later: the first answer is kept.
    await c.json('PUT', BASE, { answers: { goals: { horizon: '5_10' } } });
    const s = await state(c);
    expect(s.answers.goals).toEqual({ goals: ['income', 'home'], horizon: '5_10' });
    expect(s.currentStep).toBe('goals');
    expect(s.updatedAt).not.toBeNull();
  });

  it('rejects unknown choices with a clear message and keeps what was saved', async () => {
    const c = await newInvestor();
    await c.json('PUT', BASE, { answers: { risk: { drop: 'wait' } } });
    const bad = await c.json('PUT', BASE, { answers: { risk: { drop: 'panic' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('validation_failed');
    expect(bad.body.message).toBe(onboardingMessages.answer);
    const badStep = await c.json('PUT', BASE, { currentStep: 'nowhere' });
    expect(badStep.status).toBe(400);
    expect((await state(c)).answers.risk.drop).toBe('wait');
  });

  it('validates a step on completion with a message per field', async () => {
    const c = await newInvestor();
    const res = await c.json('PUT', `${BASE}/goals`, { goals: [] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', fields: { goals: onboardingMessages.goals, horizon: onboardingMessages.horizon } });
    const risk = await c.json('PUT', `${BASE}/risk`, { drop: 'wait', share: 'all of it' });
    expect(risk.body.fields).toEqual({ share: onboardingMessages.answer, access: onboardingMessages.answer });
    const prefs = await c.json('PUT', `${BASE}/preferences`, { currency: 'JPY', mode: 'sometimes' });
    expect(prefs.body.fields).toEqual({ currency: onboardingMessages.currency, mode: onboardingMessages.mode });
    expect((await state(c)).completedSteps).toEqual([]);
  });

  it('answers 404 for a step that does not exist', async () => {
    const c = await newInvestor();
    const res = await c.json('PUT', `${BASE}/summary`, {});
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'unknown_step', message: onboardingMessages.unknownStep });
  });

  it('walks the four steps to the summary, with the risk profile computed on the server', async () => {
    const c = await newInvestor();
    let s = (await c.json<OnboardingJson>('PUT', `${BASE}/goals`, { goals: ['growth'], horizon: 'over_10' })).body;
    expect(s).toMatchObject({ currentStep: 'experience', completedSteps: ['goals'], riskProfile: null });
    s = (await c.json<OnboardingJson>('PUT', `${BASE}/experience`, { level: 'experienced' })).body;
    expect(s.answers.experience).toEqual({ level: 'experienced', assets: [] });
    expect(s.currentStep).toBe('risk');
    s = (await c.json<OnboardingJson>('PUT', `${BASE}/risk`, { drop: 'buy_more', share: '10_25', access: 'yes' })).body;
    expect(s.currentStep).toBe('preferences');
    expect(s.riskProfile).toMatchObject({ key: 'growth', label: 'Growth', score: 9, maxScore: 10 });
    expect(s.complete).toBe(false);
    s = (await c.json<OnboardingJson>('PUT', `${BASE}/preferences`, { currency: 'GBP', mode: 'manual' })).body;
    expect(s).toMatchObject({ currentStep: 'summary', complete: true, completedSteps: ['goals', 'experience', 'risk', 'preferences'] });
    expect(s.completedAt).not.toBeNull();
    // Coming back later reads the same state.
    expect(await state(c)).toEqual(s);
  });

  it('going back to an earlier step and clearing an answer reopens that step', async () => {
    const c = await newInvestor();
    await c.json('PUT', `${BASE}/goals`, { goals: ['income'], horizon: '5_10' });
    await c.json('PUT', `${BASE}/experience`, { level: 'new', assets: ['gold'] });
    const s = (await c.json<OnboardingJson>('PUT', BASE, { currentStep: 'goals', answers: { goals: { goals: [] } } })).body;
    expect(s.completedSteps).toEqual(['experience']);
    expect(s.currentStep).toBe('goals');
    // Completing it again moves on to the first step still open after it (risk), skipping the done one.
    const again = (await c.json<OnboardingJson>('PUT', `${BASE}/goals`, { goals: ['income'], horizon: '5_10' })).body;
    expect(again.currentStep).toBe('risk');
  });

  it('starts over on DELETE, and one investor never sees another’s answers', async () => {
    const a = await newInvestor();
    const b = await newInvestor();
    await a.json('PUT', `${BASE}/goals`, { goals: ['home'], horizon: '3_5' });
    expect((await state(b)).completedSteps).toEqual([]);
    const reset = await a.json<OnboardingJson>('DELETE', BASE);
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ currentStep: 'goals', completedSteps: [] });
    expect((await state(a)).answers.goals.goals).toEqual([]);
  });

  it('requires the CSRF header on changes', async () => {
    const c = await newInvestor();
    const res = await c.request('PUT', BASE, { currentStep: 'risk' }, { csrf: false });
    expect(res.status).toBe(403);
  });
});

describe('risk profile', () => {
  const base = () => {
    const a = emptyAnswers();
    a.goals = { goals: ['income'], horizon: '5_10' };
    a.experience = { level: 'some', assets: [] };
    a.risk = { drop: 'wait', share: '10_25', access: 'probably' };
    return a;
  };
  it('is null until goals, experience and risk are answered', () => {
    const a = base();
    a.risk.access = '';
    expect(riskProfile(a)).toBeNull();
  });
  it('bands the score: 0-3 cautious, 4-6 balanced, 7-10 growth', () => {
    expect(riskProfile(base())).toMatchObject({ key: 'balanced', score: 6 });
    const low = base();
    low.risk = { drop: 'sell', share: 'under_10', access: 'probably' };
    low.goals.horizon = '3_5';
    expect(riskProfile(low)).toMatchObject({ key: 'cautious', score: 3 });
    const high = base();
    high.risk = { drop: 'buy_more', share: 'over_25', access: 'yes' };
    expect(riskProfile(high)).toMatchObject({ key: 'growth', score: 9 });
  });
  it('caps money needed at short notice at cautious, and no experience or a short horizon at balanced', () => {
    const a = base();
    a.risk = { drop: 'buy_more', share: 'over_25', access: 'no' };
    expect(riskProfile(a)?.key).toBe('cautious');
    const b = base();
    b.risk = { drop: 'buy_more', share: 'over_25', access: 'yes' };
    b.experience.level = 'new';
    expect(riskProfile(b)).toMatchObject({ key: 'balanced', score: 8 });
    const c = base();
    c.risk = { drop: 'buy_more', share: 'over_25', access: 'yes' };
    c.goals.horizon = 'under_3';
    expect(riskProfile(c)).toMatchObject({ key: 'balanced', score: 7 });
  });
});
