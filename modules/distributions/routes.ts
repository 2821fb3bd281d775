import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import { recordEntry, reverseRecord, setMonth, setReserve } from './books';
import {
  createDistributionInput,
  distributionsListQuery,
  investorDistributionsQuery,
  monthInput,
  periodSchema,
  pnlQuery,
  preferenceInput,
  previewQuery,
  recordInput,
  reserveInput,
  reverseRecordInput,
} from './contract';
import { getPreference, listInvestorDistributions, setPreference } from './investor';
import { payRun } from './pay';
import { propertyPnl } from './pnl';
import { approveRun, cancelRun } from './run-actions';
import { RUNS_CSV_HEADER, getRun, listRuns, runCsvRows } from './run-read';
import { createRun, previewRun } from './runs';
import { distributionSummary } from './summary';

const id = z.string({ error: 'That is not a valid id.' }).max(64, 'That is not a valid id.');
const idParam = z.object({ id });
const propertyParam = z.object({ propertyId: id });
const monthParams = z.object({ propertyId: id, period: periodSchema });

/**
 * Rental distributions and the property books. Contract and every shape: ./contract.ts.
 *   /api/admin/property-books   the books of a property (records, reversals, occupancy, reserve) and its P&L
 *   /api/admin/distributions    runs: list, export, summary, preview, create, approve, cancel, pay
 *   /api/distributions          the investor's payments and reinvestment choice
 *   /api/properties/:id/pnl     the public P&L of a published property
 */
export const distributionRoutes = (deps: { db: Db }) => {
  const { db } = deps;

  const books = new Elysia({ prefix: '/api/admin/property-books' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/:propertyId', ({ params, query }) => propertyPnl(db, params.propertyId, query, 'admin'), { auth: 'finance:read', params: propertyParam, query: pnlQuery })
    .post(
      '/:propertyId/records',
      async ({ user, params, body, set }) => {
        const record = await recordEntry(db, user.id, params.propertyId, body);
        set.status = 201;
        return record;
      },
      { auth: 'finance:write', params: propertyParam, body: recordInput },
    )
    .post('/records/:id/reverse', ({ user, params, body }) => reverseRecord(db, user.id, params.id, body.reason), { auth: 'finance:write', params: idParam, body: reverseRecordInput })
    .put('/:propertyId/months/:period', ({ user, params, body }) => setMonth(db, user.id, params.propertyId, params.period, body), { auth: 'finance:write', params: monthParams, body: monthInput })
    .put('/:propertyId/reserve', ({ user, params, body }) => setReserve(db, user.id, params.propertyId, body.reserveBps), { auth: 'finance:write', params: propertyParam, body: reserveInput });

  const runs = new Elysia({ prefix: '/api/admin/distributions' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/', ({ query }) => listRuns(db, query), { auth: 'finance:read', query: distributionsListQuery })
    .get('/export', ({ query }) => csvResponse(exportName('distributions'), RUNS_CSV_HEADER, runCsvRows(db, query)), { auth: 'finance:read', query: distributionsListQuery })
    .get('/summary', () => distributionSummary(db), { auth: 'finance:read' })
    .get('/preview', ({ query }) => previewRun(db, query), { auth: 'finance:read', query: previewQuery })
    .post(
      '/',
      async ({ user, body, set }) => {
        const { status, body: run } = await createRun(db, user.id, body);
        set.status = status;
        return run;
      },
      { auth: 'finance:write', body: createDistributionInput },
    )
    .get('/:id', ({ params }) => getRun(db, params.id), { auth: 'finance:read', params: idParam })
    .post('/:id/approve', ({ user, params }) => approveRun(db, user.id, params.id), { auth: 'finance:write', params: idParam })
    .post('/:id/cancel', ({ user, params }) => cancelRun(db, user.id, params.id), { auth: 'finance:write', params: idParam })
    .post('/:id/pay', ({ user, params }) => payRun(db, user.id, params.id), { auth: 'finance:write', params: idParam });

  const investor = new Elysia({ prefix: '/api/distributions' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .get('/', ({ user, query }) => listInvestorDistributions(db, user.id, query), { auth: 'user', query: investorDistributionsQuery })
    .get('/preferences', ({ user }) => getPreference(db, user.id), { auth: 'user' })
    .put('/preferences', ({ user, body }) => setPreference(db, user.id, body.reinvest), { auth: 'user', body: preferenceInput });

  const pnl = new Elysia({ prefix: '/api/properties' }).get('/:id/pnl', ({ params, query }) => propertyPnl(db, params.id, query, 'public'), { params: idParam, query: pnlQuery });

  return new Elysia({ name: 'distributions' }).use(books).use(runs).use(investor).use(pnl);
};
