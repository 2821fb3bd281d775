DROP INDEX "ledger_journal_entries_number_unique";--> statement-breakpoint
DROP INDEX "ledger_journal_entries_reverses_unique";--> statement-breakpoint
DROP INDEX "ledger_journal_lines_cost_center_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journal_entries_reverses_unique" ON "ledger_journal_entries" USING btree ("reverses_id") WHERE "ledger_journal_entries"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "ledger_journal_lines_cost_center_idx" ON "ledger_journal_lines" USING btree ("cost_center_id") WHERE "ledger_journal_lines"."cost_center_id" is not null;--> statement-breakpoint
-- Room for in-place (HOT) updates of the running totals.
ALTER TABLE "ledger_balances" SET (fillfactor = 80);
