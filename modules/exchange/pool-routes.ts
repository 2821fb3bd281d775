import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { authPlugin } from '@modules/auth';
import { idempotencyKeyOf, sessionGate, withIdempotency } from '@modules/wallet';
import { poolSellInput } from './contract';
import { poolBudgetInput } from './pool-contract';
import { getPool, quotePoolSale, sellToPool, updatePool } from './pool';
import { poolUserId } from './pool-setup';

/**
 * The liquidity pool: an investor's quote and instant sale (/api/exchange/pool), and the operator's budget and
 * position (/api/admin/exchange/pool). Shapes: ./contract.ts (PoolSaleJson) and ./pool-contract.ts (PoolJson).
 */
export const poolRoutes = (deps: { db: Db }) => {
  const { db } = deps;

  const investor = new Elysia({ prefix: '/api/exchange/pool' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .post('/quote', ({ user, body }) => quotePoolSale(db, user.id, body), { auth: 'user', body: poolSellInput })
    .post(
      '/sell',
      async ({ user, body, set, request }) => {
        const key = idempotencyKeyOf(request);
        const poolId = await poolUserId(db);
        const result = await withIdempotency(db, { userId: user.id, key, scope: 'exchange.pool_sale', body }, (tx) => sellToPool(tx, user.id, body, { poolId }));
        set.status = result.replay ? 200 : 201;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'user', body: poolSellInput },
    );

  const admin = new Elysia({ prefix: '/api/admin/exchange/pool' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/', () => getPool(db), { auth: 'operations:read' })
    .put('/', ({ user, body }) => updatePool(db, user.id, body), { auth: 'operations:write', body: poolBudgetInput });

  return new Elysia().use(investor).use(admin);
};
