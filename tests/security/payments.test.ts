/**
 * Issue 10, payments: each test fails if its finding comes back. The sandbox is refused in production; money
 * moves only for verified investors; one administrator cannot approve their own request, their own wallet,
 * or both approvals above the four-eyes threshold; a payout retried after a failure pays once; a Stripe
 * webhook is believed only with a valid signature, and once.
 */
import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '../helpers/client';
import { BASE } from '../helpers/http';
import { describeEachDb } from '../helpers/db';
import type { ReconciliationJson } from '@modules/investing/contract';
import { clientWith, createInvestor, createProperty, fundWallet, moneyTestDatabase, snapshot } from '@modules/investing/test-helpers';
import { entryFor } from '@modules/ledger/test-helpers';
import {
  createSandboxProvider,
  createStripeProvider,
  paymentsFromEnv,
  stripeCryptoProvider,
  type CreatePayoutRequest,
  type PaymentProvider,
  type PayeeStore,
} from '@modules/payments';
import { deliverPayouts, MAX_PAYOUT_ATTEMPTS } from '@modules/wallet/payouts';
import { q } from '@modules/wallet/helpers';
import type { AdjustmentRequestJson, AdminWithdrawalJson, DepositJson, WalletSummary, WithdrawalJson } from '@modules/wallet/contract';

const IBAN = 'AE070331234567890123456';
const LATER = () => new Date(Date.now() + 3 * 3_600_000);

/** A provider whose payouts are recorded by idempotency key; `failFirst` throws after "sending" the first time. */
function recordingProvider(opts: { failFirst?: boolean; alwaysFail?: boolean } = {}) {
  const sandbox = createSandboxProvider({ confirmAfterMs: null });
  const payouts = new Map<string, CreatePayoutRequest>();
  const calls: string[] = [];
  const provider: PaymentProvider = {
    ...sandbox,
    name: 'sandbox',
    async createPayout(request) {
      calls.push(request.withdrawalId);
      if (opts.alwaysFail) throw new Error('bank rejected the account');
      if (!payouts.has(request.withdrawalId)) payouts.set(request.withdrawalId, request);
      if (opts.failFirst && calls.length === 1) throw new Error('connection reset after sending');
      return { providerRef: `sbx_pay_${request.withdrawalId.replaceAll('-', '').slice(0, 20)}` };
    },
  };
  return { provider, payouts, calls, close: () => sandbox.close() };
}

/** A fake Stripe API behind the real SDK (no network): creates objects, honours idempotency keys, records calls. */
function fakeStripe() {
  const calls: { path: string; key: string | null; account: string | null; form: URLSearchParams }[] = [];
  const byKey = new Map<string, unknown>();
  let n = 0;
  const fetchFn = async (url: string | URL, init?: RequestInit) => {
    const path = new URL(String(url)).pathname;
    const headers = new Headers(init?.headers as HeadersInit);
    const key = headers.get('idempotency-key');
    const form = new URLSearchParams(String(init?.body ?? ''));
    calls.push({ path, key, account: headers.get('stripe-account'), form });
    if (key && byKey.has(key)) return Response.json(byKey.get(key), { headers: { 'request-id': 'req_replay' } });
    n += 1;
    const body =
      path === '/v1/payment_intents'
        ? { id: `pi_${n}`, object: 'payment_intent', client_secret: `pi_${n}_secret_test`, amount: Number(form.get('amount')), currency: form.get('currency'), status: 'requires_payment_method' }
        : path === '/v1/accounts'
          ? { id: `acct_${n}`, object: 'account' }
          : path === '/v1/transfers'
            ? { id: `tr_${n}`, object: 'transfer' }
            : { id: `po_${n}`, object: 'payout' };
    if (key) byKey.set(key, body);
    return Response.json(body, { headers: { 'request-id': `req_${n}` } });
  };
  const client = new Stripe('sk_test_fake', { httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch), maxNetworkRetries: 0 });
  return { client, calls };
}

