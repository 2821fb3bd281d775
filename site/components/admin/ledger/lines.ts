/**
 * The balanced-lines editor's arithmetic, kept pure so it can be tested on its own: each line's
 * amounts are parsed to fils (bigint), totals and the difference are exact, and the editor gets the
 * one reason (if any) an entry can't be saved or posted yet.
 */
import type { JournalEntryJson } from './types';
import { amountInputText, formatFils, readAmount } from './money';

export type DraftLine = {
  key: string;
  accountCode: string;
  debit: string;
  credit: string;
  costCenter: string;
  property: string;
  memo: string;
};

/** What the editor knows about an account to check a line against it. */
export type AccountInfo = { code: string; name: string; isGroup: boolean; archived: boolean };

export type LineErrors = { account?: string; debit?: string; credit?: string };
export type LineCheck = { debit: bigint; credit: bigint; blank: boolean; errors: LineErrors };

let counter = 0;
export const newLineKey = () => `line-${Date.now().toString(36)}-${(counter++).toString(36)}`;

export const emptyLine = (): DraftLine => ({ key: newLineKey(), accountCode: '', debit: '', credit: '', costCenter: '', property: '', memo: '' });

/** The account code at the start of what was typed or picked: '1110 · Emirates NBD…' → '1110'. */
export function accountCodeOf(text: string): string {
  return (text.trim().split(/\s+/)[0] ?? '').toUpperCase();
}

export function checkLine(line: DraftLine, accounts: Map<string, AccountInfo> | null): LineCheck {
  const errors: LineErrors = {};
  const d = readAmount(line.debit);
  const c = readAmount(line.credit);
  if (!d.ok) errors.debit = d.error;
  if (!c.ok) errors.credit = c.error;
  const debit = d.ok ? d.fils : 0n;
  const credit = c.ok ? c.fils : 0n;
  const code = accountCodeOf(line.accountCode);
  const blank = code === '' && line.debit.trim() === '' && line.credit.trim() === '' && !line.memo.trim() && !line.property.trim() && !line.costCenter;
  if (blank) return { debit: 0n, credit: 0n, blank, errors: {} };
  if (d.ok && c.ok && debit > 0n && credit > 0n) errors.credit = 'A line takes a debit or a credit, not both.';
  else if (d.ok && c.ok && debit === 0n && credit === 0n) errors.debit = 'Enter a debit or a credit amount.';
  if (code === '') errors.account = 'Choose an account.';
  else if (accounts) {
    const a = accounts.get(code);
    if (!a) errors.account = `There is no account with code ${code}.`;
    else if (a.isGroup) errors.account = `${a.code} ${a.name} is a group account. Choose one of its sub-accounts.`;
    else if (a.archived) errors.account = `${a.code} ${a.name} is archived. Choose an active account.`;
  }
  return { debit, credit, blank, errors };
}

export type LinesSummary = {
  checks: LineCheck[];
  debit: bigint;
  credit: bigint;
  /** Debits − credits. */
  difference: bigint;
  balanced: boolean;
  /** Lines with something in them. */
  filled: number;
  /** Why the entry can't be saved as a draft, or null. */
  saveBlocker: string | null;
  /** Why the entry can't be posted, or null. */
  postBlocker: string | null;
};

export function summarizeLines(lines: DraftLine[], accounts: Map<string, AccountInfo> | null): LinesSummary {
  const checks = lines.map((l) => checkLine(l, accounts));
  let debit = 0n;
  let credit = 0n;
  let filled = 0;
  let invalid = 0;
  for (const c of checks) {
    debit += c.debit;
    credit += c.credit;
    if (!c.blank) filled++;
    if (Object.keys(c.errors).length) invalid++;
  }
  const difference = debit - credit;
  const balanced = difference === 0n && debit > 0n;
  let saveBlocker: string | null = null;
  if (filled === 0) saveBlocker = 'Add at least one line with an account and an amount.';
  else if (invalid > 0) saveBlocker = invalid === 1 ? 'One line needs fixing: see the message under it.' : `${invalid} lines need fixing: see the messages under them.`;
  let postBlocker = saveBlocker;
  if (!postBlocker) {
    if (filled < 2) postBlocker = 'A journal entry needs at least two lines to be posted.';
    else if (difference !== 0n) postBlocker = `Debits and credits differ by AED ${formatFils(difference < 0n ? -difference : difference)}. Balance them to post.`;
    else if (debit === 0n) postBlocker = 'The entry has no amounts.';
  }
  return { checks, debit, credit, difference, balanced, filled, saveBlocker, postBlocker };
}

/** How the difference reads under the totals. */
export function differenceText(difference: bigint): string {
  if (difference === 0n) return 'Balanced: debits equal credits.';
  const abs = difference < 0n ? -difference : difference;
  return difference > 0n ? `Debits exceed credits by AED ${formatFils(abs)}.` : `Credits exceed debits by AED ${formatFils(abs)}.`;
}

/** The lines as the API takes them (amounts as strings of fils), blank lines left out. */
export function toPayloadLines(lines: DraftLine[]) {
  return lines
    .map((l) => ({ l, c: checkLine(l, null) }))
    .filter(({ c }) => !c.blank)
    .map(({ l, c }) => ({
      accountCode: accountCodeOf(l.accountCode),
      debit: c.debit.toString(),
      credit: c.credit.toString(),
      costCenter: l.costCenter || null,
      property: l.property.trim() || null,
      memo: l.memo.trim() || null,
    }));
}

/** A saved entry's lines back in the editor. */
export function linesFromEntry(entry: Pick<JournalEntryJson, 'lines'>): DraftLine[] {
  return entry.lines.map((l) => ({
    key: newLineKey(),
    accountCode: l.accountCode,
    debit: amountInputText(BigInt(l.debit)),
    credit: amountInputText(BigInt(l.credit)),
    costCenter: l.costCenter ?? '',
    property: l.property ?? '',
    memo: l.memo ?? '',
  }));
}
