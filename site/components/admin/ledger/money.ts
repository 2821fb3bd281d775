/**
 * Money in the accounting screens: amounts are integer fils (bigint) end to end. What a person types
 * is parsed straight into fils (never through a float), and every figure is shown with two decimals,
 * thousands separators, and negatives in parentheses — the one convention used on every ledger screen.
 */
import { formatAed as platformAed, formatFils as platformFils, parseFils, sumFils, toFils } from '@modules/platform/money';

export { sumFils, toFils };

/** The largest amount a journal line accepts (the ledger contract's limit): AED 10 trillion. */
export const MAX_LINE_FILS = 1_000_000_000_000_000n;

export type AmountParse = { ok: true; fils: bigint } | { ok: false; error: string };

/**
 * Reads an amount as typed ("1,234.56", "1234.5", "AED 300", "0.1") into fils. Commas must group
 * thousands properly (so "1,23" — a decimal comma — is refused rather than misread), at most two
 * decimals, no sign. Blank text is 0.
 */
export function readAmount(text: string): AmountParse {
  const cleaned = text.trim().replace(/^AED\s*/i, '').replace(/[\s\u00a0\u202f]/g, '');
  if (cleaned === '') return { ok: true, fils: 0n };
  if (/^[-−(]/.test(cleaned)) return { ok: false, error: 'Enter the amount without a sign; use the other column instead.' };
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(cleaned);
  if (!m || (m[1] === undefined && !m[2])) {
    if (/^\d+,\d{1,2}$/.test(cleaned)) return { ok: false, error: 'Use a dot for decimals, like 1234.50.' };
    return { ok: false, error: 'Enter the amount in numbers, like 1,250.00.' };
  }
  if ((m[2] ?? '').length > 2) return { ok: false, error: 'AED amounts have at most two decimals (fils).' };
  const fils = parseFils(cleaned)!;
  if (fils > MAX_LINE_FILS) return { ok: false, error: 'That amount is larger than a journal line can hold.' };
  return { ok: true, fils };
}

/** '1,234.56' → 123456n; null when the text isn't an amount (blank is 0n). */
export function parseAmountToFils(text: string): bigint | null {
  const r = readAmount(text);
  return r.ok ? r.fils : null;
}

/** 123456n → '1,234.56'; -500n → '(5.00)'. */
export const formatFils = (value: bigint | string | number | null | undefined) => platformFils(value, { negative: 'parens' });

/** The plain decimal of an amount for an input field: 123456n → '1,234.56', 0n → ''. */
export function amountInputText(fils: bigint): string {
  return fils === 0n ? '' : formatFils(fils);
}

/** 'AED 1,234.56' (negatives in parentheses). */
export const formatAed = (value: bigint | string | number | null | undefined) => platformAed(value, { negative: 'parens' });

/** A running balance kept as debit − credit, shown on its side: '1,200.00 Dr', '350.00 Cr', '0.00'. */
export function formatBalance(net: bigint | string | number | null | undefined): string {
  const n = toFils(net);
  if (n === 0n) return '0.00';
  return n > 0n ? `${formatFils(n)} Dr` : `${formatFils(-n)} Cr`;
}

/** How the figure reads aloud: '(5.00)' is read as 'minus 5.00'. */
export function spokenFils(value: bigint | string | number | null | undefined): string {
  const fils = toFils(value);
  return fils < 0n ? `minus ${formatFils(-fils)}` : formatFils(fils);
}
