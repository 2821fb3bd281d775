/** Shared set-up for the fee suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { checkoutQuote, invest } from '@modules/investing';
import { createInvestor, fundWallet } from '@modules/investing/test-helpers';
import type { PaymentProvider } from '@modules/payments';
import { startOfDubaiDay } from '@modules/platform/dates';
import { big, q } from '@modules/wallet';
import { quoteDeposit } from '@modules/wallet/contract';
import { chargeBpsByMethod, defaultSettings } from '@modules/settings';

/** 10:00 in Dubai on `date`. */
export const dubaiMorning = (date: string) => new Date(startOfDubaiDay(date).getTime() + 10 * 3_600_000);

/** The smallest bank transfer whose net is at least `net` fils. */
export function grossFor(net: bigint): bigint {
  const netOf = (g: bigint) => big(quoteDeposit(g, 'uae-bank-transfer', chargeBpsByMethod(defaultSettings('2026-01-01'))).net);
  let gross = (net * 20_000n) / 19_895n; // the charge is 0.5% + 5% VAT on it
  while (gross > 0n && netOf(gross - 1n) >= net) gross -= 1n;
  while (netOf(gross) < net) gross += 1n;
  return gross < 1_000n ? 1_000n : gross;
}

/**
 * An investor who bought `amount` fils of a property on `date` (10:00 Dubai), with `spare` fils left in the wallet
 * after the purchase (give or take a fil or two of the deposit's rounding).
 */
export async function holder(db: Db, provider: PaymentProvider, propertyId: string, amount: bigint, date: string, spare: bigint) {
  const inv = await createInvestor(db);
  const quote = await checkoutQuote(db, inv.id, { propertyId, amount });
  await fundWallet(db, inv.id, grossFor(big(quote.total) + spare), provider);
  await invest(db, inv.id, { propertyId, amount }, { now: dubaiMorning(date), notify: false });
  return inv;
}

export async function availableOf(db: Db, userId: string): Promise<bigint> {
  const [w] = await q<{ a: string }>(db, sql`select (balance - held)::text as a from wallets where user_id = ${userId}`);
  return big(w?.a ?? '0');
}

export type ChargeRow = { id: string; run_id: string; from_date: string; through: string; days: number; fee: string; vat: string; paid: string; outstanding: string; carry_in_micro: string; carry_out_micro: string; accrued_micro: string; average_value: string; journal_reference: string | null };

export const chargesOf = (db: Db, userId: string) =>
  q<ChargeRow>(
    db,
    sql`select id::text, run_id::text, from_date::text, through::text, days, fee::text, vat::text, paid::text, outstanding::text, carry_in_micro::text, carry_out_micro::text,
               accrued_micro::text, average_value::text, journal_reference from platform_fee_charges where user_id = ${userId} order by through`,
  );

/** Leap years have 366 days. */
const yearDays = (d: string) => {
  const y = Number(d.slice(0, 4));
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 366n : 365n;
};
/** Half-even a / b for positive numbers, written out again for the hand calculation. */
const halfEven = (a: bigint, b: bigint) => {
  const q0 = a / b;
  const r2 = (a % b) * 2n;
  return r2 > b || (r2 === b && q0 % 2n === 1n) ? q0 + 1n : q0;
};

/** The hand calculation: Σ over the days of value(d) × 50 × 10^6 ÷ (10,000 × days in d's year), each day half-even. */
export function handAccrual(from: string, through: string, valueOn: (d: string) => bigint, next: (d: string) => string): bigint {
  let sum = 0n;
  for (let d = from; d <= through; d = next(d)) sum += halfEven(valueOn(d) * 50n * 1_000_000n, 10_000n * yearDays(d));
  return sum;
}
