import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { DEMO_ADMIN, DEMO_INVESTOR } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { sql } from 'drizzle-orm';
import { minorToDecimalString } from '../platform/contract';
import { LEDGER_ACCOUNTS as A } from './contract';
import { ledgerRoutes } from './routes';
import { rows } from './sql';
import { ledgerTestDatabase } from './test-helpers';

const BASE = '/api/admin/ledger';
const hasHledger = !spawnSync('hledger', ['--version']).error;

describeEachDb('ledger API', (kind) => {
  let database: Database;
  let app: { handle: (r: Request) => Promise<Response> };
  let admin: TestClient;

  beforeAll(async () => {
    database = await ledgerTestDatabase(kind);
    // The ledger's routes mounted on the real app, as api/app.ts will: createApp(deps).use(ledgerRoutes(deps)).
    app = createApp({ db: database.db }).use(ledgerRoutes({ db: database.db }));
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: DEMO_ADMIN.password })).status).toBe(200);
  });
  afterAll(() => database.close());

  const entry = (date: string, lines: unknown[], memo = 'API entry') => admin.json('POST', `${BASE}/journal-entries`, { date, memo, lines });
  /** DELETE without a body. Content-Length: 0 until api/app.ts's parser accepts a DELETE that has no body at all. */
  const del = async (client: TestClient, route: string) => {
    const res = await client.request('DELETE', route, undefined, { headers: { 'content-length': '0' } });
    return { status: res.status, body: await res.json() };
  };

  describe('access', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/accounts'],
      ['POST', '/accounts', { code: '9999', name: 'Probe', type: 'asset' }],
      ['GET', '/accounts/1110'],
      ['PATCH', '/accounts/1110', { name: 'Renamed' }],
      ['DELETE', '/accounts/1110'],
      ['GET', '/cost-centers'],
      ['POST', '/cost-centers', { code: 'PROBE', name: 'Probe' }],
      ['PATCH', '/cost-centers/OPS', { name: 'Renamed' }],
      ['DELETE', '/cost-centers/OPS'],
      ['GET', '/journal-entries'],
      ['POST', '/journal-entries', { date: '2026-01-01', lines: [{ accountCode: '1110', debit: 1, credit: 0 }] }],
      ['POST', '/journal-entries', { not: 'valid' }],
      ['GET', '/journal-entries/00000000-0000-4000-8000-000000000000'],
      ['PATCH', '/journal-entries/00000000-0000-4000-8000-000000000000', { memo: 'x' }],
      ['DELETE', '/journal-entries/00000000-0000-4000-8000-000000000000'],
      ['POST', '/journal-entries/00000000-0000-4000-8000-000000000000/post', {}],
      ['POST', '/journal-entries/00000000-0000-4000-8000-000000000000/reverse', {}],
      ['GET', '/periods?year=2026'],
      ['POST', '/periods/2026-01/close', {}],
      ['POST', '/periods/2026-01/reopen', {}],
      ['POST', '/periods/2025/close', {}],
      ['GET', '/recurring-entries'],
      ['POST', '/recurring-entries', {}],
      ['PATCH', '/recurring-entries/00000000-0000-4000-8000-000000000000', { active: false }],
      ['DELETE', '/recurring-entries/00000000-0000-4000-8000-000000000000'],
      ['POST', '/recurring-entries/run', {}],
      ['GET', '/summary'],
      ['GET', '/trial-balance?from=2026-01-01&to=2026-01-31'],
      ['GET', '/trial-balance?format=csv'],
      ['GET', '/general-ledger?account=1110'],
      ['GET', '/profit-and-loss'],
      ['GET', '/balance-sheet'],
      ['GET', '/cash-flow'],
      ['GET', '/export?from=2026-01-01&to=2026-01-31'],
    ];

    it('answers 401 to a visitor and 403 to an investor on every ledger route, whatever the body', async () => {
      const visitor = new TestClient(app);
      const investor = new TestClient(app);
      expect((await investor.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password })).status).toBe(200);
      for (const [method, route, body] of routes) {
        const headers = method === 'DELETE' ? { 'content-length': '0' } : undefined;
        const v = await visitor.request(method, `${BASE}${route}`, body, { headers });
        expect(v.status, `${method} ${route} as visitor`).toBe(401);
        expect((await v.json()).error).toBe('unauthenticated');
        const i = await investor.request(method, `${BASE}${route}`, body, { headers });
        expect(i.status, `${method} ${route} as investor`).toBe(403);
        expect(await i.json()).toEqual({ message: 'This area is for Manzil administrators only.', error: 'forbidden' });
      }
      // Nothing was changed by those attempts.
      const accounts = await admin.json('GET', `${BASE}/accounts`);
      expect(accounts.body.items.find((a: { code: string }) => a.code === '1110').name).toBe('Emirates NBD operating account');
    });

    it('refuses a mutating request without the CSRF token', async () => {
      const res = await admin.post(`${BASE}/accounts`, { code: '1999', name: 'No token', type: 'asset' }, { csrf: false });
      expect(res.status).toBe(403);
    });
  });

  describe('chart of accounts', () => {
    it('lists accounts with code, name, type, parent and archived', async () => {
      const { status, body } = await admin.json('GET', `${BASE}/accounts`);
      expect(status).toBe(200);
      expect(body.items.find((a: { code: string }) => a.code === A.bankOperating)).toMatchObject({ code: '1110', name: 'Emirates NBD operating account', type: 'asset', parent: '1100', archived: false, isGroup: false });
      expect(body.items.find((a: { code: string }) => a.code === '1000')).toMatchObject({ parent: null, isGroup: true });
    });

    it('creates an account under a group of its type, and explains what is wrong otherwise', async () => {
      const created = await admin.json('POST', `${BASE}/accounts`, { code: '1150', name: 'Mashreq savings', type: 'asset', parent: '1100' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ code: '1150', name: 'Mashreq savings', type: 'asset', parent: '1100', archived: false, cashFlow: 'cash' });
      const dup = await admin.json('POST', `${BASE}/accounts`, { code: '1150', name: 'Again', type: 'asset', parent: '1100' });
      expect(dup).toEqual({ status: 409, body: { message: 'An account with code 1150 already exists.', error: 'account_exists' } });
      const wrongType = await admin.json('POST', `${BASE}/accounts`, { code: '4999', name: 'Odd', type: 'income', parent: '1100' });
      expect(wrongType.status).toBe(422);
      expect(wrongType.body.error).toBe('parent_wrong_type');
      const invalid = await admin.json('POST', `${BASE}/accounts`, { code: 'bad code!', name: '', type: 'cash' });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error).toBe('validation_failed');
      const malformed = await admin.request('POST', `${BASE}/accounts`, '{"code":');
      expect(malformed.status).toBe(400);
      const renamed = await admin.json('PATCH', `${BASE}/accounts/1150`, { name: 'Mashreq savings account' });
      expect(renamed.body.name).toBe('Mashreq savings account');
      expect((await del(admin, `${BASE}/accounts/1150`)).status).toBe(200);
      expect((await admin.json('GET', `${BASE}/accounts/1150`)).status).toBe(404);
    });
  });

  describe('journal entries', () => {
    it('creates a draft, refuses to post it unbalanced (422), posts it balanced, and reverses it', async () => {
      const draft = await entry('2026-01-20', [
        { accountCode: A.bankOperating, debit: 525000, credit: 0 },
        { accountCode: A.platformFees, debit: 0, credit: '500000', costCenter: 'OPS' },
      ]);
      expect(draft.status).toBe(201);
      expect(draft.body).toMatchObject({ status: 'draft', date: '2026-01-20', totals: { debit: '525000', credit: '500000', difference: '25000' } });

      const refused = await admin.json('POST', `${BASE}/journal-entries/${draft.body.id}/post`, {});
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/^Debits and credits must be equal/);
      expect(refused.body.error).toBe('unbalanced_entry');

      const fixed = await admin.json('PATCH', `${BASE}/journal-entries/${draft.body.id}`, {
        lines: [
          { accountCode: A.bankOperating, debit: 525000, credit: 0 },
          { accountCode: A.platformFees, debit: 0, credit: 500000, costCenter: 'OPS' },
          { accountCode: A.vatOutput, debit: 0, credit: 25000 },
        ],
      });
      expect(fixed.body.totals.difference).toBe('0');
      const posted = await admin.json('POST', `${BASE}/journal-entries/${draft.body.id}/post`, {});
      expect(posted.status).toBe(200);
      expect(posted.body).toMatchObject({ status: 'posted', number: draft.body.number });
      expect(posted.body.postedBy).toBeTruthy();

      const edit = await admin.json('PATCH', `${BASE}/journal-entries/${draft.body.id}`, { memo: 'changed' });
      expect(edit.status).toBe(422);
      const deleted = await del(admin, `${BASE}/journal-entries/${draft.body.id}`);
      expect(deleted.status).toBe(422);
      expect(deleted.body.message).toBe(`${draft.body.number} is posted and can't be deleted. Reverse it instead.`);

      const reversed = await admin.json('POST', `${BASE}/journal-entries/${draft.body.id}/reverse`, {});
      expect(reversed.status).toBe(201);
      expect(reversed.body.reversal).toMatchObject({ kind: 'reversal', status: 'posted', reverses: { id: draft.body.id } });
      expect(reversed.body.reversal.lines.map((l: { accountCode: string; debit: string; credit: string }) => [l.accountCode, l.debit, l.credit])).toEqual([
        [A.bankOperating, '0', '525000'],
        [A.platformFees, '500000', '0'],
        [A.vatOutput, '25000', '0'],
      ]);
      expect(reversed.body.original.reversedBy.id).toBe(reversed.body.reversal.id);
      const again = await admin.json('POST', `${BASE}/journal-entries/${draft.body.id}/reverse`, {});
      expect(again.status).toBe(409);

      const listed = await admin.json('GET', `${BASE}/journal-entries?status=posted&account=${A.vatOutput}&sort=date`);
      expect(listed.body.items.map((e: { id: string }) => e.id)).toEqual([draft.body.id, reversed.body.reversal.id]);
      expect(listed.body.total).toBe(2);
    });

    it('takes an Idempotency-Key: a retried create returns the same draft', async () => {
      const body = { date: '2026-01-21', memo: 'Retried', lines: [{ accountCode: A.bankOperating, debit: 100, credit: 0 }, { accountCode: A.shareCapital, debit: 0, credit: 100 }] };
      const first = await admin.request('POST', `${BASE}/journal-entries`, body, { headers: { 'idempotency-key': 'retry-1' } });
      const second = await admin.request('POST', `${BASE}/journal-entries`, body, { headers: { 'idempotency-key': 'retry-1' } });
      expect(first.status).toBe(201);
      expect(second.status).toBe(200);
      expect((await second.json()).id).toBe((await first.json()).id);
    });

    it('validates lines: both sides, unknown accounts, foreign lines without a rate', async () => {
      const both = await entry('2026-01-22', [{ accountCode: A.bankOperating, debit: 5, credit: 5 }]);
      expect(both.status).toBe(400);
      expect(both.body.message).toBe('Each line needs either a debit or a credit amount, not both');
      const unknown = await entry('2026-01-22', [{ accountCode: '8888', debit: 5, credit: 0 }, { accountCode: A.shareCapital, debit: 0, credit: 5 }]);
      expect(unknown).toEqual({ status: 422, body: { message: 'There is no account with code 8888.', error: 'account_not_found' } });
      const noRate = await entry('2026-01-22', [{ accountCode: A.bankOperating, debit: 5, credit: 0, currency: 'USD' }, { accountCode: A.shareCapital, debit: 0, credit: 18 }]);
      expect(noRate.status).toBe(422);
      expect(noRate.body.message).toBe('A line in USD needs its exchange rate (AED per 1 USD).');
      const fx = await entry('2026-01-22', [{ accountCode: A.bankOperating, debit: 10000, credit: 0, currency: 'usd', rate: '3.6725' }, { accountCode: A.shareCapital, debit: 0, credit: 36725 }]);
      expect(fx.status).toBe(201);
      expect(fx.body.lines[0]).toMatchObject({ debit: '36725', currency: 'USD', originalAmount: '10000', rate: '3.6725' });
      expect((await admin.json('POST', `${BASE}/journal-entries/${fx.body.id}/post`, {})).status).toBe(200);
      const missing = await admin.json('GET', `${BASE}/journal-entries/not-a-uuid`);
      expect(missing.status).toBe(404);
    });
  });

  describe('reports and export', () => {
    it('answers the trial balance contract: rows of account code, name, debit and credit, and equal totals', async () => {
      const { status, body } = await admin.json('GET', `${BASE}/trial-balance?from=2026-01-01&to=2026-01-31`);
      expect(status).toBe(200);
      expect(body.totals.debit).toBe(body.totals.credit);
      const bank = body.rows.find((r: { accountCode: string }) => r.accountCode === A.bankOperating);
      expect(bank).toMatchObject({ accountCode: '1110', accountName: 'Emirates NBD operating account', debit: expect.stringMatching(/^\d+$/), credit: '0' });
      for (const row of body.rows) expect(Object.keys(row)).toEqual(expect.arrayContaining(['accountCode', 'accountName', 'debit', 'credit']));
      const bad = await admin.json('GET', `${BASE}/trial-balance?from=2026-02-01&to=2026-01-01`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('The start date must be on or before the end date.');
      const badDate = await admin.json('GET', `${BASE}/trial-balance?from=yesterday`);
      expect(badDate.status).toBe(400);
    });

    it('exports every report as CSV', async () => {
      for (const report of ['trial-balance', 'general-ledger', 'profit-and-loss', 'balance-sheet', 'cash-flow']) {
        const res = await admin.get(`${BASE}/${report}?from=2026-01-01&to=2026-01-31&format=csv`);
        expect(res.status, report).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
        expect(res.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${report}-`));
        const text = await res.text();
        expect(text.split('\r\n').length, report).toBeGreaterThan(2);
      }
      const tb = await (await admin.get(`${BASE}/trial-balance?from=2026-01-01&to=2026-01-31&format=csv`)).text();
      expect(tb).toMatch(/^Account code,Account name,Type,/);
      expect(tb).toMatch(/\r\n1110,Emirates NBD operating account,Assets,/);
    });

    it('pages the general ledger with a running balance that continues across pages', async () => {
      for (const [day, amount] of [['05', 1000], ['06', 2500], ['07', 700]] as const) {
        const e = await entry(`2026-01-${day}`, [{ accountCode: A.bankOperating, debit: amount, credit: 0 }, { accountCode: A.interestIncome, debit: 0, credit: amount }]);
        expect((await admin.json('POST', `${BASE}/journal-entries/${e.body.id}/post`, {})).status).toBe(200);
      }
      const page1 = await admin.json('GET', `${BASE}/general-ledger?account=${A.bankOperating}&from=2026-01-01&to=2026-01-31&limit=2`);
      const page2 = await admin.json('GET', `${BASE}/general-ledger?account=${A.bankOperating}&from=2026-01-01&to=2026-01-31&limit=2&offset=2`);
      expect(page1.body.page).toMatchObject({ limit: 2, offset: 0 });
      expect(page1.body.page.total).toBeGreaterThanOrEqual(3);
      const lastOnPage1 = BigInt(page1.body.lines[1].balance);
      const first2 = page2.body.lines[0];
      expect(BigInt(first2.balance)).toBe(lastOnPage1 + BigInt(first2.debit) - BigInt(first2.credit));
      const tb = await admin.json('GET', `${BASE}/trial-balance?from=2026-01-01&to=2026-01-31`);
      const bank = tb.body.rows.find((r: { accountCode: string }) => r.accountCode === A.bankOperating);
      expect(page1.body.closingBalance).toBe((BigInt(bank.debit) - BigInt(bank.credit)).toString());
    });

    it('answers P&L, balance sheet and cash flow with comparisons, all in agreement', async () => {
      const pl = await admin.json('GET', `${BASE}/profit-and-loss?from=2026-01-01&to=2026-01-31`);
      expect(pl.body.comparison).toEqual({ from: '2025-12-01', to: '2025-12-31' });
      const bs = await admin.json('GET', `${BASE}/balance-sheet?from=2026-01-01&to=2026-01-31`);
      expect(bs.body).toMatchObject({ asOf: '2026-01-31', comparisonAsOf: '2025-12-31', balanced: true });
      expect(BigInt(bs.body.assets.total)).toBe(BigInt(bs.body.liabilities.total) + BigInt(bs.body.equity.total) + BigInt(bs.body.currentEarnings));
      const cf = await admin.json('GET', `${BASE}/cash-flow?from=2026-01-01&to=2026-01-31`);
      expect(BigInt(cf.body.openingCash) + BigInt(cf.body.netChange)).toBe(BigInt(cf.body.closingCash));
      expect(cf.body.operating.netIncome).toBe(pl.body.netIncome);
      const summary = await admin.json('GET', `${BASE}/summary`);
      expect(summary.status).toBe(200);
    });

    it('exports the period as an hledger journal with code-first account names', async () => {
      const res = await admin.get(`${BASE}/export?from=2026-01-01&to=2026-01-31`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const journal = await res.text();
      expect(journal).toContain('account 1110 Assets:Cash and bank:Emirates NBD operating account');
      expect(journal).toMatch(/^2026-01-20 \* \(JE-\d{6}\) API entry$/m);
      expect(journal).toMatch(/^ {4}1110 Assets:Cash and bank:Emirates NBD operating account {2}5250\.00 AED$/m);
      if (!hasHledger) {
        console.warn('hledger is not installed: skipping the hledger check of the export (apt-get install -y hledger).');
        return;
      }
      const dir = mkdtempSync(path.join(tmpdir(), 'manzil-export-'));
      try {
        writeFileSync(path.join(dir, 'export.journal'), journal);
        const out = spawnSync('hledger', ['-f', path.join(dir, 'export.journal'), 'balance', '--flat', '-O', 'csv'], { encoding: 'utf8' });
        expect(out.status, out.stderr).toBe(0);
        const tb = await admin.json('GET', `${BASE}/trial-balance?from=2026-01-01&to=2026-01-31`);
        const bank = tb.body.rows.find((r: { accountCode: string }) => r.accountCode === A.bankOperating);
        const fils = BigInt(bank.debit) - BigInt(bank.credit);
        const line = out.stdout.split('\n').find((l) => l.startsWith('"1110 '))!;
        expect(line).toBe(`"1110 Assets:Cash and bank:Emirates NBD operating account","${minorToDecimalString(fils)} AED"`);
        expect(out.stdout).toMatch(/"total","0"/);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('periods, cost centers and recurring entries', () => {
    it('closes a month so that posting into it answers 422, and reopens it', async () => {
      const draft = await entry('2026-03-10', [{ accountCode: A.bankOperating, debit: 100, credit: 0 }, { accountCode: A.shareCapital, debit: 0, credit: 100 }]);
      const closed = await admin.json('POST', `${BASE}/periods/2026-03/close`, {});
      expect(closed.status).toBe(200);
      expect(closed.body.period).toMatchObject({ period: '2026-03', status: 'closed', draftEntries: 1 });
      const refused = await admin.json('POST', `${BASE}/journal-entries/${draft.body.id}/post`, {});
      expect(refused).toEqual({ status: 422, body: { message: 'March 2026 is closed, so nothing dated 2026-03-10 can be posted. Date the entry in an open period or reopen the month.', error: 'period_closed' } });
      expect((await admin.json('POST', `${BASE}/periods/2026-03/reopen`, { reason: 'Supplier invoice for March arrived late' })).body.period.status).toBe('open');
      expect((await admin.json('POST', `${BASE}/journal-entries/${draft.body.id}/post`, {})).status).toBe(200);
      const year = await admin.json('POST', `${BASE}/periods/2099/close`, {});
      expect(year.status).toBe(422);
      expect(year.body.error).toBe('year_not_ended');
      const periods = await admin.json('GET', `${BASE}/periods?year=2026`);
      expect(periods.body.months).toHaveLength(12);
      expect((await admin.json('POST', `${BASE}/periods/2026-13/close`, {})).status).toBe(400);
    });

    it('reopens a month only with a reason, and keeps the reason in the audit log once', async () => {
      const closed = await admin.json('POST', `${BASE}/periods/2026-06/close`, {});
      expect(closed.body.period).toMatchObject({ status: 'closed', closedByName: expect.stringMatching(/\S/) });
      const reopen = (body: unknown) => admin.json('POST', `${BASE}/periods/2026-06/reopen`, body);
      for (const [body, message] of [
        [{}, 'Give the reason for reopening the month'],
        [{ reason: 42 }, 'Give the reason for reopening the month'],
        [{ reason: '  ok ' }, 'Give the reason for reopening the month (at least 3 characters)'],
        [{ reason: 'x'.repeat(501) }, 'The reason must be at most 500 characters'],
      ] as const) {
        const refused = await reopen(body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body.message).toContain(message);
      }
      expect((await admin.json('GET', `${BASE}/periods?year=2026`)).body.months[5].status).toBe('closed');

      const reason = 'Correcting the June service charge accrual';
      const reopened = await reopen({ reason: `  ${reason} ` });
      expect(reopened.status).toBe(200);
      expect(reopened.body.period).toMatchObject({ period: '2026-06', status: 'open', closedAt: null, closedByName: null });
      const logRows = await rows<{ summary: string; details: { reason: string }; actor_label: string }>(
        database.db,
        sql`select summary, details, actor_label from audit_log where entity_type = 'fiscal-period' and entity_id = '2026-06' and action = 'ledger.period.reopen'`,
      );
      expect(logRows).toHaveLength(1);
      expect(logRows[0]).toMatchObject({ summary: `Reopened June 2026: ${reason}`, details: { period: '2026-06', reason } });
      expect(logRows[0].actor_label).not.toBe('system');

      const again = await reopen({ reason });
      expect(again).toEqual({ status: 422, body: { message: 'June 2026 is not closed.', error: 'period_not_closed' } });
    });

    it('manages cost centers in a hierarchy', async () => {
      const property = await admin.json('POST', `${BASE}/cost-centers`, { code: 'PROP-MARINA', name: 'Marina Heights', kind: 'property', parent: 'PROPERTIES', property: 'marina-heights' });
      expect(property.status).toBe(201);
      expect(property.body).toMatchObject({ code: 'PROP-MARINA', parent: 'PROPERTIES', kind: 'property', property: 'marina-heights' });
      const posted = await entry('2026-01-25', [{ accountCode: A.rentalIncome, debit: 0, credit: 900000, costCenter: 'PROP-MARINA', property: 'marina-heights' }, { accountCode: A.bankOperating, debit: 900000, credit: 0 }]);
      await admin.json('POST', `${BASE}/journal-entries/${posted.body.id}/post`, {});
      const byParent = await admin.json('GET', `${BASE}/profit-and-loss?from=2026-01-01&to=2026-01-31&costCenter=PROPERTIES`);
      expect(byParent.body.income.total).toBe('900000');
      const inUse = await del(admin, `${BASE}/cost-centers/PROP-MARINA`);
      expect(inUse.status).toBe(422);
      const archived = await admin.json('PATCH', `${BASE}/cost-centers/PROP-MARINA`, { archived: true });
      expect(archived.body.archived).toBe(true);
      const list = await admin.json('GET', `${BASE}/cost-centers`);
      expect(list.body.items.map((c: { code: string }) => c.code)).toContain('PROP-MARINA');
    });

    it('creates a monthly recurring entry and runs it idempotently', async () => {
      const created = await admin.json('POST', `${BASE}/recurring-entries`, {
        name: 'Hosting',
        dayOfMonth: 5,
        startDate: '2026-01-05',
        lines: [{ accountCode: A.technology, debit: 36725, credit: 0, costCenter: 'TECH' }, { accountCode: A.tradePayables, debit: 0, credit: 36725 }],
      });
      expect(created.status).toBe(201);
      const run1 = await admin.json('POST', `${BASE}/recurring-entries/run`, { asOf: '2026-02-10' });
      expect(run1.body.posted.map((p: { month: string }) => p.month)).toEqual(['2026-01', '2026-02']);
      const run2 = await admin.json('POST', `${BASE}/recurring-entries/run`, { asOf: '2026-02-10' });
      expect(run2.body.posted).toEqual([]);
      const bad = await admin.json('POST', `${BASE}/recurring-entries`, { name: 'Bad', dayOfMonth: 5, startDate: '2026-01-05', lines: [{ accountCode: A.technology, debit: 1, credit: 0 }, { accountCode: A.tradePayables, debit: 0, credit: 2 }] });
      expect(bad.status).toBe(422);
      expect((await admin.json('PATCH', `${BASE}/recurring-entries/${created.body.id}`, { active: false })).body.active).toBe(false);
    });

    it('lists recurring entries on the list contract: search, status, sort, pages and CSV', async () => {
      const make = (name: string, dayOfMonth: number) =>
        admin.json('POST', `${BASE}/recurring-entries`, { name, memo: `${name} accrual`, dayOfMonth, startDate: '2026-01-01', lines: [{ accountCode: A.technology, debit: 1000, credit: 0 }, { accountCode: A.tradePayables, debit: 0, credit: 1000 }] });
      const rent = await make('Zeta office rent', 1);
      await make('Audit fee accrual', 28);
      await admin.json('PATCH', `${BASE}/recurring-entries/${rent.body.id}`, { active: false });
      const list = (query: string) => admin.json('GET', `${BASE}/recurring-entries?${query}`);

      const byName = await list('sort=name');
      const names = byName.body.items.map((t: { name: string }) => t.name);
      expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
      expect(byName.body.total).toBe(names.length);
      expect((await list('q=audit')).body.items.map((t: { name: string }) => t.name)).toEqual(['Audit fee accrual']);
      const paused = await list('status=paused');
      expect(paused.body.items.map((t: { name: string }) => t.name)).toContain('Zeta office rent');
      expect(paused.body.items.every((t: { active: boolean }) => !t.active)).toBe(true);
      expect((await list('sort=-dayOfMonth&limit=1')).body.items[0].dayOfMonth).toBe(28);
      expect((await list('status=sleeping')).status).toBe(400);
      expect((await list('sort=memo')).status).toBe(400);

      const csv = await admin.request('GET', `${BASE}/recurring-entries/export?q=audit`);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const lines = (await csv.text()).trim().split('\r\n');
      expect(lines[0]).toBe('Name,Memo,Day of month,Start,End,Status,Lines,Debits (AED),Last run (UTC)');
      expect(lines.slice(1)).toEqual(['Audit fee accrual,Audit fee accrual accrual,28,2026-01-01,,Active,2,10.00,']);
    });
  });
});
