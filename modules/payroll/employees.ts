/** Employees: create, edit, read, the admin list (list contract) and its CSV export. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError, badRequest, notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, sqlRows, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { todayInDubai } from '@modules/platform/dates';
import { minorToDecimalString } from '@modules/platform/money';
import { payrollMessages as msg, type CreateEmployeeInput, type EmployeeJson, type employeesListQuery, type UpdateEmployeeInput } from './contract';
import { payrollEmployees } from './schema';
import { UUID, employeeJson, fullName, type EmployeeRow } from './shared';

export type EmployeesListQuery = z.output<typeof employeesListQuery>;

const values = (input: UpdateEmployeeInput) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<typeof payrollEmployees.$inferInsert>;

/** A cost center must be one of the ledger's, or the run's journal could not be posted. */
async function assertCostCenter(db: Db, code: string | null | undefined): Promise<void> {
  if (!code) return;
  const found = await sqlRows(db, sql`select 1 from ledger_cost_centers where code = ${code} and archived_at is null`);
  if (found.length === 0) throw new AppError(422, 'cost_center_not_found', `There is no cost center ${code} in the ledger.`);
}

export async function createEmployee(db: Db, adminId: string, input: CreateEmployeeInput): Promise<EmployeeJson> {
  await assertCostCenter(db, input.costCenter);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payrollEmployees)
      .values({ ...values(input), firstName: input.firstName, lastName: input.lastName, iban: input.iban, joinedOn: input.joinedOn, basicSalary: input.basicSalary, createdBy: adminId })
      .returning();
    await recordAudit(tx, { actorId: adminId, action: 'payroll.employee.create', entityType: 'payroll_employee', entityId: row!.id, summary: `Added employee ${fullName(row!)}, joined ${row!.joinedOn}` });
    return employeeJson(row!);
  });
}

export async function employeeRow(db: Db, id: string): Promise<EmployeeRow> {
  if (!UUID.test(id)) throw notFound(msg.employeeNotFound, 'payroll_employee_not_found');
  const [row] = await db.select().from(payrollEmployees).where(eq(payrollEmployees.id, id));
  if (!row) throw notFound(msg.employeeNotFound, 'payroll_employee_not_found');
  return row;
}

export const getEmployee = async (db: Db, id: string) => employeeJson(await employeeRow(db, id));

export async function updateEmployee(db: Db, adminId: string, id: string, input: UpdateEmployeeInput): Promise<EmployeeJson> {
  await assertCostCenter(db, input.costCenter);
  return db.transaction(async (tx) => {
    const before = await employeeRow(tx, id);
    const joinedOn = input.joinedOn ?? before.joinedOn;
    const leftOn = input.leftOn === undefined ? before.leftOn : input.leftOn;
    if (leftOn && leftOn < joinedOn) throw badRequest(msg.leftBeforeJoined, 'validation_failed');
    const [row] = await tx.update(payrollEmployees).set({ ...values(input), updatedAt: new Date() }).where(eq(payrollEmployees.id, id)).returning();
    const changed = Object.keys(values(input)).join(', ') || 'nothing';
    await recordAudit(tx, { actorId: adminId, action: 'payroll.employee.update', entityType: 'payroll_employee', entityId: id, summary: `Changed ${changed} of employee ${fullName(row!)}` });
    return employeeJson(row!);
  });
}

const E = sql.raw('payroll_employees');
function where(query: Partial<EmployeesListQuery>): SQL {
  const today = todayInDubai();
  return (
    allOf(
      searchWhere(query.q, [sql`e.first_name || ' ' || e.last_name`, sql`e.email`, sql`e.cost_center`, sql`e.job_title`, sql`e.iban`, sql`e.wps_person_id`]),
      query.costCenter && sql`e.cost_center = ${query.costCenter.toUpperCase()}`,
      query.status === 'active' && sql`(e.left_on is null or e.left_on >= ${today})`,
      query.status === 'left' && sql`e.left_on < ${today}`,
    ) ?? sql`true`
  );
}
const SORT = { createdAt: sql`e.created_at`, name: sql`e.last_name || ' ' || e.first_name`, joinedOn: sql`e.joined_on`, basicSalary: sql`e.basic_salary`, costCenter: sql`e.cost_center` };

type RawEmployee = Record<string, unknown>;
const fromRaw = (r: RawEmployee): EmployeeRow => ({
  id: String(r.id),
  firstName: String(r.first_name),
  lastName: String(r.last_name),
  email: (r.email as string | null) ?? null,
  costCenter: (r.cost_center as string | null) ?? null,
  jobTitle: String(r.job_title ?? ''),
  contract: String(r.contract),
  basicSalary: BigInt(String(r.basic_salary)),
  housingAllowance: BigInt(String(r.housing_allowance)),
  transportAllowance: BigInt(String(r.transport_allowance)),
  otherAllowance: BigInt(String(r.other_allowance)),
  iban: String(r.iban),
  routingCode: (r.routing_code as string | null) ?? null,
  emiratesId: (r.emirates_id as string | null) ?? null,
  labourCardNumber: (r.labour_card_number as string | null) ?? null,
  wpsPersonId: (r.wps_person_id as string | null) ?? null,
  joinedOn: String(r.joined_on).slice(0, 10),
  leftOn: r.left_on === null || r.left_on === undefined ? null : String(r.left_on).slice(0, 10),
  createdBy: (r.created_by as string | null) ?? null,
  createdAt: new Date(String(r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at)),
  updatedAt: new Date(String(r.updated_at instanceof Date ? r.updated_at.toISOString() : r.updated_at)),
});
const SELECT = sql`select e.id, e.first_name, e.last_name, e.email, e.cost_center, e.job_title, e.contract, e.basic_salary::text, e.housing_allowance::text,
  e.transport_allowance::text, e.other_allowance::text, e.iban, e.routing_code, e.emirates_id, e.labour_card_number, e.wps_person_id,
  e.joined_on::text as joined_on, e.left_on::text as left_on, e.created_by, e.created_at, e.updated_at from ${E} e`;
const page = (db: Db, query: EmployeesListQuery, limit: number, offset: number) =>
  sqlRows<RawEmployee>(db, sql`${SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`e.id`)} limit ${limit} offset ${offset}`).then((rows) => rows.map(fromRaw));

export async function listEmployees(db: Db, query: EmployeesListQuery): Promise<{ items: EmployeeJson[]; total: number }> {
  const [items, [t]] = await Promise.all([page(db, query, query.limit, query.offset), sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ${E} e where ${where(query)}`)]);
  return { items: items.map(employeeJson), total: Number(t?.n ?? 0) };
}

export const EMPLOYEES_CSV_HEADER = ['Name', 'Email', 'Cost center', 'Job title', 'Contract', 'Basic (AED)', 'Housing (AED)', 'Transport (AED)', 'Other (AED)', 'IBAN', 'Routing code', 'WPS person id', 'Emirates ID', 'Joined on', 'Left on'] as const;

export async function* employeeCsvRows(db: Db, query: EmployeesListQuery): AsyncGenerator<CsvCell[]> {
  const dec = (v: bigint) => minorToDecimalString(v);
  for await (const e of allRows((limit, offset) => page(db, query, limit, offset))) {
    yield [fullName(e), e.email, e.costCenter, e.jobTitle, e.contract, dec(e.basicSalary), dec(e.housingAllowance), dec(e.transportAllowance), dec(e.otherAllowance), e.iban, e.routingCode, e.wpsPersonId, e.emiratesId, e.joinedOn, e.leftOn];
  }
}
