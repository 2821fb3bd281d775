import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { SESSION_COOKIE } from '../../api/cookies';
import { AppError, notFound } from '../../api/errors';
import { requestMeta } from '../../api/request-meta';
import { authPlugin, loadSession } from '../auth';
import { createSandboxProvider, SANDBOX_PROVIDER, type PaymentProvider } from '../payments';
import {
  PAYMENT_METHODS,
  adjustmentInput,
  adminWalletsQuery,
  adminWithdrawalsQuery,
  depositInput,
  depositQuoteQuery,
  quoteDeposit,
  rejectWithdrawalInput,
  statementQuery,
  transactionsQuery,
  withdrawalInput,
} from './contract';
import { idempotencyKeyOf, withIdempotency } from './idempotency';
import * as wallet from './service';
import { statementCsv, statementPdf } from './statement';

export type WalletDeps = {
  db: Db;
  /** The payment provider; the built-in sandbox when not given. */
  paymentProvider?: PaymentProvider;
};

const idParam = z.object({ id: z.uuid('That is not a valid id.') });
const userIdParam = z.object({ userId: z.uuid('That is not a valid investor id.') });

/**
 * A session gate that answers before the input is validated: 401 for a visitor (or a session waiting for
 * its MFA code), 403 for a signed-in investor on an admin route.
 */
export const sessionGate = (db: Db, access: 'user' | 'admin') => async ({ cookie }: { cookie: Record<string, { value?: unknown }> }) => {
  const found = await loadSession(db, cookie[SESSION_COOKIE]?.value as string | undefined);
  if (!found || found.session.mfaPending) throw new AppError(401, 'unauthenticated', 'Please log in to continue.');
  if (access === 'admin' && found.user.role !== 'admin') throw new AppError(403, 'forbidden', 'This area is for Manzil administrators only.');
};

/** Sandbox timing: SANDBOX_CONFIRM_MS, else 1.5 s (and never by itself under Vitest, where tests confirm explicitly). */
function sandboxDelay(): number | null {
  const env = process.env.SANDBOX_CONFIRM_MS;
  if (env !== undefined && env !== '') return env === 'off' ? null : Math.max(0, Number(env) || 0);
  return process.env.VITEST ? null : 1500;
}

/**
 * The provider for an app: the one given, or a sandbox wired to this database. A sandbox that confirms by
 * itself also replays, once at start, what a previous process left pending (deposits and payouts).
 */
export function providerFor(deps: WalletDeps): PaymentProvider {
  const provider = deps.paymentProvider ?? createSandboxProvider({ confirmAfterMs: sandboxDelay() });
  provider.onEvent(wallet.providerEventHandler(deps.db, provider.name));
  if (!deps.paymentProvider && sandboxDelay() !== null) {
    const t = setTimeout(async () => {
      try {
        const pending = await wallet.pendingProviderRefs(deps.db, provider.name);
        for (const providerRef of pending.deposits) await provider.emit({ type: 'deposit.succeeded', providerRef });
        for (const providerRef of pending.payouts) await provider.emit({ type: 'payout.succeeded', providerRef });
      } catch (err) {
        console.error('[payments] replaying pending sandbox payments failed:', err);
      }
    }, 2000);
    (t as { unref?: () => void }).unref?.();
  }
  return provider;
}

const csvHeaders = (name: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}.csv"`,
  'cache-control': 'no-store',
});

/**
 * The investor's wallet (/api/wallet), the sandbox provider's confirm route (/api/payments/sandbox) and the
 * admin wallet management (/api/admin/wallets). Contract and every shape: ./contract.ts.
 */
