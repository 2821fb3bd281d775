ALTER TABLE "ledger_journal_lines" DROP CONSTRAINT "ledger_journal_lines_entry_id_ledger_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_journal_lines" DROP CONSTRAINT "ledger_journal_lines_account_id_ledger_accounts_id_fk";
--> statement-breakpoint
-- The two foreign keys above become set-based checks, made once per statement for a whole batch of lines
-- instead of once per line (native foreign keys run one lookup per row). The guarantees are the same,
-- concurrency included: the lines' entries are locked FOR SHARE and their accounts FOR KEY SHARE, as a
-- foreign key would, so a concurrent delete waits for the insert or the insert sees the row gone.
CREATE OR REPLACE FUNCTION ledger_lines_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posted_number bigint;
  wanted int;
  found int;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT count(DISTINCT entry_id) INTO wanted FROM new_lines;
    SELECT count(*), min(x.number) FILTER (WHERE x.status = 'posted') INTO found, posted_number FROM (
      SELECT e.number, e.status FROM ledger_journal_entries e
       WHERE e.id IN (SELECT entry_id FROM new_lines)
       ORDER BY e.id FOR SHARE) x;
    IF found < wanted THEN
      RAISE EXCEPTION 'Every journal line must belong to an existing journal entry.' USING ERRCODE = 'foreign_key_violation';
    END IF;
    SELECT count(DISTINCT account_id) INTO wanted FROM new_lines;
    SELECT count(*) INTO found FROM (
      SELECT a.id FROM ledger_accounts a
       WHERE a.id IN (SELECT account_id FROM new_lines)
       ORDER BY a.id FOR KEY SHARE) x;
    IF found < wanted THEN
      RAISE EXCEPTION 'Every journal line must post to an existing account.' USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND posted_number IS NULL THEN
    SELECT min(x.number) INTO posted_number FROM (
      SELECT e.number, e.status FROM ledger_journal_entries e
       WHERE e.id IN (SELECT entry_id FROM old_lines)
       ORDER BY e.id FOR SHARE) x
     WHERE x.status = 'posted';
  END IF;
  IF posted_number IS NOT NULL THEN
    RAISE EXCEPTION 'Journal entry JE-% is posted: its lines cannot be added, changed or deleted. Reverse it instead.',
      lpad(posted_number::text, 6, '0') USING ERRCODE = 'LDG02';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An account with journal lines cannot be deleted (archive it instead). The row is locked before this runs,
-- so a line inserted concurrently has either committed (and is seen) or waits and then finds the account gone.
CREATE OR REPLACE FUNCTION ledger_accounts_delete_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM ledger_journal_lines l WHERE l.account_id = OLD.id) THEN
    RAISE EXCEPTION 'Account % has journal lines, so it cannot be deleted. Archive it instead.', OLD.code USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_delete_guard
  BEFORE DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_delete_guard();
--> statement-breakpoint
-- Deleting a draft deletes its lines (posted entries cannot be deleted at all).
CREATE OR REPLACE FUNCTION ledger_entries_delete_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ledger_journal_lines WHERE entry_id IN (SELECT id FROM deleted_entries);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_delete_lines
  AFTER DELETE ON ledger_journal_entries
  REFERENCING OLD TABLE AS deleted_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_delete_lines();
--> statement-breakpoint
-- The ids lines point at never change.
CREATE OR REPLACE FUNCTION ledger_id_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The id of a ledger % cannot change.', CASE TG_TABLE_NAME WHEN 'ledger_accounts' THEN 'account' ELSE 'journal entry' END
    USING ERRCODE = 'foreign_key_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_id_frozen
  BEFORE UPDATE OF id ON ledger_accounts
  FOR EACH ROW WHEN (NEW.id <> OLD.id) EXECUTE FUNCTION ledger_id_frozen();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_id_frozen
  BEFORE UPDATE OF id ON ledger_journal_entries
  FOR EACH ROW WHEN (NEW.id <> OLD.id) EXECUTE FUNCTION ledger_id_frozen();
