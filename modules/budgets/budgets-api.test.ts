import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { DEMO_INVESTOR, seedDatabase } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { ledgerRoutes, post, profitAndLoss, seedChartOfAccounts, type PostingLine } from '../ledger';
import type { BudgetGridJson, CostCenterLinesJson, CostCenterReportJson, VersusActualJson } from './contract';
import { budgetRoutes } from './routes';

const BASE = '/api/admin/budgets';
const HEADER = 'account_code,cost_center_code,jan,feb,mar,apr,may,jun,jul,aug,sep,oct,nov,dec';

describeEachDb('budgets API', (kind) => {
  let database: Database;
  let app: { handle: (r: Request) => Promise<Response> };
  let admin: TestClient;
  let seq = 0;

  /** Posts a balanced entry through the ledger's posting API. */
  const book = (date: string, lines: [string, number, number, Partial<PostingLine>?][], memo = 'Budget test entry') => {
    seq += 1;
    return post(database.db, {
      date,
      memo,
      source: { module: 'budgets-test', id: `${kind}-${seq}` },
      lines: lines.map(([accountCode, debit, credit, extra]) => ({ accountCode, debit: BigInt(debit), credit: BigInt(credit), ...extra })),
    });
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    await seedChartOfAccounts(database.db);
    app = createApp({ db: database.db }).use(ledgerRoutes({ db: database.db })).use(budgetRoutes({ db: database.db }));
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    // A sub-center under Operations, and an archived one.
    expect((await admin.json('POST', '/api/admin/ledger/cost-centers', { code: 'OPS-DXB', name: 'Dubai office', kind: 'department', parent: 'OPS' })).status).toBe(201);
    expect((await admin.json('POST', '/api/admin/ledger/cost-centers', { code: 'OLD', name: 'Closed project', kind: 'project' })).status).toBe(201);
    expect((await admin.json('PATCH', '/api/admin/ledger/cost-centers/OLD', { archived: true })).status).toBe(200);
  });
  afterAll(() => database.close());

  const grid = async (year: number, costCenter?: string) => {
    const res = await admin.json<BudgetGridJson>('GET', `${BASE}/${year}/grid${costCenter ? `?costCenter=${costCenter}` : ''}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const row = (g: BudgetGridJson, code: string) => g.rows.find((r) => r.accountCode === code)!;
  const save = (year: number, cells: unknown[]) => admin.json('PUT', `${BASE}/${year}/cells`, { cells });

  describe('access', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', ''],
      ['POST', '', { fiscalYear: 2030 }],
      ['GET', '/vs-actual'],
      ['GET', '/cost-centers/actuals'],
      ['GET', '/cost-centers/lines?account=6110'],
      ['GET', '/2026'],
      ['PATCH', '/2026', { name: 'Probe' }],
      ['DELETE', '/2026'],
      ['GET', '/2026/grid'],
      ['PUT', '/2026/cells', { cells: [{ accountCode: '6110', month: '2026-01', amount: 1 }] }],
      ['PUT', '/2026/cells', { not: 'valid' }],
      ['POST', '/2026/copy-from-last-year', {}],
      ['POST', '/2026/import', { csv: `${HEADER}\n6110,,1,1,1,1,1,1,1,1,1,1,1,1` }],
    ];

    it('answers 401 to a visitor and 403 to an investor on every budget route, and changes nothing', async () => {
      const visitor = new TestClient(app);
      const investor = new TestClient(app);
      expect((await investor.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password })).status).toBe(200);
      for (const [method, path, body] of routes) {
        const headers = method === 'DELETE' ? { 'content-length': '0' } : undefined;
        const v = await visitor.request(method, `${BASE}${path}`, body, { headers });
        expect(v.status, `${method} ${path} as visitor`).toBe(401);
        const i = await investor.request(method, `${BASE}${path}`, body, { headers });
        expect(i.status, `${method} ${path} as investor`).toBe(403);
        expect(((await i.json()) as { error: string }).error).toBe('forbidden');
      }
      expect((await admin.json('GET', BASE)).body.items).toEqual([]);
    });
  });

  describe('grid', () => {
    it('saves many cells in one request and answers the grid with row, column and net totals', async () => {
      const res = await save(2026, [
        { accountCode: '6110', month: '2026-01', amount: 1_000_000 },
        { accountCode: '6110', month: '2026-02', amount: '1000050' },
        { accountCode: '6210', month: '2026-01', amount: 250_000 },
        { accountCode: '4110', month: '2026-01', amount: 2_000_000 },
        { accountCode: '6110', costCenter: 'OPS', month: '2026-01', amount: 700_000 },
      ]);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, saved: 5, budget: { name: 'FY2026', fiscalYear: 2026, income: '2000000', expense: '2950050', net: '-950050', cells: 5 } });

      const company = await grid(2026);
      expect(company.costCenter).toBeNull();
      expect(row(company, '6110').amounts.slice(0, 3)).toEqual(['1000000', '1000050', '0']);
      expect(row(company, '6110').total).toBe('2000050');
      expect(company.totals.expense.months[0]).toBe('1250000');
      expect(company.totals.expense.total).toBe('2250050');
      expect(company.totals.income.total).toBe('2000000');
      expect(company.totals.net.months[0]).toBe('750000');
      // Only posting accounts of income and expense types are rows.
      expect(company.rows.some((r) => r.accountCode === '1110' || r.accountCode === '6100')).toBe(false);
      expect(company.months[0]).toBe('2026-01');

      const ops = await grid(2026, 'OPS');
      expect(ops.costCenter).toEqual({ code: 'OPS', name: 'Operations' });
      expect(row(ops, '6110').total).toBe('700000');
      expect(ops.totals.expense.total).toBe('700000');
    });

    it('overwrites a cell in place and removes it when set to zero', async () => {
      expect((await save(2026, [{ accountCode: '6110', month: '2026-01', amount: 1_100_000 }, { accountCode: '6210', month: '2026-01', amount: 0 }])).body).toMatchObject({ saved: 1, removed: 1 });
      const g = await grid(2026);
      expect(row(g, '6110').amounts[0]).toBe('1100000');
      expect(row(g, '6210').total).toBe('0');
    });

    it('refuses the whole save, listing each wrong cell, when any cell is wrong', async () => {
      const res = await save(2026, [
        { accountCode: '6110', month: '2026-03', amount: 5 },
        { accountCode: '1110', month: '2026-03', amount: 5 },
        { accountCode: '6100', month: '2026-03', amount: 5 },
        { accountCode: '9999', month: '2026-03', amount: 5 },
        { accountCode: '6110', month: '2027-03', amount: 5 },
        { accountCode: '6110', costCenter: 'NOPE', month: '2026-03', amount: 5 },
        { accountCode: '6110', costCenter: 'OLD', month: '2026-03', amount: 5 },
        { accountCode: '6110', month: '2026-03', amount: 6 },
      ]);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_cells');
      expect(res.body.message).toMatch(/7 cells are not valid, so nothing was saved/);
      const byIndex = Object.fromEntries((res.body.errors as { index: number; message: string }[]).map((e) => [e.index, e.message]));
      expect(byIndex[1]).toMatch(/1110 .* is an asset account/);
      expect(byIndex[2]).toMatch(/group account/);
      expect(byIndex[3]).toMatch(/no account with code 9999/);
      expect(byIndex[4]).toMatch(/2027-03 is not in fiscal year 2026/);
      expect(byIndex[5]).toMatch(/no cost center with code NOPE/);
      expect(byIndex[6]).toMatch(/OLD is archived/);
      expect(byIndex[7]).toMatch(/appear twice/);
      expect(byIndex[0]).toBeUndefined();
      expect(row(await grid(2026), '6110').amounts[2]).toBe('0');
    });

    it('answers 400 with a sentence for malformed input', async () => {
      const bad = await save(2026, [{ accountCode: '6110', month: '2026-13', amount: 1 }]);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/YYYY-MM/);
      expect((await save(2026, [{ accountCode: '6110', month: '2026-01', amount: 1.5 }])).status).toBe(400);
      expect((await admin.json('GET', `${BASE}/1999/grid`)).status).toBe(400);
    });

    it('refuses with 409 when a cell changed since the screen loaded it', async () => {
      const g = await grid(2026);
      const loaded = row(g, '6110').amounts[0];
      // Someone else saves first.
      expect((await save(2026, [{ accountCode: '6110', month: '2026-01', amount: 1_200_000, previous: loaded }])).status).toBe(200);
      const stale = await save(2026, [{ accountCode: '6110', month: '2026-01', amount: 1_300_000, previous: loaded }]);
      expect(stale.status).toBe(409);
      expect(stale.body.message).toMatch(/Someone else changed a cell you edited \(6110 2026-01\)/);
      expect(row(await grid(2026), '6110').amounts[0]).toBe('1200000');
      // A cell that was empty is checked as zero.
      expect((await save(2026, [{ accountCode: '6120', month: '2026-05', amount: 10, previous: 0 }])).status).toBe(200);
      expect((await save(2026, [{ accountCode: '6120', month: '2026-05', amount: 20, previous: 0 }])).status).toBe(409);
    });
  });

  describe('copy from last year', () => {
    it('copies month for month with the percentage applied half to even', async () => {
      // FY2024 → FY2025: amounts chosen so +5% lands exactly on half a fil.
      const cells = [
        { accountCode: '6110', month: '2024-01', amount: 10 }, // 10.5 → 10
        { accountCode: '6110', month: '2024-02', amount: 30 }, // 31.5 → 32
        { accountCode: '6110', month: '2024-03', amount: 1001 }, // 1051.05 → 1051
        { accountCode: '4110', month: '2024-12', amount: -10 }, // −10.5 → −10
        { accountCode: '6110', costCenter: 'OPS', month: '2024-06', amount: 50 }, // 52.5 → 52
      ];
      expect((await save(2024, cells)).status).toBe(200);
      const res = await admin.json('POST', `${BASE}/2025/copy-from-last-year`, { adjustPercent: '5' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ copied: 5, skipped: 0 });
      expect(res.body.message).toMatch(/from FY2024 into FY2025 adjusted by \+5%/);
      const g = await grid(2025);
      expect(row(g, '6110').amounts.slice(0, 3)).toEqual(['10', '32', '1051']);
      expect(row(g, '4110').amounts[11]).toBe('-10');
      expect(row(await grid(2025, 'OPS'), '6110').amounts[5]).toBe('52');
    });

    it('refuses to overwrite amounts unless told to replace them', async () => {
      const again = await admin.json('POST', `${BASE}/2025/copy-from-last-year`, { adjustPercent: -2.5 });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/already has amounts/);
      const replaced = await admin.json('POST', `${BASE}/2025/copy-from-last-year`, { adjustPercent: '-2.5', replace: true });
      expect(replaced.status).toBe(200);
      // 1001 × 0.975 = 975.975 → 976; 30 × 0.975 = 29.25 → 29.
      expect(row(await grid(2025), '6110').amounts.slice(0, 3)).toEqual(['10', '29', '976']);
    });

    it('explains when there is nothing to copy or the percentage is wrong', async () => {
      const none = await admin.json('POST', `${BASE}/2031/copy-from-last-year`, {});
      expect(none.status).toBe(422);
      expect(none.body.message).toBe('There is no budget for 2030 to copy from.');
      const bad = await admin.json('POST', `${BASE}/2025/copy-from-last-year`, { adjustPercent: '5.555' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/percentage from -100 to 1000/);
    });
  });

  describe('CSV import', () => {
    it('previews without saving, then imports every row in one go', async () => {
      const csv = `${HEADER}\n6310,TECH,"1,000.00",1000,1000,1000,1000,1000,1000,1000,1000,1000,1000,1000.99\n6410,,500,,,,,,,,,,,\n`;
      const preview = await admin.json('POST', `${BASE}/2027/import`, { csv, dryRun: true });
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({ dryRun: true, imported: 0, budget: null });
      expect(preview.body.rows[0]).toMatchObject({ line: 2, accountCode: '6310', accountName: 'Hosting and software', costCenter: 'TECH', total: '1200099' });
      expect((await admin.json('GET', `${BASE}/2027`)).status).toBe(404);

      const done = await admin.json('POST', `${BASE}/2027/import`, { csv });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ imported: 2, budget: { name: 'FY2027', expense: String(1_200_099 + 50_000) } });
      expect(row(await grid(2027, 'TECH'), '6310').amounts[11]).toBe('100099');
      expect(row(await grid(2027), '6410').amounts).toEqual(['50000', ...Array(11).fill('0')]);
    });

    it('answers 400 listing every row error, and imports nothing', async () => {
      const csv = [
        HEADER,
        '6310,TECH,9,9,9,9,9,9,9,9,9,9,9,9',
        '9999,,1,1,1,1,1,1,1,1,1,1,1,1',
        '1110,,1,1,1,1,1,1,1,1,1,1,1,1',
        '6110,NOPE,1,1,1,1,1,1,1,1,1,1,1,1',
        '6110,,1.999,1,1,1,1,1,1,1,1,1,1,1',
        '6110,,1,1',
      ].join('\n');
      const res = await admin.json('POST', `${BASE}/2027/import`, { csv });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_csv');
      expect(res.body.message).toBe('The file has 5 errors, so nothing was imported. Correct them and import again.');
      const errors = res.body.errors as { line: number; column?: string; message: string }[];
      expect(errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7]);
      expect(errors[0].message).toMatch(/no account with code 9999/);
      expect(errors[1].message).toMatch(/asset account/);
      expect(errors[2]).toMatchObject({ column: 'cost_center_code' });
      expect(errors[3]).toMatchObject({ column: 'jan' });
      expect(errors[4].message).toMatch(/4 fields/);
      // The good first row was not imported either.
      expect(row(await grid(2027, 'TECH'), '6310').amounts[0]).toBe('100000');
    });

    it('refuses a file with missing columns', async () => {
      const res = await admin.json('POST', `${BASE}/2027/import`, { csv: 'account,jan\n6110,1' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ line: 1 });
      expect(res.body.errors[0].message).toMatch(/Missing columns: feb/);
    });
  });

  describe('budget against actual', () => {
    beforeAll(async () => {
      // FY2028: salaries budgeted 31,000.00 a month company-wide and 3,100.00 for OPS; fees 10,000.00 in January.
      const cells = [];
      for (let m = 1; m <= 12; m++) {
        const month = `2028-${String(m).padStart(2, '0')}`;
        cells.push({ accountCode: '6110', month, amount: 3_100_000 });
        cells.push({ accountCode: '6110', costCenter: 'OPS', month, amount: 310_000 });
      }
      cells.push({ accountCode: '4110', month: '2028-01', amount: 1_000_000 });
      expect((await save(2028, cells)).status).toBe(200);
      await book('2028-01-10', [['6110', 2_000_000, 0], ['1110', 0, 2_000_000]], 'January salaries');
      await book('2028-01-20', [['6110', 400_000, 0, { costCenter: 'OPS-DXB' }], ['1110', 0, 400_000]], 'Dubai office salaries');
      await book('2028-01-25', [['1110', 1_250_000, 0], ['4110', 0, 1_250_000]], 'Platform fees');
      await book('2028-02-05', [['6110', 3_000_000, 0, { costCenter: 'OPS' }], ['1110', 0, 3_000_000]], 'February salaries');
      await book('2028-01-31', [['6210', 120_000, 0, { costCenter: 'FIN' }], ['1110', 0, 120_000]], 'Office rent');
    });

    it('compares each account with its natural sign, variance and variance %', async () => {
      const res = await admin.json<VersusActualJson>('GET', `${BASE}/vs-actual?from=2028-01-01&to=2028-01-31`);
      expect(res.status).toBe(200);
      const r = Object.fromEntries(res.body.rows.map((x) => [x.accountCode, x]));
      expect(r['6110']).toMatchObject({ budget: '3410000', actual: '2400000', variance: '-1010000', variancePercent: '-29.6', favourable: true });
      expect(r['4110']).toMatchObject({ budget: '1000000', actual: '1250000', variance: '250000', variancePercent: '25.0', favourable: true });
      expect(r['6210']).toMatchObject({ budget: '0', actual: '120000', variancePercent: null, favourable: false });
      expect(res.body.totals.expense).toMatchObject({ budget: '3410000', actual: '2520000' });
      expect(res.body.totals.net).toMatchObject({ budget: String(1_000_000 - 3_410_000), actual: String(1_250_000 - 2_520_000) });
      expect(res.body.budgets).toEqual([{ fiscalYear: 2028, name: 'FY2028' }]);
      // The actuals are the ledger's own profit and loss for the period.
      const pl = await profitAndLoss(database.db, { from: '2028-01-01', to: '2028-01-31' });
      expect(res.body.totals.expense.actual).toBe(pl.expenses.total);
      expect(res.body.totals.income.actual).toBe(pl.income.total);
    });

    it('rolls a cost center up with its sub-centers, budgets and actuals alike', async () => {
      const res = await admin.json<VersusActualJson>('GET', `${BASE}/vs-actual?from=2028-01-01&to=2028-02-29&costCenter=OPS`);
      expect(res.status).toBe(200);
      expect(res.body.costCenter).toEqual({ code: 'OPS', name: 'Operations' });
      expect(res.body.rows.map((x) => x.accountCode)).toEqual(['6110']);
      expect(res.body.rows[0]).toMatchObject({ budget: '620000', actual: '3400000', variance: '2780000', favourable: false });
      expect(res.body.months.map((m) => [m.month, m.expense.actual])).toEqual([
        ['2028-01', '400000'],
        ['2028-02', '3000000'],
      ]);
    });

    it('counts a part month by days, half to even', async () => {
      // 1–15 January: 15/31 of 31,000.00 + 3,100.00 = 16,500.00; fees 10,000.00 × 15/31 = 4,838.709… → 4,838.71.
      const res = await admin.json<VersusActualJson>('GET', `${BASE}/vs-actual?from=2028-01-01&to=2028-01-15`);
      const r = Object.fromEntries(res.body.rows.map((x) => [x.accountCode, x]));
      expect(r['6110'].budget).toBe('1650000');
      expect(r['6110'].actual).toBe('2000000');
      expect(r['4110'].budget).toBe('483871');
      expect(res.body.months).toHaveLength(1);
      expect(res.body.months[0]).toMatchObject({ from: '2028-01-01', to: '2028-01-15' });
    });

    it('refuses a backwards or overlong period and an unknown cost center', async () => {
      expect((await admin.json('GET', `${BASE}/vs-actual?from=2028-02-01&to=2028-01-01`)).status).toBe(400);
      const long = await admin.json('GET', `${BASE}/vs-actual?from=2020-01-01&to=2028-01-01`);
      expect(long.status).toBe(400);
      expect(long.body.message).toMatch(/at most 36 months/);
      expect((await admin.json('GET', `${BASE}/vs-actual?costCenter=NOPE`)).status).toBe(404);
    });
  });

  describe('cost-center reports', () => {
    it('shows actuals by cost center and account, with what is not assigned and the whole company', async () => {
      const res = await admin.json<CostCenterReportJson>('GET', `${BASE}/cost-centers/actuals?from=2028-01-01&to=2028-02-29&costCenters=OPS,FIN,OPS-DXB`);
      expect(res.status).toBe(200);
      expect(res.body.columns.map((c) => c.key)).toEqual(['OPS', 'FIN', 'OPS-DXB', '*unassigned', '*company']);
      expect(res.body.columns[0]).toMatchObject({ subCenters: 1, drillable: true });
      expect(res.body.cells['6110']).toEqual({ OPS: '3400000', FIN: '0', 'OPS-DXB': '400000', '*unassigned': '2000000', '*company': '5400000' });
      expect(res.body.cells['6210']).toMatchObject({ FIN: '120000', '*unassigned': '0' });
      expect(res.body.cells['4110']['*unassigned']).toBe('1250000');
      expect(res.body.totals['OPS']).toMatchObject({ expense: '3400000', income: '0', budgetExpense: '620000' });
      expect(res.body.totals['*company']).toMatchObject({ expense: '5520000', income: '1250000', net: String(1_250_000 - 5_520_000) });
      // OPS-DXB sits under OPS, so a total across these columns would count it twice.
      expect(res.body.disjoint).toBe(false);
    });

    it('defaults to the active top-level cost centers', async () => {
      const res = await admin.json<CostCenterReportJson>('GET', `${BASE}/cost-centers/actuals?from=2028-01-01&to=2028-01-31`);
      expect(res.body.columns.filter((c) => c.kind === 'cost-center').map((c) => c.code)).toEqual(['FIN', 'MKT', 'OPS', 'PROPERTIES', 'TECH']);
      expect(res.body.disjoint).toBe(true);
    });

    it('drills a cell down to its journal lines', async () => {
      const res = await admin.json<CostCenterLinesJson>('GET', `${BASE}/cost-centers/lines?from=2028-01-01&to=2028-02-29&costCenter=OPS&account=6110`);
      expect(res.status).toBe(200);
      expect(res.body.amount).toBe('3400000');
      expect(res.body.lines.map((l) => [l.date, l.memo, l.debit, l.costCenter])).toEqual([
        ['2028-01-20', 'Dubai office salaries', '400000', 'OPS-DXB'],
        ['2028-02-05', 'February salaries', '3000000', 'OPS'],
      ]);
      expect(res.body.lines[0].entryNumber).toMatch(/^JE-\d{6}$/);
      expect(res.body.totals).toEqual({ debit: '3400000', credit: '0' });
      expect(res.body.page.total).toBe(2);
      const company = await admin.json<CostCenterLinesJson>('GET', `${BASE}/cost-centers/lines?from=2028-01-01&to=2028-02-29&account=6110&limit=1`);
      expect(company.body.page).toMatchObject({ total: 3, limit: 1 });
      expect(company.body.amount).toBe('5400000');
    });
  });

  describe('budgets', () => {
    it('lists one named budget per fiscal year and renames, refuses duplicates, deletes', async () => {
      const list = await admin.json('GET', BASE);
      expect(list.body.items.map((b: { name: string }) => b.name)).toEqual(['FY2024', 'FY2025', 'FY2026', 'FY2027', 'FY2028']);
      expect((await admin.json('POST', BASE, { fiscalYear: 2026 })).status).toBe(409);
      const created = await admin.json('POST', BASE, { fiscalYear: 2029, name: 'FY2029 plan', description: 'Board draft' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'FY2029 plan', cells: 0, income: '0' });
      expect((await admin.json('PATCH', `${BASE}/2029`, { name: 'FY2026' })).status).toBe(409);
      expect((await admin.json('PATCH', `${BASE}/2029`, { name: 'FY2029 approved' })).body.name).toBe('FY2029 approved');
      const del = await admin.request('DELETE', `${BASE}/2029`, undefined, { headers: { 'content-length': '0' } });
      expect(del.status).toBe(200);
      expect((await admin.json('GET', `${BASE}/2029`)).status).toBe(404);
    });
  });

  describe.runIf(kind === 'postgres')('concurrency', () => {
    it('parallel first saves of a new year make one budget and keep every cell', async () => {
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, m) => save(2032, [{ accountCode: '6110', month: `2032-${String(m + 1).padStart(2, '0')}`, amount: 1000 + m }])),
      );
      expect(results.map((r) => r.status)).toEqual(Array(12).fill(200));
      const list = await admin.json('GET', BASE);
      expect(list.body.items.filter((b: { fiscalYear: number }) => b.fiscalYear === 2032)).toHaveLength(1);
      expect(row(await grid(2032), '6110').total).toBe(String(12 * 1000 + 66));
    });

    it('parallel saves of the same cell leave exactly one row holding one of the amounts', async () => {
      await Promise.all(Array.from({ length: 10 }, (_, i) => save(2032, [{ accountCode: '6120', month: '2032-01', amount: 500 + i }])));
      const g = await grid(2032);
      expect(Number(row(g, '6120').amounts[0])).toBeGreaterThanOrEqual(500);
      expect((await admin.json('GET', `${BASE}/2032`)).body.cells).toBe(13);
    });
  });
});
