/**
 * The WPS Salary Information File (docs: /shared/standards, "UAE payroll"), pure: one EDR per employee and
 * the SCR last, comma-separated; money as plain decimals with two places. `sifProblems` names every missing
 * or malformed field so a run with incomplete data refuses to produce a file.
 */
import { minorToDecimal } from '@modules/platform/money';

export const WPS_PERSON_ID = /^\d{14}$/;
export const ROUTING_CODE = /^\d{9}$/;
export const EMPLOYER_ID = /^\d{13}$/;

export type SifEmployee = { name: string; wpsPersonId: string | null; routingCode: string | null; iban: string | null; startDate: string; endDate: string; daysPaid: number; fixed: bigint; variable: bigint; unpaidLeaveDays: number };
export type SifEmployer = { employerId: string; routingCode: string };
export type SifInput = { employer: SifEmployer; period: string; createdAt: { date: string; time: string }; reference: string; employees: SifEmployee[] };

const dec = (v: bigint) => minorToDecimal(v, 2);

export function sifProblems(input: Pick<SifInput, 'employer' | 'employees'>): string[] {
  const out: string[] = [];
  if (!EMPLOYER_ID.test(input.employer.employerId)) out.push('the employer’s 13-digit establishment id (payroll settings)');
  if (!ROUTING_CODE.test(input.employer.routingCode)) out.push('the employer bank’s 9-digit routing code (payroll settings)');
  for (const e of input.employees) {
    const missing = [!WPS_PERSON_ID.test(e.wpsPersonId ?? '') && '14-digit WPS person id', !ROUTING_CODE.test(e.routingCode ?? '') && '9-digit bank routing code', !e.iban && 'IBAN'].filter(Boolean);
    if (missing.length) out.push(`${e.name}: ${missing.join(', ')}`);
  }
  if (input.employees.length === 0) out.push('at least one employee paid in the run');
  return out;
}

export function buildSif(input: SifInput): { text: string; total: bigint } {
  let total = 0n;
  const rows = input.employees.map((e) => {
    total += e.fixed + e.variable;
    return ['EDR', e.wpsPersonId, e.routingCode, e.iban, e.startDate, e.endDate, e.daysPaid, dec(e.fixed), dec(e.variable), e.unpaidLeaveDays].join(',');
  });
  const [y, m] = input.period.split('-');
  rows.push(['SCR', input.employer.employerId, input.employer.routingCode, input.createdAt.date, input.createdAt.time, `${m}${y}`, input.employees.length, dec(total), 'AED', input.reference.replace(/[,\r\n]/g, ' ')].join(','));
  return { text: `${rows.join('\r\n')}\r\n`, total };
}

/** `<employerId><YYMMDDHHMMSS>.SIF` */
export const sifFilename = (employerId: string, createdAt: Date) => {
  const d = new Date(createdAt.getTime() + 4 * 3600_000).toISOString();
  return `${employerId}${d.slice(2, 4)}${d.slice(5, 7)}${d.slice(8, 10)}${d.slice(11, 13)}${d.slice(14, 16)}${d.slice(17, 19)}.SIF`;
};
