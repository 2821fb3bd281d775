import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import type { ReconciliationJson } from '../investing/contract';
import { clientWith, createInvestor, moneyTestDatabase, snapshot } from '../investing/test-helpers';
import { entryFor } from '../ledger/test-helpers';
import { createSandboxProvider } from '../payments';
import {
  checkIban,
  quoteDeposit,
  type AdjustmentJson,
  type AdminWalletsPage,
  type AdminWithdrawalJson,
  type DepositJson,
  type TransactionsPage,
  type WalletSummary,
  type WithdrawalJson,
} from './contract';
import { q } from './service';
import { chargeBpsByMethod, defaultSettings } from '@modules/settings';

/** The transaction charges a database never changed reads (the settings' defaults). */
const RATES = chargeBpsByMethod(defaultSettings('2026-01-01'));

const IBAN = 'AE07 0331 2345 6789 0123 456';

/** The text pdfkit draws with the standard fonts: hex strings inside TJ arrays (uncompressed under Vitest). */
function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    lines.push([...m[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], 'hex').toString('latin1')).join(''));
  }
  return lines.join('\n');
}

describe('wallet contract', () => {
  it('validates IBANs by country length and mod-97', () => {
    expect(checkIban(IBAN)).toEqual({ ok: true, iban: 'AE070331234567890123456' });
    expect(checkIban('GB82 WEST 1234 5698 7654 32').ok).toBe(true);
    expect(checkIban('AE070331234567890123457').ok).toBe(false); // one digit changed
    expect(checkIban('AE07033123456789012345').ok).toBe(false); // 22 characters, UAE needs 23
    expect(checkIban('XX070331234567890123456').ok).toBe(false); // unknown country
    expect(checkIban('').ok).toBe(false);
  });

  it('prices a deposit: charge by method, 5% VAT on it, net to the wallet, nothing lost', () => {
    const card = quoteDeposit(100_000n, 'credit-card', RATES);
    expect(card).toMatchObject({ chargeBps: 250, charge: '2500', vat: '125', totalCharge: '2625', net: '97375' });
    const bank = quoteDeposit(12_345n, 'uae-bank-transfer', RATES);
    expect(BigInt(bank.net) + BigInt(bank.charge) + BigInt(bank.vat)).toBe(12_345n);
    expect(bank.chargeBps).toBe(50);
  });
});

