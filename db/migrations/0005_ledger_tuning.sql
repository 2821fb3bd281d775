ALTER TABLE "ledger_balances" DROP CONSTRAINT "ledger_balances_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_balances" DROP CONSTRAINT "ledger_balances_cost_center_id_ledger_cost_centers_id_fk";
--> statement-breakpoint
DROP INDEX "ledger_journal_entries_status_idx";--> statement-breakpoint
-- Room on each page for the in-place (HOT) update that posts an entry and the one that may mark it reversed.
ALTER TABLE "ledger_journal_entries" SET (fillfactor = 70);