const memoryPayees = (): PayeeStore => {
  const m = new Map<string, string>();
  return { get: async (u, i) => m.get(`${u}:${i}`) ?? null, set: async (u, i, r) => void m.set(`${u}:${i}`, r) };
};

const WHSEC = 'whsec_test_secret';
const signed = (payload: string, secret = WHSEC) => new Stripe('sk_test_fake').webhooks.generateTestHeaderString({ payload, secret, cryptoProvider: stripeCryptoProvider });

/** Stripe calls the webhook server to server: no cookie, no CSRF token, no Origin. */
const deliver = (app: ReturnType<typeof createApp>, payload: string, signature?: string) =>
  app.handle(
    new Request(`${BASE}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
      body: payload,
    }),
  );

describeEachDb('payments security', (kind) => {
  let database: Database;
  let sandbox: ReturnType<typeof createSandboxProvider>;
  let app: ReturnType<typeof createApp>;
  let adminA: TestClient;
  let adminB: TestClient;
  let adminAId: string;

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    sandbox = createSandboxProvider({ confirmAfterMs: null });
    app = createApp({ db: database.db, paymentProvider: sandbox, production: false });
    const a = await createInvestor(database.db, { role: 'admin', firstName: 'Admin A' });
    const b = await createInvestor(database.db, { role: 'admin', firstName: 'Admin B' });
    adminAId = a.id;
    adminA = clientWith(app, a.token);
    adminB = clientWith(app, b.token);
  });
  afterAll(async () => {
    sandbox.close();
    await database.close();
  });

  const reconciled = async () => {
    const r = await adminA.json<ReconciliationJson>('GET', '/api/admin/reconciliation');
    expect(r.status).toBe(200);
    expect(r.body.difference).toBe('0');
    expect(r.body.sharesDifference).toBe('0');
    expect(r.body.ok).toBe(true);
  };

  it('refuses the sandbox in production: no deposit, no confirm route, unless staging is asked for', async () => {
    const inv = await createInvestor(database.db);
    for (const prodApp of [createApp({ db: database.db, production: true }), createApp({ db: database.db, production: true, paymentProvider: createSandboxProvider({ confirmAfterMs: null }) })]) {
      const c = clientWith(prodApp, inv.token);
      const before = await snapshot(database.db);
      const res = await c.json<{ error: string; message: string }>('POST', '/api/wallet/deposits', { amount: 100_000, method: 'debit-card' });
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('payments_not_configured');
      expect((await c.json('POST', '/api/wallet/withdrawals', { amount: 10_000, iban: IBAN })).status).toBe(503);
      expect((await c.json('POST', '/api/payments/sandbox/sbx_dep_0123456789abcdef0123/confirm', {})).status).toBe(404);
      const methods = await c.json<{ items: unknown[]; payments: { mode: string } }>('GET', '/api/wallet/payment-methods');
      expect(methods.body).toMatchObject({ items: [], payments: { mode: 'none' } });
      expect(await snapshot(database.db)).toEqual(before);
    }
    expect(paymentsFromEnv(database.db, { production: true, env: {} }).mode).toBe('none');
    const staging = paymentsFromEnv(database.db, { production: true, env: { PAYMENTS_SANDBOX: '1' }, sandbox: { confirmAfterMs: null } });
    expect(staging).toMatchObject({ mode: 'staging-sandbox', label: expect.stringMatching(/no real money/) });
    staging.provider?.close();
    expect(() => paymentsFromEnv(database.db, { production: true, env: { STRIPE_SECRET_KEY: 'sk_live_x' } })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(paymentsFromEnv(database.db, { production: true, env: { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: WHSEC } }).mode).toBe('stripe');
  });

  it('refuses deposits, withdrawals and investments without verified identity, changing nothing', async () => {
    const inv = await createInvestor(database.db, { kyc: 'submitted' });
    await database.db.execute(sql`insert into wallets (user_id, balance) values (${inv.id}, 0) on conflict do nothing`);
    const property = await createProperty(database.db);
    const c = clientWith(app, inv.token);
    const before = await snapshot(database.db);
    for (const [path, body] of [
      ['/api/wallet/deposits', { amount: 100_000, method: 'debit-card' }],
      ['/api/wallet/withdrawals', { amount: 10_000, iban: IBAN }],
      ['/api/investments', { propertyId: property.id, amount: 50_000 }],
    ] as const) {
      const res = await c.json<{ error: string; message: string }>('POST', path, body);
      expect(res.status, path).toBe(422);
      expect(res.body.error, path).toBe('kyc_required');
      expect(res.body.message, path).toMatch(/^Complete identity verification before/);
    }
    expect(await snapshot(database.db)).toEqual(before);
  });

  it('pays out only to an account in the verified name', async () => {
    const inv = await createInvestor(database.db, { firstName: 'Mariam' });
    const c = clientWith(app, inv.token);
    await fundWallet(database.db, inv.id, 100_000n, sandbox);
    const wrong = await c.json<{ error: string; message: string }>('POST', '/api/wallet/withdrawals', { amount: 10_000, iban: IBAN, accountName: 'Someone Else' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toBe('account_name_mismatch');
    const [{ last_name }] = await q<{ last_name: string }>(database.db, sql`select last_name from users where id = ${inv.id}`);
    const ok = await c.json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 10_000, iban: IBAN, accountName: `  mariam   ${last_name.toUpperCase()} ` });
    expect(ok.status).toBe(201);
    expect(ok.body.accountName).toBe(`Mariam ${last_name}`);
    const blank = await c.json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 10_000, iban: IBAN });
    expect(blank.body.accountName).toBe(`Mariam ${last_name}`);
  });

  it('refuses self-approval: an admin cannot adjust or pay out their own wallet, nor approve their own request', async () => {
    const own = await adminA.json<{ error: string }>('POST', `/api/admin/wallets/${adminAId}/adjustments`, { amount: 100_000, reason: 'Paying myself a bonus' });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('self_approval');

    // Admin A's own wallet, funded by a deposit like anyone's: A cannot approve (or reject) its withdrawal; B can.
    await fundWallet(database.db, adminAId, 100_000n, sandbox);
    const w = await adminA.json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 20_000, iban: IBAN });
    expect(w.status).toBe(201);
    const self = await adminA.json<{ error: string }>('POST', `/api/admin/wallets/withdrawals/${w.body.id}/approve`, {});
    expect(self.status).toBe(403);
    expect(self.body.error).toBe('self_approval');
    expect((await adminA.json('POST', `/api/admin/wallets/withdrawals/${w.body.id}/reject`, { reason: 'Changing my mind' })).status).toBe(403);
    const byB = await adminB.json<AdminWithdrawalJson>('POST', `/api/admin/wallets/withdrawals/${w.body.id}/approve`, {});
    expect(byB.status).toBe(200);
    expect(byB.body.status).toBe('processing');

    // Above the threshold, the admin who asked cannot approve; another one can, and each decision is audited.
    const inv = await createInvestor(database.db);
    const asked = await adminA.json<AdjustmentRequestJson>('POST', `/api/admin/wallets/${inv.id}/adjustments`, { amount: 2_000_000, reason: 'Bank transfer received outside the app' });
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ status: 'pending', amount: '2000000' });
    expect((await clientWith(app, inv.token).json<WalletSummary>('GET', '/api/wallet')).body.balance).toBe('0');
    const mine = await adminA.json<{ error: string }>('POST', `/api/admin/wallets/adjustment-requests/${asked.body.id}/approve`, {});
    expect(mine.status).toBe(403);
    expect(mine.body.error).toBe('second_admin_required');
    const approved = await adminB.json<AdjustmentRequestJson>('POST', `/api/admin/wallets/adjustment-requests/${asked.body.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', requestedBy: adminAId });
    expect((await clientWith(app, inv.token).json<WalletSummary>('GET', '/api/wallet')).body.balance).toBe('2000000');
    const entry = await entryFor(database.db, { module: 'wallet.adjustment', id: approved.body.adjustmentId! });
    expect(entry?.lines.map((l) => [l.account.slice(0, 4), l.debit, l.credit])).toEqual([
      ['1120', 2_000_000n, 0n],
      ['2100', 0n, 2_000_000n],
    ]);
    expect((await adminB.json('POST', `/api/admin/wallets/adjustment-requests/${asked.body.id}/approve`, {})).status).toBe(422);
    const audits = await q<{ action: string }>(database.db, sql`select action from audit_log where entity_id = ${asked.body.id} order by id`);
    expect(audits.map((a) => a.action)).toEqual(['wallet.adjust.request', 'wallet.adjust.approve']);
    await reconciled();
  });

  it('needs a second admin for a withdrawal above the threshold set in the settings', async () => {
    expect((await adminA.json('PUT', '/api/admin/settings/fourEyesThreshold', { value: '12.5' })).status).toBe(400);
    const set = await adminA.json<{ value: string }>('PUT', '/api/admin/settings/fourEyesThreshold', { value: '500000' });
    expect(set.body.value).toBe('500000');
    const [{ n }] = await q<{ n: string }>(database.db, sql`select count(*)::text as n from audit_log where action = 'settings.update' and entity_id = 'fourEyesThreshold'`);
    expect(n).toBe('1');
    try {
      const inv = await createInvestor(database.db);
      const c = clientWith(app, inv.token);
      await fundWallet(database.db, inv.id, 1_000_000n, sandbox);
      const w = await c.json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 600_000, iban: IBAN });
      const first = await adminA.json<AdminWithdrawalJson>('POST', `/api/admin/wallets/withdrawals/${w.body.id}/approve`, {});
      expect(first.body).toMatchObject({ status: 'awaiting_second_approval', firstApprovedBy: adminAId, needsSecondApproval: true });
      expect(await entryFor(database.db, { module: 'wallet.withdrawal', id: w.body.id })).toBeNull();
      expect((await c.json<WalletSummary>('GET', '/api/wallet')).body.held).toBe('600000');
      const again = await adminA.json<{ error: string }>('POST', `/api/admin/wallets/withdrawals/${w.body.id}/approve`, {});
      expect(again.status).toBe(403);
      expect(again.body.error).toBe('second_admin_required');
      const second = await adminB.json<AdminWithdrawalJson>('POST', `/api/admin/wallets/withdrawals/${w.body.id}/approve`, {});
      expect(second.body.status).toBe('processing');
      const entry = await entryFor(database.db, { module: 'wallet.withdrawal', id: w.body.id });
      expect(entry?.lines.map((l) => [l.account.slice(0, 4), l.debit, l.credit])).toEqual([
        ['2100', 600_000n, 0n],
        ['1120', 0n, 600_000n],
      ]);
      const audits = await q<{ action: string }>(database.db, sql`select action from audit_log where entity_id = ${w.body.id} order by id`);
      expect(audits.map((a) => a.action)).toEqual(['wallet.withdrawal.first_approval', 'wallet.withdrawal.approve']);
      await reconciled();
    } finally {
      await adminA.json('PUT', '/api/admin/settings/fourEyesThreshold', { value: '1000000' });
    }
  });

  it('pays a payout once when it is retried after a failure, and undoes one that finally fails', async () => {
    const flaky = recordingProvider({ failFirst: true });
    const flakyApp = createApp({ db: database.db, paymentProvider: flaky.provider, production: false });
    const inv = await createInvestor(database.db);
    await fundWallet(database.db, inv.id, 100_000n, sandbox);
    const w = await clientWith(flakyApp, inv.token).json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 30_000, iban: IBAN });
    const approved = await clientWith(flakyApp, (await createInvestor(database.db, { role: 'admin' })).token).json<AdminWithdrawalJson>('POST', `/api/admin/wallets/withdrawals/${w.body.id}/approve`, {});
    // The call after commit failed: the approval stands, the payout waits in the outbox.
    expect(approved.body.status).toBe('processing');
    const [queued] = await q<{ status: string; attempts: number }>(database.db, sql`select status, attempts from wallet_payouts where withdrawal_id = ${w.body.id}`);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(await deliverPayouts(database.db, flaky.provider, { withdrawalId: w.body.id })).toEqual({ sent: 0, retrying: 0, failed: 0 }); // backoff not over
    expect(await deliverPayouts(database.db, flaky.provider, { now: LATER() })).toMatchObject({ sent: 1 });
    expect(await deliverPayouts(database.db, flaky.provider, { now: LATER() })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(flaky.calls).toEqual([w.body.id, w.body.id]);
    expect(flaky.payouts.size).toBe(1);
    const [row] = await q<{ provider_ref: string }>(database.db, sql`select provider_ref from wallet_withdrawals where id = ${w.body.id}`);
    expect(await flaky.provider.emit({ type: 'payout.succeeded', providerRef: row.provider_ref })).toBe('handled');
    expect((await clientWith(flakyApp, inv.token).json<{ items: WithdrawalJson[] }>('GET', '/api/wallet/withdrawals')).body.items[0].status).toBe('paid');
    flaky.close();

    const broken = recordingProvider({ alwaysFail: true });
    const brokenApp = createApp({ db: database.db, paymentProvider: broken.provider, production: false });
    const inv2 = await createInvestor(database.db);
    await fundWallet(database.db, inv2.id, 100_000n, sandbox);
    const w2 = await clientWith(brokenApp, inv2.token).json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 40_000, iban: IBAN });
    await clientWith(brokenApp, (await createInvestor(database.db, { role: 'admin' })).token).json('POST', `/api/admin/wallets/withdrawals/${w2.body.id}/approve`, {});
    for (let i = 1; i < MAX_PAYOUT_ATTEMPTS; i++) await deliverPayouts(database.db, broken.provider, { withdrawalId: w2.body.id, now: new Date(Date.now() + i * 2 * 3_600_000) });
    const [after] = await q<{ status: string; reason: string }>(database.db, sql`select status, reason from wallet_withdrawals where id = ${w2.body.id}`);
    expect(after.status).toBe('failed');
    expect(broken.calls).toHaveLength(MAX_PAYOUT_ATTEMPTS);
    const summary = (await clientWith(brokenApp, inv2.token).json<WalletSummary>('GET', '/api/wallet')).body;
    expect(summary).toMatchObject({ balance: '99475', held: '0' });
    const reversal = await entryFor(database.db, { module: 'wallet.withdrawal.reversal', id: w2.body.id });
    expect(reversal?.lines.map((l) => [l.account.slice(0, 4), l.debit, l.credit])).toEqual([
      ['1120', 40_000n, 0n],
      ['2100', 0n, 40_000n],
    ]);
    broken.close();
    await reconciled();
  });

  it('lets parallel payout workers claim each payout once (FOR UPDATE SKIP LOCKED)', async () => {
    const slow = recordingProvider();
    const create = slow.provider.createPayout;
    slow.provider.createPayout = async (r) => {
      await new Promise((done) => setTimeout(done, 50));
      return create(r);
    };
    const held = recordingProvider({ alwaysFail: true });
    const heldApp = createApp({ db: database.db, paymentProvider: held.provider, production: false });
    const admin = clientWith(heldApp, (await createInvestor(database.db, { role: 'admin' })).token);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const inv = await createInvestor(database.db);
      await fundWallet(database.db, inv.id, 50_000n, sandbox);
      const w = await clientWith(heldApp, inv.token).json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 20_000, iban: IBAN });
      await admin.json('POST', `/api/admin/wallets/withdrawals/${w.body.id}/approve`, {}); // first attempt fails: queued
      ids.push(w.body.id);
    }
    const runs = await Promise.all([1, 2, 3].map(() => deliverPayouts(database.db, slow.provider, { now: LATER() })));
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(4);
    expect([...slow.calls].sort()).toEqual([...ids].sort());
    held.close();
    slow.close();
  });

  describe('Stripe', () => {
    let stripeApp: ReturnType<typeof createApp>;
    let fake: ReturnType<typeof fakeStripe>;
    beforeAll(() => {
      fake = fakeStripe();
      const provider = createStripeProvider({ secretKey: 'sk_test_fake', webhookSecret: `whsec_other,${WHSEC}`, publishableKey: 'pk_test_123', payees: memoryPayees(), client: fake.client });
      stripeApp = createApp({ db: database.db, paymentProvider: provider, production: true });
    });

    const event = (id: string, type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
      JSON.stringify({ id, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object }, ...extra });

    it('takes card top-ups as PaymentIntents and credits only on a signed webhook, once', async () => {
      const inv = await createInvestor(database.db);
      const c = clientWith(stripeApp, inv.token);
      const methods = await c.json<{ items: { key: string }[]; payments: { mode: string; publishableKey: string } }>('GET', '/api/wallet/payment-methods');
      expect(methods.body.payments).toMatchObject({ mode: 'stripe', publishableKey: 'pk_test_123' });
      expect(methods.body.items.map((m) => m.key)).toEqual(['debit-card', 'credit-card']);
      expect((await c.json('POST', '/api/wallet/deposits', { amount: 100_000, method: 'uae-bank-transfer' })).status).toBe(422);

      const dep = await c.json<DepositJson>('POST', '/api/wallet/deposits', { amount: 100_000, method: 'debit-card' });
      expect(dep.status).toBe(201);
      expect(dep.body).toMatchObject({ provider: 'stripe', status: 'pending', clientSecret: expect.stringMatching(/^pi_\d+_secret_/) });
      const created = fake.calls.find((x) => x.path === '/v1/payment_intents')!;
      expect(created.key).toBe(`deposit:${dep.body.id}`);
      expect(created.form.get('amount')).toBe('100000');
      expect(created.form.get('currency')).toBe('aed');
      // The sandbox's confirm route does not exist here.
      expect((await c.json('POST', `/api/payments/sandbox/sbx_dep_0123456789abcdef0123/confirm`, {})).status).toBe(404);

      const succeeded = event('evt_ok_1', 'payment_intent.succeeded', { id: dep.body.providerRef, object: 'payment_intent', amount: 100_000, amount_received: 100_000, currency: 'aed' });
      const before = await snapshot(database.db);
      for (const [sig, label] of [
        [undefined, 'unsigned'],
        [signed(succeeded, 'whsec_forged'), 'wrong secret'],
        [signed(succeeded.replace('100000', '900000')), 'signature of another payload'],
        ['t=1,v1=deadbeef', 'garbage'],
      ] as const) {
        const res = await deliver(stripeApp, succeeded, sig);
        expect(res.status, label).toBe(400);
        expect(((await res.json()) as { error: string }).error, label).toBe('invalid_signature');
      }
      // A forged amount, even signed, is not credited.
      const lying = event('evt_lie', 'payment_intent.succeeded', { id: dep.body.providerRef, object: 'payment_intent', amount: 100_000, amount_received: 1, currency: 'aed' });
      expect((await deliver(stripeApp, lying, signed(lying))).status).toBe(200);
      expect(await snapshot(database.db)).toEqual(before);

      const first = await deliver(stripeApp, succeeded, signed(succeeded));
      expect(first.status).toBe(200);
      expect(await first.json()).toMatchObject({ outcome: 'handled' });
      const again = await deliver(stripeApp, succeeded, signed(succeeded));
      expect(await again.json()).toMatchObject({ duplicate: true });
      const otherId = succeeded.replace('evt_ok_1', 'evt_ok_2');
      expect(await (await deliver(stripeApp, otherId, signed(otherId))).json()).toMatchObject({ outcome: 'ignored' });
      expect((await c.json<WalletSummary>('GET', '/api/wallet')).body.balance).toBe('98425');
      const [{ n }] = await q<{ n: string }>(database.db, sql`select count(*)::text as n from wallet_transactions where user_id = ${inv.id} and kind = 'deposit'`);
      expect(n).toBe('1');
      expect((await entryFor(database.db, { module: 'wallet.deposit', id: dep.body.id }))?.lines.map((l) => [l.account.slice(0, 4), l.debit, l.credit])).toEqual([
        ['1210', 100_000n, 0n],
        ['2100', 0n, 98_425n],
        ['4130', 0n, 1_500n],
        ['2410', 0n, 75n],
      ]);
      await reconciled();
    });

    it('pays withdrawals through Connect keyed by the withdrawal id, and undoes a failed payout', async () => {
      const inv = await createInvestor(database.db);
      await fundWallet(database.db, inv.id, 200_000n, sandbox);
      const c = clientWith(stripeApp, inv.token);
      const admin = clientWith(stripeApp, (await createInvestor(database.db, { role: 'admin' })).token);
      const paid = await c.json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 50_000, iban: IBAN });
      expect((await admin.json<AdminWithdrawalJson>('POST', `/api/admin/wallets/withdrawals/${paid.body.id}/approve`, {})).body.status).toBe('processing');
      const keys = fake.calls.filter((x) => x.key?.includes(paid.body.id)).map((x) => [x.path, x.key]);
      expect(keys).toEqual([
        ['/v1/transfers', `payout-transfer:${paid.body.id}`],
        ['/v1/payouts', `payout:${paid.body.id}`],
      ]);
      const account = fake.calls.find((x) => x.path === '/v1/accounts' && x.key === `payee:${inv.id}:${IBAN}`)!;
      expect(account.form.get('external_account[account_number]')).toBe(IBAN);
      const [{ provider_ref }] = await q<{ provider_ref: string }>(database.db, sql`select provider_ref from wallet_withdrawals where id = ${paid.body.id}`);
      const payoutPaid = event('evt_po_1', 'payout.paid', { id: provider_ref, object: 'payout' }, { account: 'acct_x' });
      expect((await deliver(stripeApp, payoutPaid, signed(payoutPaid))).status).toBe(200);

      const failing = await c.json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 30_000, iban: IBAN });
      await admin.json('POST', `/api/admin/wallets/withdrawals/${failing.body.id}/approve`, {});
      const [{ provider_ref: ref2 }] = await q<{ provider_ref: string }>(database.db, sql`select provider_ref from wallet_withdrawals where id = ${failing.body.id}`);
      const payoutFailed = event('evt_po_2', 'payout.failed', { id: ref2, object: 'payout', failure_message: 'The bank account has been closed' }, { account: 'acct_x' });
      expect((await deliver(stripeApp, payoutFailed, signed(payoutFailed))).status).toBe(200);
      const mine = (await c.json<{ items: WithdrawalJson[] }>('GET', '/api/wallet/withdrawals')).body.items;
      expect(mine.find((x) => x.id === paid.body.id)?.status).toBe('paid');
      expect(mine.find((x) => x.id === failing.body.id)).toMatchObject({ status: 'failed', reason: 'The bank account has been closed' });
      expect((await c.json<WalletSummary>('GET', '/api/wallet')).body).toMatchObject({ balance: String(198_950 - 50_000), held: '0' });
      await reconciled();
    });
  });
});
