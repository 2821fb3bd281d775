import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '@api/list';
import type { Database } from '@db/client';
import { seedDatabase } from '@db/seed';
import { createTestDatabase } from '@tests/helpers/db';
import { seedChartOfAccounts } from '@modules/ledger';
import { addMonths, monthStart, todayInDubai } from '@modules/platform/dates';
import { seedPayroll } from './seed';
import { runSif } from './wps';

describe('demo payroll seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDatabase(database.db, { DEMO: '1' });
    await seedChartOfAccounts(database.db);
  }, 180_000);
  afterAll(() => database.close());

  it('adds eight employees, pays last month and drafts this month, once', async () => {
    expect(await seedPayroll(database.db)).toEqual({ employees: 8, runs: 2 });
    expect(await seedPayroll(database.db)).toEqual({ employees: 0, runs: 0 });
    const thisMonth = monthStart(todayInDubai()).slice(0, 7);
    const lastMonth = addMonths(monthStart(todayInDubai()), -1).slice(0, 7);
    const runs = await sqlRows<{ id: string; period: string; status: string; net: string }>(database.db, sql`select id, period, status, net::text from payroll_runs order by period`);
    expect(runs.map((r) => r.period)).toEqual([lastMonth, thisMonth]);
    expect(runs[1].status).toBe('draft');
    expect(['approved', 'paid']).toContain(runs[0].status);
    const centers = await sqlRows<{ cost_center: string }>(database.db, sql`select distinct cost_center from payroll_employees order by 1`);
    expect(centers.map((c) => c.cost_center)).toEqual(['FIN', 'MKT', 'OPS', 'TECH']);
    const sif = await runSif(database.db, runs[0].id);
    expect(sif.total).toBe(BigInt(runs[0].net));
    const leaver = await sqlRows<{ n: number }>(database.db, sql`select count(*)::int as n from payroll_lines l join payroll_runs r on r.id = l.run_id where r.period = ${thisMonth} and l.gratuity_payout > 0`);
    expect(leaver[0].n).toBe(1);
  });
});
