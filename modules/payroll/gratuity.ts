/**
 * End-of-service gratuity under the UAE labour law (Federal Decree-Law 33 of 2021, art. 51), pure:
 * 21 days' basic wage for each of the first five years of service, 30 days for each year after, part years
 * pro rata; nothing is due before one full year; the total is capped at two years' pay (basic × 24).
 * The daily wage is basic × 12 / 365. Amounts are fils, rounded half-even once at the end.
 */
import { daysBetween } from '@modules/platform/dates';
import { divideHalfEven, formatAed, minorToDecimalString } from '@modules/platform/money';

const YEAR = 365n;
const FIVE_YEARS = 5n * YEAR;

/** Calendar days of service from joinedOn to asOf, both counted. */
export const serviceDays = (joinedOn: string, asOf: string) => Math.max(0, daysBetween(joinedOn, asOf) + 1);

export type Gratuity = { serviceDays: number; entitledDays21: bigint; entitledDays30: bigint; amount: bigint; capped: boolean; eligible: boolean };

/**
 * The liability earned by asOf. `accrued` ignores the one-year rule (what the books provide month by month);
 * the final settlement uses `eligible` (paid only when service is at least one year).
 */
export function gratuity(basic: bigint, joinedOn: string, asOf: string): Gratuity {
  const days = BigInt(serviceDays(joinedOn, asOf));
  const first = days < FIVE_YEARS ? days : FIVE_YEARS;
  const after = days > FIVE_YEARS ? days - FIVE_YEARS : 0n;
  // basic × 12 / 365 per day of wage × (21 × first + 30 × after) / 365 days of wage earned.
  const raw = divideHalfEven(basic * 12n * (21n * first + 30n * after), YEAR * YEAR);
  const cap = basic * 24n;
  return { serviceDays: Number(days), entitledDays21: first, entitledDays30: after, amount: raw > cap ? cap : raw, capped: raw > cap, eligible: days >= YEAR };
}

/** What is paid on leaving: the liability if the employee served a year, else nothing. */
export const settlementAmount = (g: Gratuity) => (g.eligible ? g.amount : 0n);

/** The statement printed on the final payslip. */
export function gratuityStatement(basic: bigint, joinedOn: string, leftOn: string): string {
  const g = gratuity(basic, joinedOn, leftOn);
  // Years of service with two decimals, worked out in whole hundredths (half-even), not in floats.
  const years = minorToDecimalString(divideHalfEven(BigInt(g.serviceDays) * 100n, 365n));
  const parts = [
    `Service ${joinedOn} to ${leftOn}: ${g.serviceDays} days (${years} years).`,
    `Daily wage: basic ${formatAed(basic)} × 12 ÷ 365.`,
    `Entitlement: 21 days per year for ${g.entitledDays21} days of service` + (g.entitledDays30 > 0n ? `, 30 days per year for ${g.entitledDays30} days after five years.` : '.'),
  ];
  if (!g.eligible) parts.push('Less than one year of service: no gratuity is due.');
  else parts.push(`Gratuity due: ${formatAed(g.amount)}${g.capped ? ' (capped at two years’ basic pay)' : ''}.`);
  return parts.join(' ');
}