export const walletRoutes = (deps: WalletDeps) => {
  const { db } = deps;
  const provider = providerFor(deps);

  const investor = new Elysia({ prefix: '/api/wallet' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .get('/', ({ user }) => wallet.getWalletSummary(db, user.id), { auth: 'user' })
    .get('/payment-methods', () => ({ items: PAYMENT_METHODS }), { auth: 'user' })
    .get('/deposits/quote', ({ query }) => quoteDeposit(query.amount, query.method), { auth: 'user', query: depositQuoteQuery })
    .get('/deposits', async ({ user }) => ({ items: await wallet.listDeposits(db, user.id) }), { auth: 'user' })
    .post(
      '/deposits',
      async ({ user, body, set, request }) => {
        const key = idempotencyKeyOf(request);
        const result = await withIdempotency(db, { userId: user.id, key, scope: 'wallet.deposit', body }, (tx) => wallet.createDeposit(tx, provider, user.id, body));
        set.status = result.replay ? 200 : 201;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'user', body: depositInput },
    )
    .get('/deposits/:id', ({ user, params }) => wallet.getDeposit(db, user.id, params.id), { auth: 'user', params: idParam })
    .get('/withdrawals', async ({ user }) => ({ items: await wallet.listWithdrawals(db, user.id) }), { auth: 'user' })
    .post(
      '/withdrawals',
      async ({ user, body, set, request }) => {
        const key = idempotencyKeyOf(request);
        const result = await withIdempotency(db, { userId: user.id, key, scope: 'wallet.withdrawal', body }, (tx) => wallet.requestWithdrawal(tx, user.id, body));
        set.status = result.replay ? 200 : 201;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'user', body: withdrawalInput },
    )
    .post('/withdrawals/:id/cancel', ({ user, params }) => wallet.cancelWithdrawal(db, user.id, params.id), { auth: 'user', params: idParam })
    .get('/transactions', ({ user, query }) => wallet.listTransactions(db, user.id, query), { auth: 'user', query: transactionsQuery })
    .get(
      '/statement',
      async ({ user, query }) => {
        const data = await wallet.statementData(db, user.id, query.from, query.to);
        const name = `manzil-wallet-statement-${query.from}-${query.to}`;
        if (query.format === 'pdf') {
          const pdf = await statementPdf(data, { generatedAt: new Date() });
          return new Response(pdf as Uint8Array<ArrayBuffer>, {
            headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${name}.pdf"`, 'cache-control': 'no-store' },
          });
        }
        return new Response(statementCsv(data), { headers: csvHeaders(name) });
      },
      { auth: 'user', query: statementQuery },
    );

  const payments = new Elysia({ prefix: '/api/payments' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .post(
      '/sandbox/:providerRef/confirm',
      async ({ user, params }) => {
        if (provider.name !== SANDBOX_PROVIDER) throw notFound('The sandbox payment provider is not in use.', 'sandbox_disabled');
        const owner = await wallet.sandboxRefOwner(db, provider.name, params.providerRef);
        if (!owner || (owner.userId !== user.id && user.role !== 'admin')) throw notFound('There is no sandbox payment with that reference.', 'payment_not_found');
        const outcome = await provider.emit({ type: owner.kind === 'deposit' ? 'deposit.succeeded' : 'payout.succeeded', providerRef: params.providerRef });
        return { providerRef: params.providerRef, kind: owner.kind, outcome };
      },
      { auth: 'user', params: z.object({ providerRef: z.string().regex(/^sbx_[a-z]+_[0-9a-f]{1,40}$/, 'That is not a sandbox payment reference.') }) },
    );

  const admin = new Elysia({ prefix: '/api/admin/wallets' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'admin'))
    .get('/', ({ query }) => wallet.listWallets(db, query), { auth: 'admin', query: adminWalletsQuery })
    .get('/withdrawals', ({ query }) => wallet.listAdminWithdrawals(db, query), { auth: 'admin', query: adminWithdrawalsQuery })
    .post('/withdrawals/:id/approve', ({ user, params, request }) => wallet.approveWithdrawal(db, provider, user.id, params.id, requestMeta(request).ip), { auth: 'admin', params: idParam })
    .post('/withdrawals/:id/reject', ({ user, params, body, request }) => wallet.rejectWithdrawal(db, user.id, params.id, body.reason, requestMeta(request).ip), {
      auth: 'admin',
      params: idParam,
      body: rejectWithdrawalInput,
    })
    .get('/:userId', ({ params }) => wallet.getAdminWallet(db, params.userId), { auth: 'admin', params: userIdParam })
    .post(
      '/:userId/adjustments',
      async ({ user, params, body, set, request }) => {
        set.status = 201;
        return wallet.adjustWallet(db, user.id, params.userId, body, requestMeta(request).ip);
      },
      { auth: 'admin', params: userIdParam, body: adjustmentInput },
    );

  return new Elysia().use(investor).use(payments).use(admin);
};
