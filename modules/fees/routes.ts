import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import { feeReceivablesQuery, feeRunsQuery, previewQuery, runInput } from './contract';
import { RECEIVABLES_CSV_HEADER, RUNS_CSV_HEADER, getRun, investorFees, listReceivables, listRuns, receivableCsvRows, runCsvRows } from './reads';
import { runPlatformFees } from './run';
import { feeStats, previewRun } from './stats';

const idParam = z.object({ id: z.string().max(64, 'That is not a valid id.') });

/**
 * The platform fee: the operator's runs, preview, receivables and figures (/api/admin/fees/platform) and the
 * investor's own charges (/api/fees). Contract and every shape: ./contract.ts.
 */
export const feeRoutes = (deps: { db: Db }) => {
  const { db } = deps;

  const investor = new Elysia({ prefix: '/api/fees' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .get('/', ({ user }) => investorFees(db, user.id), { auth: 'user' });

  const admin = new Elysia({ prefix: '/api/admin/fees/platform' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .post(
      '/run',
      async ({ user, body, set }) => {
        const run = await runPlatformFees(db, { through: body.through, trigger: 'admin', startedBy: user.id });
        set.status = 201;
        return run!;
      },
      { auth: 'finance:write', body: runInput },
    )
    .get('/runs', ({ query }) => listRuns(db, query), { auth: 'finance:read', query: feeRunsQuery })
    .get('/runs/export', ({ query }) => csvResponse(exportName('platform-fee-runs'), RUNS_CSV_HEADER, runCsvRows(db, query)), { auth: 'finance:read', query: feeRunsQuery })
    .get('/runs/:id', ({ params }) => getRun(db, params.id), { auth: 'finance:read', params: idParam })
    .get('/receivables', ({ query }) => listReceivables(db, query), { auth: 'finance:read', query: feeReceivablesQuery })
    .get('/receivables/export', ({ query }) => csvResponse(exportName('platform-fee-receivables'), RECEIVABLES_CSV_HEADER, receivableCsvRows(db, query)), {
      auth: 'finance:read',
      query: feeReceivablesQuery,
    })
    .get('/preview', ({ query }) => previewRun(db, query.through), { auth: 'finance:read', query: previewQuery })
    .get('/stats', () => feeStats(db), { auth: 'finance:read' });

  return new Elysia().use(investor).use(admin);
};
