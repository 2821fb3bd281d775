import { sql } from 'drizzle-orm';
import { composeIBAN } from 'ibantools';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import { sqlRows } from '@api/list';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { createBankAccount } from '@modules/banking';
import { clientWith, createInvestor, moneyTestDatabase } from '@modules/investing/test-helpers';
import { addMonths, monthEnd, monthStart, todayInDubai } from '@modules/platform/dates';
import type { EmployeeJson, PayrollRunDetailJson } from './contract';
import { gratuity } from './gratuity';
import { pdfText } from '@tests/helpers/pdf';
import { EDR, SCR } from './sif-format.test-helper';

const P2 = addMonths(monthStart(todayInDubai()), -2).slice(0, 7);
const P1 = addMonths(monthStart(todayInDubai()), -1).slice(0, 7);
const yearsBefore = (period: string, years: number, day = '01') => `${Number(period.slice(0, 4)) - years}${period.slice(4)}-${day}`;
let ibanSeq = 0;
const iban = () => composeIBAN({ countryCode: 'AE', bban: `033${String(7_000_000_000_000_000 + Date.now() % 1_000_000 * 100 + ++ibanSeq).padStart(16, '0')}` })!;

describeEachDb('payroll API', (kind) => {
  let database: Database;
  let admin: TestClient;
  let second: TestClient;
  let bankId: string;

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    const app = createApp({ db: database.db });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: 'ManzilAdmin#2026' })).status).toBe(200);
    const other = await createInvestor(database.db, { role: 'admin', firstName: 'Second' });
    second = clientWith(app, other.token);
    bankId = (await createBankAccount(database.db, other.id, { name: 'Payroll account', bankName: 'Emirates NBD', iban: iban(), ledgerAccountCode: '1110', kind: 'operating', currency: 'AED' })).id;
  }, 60_000);
  afterAll(async () => database.close());

  const entryFor = (module: string, id: string) =>
    sqlRows<{ code: string; debit: string; credit: string; cost_center: string | null }>(
      database.db,
      sql`select a.code, l.debit::text, l.credit::text, c.code as cost_center from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
            left join ledger_cost_centers c on c.id = l.cost_center_id
            join ledger_journal_entries e on e.id = l.entry_id where e.source_module = ${module} and e.source_id = ${id} order by l.line_no`,
    );
  const hire = async (body: Record<string, unknown>) => {
    const r = await admin.json<EmployeeJson>('POST', '/api/admin/payroll/employees', { iban: iban(), housingAllowance: 0, transportAllowance: 0, ...body });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body;
  };

  it('runs the payroll: employees, draft, items, four-eyes approval with its journal, pay, SIF, payslips', async () => {
    const veteran = await hire({ firstName: 'Omar', lastName: 'Hashimi', email: 'omar.payroll@example.ae', costCenter: 'TECH', basicSalary: 3_650_000, housingAllowance: 1_000_000, transportAllowance: '200000', joinedOn: yearsBefore(P2, 6), wpsPersonId: '10000020256001', routingCode: '803320101' });
    const joiner = await hire({ firstName: 'Layla', lastName: 'Haddad', email: 'layla.payroll@example.ae', costCenter: 'OPS', basicSalary: 1_500_000, joinedOn: `${P1}-11`, wpsPersonId: '10000020256002', routingCode: '803320101' });
    const leaver = await hire({ firstName: 'Ahmed', lastName: 'Khalil', costCenter: 'OPS', basicSalary: 1_100_000, joinedOn: yearsBefore(P2, 3, '05'), leftOn: `${P1}-10`, wpsPersonId: '10000020256003' });
    expect(veteran).toMatchObject({ basicSalary: '3650000', monthlyPay: '4850000', contract: 'unlimited', costCenter: 'TECH' });

    // P2: the veteran and the leaver; the joiner had not started.
    const draft = await admin.json<PayrollRunDetailJson>('POST', '/api/admin/payroll/runs', { period: P2 });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    expect(draft.body).toMatchObject({ status: 'draft', employees: 2, previous: null });
    expect((await admin.json('POST', '/api/admin/payroll/runs', { period: P2 })).status).toBe(409);
    const own = await admin.json('POST', `/api/admin/payroll/runs/${draft.body.id}/approve`);
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('second_admin_required');
    const p2 = await second.json<PayrollRunDetailJson>('POST', `/api/admin/payroll/runs/${draft.body.id}/approve`);
    expect(p2.status, JSON.stringify(p2.body)).toBe(200);
    expect(p2.body.journalReference).toMatch(/^JE-/);
    const vetAccrualP2 = gratuity(3_650_000n, veteran.joinedOn, monthEnd(`${P2}-01`)).amount;
    const leaverAccrualP2 = gratuity(1_100_000n, leaver.joinedOn, monthEnd(`${P2}-01`)).amount;
    expect(await entryFor('payroll.run', draft.body.id)).toEqual([
      { code: '6110', debit: '1100000', credit: '0', cost_center: 'OPS' },
      { code: '6110', debit: '3650000', credit: '0', cost_center: 'TECH' },
      { code: '6120', debit: '1200000', credit: '0', cost_center: 'TECH' },
      { code: '2510', debit: '0', credit: '5950000', cost_center: null },
      { code: '6130', debit: String(leaverAccrualP2), credit: '0', cost_center: 'OPS' },
      { code: '2520', debit: '0', credit: String(leaverAccrualP2), cost_center: null },
      { code: '6130', debit: String(vetAccrualP2), credit: '0', cost_center: 'TECH' },
      { code: '2520', debit: '0', credit: String(vetAccrualP2), cost_center: null },
    ]);
    expect((await admin.json('POST', `/api/admin/payroll/runs/${draft.body.id}/items`, { employeeId: veteran.id, kind: 'bonus', quantity: 100 })).status).toBe(409);

    // P1: the joiner pro rata, the leaver's final settlement, overtime and a deduction.
    const run = (await admin.json<PayrollRunDetailJson>('POST', '/api/admin/payroll/runs', { period: P1 })).body;
    expect(run.employees).toBe(3);
    await admin.json('POST', `/api/admin/payroll/runs/${run.id}/items`, { employeeId: veteran.id, kind: 'overtime', quantity: 1000, description: 'Year-end close' });
    const withItems = await admin.json<PayrollRunDetailJson>('POST', `/api/admin/payroll/runs/${run.id}/items`, { employeeId: joiner.id, kind: 'deduction', quantity: '25000', description: 'Salary advance recovered' });
    expect(withItems.status).toBe(200);
    expect(withItems.body.items).toHaveLength(2);
    const days = Number(monthEnd(`${P1}-01`).slice(8));
    const line = (id: string) => withItems.body.lines.find((l) => l.employeeId === id)!;
    expect(line(joiner.id)).toMatchObject({ startDate: `${P1}-11`, daysPaid: days - 10, deductions: '25000' });
    expect(BigInt(line(joiner.id).basic)).toBe((1_500_000n * BigInt(days - 10) * 2n + BigInt(days)) / (2n * BigInt(days)));
    expect(line(veteran.id).overtime).toBe('190104'); // 10 h × 36,500 / 30 / 8 × 1.25
    const settlement = gratuity(1_100_000n, leaver.joinedOn, `${P1}-10`).amount;
    expect(line(leaver.id)).toMatchObject({ daysPaid: 10, gratuityPayout: String(settlement), gratuityAccrual: String(settlement - leaverAccrualP2) });
    expect(line(leaver.id).gratuityStatement).toContain('21 days per year');
    const tech = withItems.body.byCostCenter.find((c) => c.costCenter === 'TECH')!;
    expect(tech).toMatchObject({ previousGross: '4850000', variance: '190104' });

    expect((await second.json('POST', `/api/admin/payroll/runs/${run.id}/approve`)).status).toBe(200);
    const lines = await entryFor('payroll.run', run.id);
    const credit2510 = lines.find((l) => l.code === '2510')!.credit;
    expect(credit2510).toBe(withItems.body.net);
    expect(lines).toContainEqual({ code: '2520', debit: String(settlement), credit: '0', cost_center: null });
    expect(lines).toContainEqual({ code: '2530', debit: '0', credit: '25000', cost_center: null });
    const debits = lines.reduce((s, l) => s + BigInt(l.debit), 0n);
    expect(debits).toBe(lines.reduce((s, l) => s + BigInt(l.credit), 0n));

    // The SIF refuses incomplete data, naming each gap.
    const refused = await admin.json('GET', `/api/admin/payroll/runs/${run.id}/wps`);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe('wps_data_incomplete');
    expect(refused.body.message).toContain('establishment id');
    expect(refused.body.message).toContain('Ahmed Khalil: 9-digit bank routing code');
    expect((await admin.json('PUT', '/api/admin/payroll/settings', { employerId: '1000000123456', routingCode: '803320101', bankAccountId: bankId })).status).toBe(200);
    expect((await admin.json('PATCH', `/api/admin/payroll/employees/${leaver.id}`, { routingCode: '600310101' })).status).toBe(200);
    const sif = await admin.request('GET', `/api/admin/payroll/runs/${run.id}/wps`);
    expect(sif.status).toBe(200);
    expect(sif.headers.get('content-disposition')).toMatch(/filename="1000000123456\d{12}\.SIF"/);
    const records = (await sif.text()).trimEnd().split('\r\n');
    expect(records).toHaveLength(4);
    for (const r of records.slice(0, 3)) expect(r).toMatch(EDR);
    expect(records[3]).toMatch(SCR);
    const scrTotal = records[3].split(',')[7];
    expect(scrTotal.replace('.', '')).toBe(String(BigInt(credit2510)));

    const paid = await admin.json<PayrollRunDetailJson>('POST', `/api/admin/payroll/runs/${run.id}/pay`, { date: `${P1}-28`, bankAccountId: bankId });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.status).toBe('paid');
    expect(await entryFor('payroll.payment', run.id)).toEqual([
      { code: '2510', debit: credit2510, credit: '0', cost_center: null },
      { code: '1110', debit: '0', credit: credit2510, cost_center: null },
    ]);
    expect((await admin.json('POST', `/api/admin/payroll/runs/${run.id}/pay`, { date: `${P1}-28`, bankAccountId: bankId })).status).toBe(409);

    const slip = await admin.request('GET', `/api/admin/payroll/runs/${run.id}/payslips/${leaver.id}.pdf`);
    expect(slip.status).toBe(200);
    expect(slip.headers.get('content-type')).toBe('application/pdf');
    const pdf = pdfText(new Uint8Array(await slip.arrayBuffer()));
    expect(pdf).toContain('Ahmed Khalil');
    expect(pdf).toContain('End-of-service gratuity');
    const sent = await admin.json('POST', `/api/admin/payroll/runs/${run.id}/payslips/send`);
    expect(sent.body).toEqual({ queued: 2, skipped: ['Ahmed Khalil'] });

    const list = await admin.json('GET', '/api/admin/payroll/runs?sort=-period');
    expect(list.body.items.map((r: { period: string }) => r.period)).toEqual([P1, P2]);
    const employees = await admin.json('GET', '/api/admin/payroll/employees?q=hadd');
    expect(employees.body).toMatchObject({ total: 1, items: [{ id: joiner.id }] });
    const csv = await admin.request('GET', '/api/admin/payroll/employees/export?costCenter=OPS');
    expect((await csv.text()).trim().split('\n')).toHaveLength(3);
    const costs = await admin.json('GET', '/api/admin/payroll/runs/costs');
    expect(costs.body.months.map((m: { period: string }) => m.period)).toEqual([P2, P1]);
  });

  it('validates input: 400 for bad fields, 404 for unknown ids, 422 for an unknown cost center', async () => {
    const bad = [
      { firstName: '', lastName: 'X', iban: iban(), basicSalary: 1, joinedOn: '2026-01-01' },
      { firstName: 'A', lastName: 'X', iban: 'AE00', basicSalary: 1, joinedOn: '2026-01-01' },
      { firstName: 'A', lastName: 'X', iban: iban(), basicSalary: 1.5, joinedOn: '2026-01-01' },
      { firstName: 'A', lastName: 'X', iban: iban(), basicSalary: '99999999999999999999', joinedOn: '2026-01-01' },
      { firstName: 'A', lastName: 'X', iban: iban(), basicSalary: 1, joinedOn: '2026-02-30' },
      { firstName: 'A', lastName: 'X', iban: iban(), basicSalary: 1, joinedOn: '2026-01-01', emiratesId: '123' },
      { firstName: 'A\u0000', lastName: 'X', iban: iban(), basicSalary: 1, joinedOn: '2026-01-01' },
      { firstName: 'A', lastName: 'X', iban: iban(), basicSalary: 1, joinedOn: '2026-01-01', leftOn: '2025-01-01' },
    ];
    for (const body of bad) {
      const r = await admin.json('POST', '/api/admin/payroll/employees', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect((await admin.json('POST', '/api/admin/payroll/employees', { firstName: 'A', lastName: 'X', iban: iban(), basicSalary: 1, joinedOn: '2026-01-01', costCenter: 'NOPE' })).status).toBe(422);
    expect((await admin.json('POST', '/api/admin/payroll/runs', { period: '2026-13' })).status).toBe(400);
    expect((await admin.json('GET', '/api/admin/payroll/runs/not-a-uuid')).status).toBe(404);
    expect((await admin.json('GET', '/api/admin/payroll/employees/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await admin.json('POST', '/api/admin/payroll/runs/00000000-0000-0000-0000-000000000000/pay', { date: 'x', bankAccountId: bankId })).status).toBe(400);
    expect((await admin.json('PUT', '/api/admin/payroll/settings', { employerId: '12' })).status).toBe(400);
    expect((await admin.json('POST', '/api/admin/payroll/runs', { period: '1999-01' })).status).toBe(422);
  });

  it('answers 4xx, never 5xx, to wrong types, NUL bytes and huge numbers on every payroll route', async () => {
    const uuid = '00000000-0000-0000-0000-000000000000';
    const bodies: unknown[] = [null, [], 'x', 1e308, { period: '\u0000' }, { employeeId: 'x\u0000', kind: 'bonus', quantity: 1e300 }, { date: 12, bankAccountId: {} }, { basicSalary: -1, joinedOn: [] }, { workingDaysBasis: 'thirty' }];
    const routes: [string, string][] = [
      ['POST', '/api/admin/payroll/employees'],
      ['PATCH', `/api/admin/payroll/employees/${uuid}`],
      ['PUT', '/api/admin/payroll/settings'],
      ['POST', '/api/admin/payroll/runs'],
      ['POST', `/api/admin/payroll/runs/${uuid}/items`],
      ['POST', `/api/admin/payroll/runs/${uuid}/pay`],
      ['POST', `/api/admin/payroll/runs/x%00/approve`],
      ['GET', `/api/admin/payroll/runs/${uuid}/wps`],
      ['GET', `/api/admin/payroll/runs/${uuid}/payslips/x%00.pdf`],
      ['GET', '/api/admin/payroll/employees?limit=99999999999999999999&sort=%00'],
    ];
    for (const [method, path] of routes) {
      for (const body of method === 'GET' ? [undefined] : bodies) {
        const r = await admin.json(method, path, body);
        // The settings are all optional: a body of unknown fields changes nothing and is accepted.
        if (!path.endsWith('/settings') || !body || typeof body !== 'object' || Array.isArray(body)) expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(r.status, `${method} ${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
  });
});