describeEachDb('wallet API', (kind) => {
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

  const deposit = async (c: TestClient, amount: number | string, method = 'debit-card') => {
    const res = await c.json<DepositJson>('POST', '/api/wallet/deposits', { amount, method });
    expect(res.status).toBe(201);
    const confirm = await c.json('POST', `/api/payments/sandbox/${res.body.providerRef}/confirm`, {});
    expect(confirm.status).toBe(200);
    return res.body;
  };

  it('answers 401 to visitors (even with a malformed body) and 403 to investors on admin routes', async () => {
    const visitor = new TestClient(app);
    for (const [method, path, body] of [
      ['GET', '/api/wallet'],
      ['POST', '/api/wallet/deposits', { amount: 'nonsense' }],
      ['POST', '/api/wallet/withdrawals', {}],
      ['GET', '/api/wallet/transactions'],
      ['GET', '/api/wallet/statement?from=2026-01-01&to=2026-01-31'],
    ] as const) {
      expect((await visitor.request(method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    const inv = await createInvestor(database.db);
    const c = clientWith(app, inv.token);
    for (const [method, path, body] of [
      ['GET', '/api/admin/wallets'],
      ['GET', '/api/admin/wallets/withdrawals'],
      ['POST', `/api/admin/wallets/${inv.id}/adjustments`, { amount: 100000, reason: 'I would like money' }],
      ['POST', `/api/admin/wallets/${inv.id}/adjustments`, { nonsense: true }],
      ['GET', '/api/admin/reconciliation'],
    ] as const) {
      const res = await c.request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it('shows an empty wallet to a new investor', async () => {
    const inv = await createInvestor(database.db, { kyc: 'not_started' });
    const res = await clientWith(app, inv.token).json<WalletSummary>('GET', '/api/wallet');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ currency: 'AED', balance: '0', held: '0', available: '0', pendingDeposits: '0' });
  });

  it('refuses bad deposit amounts and methods with 400 and changes nothing', async () => {
    const inv = await createInvestor(database.db);
    const c = clientWith(app, inv.token);
    const before = await snapshot(database.db);
    const cases: [unknown, string, RegExp][] = [
      [-5000, 'debit-card', /more than zero/],
      [0, 'debit-card', /more than zero/],
      ['0', 'debit-card', /more than zero/],
      [100.5, 'debit-card', /fraction of a fil/],
      ['100.5', 'debit-card', /fraction of a fil/],
      ['1e5', 'debit-card', /whole number of fils/],
      [1e20, 'debit-card', /too large/],
      ['99999999999999999999999', 'debit-card', /too large/],
      [500, 'debit-card', /at least AED 10/],
      [null, 'debit-card', /whole number of fils/],
      [100000, 'bitcoin', /payment method/],
    ];
    for (const [amount, method, message] of cases) {
      const res = await c.json<{ error: string; message: string }>('POST', '/api/wallet/deposits', { amount, method });
      expect(res.status, JSON.stringify(amount)).toBe(400);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.message).toMatch(message);
    }
    expect(await snapshot(database.db)).toEqual(before);
  });

  it('quotes the charge before confirming, and a confirmed deposit credits the net with the books balanced', async () => {
    const inv = await createInvestor(database.db);
    const c = clientWith(app, inv.token);
    const quote = await c.json('GET', '/api/wallet/deposits/quote?amount=200000&method=credit-card');
    expect(quote.status).toBe(200);
    expect(quote.body).toMatchObject({ amount: '200000', chargeBps: 250, charge: '5000', vat: '250', net: '194750' });

    const created = await c.json<DepositJson>('POST', '/api/wallet/deposits', { amount: '200000', method: 'credit-card' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', net: '194750', provider: 'sandbox' });
    let summary = (await c.json<WalletSummary>('GET', '/api/wallet')).body;
    expect(summary).toMatchObject({ balance: '0', pendingDeposits: '194750' });

    // Someone else cannot confirm it; the owner (or the provider) can, once.
    const other = await createInvestor(database.db);
    expect((await clientWith(app, other.token).json('POST', `/api/payments/sandbox/${created.body.providerRef}/confirm`, {})).status).toBe(404);
    const first = await c.json<{ outcome: string }>('POST', `/api/payments/sandbox/${created.body.providerRef}/confirm`, {});
    expect(first.body.outcome).toBe('handled');
    const again = await c.json<{ outcome: string }>('POST', `/api/payments/sandbox/${created.body.providerRef}/confirm`, {});
    expect(again.body.outcome).toBe('ignored');

    summary = (await c.json<WalletSummary>('GET', '/api/wallet')).body;
    expect(summary).toMatchObject({ balance: '194750', available: '194750', pendingDeposits: '0' });
    const got = await c.json<DepositJson>('GET', `/api/wallet/deposits/${created.body.id}`);
    expect(got.body.status).toBe('confirmed');

    const txs = (await c.json<TransactionsPage>('GET', '/api/wallet/transactions')).body;
    expect(txs.items.map((t) => [t.kind, t.amount, t.balanceAfter])).toEqual([
      ['charge', '-5250', '194750'],
      ['deposit', '200000', '200000'],
    ]);
    expect(txs.items[0].journalReference).toMatch(/^JE-/);

    // Dr card clearing 2,000.00; Cr investor 1,947.50, Cr transaction charges 50.00, Cr VAT output 2.50.
    const [entry] = await q<{ code: string; debit: string; credit: string }>(
      database.db,
      sql`select a.code, l.debit::text, l.credit::text from ledger_journal_lines l join ledger_journal_entries e on e.id = l.entry_id
            join ledger_accounts a on a.id = l.account_id where e.source_module = 'wallet.deposit' and e.source_id = ${created.body.id} order by l.line_no limit 1`,
    );
    expect(entry).toMatchObject({ code: '1210', debit: '200000' });
    const lines = await q<{ code: string; credit: string }>(
      database.db,
      sql`select a.code, l.credit::text from ledger_journal_lines l join ledger_journal_entries e on e.id = l.entry_id
            join ledger_accounts a on a.id = l.account_id where e.source_id = ${created.body.id} and l.credit > 0 order by l.line_no`,
    );
    expect(lines.map((l) => [l.code.slice(0, 4), l.credit])).toEqual([
      ['2100', '194750'],
      ['4130', '5000'],
      ['2410', '250'],
    ]);
    expect((await reconcile()).ok).toBe(true);
  });

  it('honours Idempotency-Key on deposits and withdrawals', async () => {
    const inv = await createInvestor(database.db);
    const c = clientWith(app, inv.token);
    const key = { headers: { 'idempotency-key': `dep-${crypto.randomUUID()}` } };
    const first = await c.request('POST', '/api/wallet/deposits', { amount: 100_000, method: 'debit-card' }, key);
    expect(first.status).toBe(201);
    const again = await c.request('POST', '/api/wallet/deposits', { amount: '100000', method: 'debit-card' }, key);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replay')).toBe('true');
    const d = (await first.json()) as DepositJson;
    expect(((await again.json()) as DepositJson).id).toBe(d.id);
    expect((await c.request('POST', '/api/wallet/deposits', { amount: 200_000, method: 'debit-card' }, key)).status).toBe(422);
    const [{ n }] = await q<{ n: string }>(database.db, sql`select count(*)::text as n from wallet_deposits where user_id = ${inv.id}`);
    expect(n).toBe('1');
    await c.json('POST', `/api/payments/sandbox/${d.providerRef}/confirm`, {});

    const wkey = { headers: { 'idempotency-key': `wd-${crypto.randomUUID()}` } };
    const w = await Promise.all([1, 2, 3].map(() => c.request('POST', '/api/wallet/withdrawals', { amount: 10_000, iban: IBAN }, wkey)));
    expect(w.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    expect((await c.json<WalletSummary>('GET', '/api/wallet')).body.held).toBe('10000');
  });

  it('confirms asynchronously by itself, as a real provider would', async () => {
    const auto = createSandboxProvider({ confirmAfterMs: 30 });
    const autoApp = createApp({ db: database.db, paymentProvider: auto });
    try {
      const inv = await createInvestor(database.db);
      const c = clientWith(autoApp, inv.token);
      const created = await c.json<DepositJson>('POST', '/api/wallet/deposits', { amount: 50_000, method: 'uae-bank-transfer' });
      expect(created.body.status).toBe('pending');
      let status = 'pending';
      for (let i = 0; i < 100 && status === 'pending'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        status = (await c.json<DepositJson>('GET', `/api/wallet/deposits/${created.body.id}`)).body.status;
      }
      expect(status).toBe('confirmed');
      expect((await c.json<WalletSummary>('GET', '/api/wallet')).body.balance).toBe(quoteDeposit(50_000n, 'uae-bank-transfer', RATES).net);
    } finally {
      auto.close();
    }
  });

  it('holds a withdrawal, refuses bad IBANs and overdrafts, and pays it out when an admin approves', async () => {
    const inv = await createInvestor(database.db);
    const c = clientWith(app, inv.token);
    await deposit(c, 100_000, 'uae-bank-transfer'); // net 99,475
    const before = await snapshot(database.db);
    for (const [body, status, message] of [
      [{ amount: 10_000, iban: 'AE07 0331 2345 6789 0123 457' }, 400, /check digits/],
      [{ amount: 10_000, iban: 'AE07 0331 2345 6789 0123 45' }, 400, /23 characters/],
      [{ amount: 10_000 }, 400, /IBAN/],
      [{ amount: -10_000, iban: IBAN }, 400, /more than zero/],
      [{ amount: '100.25', iban: IBAN }, 400, /fraction/],
      [{ amount: 99_476, iban: IBAN }, 422, /available to withdraw/],
    ] as const) {
      const res = await c.json<{ message: string }>('POST', '/api/wallet/withdrawals', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message).toMatch(message);
    }
    expect(await snapshot(database.db)).toEqual(before);

    const w = await c.json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 60_000, iban: IBAN.toLowerCase() });
    expect(w.status).toBe(201);
    expect(w.body).toMatchObject({ status: 'pending', ibanMasked: 'AE07 •••• 3456' });
    expect((await c.json<WalletSummary>('GET', '/api/wallet')).body).toMatchObject({ balance: '99475', held: '60000', available: '39475' });
    // A second request beyond what is available is refused.
    expect((await c.json('POST', '/api/wallet/withdrawals', { amount: 40_000, iban: IBAN })).status).toBe(422);

    // The operators hear about it in their own feed.
    const feed = await admin.json<{ items: { kind: string; title: string; link: string | null }[] }>('GET', '/api/admin/notifications?kind=withdrawal_requested');
    expect(feed.body.items[0]).toMatchObject({ kind: 'withdrawal_requested', title: 'Withdrawal to approve: AED 600.00', link: '/admin/users/wallet-management' });
    const pending = await admin.json<{ items: AdminWithdrawalJson[] }>('GET', '/api/admin/wallets/withdrawals?status=pending');
    expect(pending.body.items.find((x) => x.id === w.body.id)).toMatchObject({ iban: 'AE070331234567890123456', walletBalance: '99475' });

    const approved = await admin.json<AdminWithdrawalJson>('POST', `/api/admin/wallets/withdrawals/${w.body.id}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('processing');
    expect((await c.json<WalletSummary>('GET', '/api/wallet')).body).toMatchObject({ balance: '39475', held: '0', available: '39475' });
    // Approving twice is refused.
    expect((await admin.json('POST', `/api/admin/wallets/withdrawals/${w.body.id}/approve`, {})).status).toBe(422);
    const posted = await entryFor(database.db, { module: 'wallet.withdrawal', id: w.body.id });
    expect(posted?.lines.map((l) => [l.account.slice(0, 4), l.debit, l.credit])).toEqual([
      ['2100', 60_000n, 0n],
      ['1120', 0n, 60_000n],
    ]);

    const [{ provider_ref }] = await q<{ provider_ref: string }>(database.db, sql`select provider_ref from wallet_withdrawals where id = ${w.body.id}`);
    expect((await admin.json('POST', `/api/payments/sandbox/${provider_ref}/confirm`, {})).status).toBe(200);
    const mine = await c.json<{ items: WithdrawalJson[] }>('GET', '/api/wallet/withdrawals');
    expect(mine.body.items[0]).toMatchObject({ id: w.body.id, status: 'paid' });
    const [audit] = await q<{ n: string }>(database.db, sql`select count(*)::text as n from audit_log where action = 'wallet.withdrawal.approve' and entity_id = ${w.body.id}`);
    expect(audit.n).toBe('1');
    expect((await reconcile()).ok).toBe(true);
  });

  it('releases the hold when an admin rejects a withdrawal or the investor cancels it', async () => {
    const inv = await createInvestor(database.db);
    const c = clientWith(app, inv.token);
    await deposit(c, 100_000, 'uae-bank-transfer');
    const w1 = await c.json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 20_000, iban: IBAN });
    const w2 = await c.json<WithdrawalJson>('POST', '/api/wallet/withdrawals', { amount: 30_000, iban: IBAN });
    expect((await c.json<WalletSummary>('GET', '/api/wallet')).body.held).toBe('50000');

    expect((await admin.json('POST', `/api/admin/wallets/withdrawals/${w1.body.id}/reject`, { reason: 'no' })).status).toBe(400);
    const rejected = await admin.json<AdminWithdrawalJson>('POST', `/api/admin/wallets/withdrawals/${w1.body.id}/reject`, { reason: 'The account is not in your name' });
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'The account is not in your name' });
    const cancelled = await c.json<WithdrawalJson>('POST', `/api/wallet/withdrawals/${w2.body.id}/cancel`, {});
    expect(cancelled.body.status).toBe('cancelled');
    expect((await c.json<WalletSummary>('GET', '/api/wallet')).body).toMatchObject({ balance: '99475', held: '0' });
    // Someone else's withdrawal is not found.
    const other = await createInvestor(database.db);
    expect((await clientWith(app, other.token).json('POST', `/api/wallet/withdrawals/${w2.body.id}/cancel`, {})).status).toBe(404);
  });

  it('journals and audits manual adjustments, and refuses a debit below what is available', async () => {
    const inv = await createInvestor(database.db);
    const c = clientWith(app, inv.token);
    const credit = await admin.json<AdjustmentJson>('POST', `/api/admin/wallets/${inv.id}/adjustments`, { amount: 25_000, reason: 'Goodwill credit for a delayed payout' });
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({ amount: '25000', balanceAfter: '25000' });
    expect(credit.body.journalReference).toMatch(/^JE-/);

    const before = await snapshot(database.db);
    for (const [body, status] of [
      [{ amount: -25_001, reason: 'Reverse a duplicate credit' }, 422],
      [{ amount: 0, reason: 'Nothing at all' }, 400],
      [{ amount: 1000, reason: '' }, 400],
      [{ amount: '10.5', reason: 'A fraction of a fil' }, 400],
    ] as const) {
      expect((await admin.json('POST', `/api/admin/wallets/${inv.id}/adjustments`, body)).status, JSON.stringify(body)).toBe(status);
    }
    expect((await admin.json('POST', `/api/admin/wallets/00000000-0000-4000-8000-000000000000/adjustments`, { amount: 100, reason: 'Unknown investor' })).status).toBe(404);
    expect(await snapshot(database.db)).toEqual(before);

    const debit = await admin.json<AdjustmentJson>('POST', `/api/admin/wallets/${inv.id}/adjustments`, { amount: '-5000', reason: 'Reverse part of the goodwill credit' });
    expect(debit.body.balanceAfter).toBe('20000');
    const credited = await entryFor(database.db, { module: 'wallet.adjustment', id: credit.body.id });
    expect(credited?.lines.map((l) => [l.account.slice(0, 4), l.debit, l.credit])).toEqual([
      ['1120', 25_000n, 0n],
      ['2100', 0n, 25_000n],
    ]);
    const debited = await entryFor(database.db, { module: 'wallet.adjustment', id: debit.body.id });
    expect(debited?.reference).toBe(debit.body.journalReference);
    expect(debited?.lines.map((l) => [l.account.slice(0, 4), l.debit, l.credit])).toEqual([
      ['2100', 5_000n, 0n],
      ['1120', 0n, 5_000n],
    ]);
    const txs = (await c.json<TransactionsPage>('GET', '/api/wallet/transactions?kind=adjustment')).body;
    expect(txs.items.map((t) => t.amount)).toEqual(['-5000', '25000']);
    const [audit] = await q<{ n: string }>(database.db, sql`select count(*)::text as n from audit_log where action = 'wallet.adjust' and entity_id = ${inv.id}`);
    expect(audit.n).toBe('2');

    const detail = await admin.json<{ wallet: { balance: string }; adjustments: AdjustmentJson[] }>('GET', `/api/admin/wallets/${inv.id}`);
    expect(detail.body.wallet.balance).toBe('20000');
    expect(detail.body.adjustments).toHaveLength(2);
    const list = await admin.json<AdminWalletsPage>('GET', `/api/admin/wallets?q=${encodeURIComponent(inv.email)}`);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ userId: inv.id, balance: '20000', available: '20000' });
    expect((await reconcile()).ok).toBe(true);
  });

  it('gives statements as CSV and PDF with opening and closing balances', async () => {
    const inv = await createInvestor(database.db);
    const c = clientWith(app, inv.token);
    await deposit(c, 100_000, 'uae-bank-transfer');
    const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
    const csv = await c.request('GET', `/api/wallet/statement?from=2020-01-01&to=${today}&format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    const rows = text.trim().split('\r\n');
    expect(rows[0]).toContain('Balance (AED)');
    expect(rows[1]).toContain('Opening balance');
    expect(rows.at(-1)).toContain('994.75');
    expect(text).toContain('1000.00');
    const pdf = await c.request('GET', `/api/wallet/statement?from=2020-01-01&to=${today}&format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(pdfText(bytes)).toContain('994.75');
    expect(pdfText(bytes)).toContain('Closing balance');
    expect((await c.request('GET', '/api/wallet/statement?from=2026-02-01&to=2026-01-01')).status).toBe(400);
  });
});
