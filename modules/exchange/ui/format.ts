/**
 * The exchange screens' figures: shares typed by a person ↔ share units (SHARE_SCALE to a share), a
 * price per share typed in the display currency → fils of AED per share, and the 24-hour change. No
 * floats: shares are parsed as decimal text, money goes through the one money module.
 */
import { type CurrencyCode, formatMoney, minorToInput } from '@modules/platform/money';
import { SHARE_DECIMALS, SHARE_SCALE, unitsToShareString } from '@modules/properties/contract';
import { filsToDisplay, readAmount } from '@site/components/app/money-input';
import { MAX_ORDER_UNITS, MAX_PRICE_FILS } from '../contract';

/** Units (a string from the API or a bigint) as a share count: "12.5". */
export const shares = (units: string | bigint) => unitsToShareString(BigInt(units));

/** "1 share", "2.5 shares". */
export const sharesLabel = (units: string | bigint) => {
  const text = shares(units);
  return `${text} ${text === '1' ? 'share' : 'shares'}`;
};

export type Read<T> = { ok: true; value: T } | { ok: false; error: string };

/** A share count as typed ("2", "2.5", "1,000.0001") → units; at most SHARE_DECIMALS decimals, more than 0. */
export function readShares(text: string): Read<bigint> {
  const s = text.trim().replace(/[\s,]/g, '');
  if (s === '') return { ok: false, error: 'Enter how many shares.' };
  const m = /^(\d{0,12})(?:\.(\d*))?$/.exec(s);
  if (!m || (m[1] === '' && !m[2])) return { ok: false, error: 'Enter the number of shares in figures, for example 2 or 0.5.' };
  const frac = m[2] ?? '';
  if (frac.length > SHARE_DECIMALS) return { ok: false, error: `Shares go to at most ${SHARE_DECIMALS} decimal places (1/${SHARE_SCALE.toLocaleString('en-US')} of a share).` };
  const units = BigInt(m[1] || '0') * SHARE_SCALE + BigInt(frac.padEnd(SHARE_DECIMALS, '0') || '0');
  if (units <= 0n) return { ok: false, error: 'Enter more than 0 shares.' };
  if (units > MAX_ORDER_UNITS) return { ok: false, error: 'That is more shares than one order can take.' };
  return { ok: true, value: units };
}

/** A price per share typed in `currency` → fils of AED per share. */
export function readPrice(text: string, currency: CurrencyCode): Read<bigint> {
  const read = readAmount(text, currency, { what: 'a price per share', maxFils: MAX_PRICE_FILS, maxReason: 'That price is higher than any order can take.' });
  return read.ok ? { ok: true, value: read.fils } : read;
}

/** A fils-per-share price as input text in the display currency ("1234.50"). */
export const priceInputText = (fils: string | bigint, currency: CurrencyCode) => minorToInput(filsToDisplay(BigInt(fils), currency));

/** A price in the display currency, or a dash when there is none. */
export const priceText = (fils: string | null | undefined, currency: CurrencyCode) => (fils == null ? '—' : formatMoney(filsToDisplay(BigInt(fils), currency), currency));

/** The 24-hour change in basis points as "+1.25%", "−0.50%", "0.00%", or null when there is nothing to compare. */
export function changeLabel(bps: number | null): string | null {
  if (bps === null) return null;
  const abs = Math.abs(bps);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
  return bps > 0 ? `+${text}` : bps < 0 ? `−${text}` : text;
}

/** Basis points as a plain percentage: 200 → "2%", 2000 → "20%", 125 → "1.25%". */
export function bpsLabel(bps: number): string {
  const whole = Math.floor(bps / 100);
  const frac = bps % 100;
  return frac === 0 ? `${whole}%` : `${whole}.${String(frac).padStart(2, '0').replace(/0$/, '')}%`;
}

/** What `units` fetch at `price` fils per share, rounded down (as the exchange's pricing does). */
export const proceedsOfShares = (units: string | bigint, price: string | bigint) => (BigInt(units) * BigInt(price)) / SHARE_SCALE;
