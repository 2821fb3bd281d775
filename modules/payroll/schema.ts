import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '@modules/auth/schema';
import { bankAccounts } from '@modules/banking/schema';

/*
 * UAE payroll. The money is in the ledger: an approved run posts salaries, allowances, deductions withheld,
 * net pay and the month's gratuity accrual (source 'payroll.run'); its payment posts Dr 2510 / Cr bank
 * (source 'payroll.payment'). These tables hold the employees, the employer's WPS settings and each run's lines.
 * Amounts are fils.
 */

const money = (name: string) => bigint(name, { mode: 'bigint' }).notNull().default(sql`0`);
const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The employer's WPS data: one row (id = 1). */
export const payrollSettings = pgTable(
  'payroll_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** The 13-digit MOHRE establishment id. */
    employerId: text('employer_id').notNull().default(''),
    /** The 9-digit routing code of the employer's bank. */
    routingCode: text('routing_code').notNull().default(''),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    /** Days a monthly salary is divided by for a day's pay (unpaid leave, overtime). */
    workingDaysBasis: integer('working_days_basis').notNull().default(30),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('payroll_settings_single', sql`${t.id} = 1`), check('payroll_settings_basis', sql`${t.workingDaysBasis} between 20 and 31`)],
);

export const payrollEmployees = pgTable(
  'payroll_employees',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    /** A ledger cost center code (OPS, TECH …). */
    costCenter: text('cost_center'),
    jobTitle: text('job_title').notNull().default(''),
    /** 'limited' | 'unlimited' */
    contract: text('contract').notNull().default('unlimited'),
    basicSalary: money('basic_salary'),
    housingAllowance: money('housing_allowance'),
    transportAllowance: money('transport_allowance'),
    otherAllowance: money('other_allowance'),
    iban: text('iban').notNull(),
    routingCode: text('routing_code'),
    emiratesId: text('emirates_id'),
    labourCardNumber: text('labour_card_number'),
    wpsPersonId: text('wps_person_id'),
    joinedOn: date('joined_on', { mode: 'string' }).notNull(),
    leftOn: date('left_on', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payroll_employees_name_idx').on(t.lastName, t.firstName),
    check('payroll_employees_amounts', sql`${t.basicSalary} >= 0 and ${t.housingAllowance} >= 0 and ${t.transportAllowance} >= 0 and ${t.otherAllowance} >= 0`),
    check('payroll_employees_dates', sql`${t.leftOn} is null or ${t.leftOn} >= ${t.joinedOn}`),
  ],
);

export const payrollRuns = pgTable(
  'payroll_runs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** 'YYYY-MM' */
    period: text('period').notNull(),
    /** 'draft' | 'approved' | 'paid' */
    status: text('status').notNull().default('draft'),
    gross: money('gross'),
    deductions: money('deductions'),
    net: money('net'),
    gratuityAccrual: money('gratuity_accrual'),
    journalReference: text('journal_reference'),
    paymentReference: text('payment_reference'),
    paidOn: date('paid_on', { mode: 'string' }),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    paidBy: uuid('paid_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [uniqueIndex('payroll_runs_period_unique').on(t.period), check('payroll_runs_status', sql`${t.status} in ('draft', 'approved', 'paid')`)],
);

/** One employee in a run: the computed pay (recomputed while draft), frozen at approval. */
export const payrollLines = pgTable(
  'payroll_lines',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    runId: uuid('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => payrollEmployees.id, { onDelete: 'restrict' }),
    costCenter: text('cost_center'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    daysPaid: integer('days_paid').notNull(),
    unpaidLeaveDays: integer('unpaid_leave_days').notNull().default(0),
    basic: money('basic'),
    allowances: money('allowances'),
    overtime: money('overtime'),
    bonus: money('bonus'),
    deductions: money('deductions'),
    gratuityAccrual: money('gratuity_accrual'),
    gratuityPayout: money('gratuity_payout'),
    net: money('net'),
    /** The gratuity computation in words (final settlement). */
    gratuityStatement: text('gratuity_statement'),
  },
  (t) => [uniqueIndex('payroll_lines_run_employee').on(t.runId, t.employeeId), index('payroll_lines_employee').on(t.employeeId)],
);

/** A one-off item on a draft run's line: overtime hours (hundredths), a bonus, a deduction, unpaid leave days. */
export const payrollItems = pgTable(
  'payroll_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    runId: uuid('run_id')
      .notNull()
      .references(() => payrollRuns.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => payrollEmployees.id, { onDelete: 'restrict' }),
    /** 'overtime' | 'bonus' | 'deduction' | 'unpaid_leave' */
    kind: text('kind').notNull(),
    /** Fils for bonus/deduction; hundredths of an hour for overtime; days for unpaid leave. */
    quantity: bigint('quantity', { mode: 'bigint' }).notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [index('payroll_items_run').on(t.runId), check('payroll_items_quantity', sql`${t.quantity} > 0`)],
);
