/**
 * Payroll's HTTP contract (browser-safe): every input schema, message and JSON shape.
 *   POST /api/admin/payroll/employees                          create (201), GET list, GET /export CSV, GET/PATCH /:id
 *   GET|PUT /api/admin/payroll/settings                        the employer's WPS data and paying bank account
 *   POST /api/admin/payroll/runs { period }                    a draft run (201); GET list, GET /export, GET /costs
 *   GET /api/admin/payroll/runs/:id                            lines, totals by cost center, variance vs previous run
 *   POST /api/admin/payroll/runs/:id/items                     a one-off item while draft; DELETE …/items/:itemId
 *   POST /api/admin/payroll/runs/:id/approve                   posts the journal (four eyes above the threshold)
 *   POST /api/admin/payroll/runs/:id/pay { date, bankAccountId }
 *   GET  /api/admin/payroll/runs/:id/wps                       the SIF (text/csv)
 *   GET  /api/admin/payroll/runs/:id/payslips/:employeeId.pdf; POST …/payslips/send
 */
import { z } from 'zod';
import { isIsoDate } from '@modules/platform/dates';
import { listQuery } from '@modules/platform/list';
import { ibanSchema } from '../banking/contract';

export const PAYROLL_STATUSES = ['draft', 'approved', 'paid'] as const;
export type PayrollStatus = (typeof PAYROLL_STATUSES)[number];
export const CONTRACT_TYPES = ['limited', 'unlimited'] as const;
export const ITEM_KINDS = ['overtime', 'bonus', 'deduction', 'unpaid_leave'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const itemKindLabels: Record<ItemKind, string> = { overtime: 'Overtime (hours)', bonus: 'Bonus', deduction: 'Deduction', unpaid_leave: 'Unpaid leave (days)' };

/** AED 10 million a month: more is a typing error. */
export const MAX_SALARY_FILS = 1_000_000_000n;

export const payrollMessages = {
  firstName: 'Enter the first name (up to 80 characters).',
  lastName: 'Enter the last name (up to 80 characters).',
  email: 'Enter a valid email address, or leave it empty.',
  iban: 'Enter a valid IBAN, for example AE07 0331 2345 6789 0123 456.',
  amount: 'Enter the amount in fils as a whole number (0 or more, up to AED 10,000,000).',
  itemAmount: 'Enter a positive whole number: fils for a bonus or deduction, hundredths of an hour for overtime, days for unpaid leave.',
  date: 'Enter a date as YYYY-MM-DD.',
  period: 'Enter the month as YYYY-MM.',
  costCenter: 'Cost center codes are 1 to 20 letters, digits or dashes (e.g. OPS).',
  routingCode: 'The bank routing code has 9 digits.',
  employerId: 'The establishment id has 13 digits.',
  wpsPersonId: 'The WPS person id has 14 digits.',
  emiratesId: 'Enter the Emirates ID as 784-YYYY-NNNNNNN-N.',
  labourCard: 'The labour card number is up to 20 letters and digits.',
  text: 'Keep it under 120 characters.',
  basis: 'The working days basis is between 20 and 31.',
  id: 'That is not a valid id.',
  employeeNotFound: 'We could not find that employee.',
  runNotFound: 'We could not find that payroll run.',
  runExists: (period: string) => `There is already a payroll run for ${period}.`,
  noEmployees: (period: string) => `Nobody was employed in ${period}: there is nothing to pay.`,
  notDraft: 'Only a draft run can be changed or approved.',
  notApproved: 'Only an approved run can be paid.',
  notPayable: 'The WPS file is produced for an approved or paid run.',
  negativeNet: (name: string) => `The deductions for ${name} are larger than the pay: net pay cannot be negative.`,
  secondAdmin: (limit: string) => `This run is above ${limit}: another administrator must approve it.`,
  wpsIncomplete: (missing: string[]) => `The WPS file cannot be produced. Missing: ${missing.join('; ')}.`,
  leftBeforeJoined: 'The leaving date cannot be before the joining date.',
  noLine: 'That employee is not in this run.',
} as const;

const m = payrollMessages;
const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(80, message);
const optText = (message: string, max = 120) => z.string({ error: message }).trim().max(max, message);
const digits = (n: number, message: string) => z.string({ error: message }).trim().regex(new RegExp(`^\\d{${n}}$`), message);
const nullable = <T extends z.ZodTypeAny>(s: T) => z.union([s, z.literal('').transform(() => null), z.null()]).optional();

/** Fils as a JSON integer or a digit string, 0 … MAX_SALARY_FILS → bigint. */
export const salaryInput = z.union([z.number(), z.string()], { error: m.amount }).transform((v, ctx) => {
  const s = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v.trim();
  if (!/^\d{1,13}$/.test(s) || BigInt(s) > MAX_SALARY_FILS) {
    ctx.addIssue({ code: 'custom', message: m.amount });
    return z.NEVER;
  }
  return BigInt(s);
});
const positiveQuantity = z.union([z.number(), z.string()], { error: m.itemAmount }).transform((v, ctx) => {
  const s = typeof v === 'number' ? (Number.isSafeInteger(v) ? String(v) : '') : v.trim();
  if (!/^\d{1,13}$/.test(s) || BigInt(s) <= 0n || BigInt(s) > MAX_SALARY_FILS) {
    ctx.addIssue({ code: 'custom', message: m.itemAmount });
    return z.NEVER;
  }
  return BigInt(s);
});

const idInput = z.string({ error: m.id }).trim().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, m.id);
export const dateInput = z.string({ error: m.date }).trim().refine(isIsoDate, m.date);
export const periodSchema = z.string({ error: m.period }).trim().regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, m.period);
const emailInput = z.string({ error: m.email }).trim().toLowerCase().max(200, m.email).pipe(z.email({ error: m.email }));

