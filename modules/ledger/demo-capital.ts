/**
 * The demo operator's paid-in share capital: AED 2,500,000 into the operating account (Dr 1110 / Cr 3100) at the
 * start of the demo's twelve months, booked as an accountant would, through the manual journal (draft, then post).
 * Without it the demo's payroll and supplier payments overdraw the operating account and the runway reads nothing.
 * Idempotent (its Idempotency-Key); demo only.
 */
import type { Db } from '@db/client';
import { addMonths, monthStart, todayInDubai } from '@modules/platform/dates';
import { LEDGER_ACCOUNTS } from './contract';
import { createDraft, postDraft } from './drafts';

export const DEMO_CAPITAL_FILS = 250_000_000n;

export async function seedDemoCapital(db: Db, now: Date = new Date()): Promise<void> {
  const date = monthStart(addMonths(todayInDubai(now), -11));
  const { entry, created } = await createDraft(
    db,
    {
      date,
      memo: 'Share capital paid in by the founders',
      lines: [
        { accountCode: LEDGER_ACCOUNTS.bankOperating, debit: DEMO_CAPITAL_FILS, credit: 0n },
        { accountCode: LEDGER_ACCOUNTS.shareCapital, debit: 0n, credit: DEMO_CAPITAL_FILS },
      ],
    },
    { idempotencyKey: 'demo-share-capital' },
  );
  if (created || entry.status === 'draft') await postDraft(db, entry.id);
}
