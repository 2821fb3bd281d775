/**
 * How other modules offer their open documents to the reconciliation without banking depending on them:
 * api/app.ts passes each module's MatchSource to bankingRoutes. A source proposes candidates for a statement
 * line (an open invoice for money in, an open bill for money out) and, when a person accepts one, records the
 * payment against it in the given transaction, posting to the bank account's ledger account, and returns the
 * journal entry it posted so the statement line can be marked reconciled to it.
 */
import type { Db } from '@db/client';

export type StatementLineForMatch = {
  id: string;
  bankAccountId: string;
  /** The bank account's ledger account (e.g. 1110). */
  ledgerAccountCode: string;
  date: string;
  /** Signed fils: positive money in, negative money out. */
  amount: bigint;
  description: string;
  reference: string;
  counterparty: string;
};

export type MatchCandidate = {
  /** '<source kind>:<document id>', unique across sources. */
  key: string;
  kind: string;
  documentId: string;
  label: string;
  counterparty: string;
  date: string;
  /** The open amount in fils, signed like the statement line. */
  amount: bigint;
  reference: string;
};

export type MatchSource = {
  kind: string;
  /** Open documents that could settle this line; the reconciliation scores them. */
  candidates: (db: Db, line: StatementLineForMatch) => Promise<MatchCandidate[]>;
  /** Records the payment of `documentId` by the line (inside `tx`); returns the journal entry posted. */
  settle: (tx: Db, userId: string, line: StatementLineForMatch, documentId: string) => Promise<{ entryId: string }>;
};
