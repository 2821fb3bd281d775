import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import { createBankAccount, listBankAccounts } from './accounts';
import { createBankAccountInput } from './contract';
import type { MatchSource } from './match-source';

/**
 *   GET  /api/admin/bank-accounts          the bank accounts
 *   POST /api/admin/bank-accounts          { name, iban, ledgerAccountCode } → 201 { id, … }
 */
export const bankingRoutes = (deps: { db: Db; matchSources?: MatchSource[] }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/admin/bank-accounts' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'admin'))
    .get('/', async () => ({ items: await listBankAccounts(db) }), { auth: 'admin' })
    .post(
      '/',
      async ({ user, body, set }) => {
        const account = await createBankAccount(db, user.id, body);
        set.status = 201;
        return account;
      },
      { auth: 'admin', body: createBankAccountInput },
    );
};