const employeeFields = {
  firstName: name(m.firstName),
  lastName: name(m.lastName),
  email: nullable(emailInput),
  costCenter: nullable(z.string({ error: m.costCenter }).trim().toUpperCase().regex(/^[A-Z0-9-]{1,20}$/, m.costCenter)),
  jobTitle: optText(m.text).optional(),
  contract: z.enum(CONTRACT_TYPES, { error: `contract must be one of: ${CONTRACT_TYPES.join(', ')}` }).optional(),
  iban: ibanSchema,
  routingCode: nullable(digits(9, m.routingCode)),
  emiratesId: nullable(z.string({ error: m.emiratesId }).trim().regex(/^784-\d{4}-\d{7}-\d$/, m.emiratesId)),
  labourCardNumber: nullable(z.string({ error: m.labourCard }).trim().regex(/^[A-Za-z0-9]{1,20}$/, m.labourCard)),
  wpsPersonId: nullable(digits(14, m.wpsPersonId)),
  basicSalary: salaryInput,
  housingAllowance: salaryInput.optional(),
  transportAllowance: salaryInput.optional(),
  otherAllowance: salaryInput.optional(),
  joinedOn: dateInput,
  leftOn: nullable(dateInput),
};
export const createEmployeeInput = z.object(employeeFields).refine((e) => !e.leftOn || e.leftOn >= e.joinedOn, { message: m.leftBeforeJoined, path: ['leftOn'] });
export type CreateEmployeeInput = z.output<typeof createEmployeeInput>;
export const updateEmployeeInput = z.object(employeeFields).partial();
export type UpdateEmployeeInput = z.output<typeof updateEmployeeInput>;

export const employeesListQuery = listQuery({
  sort: ['createdAt', 'name', 'joinedOn', 'basicSalary', 'costCenter'],
  defaultSort: 'name',
  filters: {
    costCenter: z.string().trim().max(20).optional(),
    status: z.enum(['active', 'left'], { error: 'status must be active or left' }).optional(),
  },
});

export const settingsInput = z.object({
  employerId: z.union([digits(13, m.employerId), z.literal('')]).optional(),
  routingCode: z.union([digits(9, m.routingCode), z.literal('')]).optional(),
  bankAccountId: z.union([idInput, z.null()]).optional(),
  workingDaysBasis: z.number({ error: m.basis }).int(m.basis).min(20, m.basis).max(31, m.basis).optional(),
});
export type SettingsInput = z.output<typeof settingsInput>;

export const createRunInput = z.object({ period: periodSchema });
export const runsListQuery = listQuery({
  sort: ['createdAt', 'period', 'net', 'status'],
  defaultSort: '-period',
  filters: { status: z.enum(PAYROLL_STATUSES, { error: `status must be one of: ${PAYROLL_STATUSES.join(', ')}` }).optional() },
});
export const itemInput = z.object({
  employeeId: idInput,
  kind: z.enum(ITEM_KINDS, { error: `kind must be one of: ${ITEM_KINDS.join(', ')}` }),
  /** Fils (bonus, deduction), hundredths of an hour (overtime), days (unpaid leave). */
  quantity: positiveQuantity,
  description: optText(m.text).optional(),
});
export type ItemInput = z.output<typeof itemInput>;
export const payInput = z.object({ date: dateInput, bankAccountId: idInput });

// ── JSON shapes ──────────────────────────────────────────────────────────────────────────────────

export type EmployeeJson = {
  id: string;
  firstName: string;
  lastName: string;
  name: string;
  email: string | null;
  costCenter: string | null;
  jobTitle: string;
  contract: (typeof CONTRACT_TYPES)[number];
  basicSalary: string;
  housingAllowance: string;
  transportAllowance: string;
  otherAllowance: string;
  monthlyPay: string;
  iban: string;
  routingCode: string | null;
  emiratesId: string | null;
  labourCardNumber: string | null;
  wpsPersonId: string | null;
  joinedOn: string;
  leftOn: string | null;
  createdAt: string;
};

export type PayrollSettingsJson = { employerId: string; routingCode: string; bankAccountId: string | null; workingDaysBasis: number; updatedAt: string };

export type PayrollItemJson = { id: string; employeeId: string; kind: ItemKind; quantity: string; description: string };
export type PayrollLineJson = {
  employeeId: string;
  name: string;
  email: string | null;
  costCenter: string | null;
  startDate: string;
  endDate: string;
  daysPaid: number;
  unpaidLeaveDays: number;
  basic: string;
  allowances: string;
  overtime: string;
  bonus: string;
  deductions: string;
  gross: string;
  gratuityAccrual: string;
  gratuityPayout: string;
  net: string;
  gratuityStatement: string | null;
};
export type CostCenterTotalJson = { costCenter: string | null; gross: string; net: string; previousGross: string | null; variance: string | null };
export type PayrollRunJson = {
  id: string;
  period: string;
  status: PayrollStatus;
  employees: number;
  gross: string;
  deductions: string;
  net: string;
  gratuityAccrual: string;
  journalReference: string | null;
  paymentReference: string | null;
  paidOn: string | null;
  createdBy: string | null;
  createdById: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  needsSecondAdmin: boolean;
  createdAt: string;
};
export type PayrollRunDetailJson = PayrollRunJson & {
  lines: PayrollLineJson[];
  items: PayrollItemJson[];
  byCostCenter: CostCenterTotalJson[];
  previous: { period: string; gross: string; net: string } | null;
};
export type PayrollCostsJson = { months: { period: string; byCostCenter: Record<string, string> }[]; costCenters: string[] };
