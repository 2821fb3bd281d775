import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import { annualParam, currencyQuery, monthlyParam, splitFormat, type StatementJson } from './contract';
import { incomeCalendar } from './calendar';
import { statementFilename, statementPdf } from './pdf';
import { annualPeriod, displayCurrencyOf, monthlyPeriod, statementsIndex, type StatementPeriod } from './periods';
import { investorReturns } from './returns';
import { buildStatement } from './statement';

/**
 * The investor's returns (/api/returns), income calendar (/api/returns/calendar) and account statements
 * (/api/statements), always their own: every query is keyed by the signed-in user. Shapes: ./contract.ts.
 */
export const statementRoutes = (deps: { db: Db }) => {
  const { db } = deps;

  const answer = async (userId: string, period: StatementPeriod, pdf: boolean, currency: StatementJson['displayCurrency']['code'] | undefined): Promise<StatementJson | Response> => {
    const data = await buildStatement(db, userId, period, currency ?? (await displayCurrencyOf(db, userId)));
    if (!pdf) return data;
    const bytes = await statementPdf(data);
    return new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${statementFilename(data)}"`, 'cache-control': 'no-store' },
    });
  };

  const returns = new Elysia({ prefix: '/api/returns' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .get('/', ({ user }) => investorReturns(db, user.id), { auth: 'user' })
    .get('/calendar', ({ user }) => incomeCalendar(db, user.id), { auth: 'user' });

  const statements = new Elysia({ prefix: '/api/statements' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .get('/', ({ user }) => statementsIndex(db, user.id), { auth: 'user' })
    .get(
      '/monthly/:period',
      async ({ user, params, query }) => {
        const { key, pdf } = splitFormat(params.period);
        return answer(user.id, await monthlyPeriod(db, user.id, key), pdf, query.currency);
      },
      { auth: 'user', params: monthlyParam, query: currencyQuery },
    )
    .get(
      '/annual/:year',
      async ({ user, params, query }) => {
        const { key, pdf } = splitFormat(params.year);
        return answer(user.id, await annualPeriod(db, user.id, key), pdf, query.currency);
      },
      { auth: 'user', params: annualParam, query: currencyQuery },
    );

  return new Elysia().use(returns).use(statements);
};
