import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { SESSION_COOKIE } from '@api/cookies';
import { AppError, notFound } from '@api/errors';
import { csvResponse, exportName } from '@api/list';
import { requestMeta } from '@api/request-meta';
import { authPlugin, isStaffRole, loadSession } from '../auth';
import { paymentsFor, paymentsFromEnv, SANDBOX_PROVIDER, type PaymentProvider, type PaymentsSetup } from '../payments';
import {
  PAYMENT_METHODS,
  type PaymentMethodJson,
  adjustmentInput,
  depositInput,
  depositQuoteQuery,
  quoteDeposit,
  rejectAdjustmentRequestInput,
  rejectWithdrawalInput,
  statementQuery,
  transactionsQuery,
  withdrawalInput,
  type PaymentsConfigJson,
} from './contract';
import { adjustmentRequestsQuery, adminWalletsQuery, adminWithdrawalsQuery } from './admin-list-contract';
import { idempotencyKeyOf, requestHash, withIdempotency } from './idempotency';
import { stripeWebhookRoutes } from './webhook-routes';
import * as wallet from './service';
import { statementCsv, statementPdf } from './statement';
import { transactionCharges } from '@modules/settings';

export type WalletDeps = {
  db: Db;
  /**
   * The payment provider. Not given: chosen from the environment (Stripe when STRIPE_SECRET_KEY is set, else
   * the sandbox outside production). null: none (deposits and withdrawals answer 503). A sandbox is refused
   * in production unless PAYMENTS_SANDBOX=1 (a labelled staging deployment).
   */
  paymentProvider?: PaymentProvider | null;
  /** Defaults to process.env.NODE_ENV === 'production'. */
  production?: boolean;
  /** Runs the payout outbox worker in this process (the server sets it; tests call deliverPayouts). */
  backgroundJobs?: boolean;
};

const idParam = z.object({ id: z.uuid('That is not a valid id.') });
const userIdParam = z.object({ userId: z.uuid('That is not a valid investor id.') });

/**
 * A session gate that answers before the input is validated: 401 for a visitor (or a session waiting for
 * its MFA code), 403 for a signed-in investor on an admin route.
 */
export const sessionGate = (db: Db, access: 'user' | 'staff') => async ({ cookie }: { cookie: Record<string, { value?: unknown }> }) => {
  const found = await loadSession(db, cookie[SESSION_COOKIE]?.value as string | undefined);
  if (!found || found.session.mfaPending) throw new AppError(401, 'unauthenticated', 'Please log in to continue.');
  if (access === 'staff' && !isStaffRole(found.user.role)) throw new AppError(403, 'forbidden', 'This area is for Manzil administrators only.');
};

/** Sandbox timing: SANDBOX_CONFIRM_MS, else 1.5 s (and never by itself under Vitest, where tests confirm explicitly). */
function sandboxDelay(): number | null {
  const env = process.env.SANDBOX_CONFIRM_MS;
  if (env !== undefined && env !== '') return env === 'off' ? null : Math.max(0, Number(env) || 0);
  return process.env.VITEST ? null : 1500;
}

/**
 * The payments setup for an app: the provider given or the one the environment asks for, wired to this
 * database. A sandbox that confirms by itself also replays, once at start, what a previous process left
 * pending (deposits and payouts).
 */
const providers = new WeakMap<object, PaymentProvider | null>();
/** The provider the wallet routes wired for this database (other modules, e.g. SIP top-ups, use the same one). */
export const paymentProviderOf = (db: object): PaymentProvider | null => providers.get(db) ?? null;

