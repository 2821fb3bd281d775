/** Shared set-up for the receivables suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { createApp } from '@api/app';
import type { Database } from '@db/client';
import type { TestClient } from '@tests/helpers/client';
import { bankAccounts } from '@modules/banking';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import type { CustomerJson, InvoiceJson } from './contract';

type Ctx = () => { database: Database; app: ReturnType<typeof createApp>; admin: TestClient };

export const daysAgo = (n: number) => addDays(todayInDubai(), -n);

let ibanSeq = 0;
/** A valid UAE IBAN (mod-97 check digits computed), different on each call. */
export function testIban(): string {
  ibanSeq += 1;
  const bban = `033${String(Date.now() % 1e10).padStart(10, '0')}${String(ibanSeq).padStart(6, '0')}`;
  const mod = BigInt(`${bban}101400`) % 97n; // BBAN, then A=10 E=14 and 00, mod 97
  return `AE${String(98n - mod).padStart(2, '0')}${bban}`;
}

export function receivablesFixtures(ctx: Ctx) {
  const db = () => ctx().database.db;
  const admin = () => ctx().admin;

  const ok = async <T = any>(method: string, path: string, body?: unknown, status = 200) => {
    const r = await admin().json<T>(method, path, body);
    expect(r.status, `${method} ${path} → ${JSON.stringify(r.body)}`).toBe(status);
    return r.body;
  };

  /**
   * An operating bank account on 1110, written straight to its table: POST /api/admin/bank-accounts answers 500 on
   * PostgreSQL on main today (modules/banking/accounts.ts reads `result.rows`, which postgres-js does not have).
   */
  const bankAccount = async () => {
    const [row] = await db().insert(bankAccounts).values({ name: `Operating ${ibanSeq + 1}`, bankName: 'Emirates NBD', iban: testIban(), ledgerAccountCode: '1110' }).returning({ id: bankAccounts.id });
    return row!.id;
  };

  const customer = (body: Record<string, unknown> = {}) => ok<CustomerJson>('POST', '/api/admin/customers', { name: 'Al Noor Facilities Management LLC', email: 'accounts@alnoor.test', ...body }, 201);

  const draft = (customerId: string, body: Record<string, unknown> = {}) =>
    ok<InvoiceJson>(
      'POST',
      '/api/admin/invoices',
      { customerId, date: daysAgo(10), dueDate: addDays(daysAgo(10), 30), lines: [{ description: 'Property management, March', quantity: '2', unitPrice: 50_000, taxCode: 'standard' }], ...body },
      201,
    );

  const issued = async (customerId: string, body: Record<string, unknown> = {}) => {
    const d = await draft(customerId, body);
    return ok<InvoiceJson>('POST', `/api/admin/invoices/${d.id}/issue`, {});
  };

  /** The lines of the journal entry a document posted: [code, debit, credit, property, currency]. */
  const entryFor = async (module: string, id: string) =>
    q<{ code: string; debit: string; credit: string; property: string | null; currency: string }>(
      db(),
      sql`select a.code, l.debit::text, l.credit::text, l.property, l.currency from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
            join ledger_journal_entries e on e.id = l.entry_id where e.source_module = ${module} and e.source_id = ${id} order by l.line_no`,
    );

  /** Σ debit − credit of an account up to a date (all dates when none). */
  const balanceOf = async (code: string, asOf?: string) => {
    const [r] = await q<{ b: string }>(
      db(),
      sql`select coalesce(sum(l.debit - l.credit), 0)::text as b from ledger_journal_lines l join ledger_accounts a on a.id = l.account_id
           where a.code = ${code}${asOf ? sql` and l.date <= ${asOf}::date` : sql``}`,
    );
    return BigInt(r!.b);
  };

  return { ok, bankAccount, customer, draft, issued, entryFor, balanceOf };
}
