/** What every part of payroll reads: id checks, row → JSON, the settings row. */
import { eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import type { EmployeeJson, PayrollSettingsJson } from './contract';
import { payrollEmployees, payrollSettings } from './schema';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

export type EmployeeRow = typeof payrollEmployees.$inferSelect;
export const fullName = (e: { firstName: string; lastName: string }) => `${e.firstName} ${e.lastName}`.trim();

export function employeeJson(e: EmployeeRow): EmployeeJson {
  return {
    id: e.id,
    firstName: e.firstName,
    lastName: e.lastName,
    name: fullName(e),
    email: e.email,
    costCenter: e.costCenter,
    jobTitle: e.jobTitle,
    contract: e.contract as EmployeeJson['contract'],
    basicSalary: e.basicSalary.toString(),
    housingAllowance: e.housingAllowance.toString(),
    transportAllowance: e.transportAllowance.toString(),
    otherAllowance: e.otherAllowance.toString(),
    monthlyPay: (e.basicSalary + e.housingAllowance + e.transportAllowance + e.otherAllowance).toString(),
    iban: e.iban,
    routingCode: e.routingCode,
    emiratesId: e.emiratesId,
    labourCardNumber: e.labourCardNumber,
    wpsPersonId: e.wpsPersonId,
    joinedOn: e.joinedOn,
    leftOn: e.leftOn,
    createdAt: iso(e.createdAt),
  };
}

export type SettingsRow = typeof payrollSettings.$inferSelect;

export async function settingsRow(db: Db): Promise<SettingsRow> {
  const [row] = await db.select().from(payrollSettings).where(eq(payrollSettings.id, 1));
  if (row) return row;
  await db.insert(payrollSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(payrollSettings).where(eq(payrollSettings.id, 1));
  return created!;
}

export const settingsJson = (s: SettingsRow): PayrollSettingsJson => ({
  employerId: s.employerId,
  routingCode: s.routingCode,
  bankAccountId: s.bankAccountId,
  workingDaysBasis: s.workingDaysBasis,
  updatedAt: iso(s.updatedAt),
});
