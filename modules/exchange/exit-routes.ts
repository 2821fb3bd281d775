import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import { exitProperty } from './exit';
import { exitStatement, getExit } from './exit-read';
import { exitStatementPdf } from './exit-statement';
import { exitInput } from './pool-contract';

const idParam = z.object({ id: z.string().max(64, 'That is not a valid id.') });

/**
 * Property exits: the operator records a sale and settles it (/api/admin/exchange/exits), and each holder
 * downloads their settlement statement (/api/exchange/exits/:id/statement, PDF). Shapes: ./pool-contract.ts.
 */
export const exitRoutes = (deps: { db: Db }) => {
  const { db } = deps;

  const admin = new Elysia({ prefix: '/api/admin/exchange/exits' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .post(
      '/',
      async ({ user, body, set }) => {
        set.status = 201;
        return exitProperty(db, user.id, body);
      },
      { auth: 'operations:write', body: exitInput },
    )
    .get('/:id', ({ params }) => getExit(db, params.id), { auth: 'operations:read', params: idParam });

  const holder = new Elysia({ prefix: '/api/exchange/exits' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .get(
      '/:id/statement',
      async ({ user, params }) => {
        const data = await exitStatement(db, params.id, user.id);
        const pdf = await exitStatementPdf(data, { generatedAt: new Date() });
        return new Response(pdf as Uint8Array<ArrayBuffer>, {
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="manzil-settlement-${data.reference}.pdf"`, 'cache-control': 'no-store' },
        });
      },
      { auth: 'user', params: idParam },
    );

  return new Elysia().use(admin).use(holder);
};
