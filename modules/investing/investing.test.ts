import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { createSandboxProvider } from '../payments';
import { costOfUnits, SHARE_SCALE } from '../properties/contract';
import { q, type TransactionsPage, type WalletSummary } from '../wallet';
import type { AdminInvestmentsPage, AdminInvestorsPage, CheckoutQuote, DashboardJson, InvestmentJson, PortfolioJson, ReconciliationJson } from './contract';
import { cancelInvestment } from './service';
import { clientWith, createInvestor, createProperty, fundWallet, moneyTestDatabase, snapshot } from './test-helpers';

describeEachDb('investing API', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let admin: TestClient;
  const provider = createSandboxProvider({ confirmAfterMs: null });

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    app = createApp({ db: database.db, paymentProvider: provider });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
  });
  afterAll(async () => {
    provider.close();
    await database.close();
  });

  const reconcile = async () => {
    const r = await admin.json<ReconciliationJson>('GET', '/api/admin/reconciliation');
    expect(r.status).toBe(200);
    if (!r.body.ok) console.log(JSON.stringify(r.body, null, 1));
    return r.body;
  };

  /** A verified investor with `fils` in the wallet (deposited by bank transfer, so slightly more is paid in). */
  const fundedInvestor = async (fils: bigint, opts: { kyc?: string } = {}) => {
    // Deposits need verified identity: fund while verified, then set the status the test asks for.
    const inv = await createInvestor(database.db);
    if (fils > 0n) {
      // Gross up so the net credited is at least `fils` (0.5% + VAT on it).
      const gross = (fils * 10_000n) / (10_000n - 53n) + 1n;
      await fundWallet(database.db, inv.id, gross, provider);
    }
    if (opts.kyc) await database.db.execute(sql`update users set kyc_status = ${opts.kyc} where id = ${inv.id}`);
    return { ...inv, client: clientWith(app, inv.token) };
  };

  it('answers 401 to visitors before validating, and 403 to investors on the admin routes', async () => {
    const visitor = new TestClient(app);
    expect((await visitor.request('POST', '/api/investments', { amount: -1 })).status).toBe(401);
    expect((await visitor.request('GET', '/api/portfolio')).status).toBe(401);
    expect((await visitor.request('GET', '/api/dashboard')).status).toBe(401);
    const inv = await createInvestor(database.db);
    const c = clientWith(app, inv.token);
    for (const path of ['/api/admin/investments', '/api/admin/investments/export', '/api/admin/investors', '/api/admin/reconciliation']) {
      expect((await c.request('GET', path)).status, path).toBe(403);
    }
  });

  it('refuses every kind of bad purchase with a clear 4xx and changes nothing', async () => {
    const property = await createProperty(database.db, { shares: 100n, sharePrice: 100_000n });
    const closed = await createProperty(database.db, { status: 'funded' });
    const soon = await createProperty(database.db, { status: 'coming_soon' });
    const rich = await fundedInvestor(20_000_000n);
    const poor = await fundedInvestor(30_000n);
    const unverified = await fundedInvestor(1_000_000n, { kyc: 'submitted' });
    const before = await snapshot(database.db);

    const cases: [string, TestClient, unknown, number, string | RegExp][] = [
      ['negative', rich.client, { propertyId: property.id, amount: -50_000 }, 400, /more than zero/],
      ['zero', rich.client, { propertyId: property.id, amount: 0 }, 400, /more than zero/],
      ['fractional fil (number)', rich.client, { propertyId: property.id, amount: 50_000.5 }, 400, /fraction of a fil/],
      ['fractional fil (string)', rich.client, { propertyId: property.id, amount: '50000.50' }, 400, /fraction of a fil/],
      ['enormous', rich.client, { propertyId: property.id, amount: '1000000000000000000000' }, 400, /too large/],
      ['not a number', rich.client, { propertyId: property.id, amount: 'lots' }, 400, /whole number of fils/],
      ['no property', rich.client, { amount: 50_000 }, 400, /property/i],
      ['below the minimum', rich.client, { propertyId: property.id, amount: 19_999 }, 422, 'below_minimum'],
      ['unknown property', rich.client, { propertyId: '7d1c8a52-3f7e-4b1a-9b1e-0c2d3e4f5a6b', amount: 50_000 }, 404, 'property_not_found'],
      ['unknown reference', rich.client, { propertyId: 'MZ-NOPE-999', amount: 50_000 }, 404, 'property_not_found'],
      ['funded property', rich.client, { propertyId: closed.id, amount: 50_000 }, 422, 'property_not_open'],
      ['coming soon', rich.client, { propertyId: soon.id, amount: 50_000 }, 422, 'property_not_open'],
      ['unverified investor', unverified.client, { propertyId: property.id, amount: 50_000 }, 422, 'kyc_required'],
      ['insufficient balance', poor.client, { propertyId: property.id, amount: 50_000 }, 422, 'insufficient_funds'],
      ['more than is left', rich.client, { propertyId: property.id, amount: 10_000_100 }, 422, 'not_enough_shares'],
      ['over the retail limit', rich.client, { propertyId: (await createProperty(database.db, { shares: 1_000n, sharePrice: 100_000n })).id, amount: 18_000_100 }, 422, 'retail_limit_exceeded'],
    ];
    const afterSetup = await snapshot(database.db);
    for (const [label, client, body, status, expected] of cases) {
      const res = await client.json<{ error: string; message: string; link?: string }>('POST', '/api/investments', body);
      expect(res.status, label).toBe(status);
      if (typeof expected === 'string') expect(res.body.error, label).toBe(expected);
      else expect(res.body.message, label).toMatch(expected);
      expect(res.body.message.length, label).toBeGreaterThan(10);
      if (expected === 'kyc_required') expect(res.body.link).toBe('/kyc');
    }
    expect(await snapshot(database.db)).toEqual(afterSetup);
    expect(before.investments).toBe(afterSetup.investments);
    expect((await reconcile()).ok).toBe(true);
  });

  it('buys fractional shares from the wallet atomically, with a receipt, the books balanced and the reconciliation ok', async () => {
    // AED 1,234.57 a share: AED 500 buys 0.4049 shares costing AED 499.87 (rounded up to the fil).
    const property = await createProperty(database.db, { shares: 500n, sharePrice: 123_457n, city: 'Abu Dhabi', valuation: (123_457n * 500n * 11n) / 10n });
    const inv = await fundedInvestor(100_000n);
    const c = inv.client;
    const start = BigInt((await c.json<WalletSummary>('GET', '/api/wallet')).body.balance);

    const quote = await c.json<CheckoutQuote>('GET', `/api/investments/quote?propertyId=${property.id}&amount=50000`);
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ units: '4049', shares: '0.4049', canInvest: true, blockers: [] });
    expect(quote.body.principal).toBe(costOfUnits(4049n, 123_457n).toString());

    const res = await c.json<InvestmentJson>('POST', '/api/investments', { propertyId: property.id, amount: '50000' });
    expect(res.status).toBe(201);
    const receipt = res.body;
    expect(receipt).toMatchObject({ status: 'active', units: '4049', total: quote.body.total, principal: quote.body.principal, cancellable: true, refund: null });
    expect(receipt.receiptNumber).toMatch(/^MZI-\d{6,}$/);
    expect(receipt.journalReference).toMatch(/^JE-/);
    expect(BigInt(receipt.walletBalanceAfter)).toBe(start - BigInt(receipt.total));
    expect(new Date(receipt.cancellableUntil).getTime() - new Date(receipt.createdAt).getTime()).toBe(48 * 3_600_000);

    const wallet = (await c.json<WalletSummary>('GET', '/api/wallet')).body;
    expect(wallet.balance).toBe(receipt.walletBalanceAfter);
    const [p] = await q<{ sold: string }>(database.db, sql`select shares_sold::text as sold from properties where id = ${property.id}`);
    expect(p.sold).toBe('4049');

    const txs = (await c.json<TransactionsPage>('GET', '/api/wallet/transactions?kind=investment')).body;
    expect(txs.items[0]).toMatchObject({ amount: `-${receipt.total}`, balanceAfter: receipt.walletBalanceAfter, reference: { type: 'investment', id: receipt.id } });

    const portfolio = (await c.json<PortfolioJson>('GET', '/api/portfolio')).body;
    expect(portfolio.holdings).toHaveLength(1);
    const h = portfolio.holdings[0];
    expect(h).toMatchObject({ units: '4049', cost: receipt.principal });
    // Valued 10% above the price paid: 4049 units × valuation / total units.
    expect(h.currentValue).toBe(((4049n * ((123_457n * 500n * 11n) / 10n)) / (500n * SHARE_SCALE)).toString());
    expect(BigInt(h.gain)).toBeGreaterThan(0n);

    const dash = (await c.json<DashboardJson>('GET', '/api/dashboard')).body;
    expect(dash.invested).toBe(receipt.principal);
    expect(dash.allocationByCity).toEqual([{ key: 'abu-dhabi', label: 'Abu Dhabi', value: h.currentValue, bps: 10_000 }]);
    expect(dash.allocationByProperty[0]).toMatchObject({ key: property.id, bps: 10_000 });
    expect(dash.valueOverTime).toHaveLength(13);
    expect(dash.valueOverTime.at(-1)).toMatchObject({ invested: receipt.principal, value: h.currentValue });
    expect(dash.retailLimit).toMatchObject({ classification: 'retail', annualLimit: '18000000', used: receipt.principal });
    expect(BigInt(dash.retailLimit.remaining!)).toBe(18_000_000n - BigInt(receipt.principal));
    expect(dash.recentTransactions[0].kind).toBe('investment');

    // The purchase entry: Dr the investor's client money, Cr the property's holdings.
    const lines = await q<{ code: string; debit: string; credit: string }>(
      database.db,
      sql`select a.code, l.debit::text, l.credit::text from ledger_journal_lines l join ledger_journal_entries e on e.id = l.entry_id
            join ledger_accounts a on a.id = l.account_id where e.source_module = 'investing.purchase' and e.source_id = ${receipt.id} order by l.line_no`,
    );
    expect(lines.map((l) => [l.code.slice(0, 4), l.debit, l.credit])).toEqual([
      ['2100', receipt.total, '0'],
      ['1500', '0', receipt.principal],
    ]);
    expect(await c.json('GET', `/api/investments/${receipt.id}`)).toMatchObject({ status: 200, body: { id: receipt.id } });
    const stranger = await createInvestor(database.db);
    expect((await clientWith(app, stranger.token).json('GET', `/api/investments/${receipt.id}`)).status).toBe(404);
    expect((await reconcile()).ok).toBe(true);
  });

  it('performs a purchase once per Idempotency-Key, and refuses the key for a different purchase', async () => {
    const property = await createProperty(database.db);
    const inv = await fundedInvestor(500_000n);
    const c = inv.client;
    const key = `buy-${crypto.randomUUID()}`;
    const body = { propertyId: property.id, amount: 100_000 };
    const first = await c.request('POST', '/api/investments', body, { headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    const firstBody = (await first.json()) as InvestmentJson;
    // The same body as a string amount is the same purchase.
    const again = await c.request('POST', '/api/investments', { ...body, amount: '100000' }, { headers: { 'idempotency-key': key } });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    expect(await again.json()).toEqual(firstBody);
    const before = await snapshot(database.db);
    const other = await c.request('POST', '/api/investments', { ...body, amount: 200_000 }, { headers: { 'idempotency-key': key } });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: string }).error).toBe('idempotency_key_reused');
    expect((await c.request('POST', '/api/investments', body, { headers: { 'idempotency-key': 'has spaces' } })).status).toBe(400);
    expect(await snapshot(database.db)).toEqual(before);

    // Five at once with one new key: one purchase, five identical answers.
    const key2 = `buy-${crypto.randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 5 }, () => c.request('POST', '/api/investments', body, { headers: { 'idempotency-key': key2 } })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    const ids = new Set(await Promise.all(results.map(async (r) => ((await r.json()) as InvestmentJson).id)));
    expect(ids.size).toBe(1);
    const [{ n }] = await q<{ n: string }>(database.db, sql`select count(*)::text as n from investments where user_id = ${inv.id}`);
    expect(n).toBe('2');
    // Another investor may use the same key for their own purchase.
    const someoneElse = await fundedInvestor(200_000n);
    expect((await someoneElse.client.request('POST', '/api/investments', body, { headers: { 'idempotency-key': key } })).status).toBe(201);
    expect((await reconcile()).ok).toBe(true);
  });

  it('cancels within 48 hours with a full refund, and refuses after that', async () => {
    const property = await createProperty(database.db);
    const inv = await fundedInvestor(300_000n);
    const c = inv.client;
    const balance0 = (await c.json<WalletSummary>('GET', '/api/wallet')).body.balance;
    const a = (await c.json<InvestmentJson>('POST', '/api/investments', { propertyId: property.id, amount: 100_000 })).body;
    const b = (await c.json<InvestmentJson>('POST', '/api/investments', { propertyId: property.id, amount: 50_000 })).body;

    const cancelled = await c.json<InvestmentJson>('POST', `/api/investments/${a.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refund: a.total, cancellable: false });
    expect(BigInt((await c.json<WalletSummary>('GET', '/api/wallet')).body.balance)).toBe(BigInt(balance0) - BigInt(b.total));
    const [p] = await q<{ sold: string }>(database.db, sql`select shares_sold::text as sold from properties where id = ${property.id}`);
    expect(p.sold).toBe(b.units);
    expect((await c.json<{ error: string }>('POST', `/api/investments/${a.id}/cancel`, {})).body.error).toBe('already_cancelled');
    // Someone else's investment is not found; nothing changes.
    const stranger = await createInvestor(database.db);
    expect((await clientWith(app, stranger.token).json('POST', `/api/investments/${b.id}/cancel`, {})).status).toBe(404);

    // 48 hours and one minute later (an injected clock), it can no longer be cancelled.
    const before = await snapshot(database.db);
    await expect(cancelInvestment(database.db, inv.id, b.id, { now: new Date(Date.parse(b.createdAt) + 48 * 3_600_000 + 60_000) })).rejects.toMatchObject({ status: 422, code: 'cancellation_window_passed' });
    // …and through the API once its time has passed.
    await database.db.execute(sql`update investments set created_at = now() - interval '49 hours' where id = ${b.id}`);
    const late = await c.json<{ error: string; message: string }>('POST', `/api/investments/${b.id}/cancel`, {});
    expect(late.status).toBe(422);
    expect(late.body.error).toBe('cancellation_window_passed');
    expect(await snapshot(database.db)).toEqual(before);
    // Just inside the window still works (clock injected at 47 h 59 min).
    const c2 = (await c.json<InvestmentJson>('POST', '/api/investments', { propertyId: property.id, amount: 30_000 })).body;
    const ok = await cancelInvestment(database.db, inv.id, c2.id, { now: new Date(Date.parse(c2.createdAt) + 48 * 3_600_000 - 60_000) });
    expect(ok.status).toBe('cancelled');

    const refunds = (await c.json<TransactionsPage>('GET', '/api/wallet/transactions?kind=refund')).body;
    expect(refunds.items.map((t) => t.amount)).toEqual([c2.total, a.total]);
    // The retail limit counts only what was not cancelled.
    const dash = (await c.json<DashboardJson>('GET', '/api/dashboard')).body;
    expect(dash.retailLimit.used).toBe(b.principal);
    expect((await reconcile()).ok).toBe(true);
  });

  it('closes funding when the last share sells, and reopens it when a purchase is cancelled', async () => {
    // 2 shares at AED 1,000: the first buys one share, the second the last one.
    const property = await createProperty(database.db, { shares: 2n, sharePrice: 100_000n });
    const inv = await fundedInvestor(300_000n);
    const status = async () => (await q<{ status: string }>(database.db, sql`select status from properties where id = ${property.id}`))[0]!.status;
    const first = await inv.client.json<InvestmentJson>('POST', '/api/investments', { propertyId: property.id, amount: 100_000 });
    expect(first.status).toBe(201);
    expect(await status()).toBe('funding');
    const last = await inv.client.json<InvestmentJson>('POST', '/api/investments', { propertyId: property.id, amount: 100_000 });
    expect(last.status).toBe(201);
    expect(await status()).toBe('funded');
    const after = await inv.client.json<{ error: string }>('POST', '/api/investments', { propertyId: property.id, amount: 20_000 });
    expect(after.status).toBe(422);
    expect((await inv.client.json('POST', `/api/investments/${last.body.id}/cancel`, {})).status).toBe(200);
    expect(await status()).toBe('funding');
    expect((await reconcile()).ok).toBe(true);
  });

  it('lists every investment for admins with filters, totals and a CSV export, and the investors with balances and holdings', async () => {
    const property = await createProperty(database.db, { city: 'Sharjah', title: 'Aljada Export Test Tower' });
    const inv = await fundedInvestor(400_000n);
    const one = (await inv.client.json<InvestmentJson>('POST', '/api/investments', { propertyId: property.id, amount: 100_000 })).body;
    const two = (await inv.client.json<InvestmentJson>('POST', '/api/investments', { propertyId: property.id, amount: 200_000 })).body;
    await inv.client.json('POST', `/api/investments/${one.id}/cancel`, {});

    const page = await admin.json<AdminInvestmentsPage>('GET', `/api/admin/investments?propertyId=${property.id}`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(2);
    expect(page.body.totals).toMatchObject({ count: 2, active: 1, cancelled: 1, principal: two.principal, total: two.total, units: two.units, investors: 1 });
    expect(page.body.items[0]).toMatchObject({ id: two.id, investor: { id: inv.id, email: inv.email }, property: { city: 'Sharjah' } });
    const active = await admin.json<AdminInvestmentsPage>('GET', `/api/admin/investments?city=sharjah&status=active`);
    expect(active.body.items.map((i) => i.id)).toContain(two.id);
    expect(active.body.items.map((i) => i.id)).not.toContain(one.id);
    const byReceipt = await admin.json<AdminInvestmentsPage>('GET', `/api/admin/investments?q=${two.receiptNumber}`);
    expect(byReceipt.body.items.map((i) => i.id)).toEqual([two.id]);
    expect((await admin.json('GET', '/api/admin/investments?from=2026-02-01&to=2026-01-01')).status).toBe(400);
    expect((await admin.json('GET', '/api/admin/investments?status=maybe')).status).toBe(400);

    const csv = await admin.request('GET', `/api/admin/investments/export?propertyId=${property.id}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="manzil-investments-/);
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0]).toMatch(/^Receipt,Date/);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toContain(two.receiptNumber);
    expect(rows[1]).toContain('Aljada Export Test Tower');

    const investors = await admin.json<AdminInvestorsPage>('GET', `/api/admin/investors?q=${encodeURIComponent(inv.email)}`);
    expect(investors.body.items).toHaveLength(1);
    expect(investors.body.items[0]).toMatchObject({ id: inv.id, status: 'investing', kycStatus: 'approved', invested: two.principal, properties: 1, classification: 'retail' });
    const funded = await admin.json<AdminInvestorsPage>('GET', '/api/admin/investors?status=registered&limit=200');
    expect(funded.body.items.map((i) => i.id)).not.toContain(inv.id);
  });
});
