/**
 * Demo payroll: eight employees across OPS, TECH, MKT and FIN on Dubai salaries (one who joined six years ago,
 * so the gratuity's 30-day rate applies, and one leaving this month with a final settlement), the employer's
 * WPS settings, last month's run approved and paid, and this month's as a draft. Runs go through the real
 * services, so the ledger agrees. Idempotent: nothing is added once employees exist.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { sqlRows } from '@api/list';
import { listBankAccounts } from '@modules/banking';
import { addMonths, monthEnd, monthStart, todayInDubai } from '@modules/platform/dates';
import { createEmployee } from './employees';
import { approveRun, payRun } from './run-actions';
import { createRun } from './runs';
import { payrollEmployees, payrollRuns, payrollSettings } from './schema';
import { settingsRow } from './shared';

const aed = (n: number) => BigInt(n) * 100n;

export async function seedPayroll(db: Db, opts: { now?: Date } = {}): Promise<{ employees: number; runs: number }> {
  const [any] = await db.select({ id: payrollEmployees.id }).from(payrollEmployees).limit(1);
  if (any) return { employees: 0, runs: 0 };
  const [admin] = await sqlRows<{ id: string }>(db, sql`select id from users where role = 'admin' order by created_at limit 1`);
  if (!admin) return { employees: 0, runs: 0 };
  const today = todayInDubai(opts.now);
  const thisMonth = monthStart(today);
  const lastMonth = addMonths(thisMonth, -1);
  const yearsAgo = (y: number, day = '01') => `${Number(today.slice(0, 4)) - y}${today.slice(4, 8)}${day}`;
  const staff = [
    { firstName: 'Omar', lastName: 'Al Hashimi', costCenter: 'OPS', jobTitle: 'Operations Director', basic: 32_000, housing: 12_000, transport: 2_000, joinedOn: yearsAgo(6, '15'), iban: 'AE590331000123456789012' },
    { firstName: 'Priya', lastName: 'Nair', costCenter: 'FIN', jobTitle: 'Finance Manager', basic: 24_000, housing: 9_000, transport: 1_500, joinedOn: yearsAgo(3), iban: 'AE150261000123456796931' },
    { firstName: 'James', lastName: 'Whitfield', costCenter: 'TECH', jobTitle: 'Head of Engineering', basic: 36_000, housing: 12_000, transport: 2_000, joinedOn: yearsAgo(2), iban: 'AE560351000123456804850' },
    { firstName: 'Layla', lastName: 'Haddad', costCenter: 'TECH', jobTitle: 'Software Engineer', basic: 18_000, housing: 7_000, transport: 1_500, joinedOn: yearsAgo(1, '10'), iban: 'AE550031000123456812769' },
    { firstName: 'Rahul', lastName: 'Menon', costCenter: 'OPS', jobTitle: 'Property Operations Officer', basic: 9_500, housing: 4_000, transport: 1_000, joinedOn: yearsAgo(4), iban: 'AE370261000123456820688' },
    { firstName: 'Sofia', lastName: 'Marques', costCenter: 'MKT', jobTitle: 'Marketing Manager', basic: 21_000, housing: 8_000, transport: 1_500, joinedOn: yearsAgo(2, '20'), iban: 'AE870231000123456828607' },
    { firstName: 'Ahmed', lastName: 'Khalil', costCenter: 'MKT', jobTitle: 'Content Specialist', basic: 11_000, housing: 4_500, transport: 1_000, joinedOn: yearsAgo(3, '05'), iban: 'AE060331000123456836526', leftOn: monthEnd(today) > today ? `${today.slice(0, 8)}20` : today },
    { firstName: 'Grace', lastName: 'Okafor', costCenter: 'FIN', jobTitle: 'Accountant', basic: 12_500, housing: 5_000, transport: 1_000, joinedOn: yearsAgo(1, '02'), iban: 'AE940441000123456844445' },
  ];
  let n = 0;
  for (const [i, s] of staff.entries()) {
    const emp = await createEmployee(db, admin.id, {
      firstName: s.firstName,
      lastName: s.lastName,
      email: `${s.firstName.toLowerCase()}.${s.lastName.toLowerCase().replace(/\s+/g, '')}@manzil.ae`,
      costCenter: s.costCenter,
      jobTitle: s.jobTitle,
      contract: 'unlimited',
      basicSalary: aed(s.basic),
      housingAllowance: aed(s.housing),
      transportAllowance: aed(s.transport),
      otherAllowance: 0n,
      iban: s.iban,
      routingCode: `80${String(320101 + i * 1000).padStart(7, '0')}`,
      wpsPersonId: `1000${String(20256001 + i).padStart(10, '0')}`,
      emiratesId: `784-${1980 + i}-${String(1234560 + i).padStart(7, '0')}-${i}`,
      labourCardNumber: `LC${12345670 + i}`,
      joinedOn: s.joinedOn,
      leftOn: 'leftOn' in s ? s.leftOn : null,
    });
    if (emp) n += 1;
  }
  const banks = await listBankAccounts(db);
  const bank = banks.find((b) => b.kind === 'operating') ?? banks[0];
  await settingsRow(db);
  await db.update(payrollSettings).set({ employerId: '1000000123456', routingCode: '803320101', bankAccountId: bank?.id ?? null }).where(eq(payrollSettings.id, 1));
  // Last month: prepared by the system, approved by the administrator, paid on the 28th.
  const last = await createRun(db, admin.id, lastMonth.slice(0, 7));
  await db.update(payrollRuns).set({ createdBy: null }).where(eq(payrollRuns.id, last.id));
  await approveRun(db, admin.id, last.id);
  if (bank) await payRun(db, admin.id, last.id, { date: `${lastMonth.slice(0, 8)}28`, bankAccountId: bank.id });
  await createRun(db, admin.id, thisMonth.slice(0, 7));
  return { employees: n, runs: 2 };
}
