import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { authPlugin } from '../auth';
import { idempotencyKeyOf, sessionGate } from '../wallet';
import { csvResponse, exportName } from '@api/list';
import { INVESTORS_CSV_HEADER, investorCsvRows, listAdminInvestors } from './admin-investors';
import { INVESTMENTS_CSV_HEADER, investmentCsvRows, listAdminInvestments } from './admin-list';
import { adminInvestmentsQuery, adminInvestorsQuery, investInput, quoteQuery } from './contract';
import * as investing from './service';

const idParam = z.object({ id: z.string().max(64, 'That is not a valid id.') });

/**
 * Investing: checkout, purchases (Idempotency-Key), 48-hour cancellation, portfolio and dashboard for
 * investors; every investment, the investor list and the reconciliation for administrators.
 * Contract and every shape: ./contract.ts.
 */
export const investingRoutes = (deps: { db: Db }) => {
  const { db } = deps;

  const investor = new Elysia()
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .get('/api/investments/quote', ({ user, query }) => investing.checkoutQuote(db, user.id, query), { auth: 'user', query: quoteQuery })
    .post(
      '/api/investments',
      async ({ user, body, request, set }) => {
        const key = idempotencyKeyOf(request);
        const result = await investing.invest(db, user.id, body, { idempotencyKey: key });
        set.status = result.status;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'user', body: investInput },
    )
    .get('/api/investments', async ({ user }) => ({ items: await investing.listInvestments(db, user.id) }), { auth: 'user' })
    .get('/api/investments/:id', ({ user, params }) => investing.getInvestment(db, user.id, params.id), { auth: 'user', params: idParam })
    .post('/api/investments/:id/cancel', ({ user, params }) => investing.cancelInvestment(db, user.id, params.id), { auth: 'user', params: idParam })
    .get('/api/portfolio', ({ user }) => investing.getPortfolio(db, user.id), { auth: 'user' })
    .get('/api/dashboard', ({ user }) => investing.getDashboard(db, user.id), { auth: 'user' });

  const admin = new Elysia({ prefix: '/api/admin' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/investments', ({ query }) => listAdminInvestments(db, query), { auth: 'operations:read', query: adminInvestmentsQuery })
    .get('/investments/export', ({ query }) => csvResponse(exportName('investments'), INVESTMENTS_CSV_HEADER, investmentCsvRows(db, query)), { auth: 'operations:read', query: adminInvestmentsQuery })
    .get('/investors', ({ query }) => listAdminInvestors(db, query), { auth: 'operations:read', query: adminInvestorsQuery })
    .get('/investors/export', ({ query }) => csvResponse(exportName('investors'), INVESTORS_CSV_HEADER, investorCsvRows(db, query)), { auth: 'operations:read', query: adminInvestorsQuery })
    .get('/reconciliation', () => investing.reconciliation(db), { auth: 'operations:read' });

  return new Elysia().use(investor).use(admin);
};
