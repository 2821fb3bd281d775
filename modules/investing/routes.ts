import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authPlugin } from '../auth';
import { idempotencyKeyOf, sessionGate } from '../wallet';
import { adminInvestmentsQuery, adminInvestorsQuery, investInput, quoteQuery, unitsToShares, type AdminInvestmentRow } from './contract';
import * as investing from './service';

const idParam = z.object({ id: z.string().max(64, 'That is not a valid id.') });

const money = (fils: string) => {
  const v = BigInt(fils);
  const neg = v < 0n;
  const a = neg ? -v : v;
  return `${neg ? '-' : ''}${a / 100n}.${(a % 100n).toString().padStart(2, '0')}`;
};
const csvCell = (s: string) => {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};
const CSV_HEADER = ['Receipt', 'Date (UTC)', 'Status', 'Investor', 'Investor email', 'Investor ID', 'Property', 'Reference', 'City', 'Shares', 'Share price (AED)', 'Principal (AED)', 'Fee (AED)', 'VAT (AED)', 'Total (AED)', 'Cancelled at'];
const csvRow = (r: AdminInvestmentRow) =>
  [r.receiptNumber, r.createdAt, r.status, r.investor.name, r.investor.email, r.investor.unicode, r.property.title, r.property.reference, r.property.city, unitsToShares(r.units), money(r.sharePrice), money(r.principal), money(r.fee), money(r.vat), money(r.total), r.cancelledAt ?? '']
    .map((c) => csvCell(String(c)))
    .join(',');

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
    .onTransform(sessionGate(db, 'admin'))
    .get('/investments', ({ query }) => investing.listAdminInvestments(db, query), { auth: 'admin', query: adminInvestmentsQuery })
    .get(
      '/investments/export',
      ({ query }) => {
        const pages = investing.exportAdminInvestments(db, query);
        const encoder = new TextEncoder();
        let started = false;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            try {
              if (!started) {
                started = true;
                controller.enqueue(encoder.encode(`${CSV_HEADER.join(',')}\r\n`));
                return;
              }
              const { value, done } = await pages.next();
              if (done) controller.close();
              else controller.enqueue(encoder.encode(value.map((r) => `${csvRow(r)}\r\n`).join('')));
            } catch (err) {
              controller.error(err);
            }
          },
        });
        const today = new Date().toISOString().slice(0, 10);
        return new Response(body, {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="manzil-investments-${today}.csv"`, 'cache-control': 'no-store' },
        });
      },
      { auth: 'admin', query: adminInvestmentsQuery },
    )
    .get('/investors', ({ query }) => investing.listAdminInvestors(db, query), { auth: 'admin', query: adminInvestorsQuery })
    .get('/reconciliation', () => investing.reconciliation(db), { auth: 'admin' });

  return new Elysia().use(investor).use(admin);
};
