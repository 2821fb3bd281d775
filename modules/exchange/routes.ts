import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { authPlugin } from '@modules/auth';
import { idempotencyKeyOf, sessionGate } from '@modules/wallet';
import { getBook, listMarkets, myHoldings, myOrders, myTrades, priceChart, publicTrades, quoteOrder } from './book';
import { myOrdersQuery, orderInput } from './contract';
import { cancelOrder, placeOrder } from './orders';

const idParam = z.object({ id: z.string().max(64, 'That is not a valid id.') });

/** The investor's exchange (/api/exchange): markets, books, orders and trades. Contract: ./contract.ts. */
export const exchangeRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/exchange' })
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
};
