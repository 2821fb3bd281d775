/**
 * The arithmetic of an invoice, shared by the service and the new-invoice form (live totals): quantities as
 * thousandths, line net = round_half_even(quantity × unit price) − discount, VAT per line with vatFor, the AED
 * figures at the invoice's rate (half-even, once per amount, as the ledger converts), and the default rate of
 * a currency from the platform's display rates. Browser-safe; bigint only, never a float.
 */
import { vatFor, type TaxCode } from '@modules/tax/contract';
import { CURRENCIES, divideHalfEven, parseRate, toBaseMinor, type CurrencyCode } from '@modules/platform/money';

export const INVOICE_CURRENCIES = ['AED', 'USD', 'EUR', 'GBP', 'INR'] as const satisfies readonly CurrencyCode[];
export type InvoiceCurrency = (typeof INVOICE_CURRENCIES)[number];

/** A quantity as typed: digits with up to 3 decimals ("2", "2.5", "0.125"). */
export const QUANTITY = /^\d{1,9}(?:\.\d{1,3})?$/;

/** "2.5" → 2500n thousandths; null when it is not a quantity. */
export function quantityMilli(quantity: string): bigint | null {
  const s = quantity.trim();
  if (!QUANTITY.test(s)) return null;
  const [whole, frac = ''] = s.split('.');
  return BigInt(whole!) * 1000n + BigInt(frac.padEnd(3, '0'));
}

/** 2500n → "2.5" (no trailing zeros). */
export function formatQuantity(milli: bigint): string {
  const whole = milli / 1000n;
  const frac = (milli % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}

/** AED per 1 unit of `currency` from the display rates (units per USD): 3.67 / rate, six places, half-even. */
export function defaultRate(currency: InvoiceCurrency): string {
  if (currency === 'AED') return '1';
  const aed = parseRate(String(CURRENCIES.AED.exchangeRate));
  const other = parseRate(String(CURRENCIES[currency].exchangeRate));
  const micro = divideHalfEven(aed.digits * 10n ** BigInt(other.scale) * 1_000_000n, other.digits * 10n ** BigInt(aed.scale));
  return `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`;
}

export type LineFigures = { gross: bigint; net: bigint; vat: bigint; netAed: bigint; vatAed: bigint };

/** One line's figures, or null when the quantity is not readable or the discount exceeds the line. */
export function lineFigures(line: { quantity: string; unitPrice: bigint; discount?: bigint; taxCode: TaxCode }, currency: string, rate: string): LineFigures | null {
  const milli = quantityMilli(line.quantity);
  if (milli === null) return null;
  const gross = divideHalfEven(milli * line.unitPrice, 1000n);
  const net = gross - (line.discount ?? 0n);
  if (net < 0n) return null;
  const vat = vatFor(net, line.taxCode);
  return { gross, net, vat, netAed: toBaseMinor(net, currency, rate), vatAed: toBaseMinor(vat, currency, rate) };
}

export type DocumentTotals = { net: bigint; vat: bigint; total: bigint; netAed: bigint; vatAed: bigint; totalAed: bigint };

/** Σ of the lines; the AED total is the total converted once (what 1330 carries), not the sum of the lines' AED. */
export function documentTotals(lines: { net: bigint; vat: bigint; netAed: bigint; vatAed: bigint }[], currency: string, rate: string): DocumentTotals {
  let net = 0n;
  let vat = 0n;
  let netAed = 0n;
  let vatAed = 0n;
  for (const l of lines) {
    net += l.net;
    vat += l.vat;
    netAed += l.netAed;
    vatAed += l.vatAed;
  }
  const total = net + vat;
  return { net, vat, total, netAed, vatAed, totalAed: toBaseMinor(total, currency, rate) };
}

/**
 * The fils an invoice's 1330 balance drops by when `settledDoc` of its `openDoc` is settled: all of `openAed`
 * when it is cleared, else the same share of the AED total as of the invoice total (half-even), never more than open.
 */
export function bookedAedFor(settledDoc: bigint, inv: { openDoc: bigint; openAed: bigint; total: bigint; totalAed: bigint }): bigint {
  if (settledDoc >= inv.openDoc) return inv.openAed;
  if (inv.total === 0n) return 0n;
  const share = divideHalfEven(settledDoc * inv.totalAed, inv.total);
  return share > inv.openAed ? inv.openAed : share;
}

/** The invoice-currency amount `aed` fils buy at the invoice's rate (half-even): what a payment settles by default. */
export function docAmountFor(aed: bigint, currency: string, rate: string): bigint {
  if (currency === 'AED') return aed;
  const { digits, scale } = parseRate(rate);
  return divideHalfEven(aed * 10n ** BigInt(scale), digits);
}