export function providerFor(deps: WalletDeps): PaymentsSetup {
  const production = deps.production ?? process.env.NODE_ENV === 'production';
  const setup =
    deps.paymentProvider === undefined
      ? paymentsFromEnv(deps.db, { production, sandbox: { confirmAfterMs: sandboxDelay() } })
      : paymentsFor(deps.paymentProvider, { production });
  const provider = setup.provider;
  providers.set(deps.db, provider ?? null);
  if (!provider) return setup;
  provider.onEvent(wallet.providerEventHandler(deps.db, provider.name));
  if (deps.paymentProvider === undefined && provider.name === SANDBOX_PROVIDER && sandboxDelay() !== null) {
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
  if (deps.backgroundJobs) wallet.startPayoutWorker(deps.db, provider);
  return setup;
}

/** The deposit id for an Idempotency-Key: the same key always names the same deposit (and provider idempotency key). */
const depositIdFor = (userId: string, key: string | null) => {
  if (!key) return crypto.randomUUID();
  const h = requestHash(['wallet.deposit', userId, key]);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

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
  const payments = providerFor(deps);
  const provider = payments.provider;

  const investor = new Elysia({ prefix: '/api/wallet' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .get('/', ({ user }) => wallet.getWalletSummary(db, user.id), { auth: 'user' })
    .get(
      '/payment-methods',
      async (): Promise<{ items: PaymentMethodJson[]; payments: PaymentsConfigJson }> => {
        const rates = await transactionCharges(db);
        return {
          items: provider ? PAYMENT_METHODS.filter((m) => !provider.supportsMethod || provider.supportsMethod(m.key)).map((m) => ({ ...m, chargeBps: rates[m.key]! })) : [],
          payments: { mode: payments.mode, publishableKey: payments.publishableKey, label: payments.label },
        };
      },
      { auth: 'user' },
    )
    .get('/deposits/quote', async ({ query }) => quoteDeposit(query.amount, query.method, await transactionCharges(db)), { auth: 'user', query: depositQuoteQuery })
    .get('/deposits', async ({ user }) => ({ items: await wallet.listDeposits(db, user.id) }), { auth: 'user' })
    .post(
      '/deposits',
      async ({ user, body, set, request }) => {
        const key = idempotencyKeyOf(request);
        // The provider is asked first, outside any transaction, keyed by the deposit id; then the deposit is recorded.
        const started = await wallet.startDeposit(db, provider, user.id, body, { id: depositIdFor(user.id, key) });
        const result = await withIdempotency(db, { userId: user.id, key, scope: 'wallet.deposit', body }, (tx) => wallet.recordDeposit(tx, provider!.name, user.id, body, started));
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
        const result = await withIdempotency(db, { userId: user.id, key, scope: 'wallet.withdrawal', body }, (tx) => wallet.requestWithdrawal(tx, user.id, body, { provider }));
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

  // The sandbox's confirm route exists only where the sandbox is in use (never in production, unless staging).
  const sandbox = new Elysia({ prefix: '/api/payments/sandbox' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'user'))
    .post(
      '/:providerRef/confirm',
      async ({ user, params }) => {
        if (!provider || provider.name !== SANDBOX_PROVIDER) throw notFound('The sandbox payment provider is not in use.', 'sandbox_disabled');
        const owner = await wallet.sandboxRefOwner(db, provider.name, params.providerRef);
        if (!owner || (owner.userId !== user.id && !isStaffRole(user.role))) throw notFound('There is no sandbox payment with that reference.', 'payment_not_found');
        const outcome = await provider.emit({ type: owner.kind === 'deposit' ? 'deposit.succeeded' : 'payout.succeeded', providerRef: params.providerRef });
        return { providerRef: params.providerRef, kind: owner.kind, outcome };
      },
      { auth: 'user', params: z.object({ providerRef: z.string().regex(/^sbx_[a-z]+_[0-9a-f]{1,40}$/, 'That is not a sandbox payment reference.') }) },
    );

  const admin = new Elysia({ prefix: '/api/admin/wallets' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/', ({ query }) => wallet.listWallets(db, query), { auth: 'finance:read', query: adminWalletsQuery })
    .get('/export', ({ query }) => csvResponse(exportName('wallets'), wallet.WALLETS_CSV_HEADER, wallet.walletCsvRows(db, query)), { auth: 'finance:read', query: adminWalletsQuery })
    .get('/withdrawals', ({ query }) => wallet.listAdminWithdrawals(db, query), { auth: 'finance:read', query: adminWithdrawalsQuery })
    .get('/withdrawals/export', ({ query }) => csvResponse(exportName('withdrawals'), wallet.WITHDRAWALS_CSV_HEADER, wallet.withdrawalCsvRows(db, query)), {
      auth: 'finance:read',
      query: adminWithdrawalsQuery,
    })
    .get('/adjustment-requests', ({ query }) => wallet.listAdjustmentRequests(db, query), { auth: 'finance:read', query: adjustmentRequestsQuery })
    .get('/adjustment-requests/export', ({ query }) => csvResponse(exportName('adjustment-requests'), wallet.ADJUSTMENT_REQUESTS_CSV_HEADER, wallet.adjustmentRequestCsvRows(db, query)), {
      auth: 'finance:read',
      query: adjustmentRequestsQuery,
    })
    .post('/adjustment-requests/:id/approve', ({ user, params, request }) => wallet.approveAdjustmentRequest(db, user.id, params.id, requestMeta(request).ip), { auth: 'finance:write', params: idParam })
    .post('/adjustment-requests/:id/reject', ({ user, params, body, request }) => wallet.rejectAdjustmentRequest(db, user.id, params.id, body.reason, requestMeta(request).ip), {
      auth: 'finance:write',
      params: idParam,
      body: rejectAdjustmentRequestInput,
    })
    .post('/withdrawals/:id/approve', ({ user, params, request }) => wallet.approveWithdrawal(db, provider, user.id, params.id, requestMeta(request).ip), { auth: 'finance:write', params: idParam })
    .post('/withdrawals/:id/reject', ({ user, params, body, request }) => wallet.rejectWithdrawal(db, user.id, params.id, body.reason, requestMeta(request).ip), {
      auth: 'finance:write',
      params: idParam,
      body: rejectWithdrawalInput,
    })
    .get('/:userId', ({ params }) => wallet.getAdminWallet(db, params.userId), { auth: 'finance:read', params: userIdParam })
    .post(
      '/:userId/adjustments',
      async ({ user, params, body, set, request }) => {
        const made = await wallet.adjustWallet(db, user.id, params.userId, body, requestMeta(request).ip);
        // 201: made now; 202: above the four-eyes threshold, a request waits for another administrator.
        set.status = 'status' in made ? 202 : 201;
        return made;
      },
      { auth: 'finance:write', params: userIdParam, body: adjustmentInput },
    );

  const routes = new Elysia().use(investor).use(admin).use(stripeWebhookRoutes(db, provider));
  return provider?.name === SANDBOX_PROVIDER ? routes.use(sandbox) : routes;
};
