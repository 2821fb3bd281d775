/** Shared set-up for the banking suites (not a test file itself). */
import { sql } from 'drizzle-orm';
import type { createApp } from '@api/app';
import type { Db } from '@db/client';
import type { TestClient } from '@tests/helpers/client';
import type { JournalEntryJson } from '@modules/ledger';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { rows } from './shared';

export const BASE = 'http://localhost';
export const day = (n: number) => addDays(todayInDubai(), -n);

type App = ReturnType<typeof createApp>;

/** A multipart POST through the client's cookie jar and CSRF header, as the browser sends it. */
export async function upload(app: App, client: TestClient, path: string, fields: Record<string, string | Blob>, extra: Record<string, string> = {}) {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/api/auth/me');
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v as string);
  const headers: Record<string, string> = { cookie: client.cookieHeader(), 'x-client-ip': '10.9.9.9', ...extra };
  if (client.cookies.has('XSRF-TOKEN')) headers['x-csrf-token'] = client.cookies.get('XSRF-TOKEN')!;
  return app.handle(new Request(`${BASE}${path}`, { method: 'POST', body: form, headers }));
}

export const file = (text: string | Uint8Array, name = 'statement.csv') => new File([text as BlobPart], name);

/**
 * A manual journal entry booked and posted through the ledger's API, as an accountant would: the bank's ledger
 * account takes `amount` (positive: debit, money in) against `contra`.
 */
export async function book(admin: TestClient, date: string, memo: string, amount: bigint, contra: string, bank = '1110'): Promise<JournalEntryJson> {
  const abs = (amount < 0n ? -amount : amount).toString();
  const lines = amount > 0n ? [{ accountCode: bank, debit: abs }, { accountCode: contra, credit: abs }] : [{ accountCode: contra, debit: abs }, { accountCode: bank, credit: abs }];
  const draft = await admin.json<JournalEntryJson>('POST', '/api/admin/ledger/journal-entries', { date, memo, lines });
  if (draft.status !== 201) throw new Error(`draft: ${draft.status} ${JSON.stringify(draft.body)}`);
  const posted = await admin.json<JournalEntryJson>('POST', `/api/admin/ledger/journal-entries/${draft.body.id}/post`);
  if (posted.status !== 200) throw new Error(`post: ${posted.status} ${JSON.stringify(posted.body)}`);
  return posted.body;
}

/** The journal lines of an entry as [account, debit, credit, cost center]. */
export async function linesOf(db: Db, entryId: string) {
  return rows<{ code: string; debit: string; credit: string; cc: string | null }>(
    db,
    sql`select a.code, j.debit::text, j.credit::text, c.code as cc from ledger_journal_lines j join ledger_accounts a on a.id = j.account_id
          left join ledger_cost_centers c on c.id = j.cost_center_id where j.entry_id = ${entryId} order by j.line_no`,
  );
}

/** A CSV of [date, description, reference, amount in AED] rows read by CSV_MAPPING. */
export const csvOf = (lines: [string, string, string, string][]) => ['Date,Narration,Reference,Amount', ...lines.map((l) => l.map((c) => (c.includes(',') ? `"${c}"` : c)).join(','))].join('\n');
export const CSV_MAPPING = { dateColumn: 0, dateFormat: 'YYYY-MM-DD', descriptionColumn: 1, referenceColumn: 2, amountColumn: 3 };
