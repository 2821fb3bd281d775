import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '@modules/auth';
import { paymentProviderOf, sessionGate } from '@modules/wallet';
import { RUNS_CSV_HEADER, getRun, listRuns, runCsvRows, setPropertyEligibility, sipProperties, sipStats } from './admin';
import { createPlanInput, mandateInput, propertyEligibilityInput, runInput, sipRunsQuery, skipInput, upcomingQuery, updatePlanInput } from './contract';
import { createPlan, getPlan, listPlans, setMandate, skipMonth, updatePlan } from './plans';
import { setupPreview, upcomingRun } from './preview';
import { runCollections } from './run';
import { sipSummary } from './summary';

const idParam = z.object({ id: z.string().max(64, 'That is not a valid id.') });

/**
 * Systematic investment plans: the investor's plans (/api/sip) and the operator's runs, previews and
 * property eligibility (/api/admin/sip). Contract and every shape: ./contract.ts.
 */
export const sipRoutes = (deps: { db: Db }) => {
  const { db } = deps;

  const investor = new Elysia({ prefix: '/api/sip' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .get('/plans', async ({ user }) => ({ items: await listPlans(db, user.id) }), { auth: 'user' })
    .post(
      '/plans',
      async ({ user, body, set }) => {
        set.status = 201;
        return createPlan(db, user.id, body);
      },
      { auth: 'user', body: createPlanInput },
    )
    .post('/preview', ({ user, body }) => setupPreview(db, user.id, body), { auth: 'user', body: createPlanInput })
    .get('/summary', ({ user }) => sipSummary(db, user.id), { auth: 'user' })
    .get('/plans/:id', ({ user, params }) => getPlan(db, user.id, params.id), { auth: 'user', params: idParam })
    .patch('/plans/:id', ({ user, params, body }) => updatePlan(db, user.id, params.id, body), { auth: 'user', params: idParam, body: updatePlanInput })
    .post('/plans/:id/skip', ({ user, params, body }) => skipMonth(db, user.id, params.id, body?.month), { auth: 'user', params: idParam, body: skipInput.optional() })
    .post('/plans/:id/mandate', ({ user, params, body }) => setMandate(db, paymentProviderOf(db), user.id, params.id, body.action), { auth: 'user', params: idParam, body: mandateInput });

  const admin = new Elysia({ prefix: '/api/admin/sip' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/stats', () => sipStats(db), { auth: 'operations:read' })
    .get('/upcoming', ({ query }) => upcomingRun(db, query.date), { auth: 'operations:read', query: upcomingQuery })
    .post(
      '/runs',
      async ({ user, body }) => {
        const id = await runCollections(db, { date: body.date, trigger: 'admin', startedBy: user.id });
        return getRun(db, id!);
      },
      { auth: 'operations:write', body: runInput },
    )
    .get('/runs', ({ query }) => listRuns(db, query), { auth: 'operations:read', query: sipRunsQuery })
    .get('/runs/export', ({ query }) => csvResponse(exportName('sip-runs'), RUNS_CSV_HEADER, runCsvRows(db, query)), { auth: 'operations:read', query: sipRunsQuery })
    .get('/runs/:id', ({ params }) => getRun(db, params.id), { auth: 'operations:read', params: idParam })
    .get('/plans/:id', ({ params }) => getPlan(db, null, params.id), { auth: 'operations:read', params: idParam })
    .get('/properties', () => sipProperties(db), { auth: 'operations:read' })
    .put('/properties/:id', ({ user, params, body }) => setPropertyEligibility(db, user.id, params.id, body), { auth: 'operations:write', params: idParam, body: propertyEligibilityInput });

  return new Elysia().use(investor).use(admin);
};
