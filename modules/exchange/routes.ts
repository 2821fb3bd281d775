import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { authPlugin } from '@modules/auth';
import { idempotencyKeyOf, sessionGate } from '@modules/wallet';
import { getBook, listMarkets, myHoldings, myOrders, myTrades, priceChart, publicTrades, quoteOrder } from './book';
import { adminCancelInput, marketUpdateInput, myOrdersQuery, orderInput, poolResaleInput } from './contract';
import { recordAudit } from '@modules/audit';
import { poolUserId } from './pool-setup';
import { csvResponse, exportName } from '@api/list';
import { ORDERS_CSV_HEADER, TRADES_CSV_HEADER, adminMarkets, adminOrders, adminOrdersQuery, adminTrades, adminTradesQuery, feeIncome, orderCsvRows, surveillance, tradeCsvRows, updateMarket } from './admin';
import { cancelOrder, placeOrder } from './orders';

const idParam = z.object({ id: z.string().max(64, 'That is not a valid id.') });

/**
 * The investor's exchange (/api/exchange: markets, books, orders, trades) and the operator's
 * (/api/admin/exchange: markets, halts, bands, every order and trade, fees, surveillance). Contract: ./contract.ts.
 */
export const exchangeRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  const admin = new Elysia({ prefix: '/api/admin/exchange' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/markets', async () => ({ items: await adminMarkets(db) }), { auth: 'operations:read' })
    .put('/markets/:id', ({ user, params, body }) => updateMarket(db, user.id, params.id, body), { auth: 'operations:write', params: idParam, body: marketUpdateInput })
    .get('/orders', ({ query }) => adminOrders(db, query), { auth: 'operations:read', query: adminOrdersQuery })
    .get('/orders/export', ({ query }) => csvResponse(exportName('exchange-orders'), ORDERS_CSV_HEADER, orderCsvRows(db, query)), { auth: 'operations:read', query: adminOrdersQuery })
    .delete('/orders/:id', ({ user, params, body }) => cancelOrder(db, { userId: user.id, admin: true }, params.id, body.reason), { auth: 'operations:write', params: idParam, body: adminCancelInput })
    .get('/trades', ({ query }) => adminTrades(db, query), { auth: 'operations:read', query: adminTradesQuery })
    .get('/trades/export', ({ query }) => csvResponse(exportName('exchange-trades'), TRADES_CSV_HEADER, tradeCsvRows(db, query)), { auth: 'operations:read', query: adminTradesQuery })
    .post(
      '/pool/orders',
      async ({ user, body, set }) => {
        const pool = await poolUserId(db);
        const { body: placed } = await placeOrder(db, pool, { ...body, side: 'sell', timeInForce: 'gtc' });
        await recordAudit(db, { actorId: user.id, action: 'exchange.pool_resale', entityType: 'exchange_order', entityId: placed.id, summary: `Liquidity pool offers ${placed.units} units of ${placed.propertyTitle} at ${placed.price} fils a share (${placed.reference})` });
        set.status = 201;
        return placed;
      },
      { auth: 'operations:write', body: poolResaleInput },
    )
    .get('/fees', () => feeIncome(db), { auth: 'operations:read' })
    .get('/surveillance', async () => ({ items: await surveillance(db) }), { auth: 'operations:read' });
  const investor = new Elysia({ prefix: '/api/exchange' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .get('/markets', async ({ user }) => ({ items: await listMarkets(db, user.id) }), { auth: 'user' })
    .get('/properties/:id/book', ({ params }) => getBook(db, params.id), { auth: 'user', params: idParam })
    .get('/properties/:id/trades', async ({ params }) => ({ items: await publicTrades(db, params.id) }), { auth: 'user', params: idParam })
    .get('/properties/:id/chart', async ({ params }) => ({ points: await priceChart(db, params.id) }), { auth: 'user', params: idParam })
    .post('/quote', ({ user, body }) => quoteOrder(db, user.id, body), { auth: 'user', body: orderInput })
    .post(
      '/orders',
      async ({ user, body, request, set }) => {
        const result = await placeOrder(db, user.id, body, { idempotencyKey: idempotencyKeyOf(request) });
        set.status = 201;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'user', body: orderInput },
    )
    .get('/orders', async ({ user, query }) => ({ items: await myOrders(db, user.id, query.status) }), { auth: 'user', query: myOrdersQuery })
    .delete('/orders/:id', ({ user, params }) => cancelOrder(db, { userId: user.id }, params.id), { auth: 'user', params: idParam })
    .get('/trades', async ({ user }) => ({ items: await myTrades(db, user.id) }), { auth: 'user' })
    .get('/holdings', async ({ user }) => ({ items: await myHoldings(db, user.id) }), { auth: 'user' });
  return new Elysia().use(investor).use(admin);
};
