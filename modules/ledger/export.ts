import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { accountTypeLabels, formatEntryNumber } from './contract';
import { addDays } from '../platform/dates';
import { filsToDecimal, minorToDecimal, normalizeRate } from '../platform/money';
import { loadAccounts, resolveRange } from './reports';
import { big, rows } from './sql';

/*
 * Plain-text accounting journal in hledger's format (ledger reads it too). Each account is named with its
 * code first and its place in the chart after it ("1110 Assets:Cash and bank:Emirates NBD operating account").
 * A period that does not start at the beginning of the books opens with one "Opening balances" transaction,
 * so `hledger balance` on the file gives the same balances as the trial balance at the period's end.
 */

/** Makes a name safe as one account-name component: no ':' (hierarchy), ';' (comment) or double spaces. */
const component = (s: string) =>
  s
    .replace(/[:;\t\r\n]+/g, ' ')
    .replace(/^[([\s]+|[)\]\s]+$/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim() || 'Unnamed';

const text = (s: string) => s.replace(/[;\r\n\t|]+/g, ' ').replace(/\s{2,}/g, ' ').trim();
const tagValue = (s: string) => s.replace(/[,;\r\n\t]+/g, ' ').trim();

export async function journalAccountNames(db: Db): Promise<Map<string, { name: string; type: string }>> {
  const accounts = await loadAccounts(db);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const names = new Map<string, { name: string; type: string }>();
  for (const a of accounts) {
    const path: string[] = [];
    for (let p = a.parentId ? byId.get(a.parentId) : undefined; p; p = p.parentId ? byId.get(p.parentId) : undefined) path.unshift(component(p.name));
    const top = accountTypeLabels[a.type];
    if (path[0] !== top) path.unshift(top);
    names.set(a.id, { name: `${a.code} ${[...path, component(a.name)].join(':')}`, type: a.type });
  }
  return names;
}

const HLEDGER_TYPE: Record<string, string> = { asset: 'A', liability: 'L', equity: 'E', income: 'R', expense: 'X' };

const posting = (account: string, amount: bigint, comment?: string) =>
  `    ${account}  ${filsToDecimal(amount)} AED${comment ? `  ; ${comment}` : ''}\n`;

/** The journal for [from, to], as chunks of text (entries are read 1,000 at a time). */
export async function hledgerJournal(db: Db, range: { from?: string; to?: string }): Promise<AsyncGenerator<string>> {
  const { from, to } = resolveRange(range);
  const names = await journalAccountNames(db);
  return journalChunks(db, from, to, names);
}

async function* journalChunks(db: Db, from: string, to: string, names: Map<string, { name: string; type: string }>): AsyncGenerator<string> {
  yield `; Manzil general ledger, ${from} to ${to}. Amounts in AED.\n; Generated ${new Date().toISOString()}. Account names start with their code.\n\n`;

  const used = await rows<{ account_id: string }>(db, sql`select distinct account_id from ledger_balances where day <= ${to}`);
  let declarations = '';
  for (const { account_id } of used.sort((x, y) => (names.get(x.account_id)!.name < names.get(y.account_id)!.name ? -1 : 1))) {
    const n = names.get(account_id)!;
    declarations += `account ${n.name}  ; type: ${HLEDGER_TYPE[n.type]}\n`;
  }
  yield `${declarations}\n`;

  const opening = await rows<{ account_id: string; net: string }>(
    db,
    sql`select account_id, sum(debit - credit)::text as net from ledger_balances where day < ${from} group by account_id having sum(debit - credit) <> 0`,
  );
  if (opening.length > 0) {
    let t = `${from} * Opening balances\n    ; balances at the end of ${addDays(from, -1)}\n`;
    for (const o of opening.sort((x, y) => (names.get(x.account_id)!.name < names.get(y.account_id)!.name ? -1 : 1))) t += posting(names.get(o.account_id)!.name, big(o.net));
    yield `${t}\n`;
  }

  let after: [string, string] | null = null;
  for (;;) {
    const entries: { id: string; number: string; date: string; memo: string; kind: string; source_module: string; source_id: string }[] = await rows(
      db,
      sql`select id, number::text, date::text, memo, kind, source_module, source_id from ledger_journal_entries
           where status = 'posted' and date between ${from} and ${to}
             ${after ? sql`and (date, number) > (${after[0]}::date, ${after[1]}::bigint)` : sql``}
           order by date, number limit 1000`,
    );
    if (entries.length === 0) break;
    const lines = await rows<{ entry_id: string; account_id: string; debit: string; credit: string; currency: string; original_amount: string | null; rate: string | null; cc: string | null; property: string | null; memo: string | null }>(
      db,
      sql`select l.entry_id, l.account_id, l.debit::text, l.credit::text, l.currency, l.original_amount::text, l.rate::text, c.code as cc, l.property, l.memo
            from ledger_journal_lines l left join ledger_cost_centers c on c.id = l.cost_center_id
           where l.entry_id in (${sql.join(entries.map((e) => sql`${e.id}`), sql`, `)})
           order by l.entry_id, l.line_no`,
    );
    const byEntry = new Map<string, typeof lines>();
    for (const l of lines) byEntry.set(l.entry_id, [...(byEntry.get(l.entry_id) ?? []), l]);
    let chunk = '';
    for (const e of entries) {
      const description = text(e.memo) || `${e.source_module} ${e.source_id}`;
      chunk += `${e.date} * (${formatEntryNumber(e.number)}) ${description}\n    ; source: ${tagValue(`${e.source_module} ${e.source_id}`)}${e.kind !== 'standard' ? `, kind: ${e.kind}` : ''}\n`;
      for (const l of byEntry.get(e.id) ?? []) {
        const tags: string[] = [];
        if (l.cc) tags.push(`cost_center: ${tagValue(l.cc)}`);
        if (l.property) tags.push(`property: ${tagValue(l.property)}`);
        if (l.original_amount && l.rate) tags.push(`fx: ${minorToDecimal(big(l.original_amount), l.currency)} ${l.currency} at ${normalizeRate(l.rate)}`);
        if (l.memo) tags.push(`note: ${tagValue(l.memo)}`);
        chunk += posting(names.get(l.account_id)!.name, big(l.debit) - big(l.credit), tags.join(', '));
      }
      chunk += '\n';
    }
    yield chunk;
    const last = entries[entries.length - 1];
    after = [last.date, last.number];
    if (entries.length < 1000) break;
  }
}

// ---------------------------------------------------------------------------------------------
// CSV

const csvCell = (v: string | number | null | undefined): string => {
  if (v === null || v === undefined) return '';
  let s = String(v);
  // Spreadsheet formula injection: text starting with = + @ (or - not followed by a digit) is prefixed.
  if (/^[=+@\t\r]/.test(s) || /^-(?!\d)/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Fils as AED with two decimals, for spreadsheets. */
export const aed = (fils: string | bigint) => filsToDecimal(typeof fils === 'bigint' ? fils : BigInt(fils));
