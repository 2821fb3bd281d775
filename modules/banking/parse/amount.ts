/**
 * Amount text as banks write it → signed fils, without floats: "1,234.56", "-1234.5", "1.234,56" (decimal comma),
 * "(250.00)", "250.00-", "250.00 DR", "AED 1,000". Null when the text is not an amount.
 */
export function amountToFils(text: string, opts: { decimalComma?: boolean } = {}): bigint | null {
  let s = text.trim().replace(/[\s\u00a0\u202f']/g, '');
  if (!s) return null;
  let negative = false;
  const flip = () => (negative = !negative);
  if (/^\(.*\)$/.test(s)) {
    flip();
    s = s.slice(1, -1);
  }
  s = s.replace(/^[A-Z]{3}(?=[-−+(\d.,])/i, '').replace(/(?<=[\d.,)])[A-Z]{3}$/i, '');
  const suffix = /(CR|DR|C|D)$/i.exec(s);
  if (suffix && /\d/.test(s.slice(0, -suffix[0].length))) {
    if (/^D/i.test(suffix[1])) flip();
    s = s.slice(0, -suffix[0].length);
  }
  if (/^[-−+]/.test(s)) {
    if (s[0] !== '+') flip();
    s = s.slice(1);
  } else if (/[-−]$/.test(s)) {
    flip();
    s = s.slice(0, -1);
  }
  const [group, decimal] = opts.decimalComma ? ['.', ','] : [',', '.'];
  const g = group === '.' ? '\\.' : ',';
  const d = decimal === '.' ? '\\.' : ',';
  const pattern = new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+|\\d+)?(?:${d}(\\d*))?$`);
  const m = pattern.exec(s);
  if (!m || (m[1] === undefined && !m[2])) return null;
  const whole = (m[1] ?? '0').split(group).join('');
  let frac = m[2] ?? '';
  // More than two decimals only when the extra ones are zeros ("12.500"); a real third decimal is refused, never rounded.
  if (frac.length > 2) {
    if (/[^0]/.test(frac.slice(2))) return null;
    frac = frac.slice(0, 2);
  }
  if (whole.length > 16) return null;
  const fils = BigInt(whole) * 100n + BigInt(frac.padEnd(2, '0'));
  return negative && fils !== 0n ? -fils : fils;
}
