/**
 * Demo banking: the two Emirates NBD accounts, and for the operating account a statement built from the
 * ledger's own recent lines on 1110 (what the bank would show for them) plus two bank charges and the month's
 * credit interest, imported through the real CSV import. The older half of the lines is matched through the
 * suggestions, a rule "ENBD charges" posts the first charge to 6700, and the second charge and the interest
 * stay unmatched, so the screen shows matches, a rule at work and a difference to explain. Idempotent:
 * accounts are found by IBAN, and an account that has a statement gets no other.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { LEDGER_ACCOUNTS } from '@modules/ledger';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { filsToDecimal } from '@modules/platform/money';
import { createBankAccount } from './accounts';
import { createBankAccountInput, csvMappingInput } from './contract';
import { createEntryForLine, matchLine } from './line-actions';
import { ledgerBalanceAt } from './reconciliation';
import { createRule } from './rules';
import { rows } from './shared';
import { importStatement } from './statements';
import { getReconciliation } from './view';

const DEMO_ADMIN_EMAIL = 'admin@manzil.ae';
const WINDOW_DAYS = 30;
const MAX_LINES = 60;

export const DEMO_BANK_ACCOUNTS = [
  { name: 'Emirates NBD operating', iban: 'AE070331234567890123456', ledgerAccountCode: LEDGER_ACCOUNTS.bankOperating, kind: 'operating', bankName: 'Emirates NBD' },
  { name: 'Emirates NBD client money', iban: 'AE420260001015333439101', ledgerAccountCode: LEDGER_ACCOUNTS.bankClientMoney, kind: 'client_money', bankName: 'Emirates NBD' },
  // Tenants pay rent here: a rent invoice paid into it lands in 1140, the cash the property's distributions are paid from.
  { name: 'Emirates NBD rent collection', iban: 'AE150260001015333439102', ledgerAccountCode: LEDGER_ACCOUNTS.propertyRentAccount, kind: 'escrow', bankName: 'Emirates NBD' },
] as const;

type LedgerLine = { id: string; date: string; net: string; memo: string; number: string };

async function ensureAccount(db: Db, userId: string, a: (typeof DEMO_BANK_ACCOUNTS)[number]): Promise<string> {
  const [found] = await rows<{ id: string }>(db, sql`select id from bank_accounts where iban = ${a.iban}`);
  if (found) return found.id;
  return (await createBankAccount(db, userId, createBankAccountInput.parse(a))).id;
}

/** A CSV line of the demo statement (ISO dates, signed amount, running balance). */
const csvRow = (cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');

export async function seedBanking(db: Db, opts: { today?: string } = {}): Promise<{ accounts: number; imported: number; matched: number }> {
  const [admin] = await rows<{ id: string }>(db, sql`select id from users where lower(email) = ${DEMO_ADMIN_EMAIL}`);
  if (!admin) return { accounts: 0, imported: 0, matched: 0 };
  const ids = [];
  for (const a of DEMO_BANK_ACCOUNTS) ids.push(await ensureAccount(db, admin.id, a));
  const operating = ids[0]!;
  const [has] = await rows<{ n: string }>(db, sql`select count(*)::text as n from bank_statements where bank_account_id = ${operating}`);
  if (Number(has!.n) > 0) return { accounts: ids.length, imported: 0, matched: 0 };

  const today = opts.today ?? todayInDubai();
  const end = addDays(today, -1);
  const recent = await rows<LedgerLine>(
    db,
    sql`select j.id::text, j.date::text, (j.debit - j.credit)::text as net, coalesce(nullif(j.memo, ''), e.memo) as memo, e.number::text
          from ledger_journal_lines j join ledger_journal_entries e on e.id = j.entry_id and e.status = 'posted'
          join ledger_accounts a on a.id = j.account_id and a.code = ${LEDGER_ACCOUNTS.bankOperating}
         where j.date between ${addDays(today, -WINDOW_DAYS)} and ${end}
         order by j.date desc, e.number desc limit ${MAX_LINES}`,
  );
  // Whole days only, so the opening balance (the books the evening before) holds every earlier line.
  const oldestKept = recent.length === MAX_LINES ? addDays(recent.at(-1)!.date, 1) : null;
  const fromBooks = recent.filter((l) => !oldestKept || l.date >= oldestKept).reverse();
  const start = fromBooks[0]?.date ?? addDays(today, -WINDOW_DAYS);
  const extra = [
    { date: addDays(start, 2), amount: -2_625n, description: 'ENBD CHARGES ACCOUNT MAINTENANCE FEE INCL VAT', reference: 'CHG-MAINT' },
    { date: end, amount: -5_250n, description: 'ENBD CHARGES OUTWARD TT FEE INCL VAT', reference: 'CHG-TT' },
    { date: end, amount: 4_107n, description: 'CREDIT INTEREST', reference: 'INT-CR' },
  ];
  const lines = [
    ...fromBooks.map((l) => ({ date: l.date, amount: BigInt(l.net), description: l.memo.toUpperCase().slice(0, 120), reference: `FT${l.number.padStart(8, '0')}` })),
    ...extra,
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let balance = await ledgerBalanceAt(db, LEDGER_ACCOUNTS.bankOperating, addDays(start, -1));
  const csv = ['Date,Narration,Reference,Amount,Balance'];
  for (const l of lines) {
    balance += l.amount;
    csv.push(csvRow([l.date, l.description, l.reference, filsToDecimal(l.amount), filsToDecimal(balance)]));
  }
  const mapping = csvMappingInput.parse({ dateColumn: 0, dateFormat: 'YYYY-MM-DD', descriptionColumn: 1, referenceColumn: 2, amountColumn: 3, balanceColumn: 4 });
  const result = await importStatement(db, admin.id, operating, { format: 'csv', fileName: `enbd-operating-${end.slice(0, 7)}.csv`, bytes: new TextEncoder().encode(csv.join('\n')), mapping });

  // The older half of the lines the books already have: accepted from the suggestions, as a person would.
  let matched = 0;
  const view = await getReconciliation(db, [], operating, { to: today });
  const half = Math.ceil(fromBooks.length / 2);
  for (const line of view.unmatched) {
    const best = view.suggestions.find((s) => s.lineId === line.id)?.candidates.find((c) => c.kind === 'journal');
    if (!best) continue;
    if (matched >= half) break;
    try {
      await matchLine(db, [], admin.id, operating, line.id, best.key);
      matched++;
    } catch {
      // Two lines of one amount on one day may want the same journal line; the second stays for a person.
    }
  }
  const rule = await createRule(db, admin.id, operating, {
    name: 'ENBD charges',
    active: true,
    descriptionContains: 'ENBD CHARGES',
    counterpartyEquals: null,
    amountMin: null,
    amountMax: null,
    direction: 'out',
    action: 'post',
    accountCode: LEDGER_ACCOUNTS.bankCharges,
    memo: 'Bank charges, Emirates NBD',
    costCenter: null,
    documentKind: null,
  });
  const [firstCharge] = await rows<{ id: string }>(db, sql`select id from bank_statement_lines where bank_account_id = ${operating} and reference = 'CHG-MAINT' and status = 'unmatched'`);
  if (firstCharge) {
    await createEntryForLine(db, admin.id, operating, firstCharge.id, { ruleId: rule.id });
    matched++;
  }
  return { accounts: ids.length, imported: result.imported, matched };
}
