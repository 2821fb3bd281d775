import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { conflict, notFound, unprocessable } from '@api/errors';
import { sqlRows } from '@api/list';
import { recordAudit } from '../audit';
import { ledgerAccounts } from '../ledger/schema';
import { bankingMessages, type BankAccountJson, type BankAccountKind, type CreateBankAccountInput } from './contract';
import { bankAccounts } from './schema';

type Row = typeof bankAccounts.$inferSelect;
const toJson = (r: Row, ledgerAccountName: string): BankAccountJson => ({
  id: r.id,
  name: r.name,
  bankName: r.bankName,
  iban: r.iban,
  kind: r.kind as BankAccountKind,
  currency: r.currency,
  ledgerAccountCode: r.ledgerAccountCode,
  ledgerAccountName,
  createdAt: r.createdAt.toISOString(),
});

/** True when `code` is a posting account under 1100 Cash and bank. */
async function isBankLedgerAccount(db: Db, code: string): Promise<boolean> {
  // sqlRows: PGlite answers { rows }, the PostgreSQL driver an array.
  const found = await sqlRows(db, sql`
    select 1 from ledger_accounts a join ledger_accounts p on p.id = a.parent_id
    where a.code = ${code} and not a.is_group and a.archived_at is null and p.code = '1100'`);
  return found.length > 0;
}

export async function createBankAccount(db: Db, userId: string, input: CreateBankAccountInput): Promise<BankAccountJson> {
  if (!(await isBankLedgerAccount(db, input.ledgerAccountCode))) throw unprocessable(bankingMessages.notBankLedger(input.ledgerAccountCode), 'bank_account_not_bank_ledger');
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.iban, input.iban));
    if (existing) throw conflict(`A bank account with IBAN ${input.iban} is already set up.`, 'conflict');
    const [row] = await tx
      .insert(bankAccounts)
      .values({ name: input.name, bankName: input.bankName, iban: input.iban, kind: input.kind, currency: input.currency, ledgerAccountCode: input.ledgerAccountCode, createdBy: userId })
      .returning();
    await recordAudit(tx, {
      actorId: userId,
      action: 'banking.account.create',
      entityType: 'bank_account',
      entityId: row!.id,
      summary: `Added bank account ${input.name} (${input.iban}) posting to ${input.ledgerAccountCode}`,
    });
    const [acc] = await tx.select({ name: ledgerAccounts.name }).from(ledgerAccounts).where(eq(ledgerAccounts.code, input.ledgerAccountCode));
    return toJson(row!, acc?.name ?? '');
  });
}

/** One bank account, or 404. Other modules use it to find the ledger account a payment posts to. */
export async function getBankAccount(db: Db, id: string): Promise<BankAccountJson> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound(bankingMessages.notFound, 'not_found');
  const [r] = await db
    .select({ b: bankAccounts, ledgerName: ledgerAccounts.name })
    .from(bankAccounts)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.code, bankAccounts.ledgerAccountCode))
    .where(eq(bankAccounts.id, id));
  if (!r) throw notFound(bankingMessages.notFound, 'not_found');
  return toJson(r.b, r.ledgerName ?? '');
}

export async function listBankAccounts(db: Db): Promise<BankAccountJson[]> {
  const rows = await db
    .select({ b: bankAccounts, ledgerName: ledgerAccounts.name })
    .from(bankAccounts)
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.code, bankAccounts.ledgerAccountCode))
    .where(isNull(bankAccounts.archivedAt))
    .orderBy(asc(bankAccounts.createdAt));
  return rows.map((r) => toJson(r.b, r.ledgerName ?? ''));
}
