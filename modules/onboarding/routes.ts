import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { authPlugin } from '../auth';
import { onboardingDraftInput } from './contract';
import * as onboarding from './service';

/**
 * The signed-in user's onboarding (401 for a visitor):
 *   GET    /api/onboarding         → OnboardingJson
 *   PUT    /api/onboarding         { currentStep?, answers? } partial answers, saved as you go
 *   PUT    /api/onboarding/:step   the step's complete answers → step done, currentStep moves on
 *   DELETE /api/onboarding         start over
 */
export const onboardingRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/onboarding' })
    .use(authPlugin(deps))
    .get('/', ({ user }) => onboarding.getOnboarding(db, user.id), { auth: 'user' })
    .put('/', ({ user, body }) => onboarding.saveOnboardingDraft(db, user.id, body), { auth: 'user', body: onboardingDraftInput })
    .delete('/', ({ user }) => onboarding.resetOnboarding(db, user.id), { auth: 'user' })
    .put('/:step', ({ user, params, body }) => onboarding.completeOnboardingStep(db, user.id, params.step, body), {
      auth: 'user',
      params: z.object({ step: z.string().max(40) }),
    });
};
