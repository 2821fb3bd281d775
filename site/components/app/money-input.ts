/**
 * Amounts typed in the investor's display currency, turned into AED fils: the one conversion the
 * wallet and checkout forms use (half-even rounding through convertMinor; no floats). The server's
 * own minimum and limit checks stay authoritative; these only give early, friendly feedback.
 */
import { MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { convertMinor, type CurrencyCode, formatMoney, minorToInput } from '@modules/platform/money';
import { parseAmountToMinor } from './sip-plan';

/** Display-currency minor units → AED fils (half-even). */
export function displayToFils(minor: bigint, currency: CurrencyCode): bigint {
  return convertMinor(minor, currency, 'AED');
}

/** AED fils → display-currency minor units (half-even). */
export function filsToDisplay(fils: bigint, currency: CurrencyCode): bigint {
  return convertMinor(fils, 'AED', currency);
}

/**
 * The smallest amount in `currency` that converts back to at least `fils` AED. Rounding both ways can
 * lose a fil (AED 200 → £43.05 → AED 199.99), so the minimum shown is the one the server will accept.
 */
export function minimumInCurrency(fils: bigint, currency: CurrencyCode): bigint {
  let minor = filsToDisplay(fils, currency);
  while (displayToFils(minor, currency) < fils) minor += 1n;
  return minor;
}

/** "Minimum ₹4,550.41" in the chosen currency. */
export function minimumLabel(currency: CurrencyCode, fils = MIN_INVESTMENT_FILS): string {
  return `Minimum ${formatMoney(minimumInCurrency(fils, currency), currency)}`;
}

/** Minor units as plain input text: 455041n → "4550.41", 20000n → "200". */
export { minorToInput };

export type AmountRead = { ok: true; minor: bigint; fils: bigint } | { ok: false; error: string };

/**
 * Reads what was typed in `currency` into AED fils, checking the minimum (in the same currency, so the
 * message names the figure the person sees) and an optional maximum.
 */
export function readAmount(
  input: string,
  currency: CurrencyCode,
  opts: { minFils?: bigint; maxFils?: bigint; what?: string; maxReason?: string } = {},
): AmountRead {
  const what = opts.what ?? 'an amount';
  if (input.trim() === '') return { ok: false, error: `Enter ${what}.` };
  const minor = parseAmountToMinor(input);
  if (minor === null) return { ok: false, error: 'Enter the amount in numbers, for example 500 or 1,250.50.' };
  if (minor <= 0n) return { ok: false, error: `Enter ${what} above zero.` };
  const fils = displayToFils(minor, currency);
  if (opts.minFils !== undefined && fils < opts.minFils) {
    const min = minimumInCurrency(opts.minFils, currency);
    const inAed = currency === 'AED' ? '' : ` (${formatMoney(opts.minFils, 'AED')})`;
    return { ok: false, error: `The minimum is ${formatMoney(min, currency)}${inAed}.` };
  }
  if (opts.maxFils !== undefined && fils > opts.maxFils) {
    return { ok: false, error: opts.maxReason ?? `The most you can enter is ${formatMoney(filsToDisplay(opts.maxFils, currency), currency)}.` };
  }
  return { ok: true, minor, fils };
}
