-- The ledger's rules, kept by the database itself (modules/ledger/schema.ts explains the tables).
-- Error codes: LDG01 unbalanced, LDG02 posted is immutable, LDG03 period closed, LDG04 balances are derived,
-- LDG05 account code/type frozen once used. modules/ledger/errors.ts maps them to 422 answers.

-- 1. Journal entries: born as drafts; a posted entry never changes except to be marked reversed (once).
--    The WHEN clauses keep drafts (inserted, edited, deleted, posted) from calling the function at all.
CREATE OR REPLACE FUNCTION ledger_entries_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    RAISE EXCEPTION 'Create a journal entry as a draft, add its lines, then post it.' USING ERRCODE = 'LDG02';
  END IF;

  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Journal entry JE-% is posted and cannot be deleted. Reverse it instead.', lpad(OLD.number::text, 6, '0') USING ERRCODE = 'LDG02';
  END IF;

  IF OLD.status = 'posted' THEN
    IF OLD.reversed_by_id IS NULL AND NEW.reversed_by_id IS NOT NULL
       AND (to_jsonb(NEW) - 'reversed_by_id' - 'reversed_at' - 'updated_at')
         = (to_jsonb(OLD) - 'reversed_by_id' - 'reversed_at' - 'updated_at') THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'Journal entry JE-% is posted and cannot be changed. Reverse it instead.', lpad(OLD.number::text, 6, '0') USING ERRCODE = 'LDG02';
  END IF;

  -- A draft posted by hand-written SQL without a posting time gets one.
  NEW.posted_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_guard_insert
  BEFORE INSERT ON ledger_journal_entries
  FOR EACH ROW WHEN (NEW.status = 'posted')
  EXECUTE FUNCTION ledger_entries_guard();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_guard_update
  BEFORE UPDATE ON ledger_journal_entries
  FOR EACH ROW WHEN (OLD.status = 'posted' OR (NEW.status = 'posted' AND NEW.posted_at IS NULL))
  EXECUTE FUNCTION ledger_entries_guard();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_guard_delete
  BEFORE DELETE ON ledger_journal_entries
  FOR EACH ROW WHEN (OLD.status = 'posted')
  EXECUTE FUNCTION ledger_entries_guard();
--> statement-breakpoint

-- 2. A posted entry balances, has at least two lines, all on posting accounts and on the entry's date.
--    Checked at COMMIT by deferred constraint triggers, so an entry's lines can be written in any order inside
--    the transaction. ledger_check_entries does the work for a set of entries in one query: the statement
--    trigger below (4) records the ids each UPDATE posts in a transaction-local setting, and the first deferred
--    trigger to fire at commit checks them all at once; the others find nothing new and return.
CREATE OR REPLACE FUNCTION ledger_check_entries(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s record;
BEGIN
  SELECT e.number, count(l.id) AS lines, coalesce(sum(l.debit), 0) AS debit, coalesce(sum(l.credit), 0) AS credit,
         count(l.id) FILTER (WHERE l.date <> e.date) AS off_date, count(l.id) FILTER (WHERE a.is_group) AS on_group
    INTO s
    FROM ledger_journal_entries e
    LEFT JOIN ledger_journal_lines l ON l.entry_id = e.id
    LEFT JOIN ledger_accounts a ON a.id = l.account_id
   WHERE e.id = ANY (ids) AND e.status = 'posted'
   GROUP BY e.id, e.number
  HAVING count(l.id) < 2 OR coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0)
      OR count(l.id) FILTER (WHERE l.date <> e.date) > 0 OR count(l.id) FILTER (WHERE a.is_group) > 0
   ORDER BY e.number
   LIMIT 1;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF s.lines < 2 THEN
    RAISE EXCEPTION 'Journal entry JE-% needs at least two lines to be posted.', lpad(s.number::text, 6, '0') USING ERRCODE = 'LDG01';
  END IF;
  IF s.debit <> s.credit THEN
    RAISE EXCEPTION 'Debits and credits must be equal: JE-% has debits of % fils and credits of % fils.',
      lpad(s.number::text, 6, '0'), s.debit, s.credit USING ERRCODE = 'LDG01';
  END IF;
  IF s.off_date > 0 THEN
    RAISE EXCEPTION 'Every line of JE-% must carry the entry''s date.', lpad(s.number::text, 6, '0') USING ERRCODE = 'LDG01';
  END IF;
  RAISE EXCEPTION 'JE-% posts to a group account; post to its sub-accounts instead.', lpad(s.number::text, 6, '0') USING ERRCODE = 'LDG01';
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total int := coalesce(nullif(current_setting('ledger.posted_count', true), ''), '0')::int;
  checked int := coalesce(nullif(current_setting('ledger.posted_checked', true), ''), '0')::int;
BEGIN
  IF TG_OP = 'UPDATE' AND total > 0 THEN
    IF total > checked THEN
      PERFORM ledger_check_entries((string_to_array(rtrim(current_setting('ledger.posted'), ','), ','))[checked + 1:total]::uuid[]);
      PERFORM set_config('ledger.posted_checked', total::text, true);
    END IF;
    RETURN NULL;
  END IF;
  -- Inserted as posted, or posted while the recording trigger was disabled: check this entry alone.
  PERFORM ledger_check_entries(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced_on_post
  AFTER UPDATE OF status ON ledger_journal_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.status = 'draft' AND NEW.status = 'posted')
  EXECUTE FUNCTION ledger_entry_balanced();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced_on_insert
  AFTER INSERT ON ledger_journal_entries
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.status = 'posted')
  EXECUTE FUNCTION ledger_entry_balanced();
--> statement-breakpoint

-- 3. Lines of a posted entry can't be added, changed or removed. The entry rows are locked FOR SHARE,
--    so a line written while another transaction posts the same draft waits and then sees it posted.
CREATE OR REPLACE FUNCTION ledger_lines_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  posted_number bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT x.number INTO posted_number FROM (
      SELECT e.number, e.status FROM ledger_journal_entries e
       WHERE e.id IN (SELECT DISTINCT entry_id FROM new_lines)
       ORDER BY e.id FOR SHARE) x
     WHERE x.status = 'posted' LIMIT 1;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT x.number INTO posted_number FROM (
      SELECT e.number, e.status FROM ledger_journal_entries e
       WHERE e.id IN (SELECT entry_id FROM old_lines UNION SELECT entry_id FROM new_lines)
       ORDER BY e.id FOR SHARE) x
     WHERE x.status = 'posted' LIMIT 1;
  ELSE
    SELECT x.number INTO posted_number FROM (
      SELECT e.number, e.status FROM ledger_journal_entries e
       WHERE e.id IN (SELECT DISTINCT entry_id FROM old_lines)
       ORDER BY e.id FOR SHARE) x
     WHERE x.status = 'posted' LIMIT 1;
  END IF;
  IF posted_number IS NOT NULL THEN
    RAISE EXCEPTION 'Journal entry JE-% is posted: its lines cannot be added, changed or deleted. Reverse it instead.',
      lpad(posted_number::text, 6, '0') USING ERRCODE = 'LDG02';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_lines_guard_insert
  AFTER INSERT ON ledger_journal_lines
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_guard();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_guard_update
  AFTER UPDATE ON ledger_journal_lines
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_guard();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_guard_delete
  AFTER DELETE ON ledger_journal_lines
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_guard();
--> statement-breakpoint

-- 4. When drafts become posted (one UPDATE may post many): their dates must lie in open periods, and the
--    precomputed balances per account, day, cost center, property (and closing or not) are updated in the
--    posting's own transaction. Closing a period takes the advisory lock 7340001 exclusively and posting takes
--    it shared, so a posting and a period close never cross. Balance keys are sorted, so concurrent postings
--    lock balance rows in one order and cannot deadlock on them.
CREATE OR REPLACE FUNCTION ledger_entries_posted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed record;
  ids text;
  posted int;
BEGIN
  SELECT string_agg(n.id::text, ','), count(*) INTO ids, posted
    FROM new_entries n JOIN old_entries o ON o.id = n.id
   WHERE o.status = 'draft' AND n.status = 'posted';
  IF posted = 0 THEN
    RETURN NULL;
  END IF;
  -- Recorded for the deferred balance check (2) at commit.
  PERFORM set_config('ledger.posted', coalesce(current_setting('ledger.posted', true), '') || ids || ',', true);
  PERFORM set_config('ledger.posted_count', (coalesce(nullif(current_setting('ledger.posted_count', true), ''), '0')::int + posted)::text, true);

  PERFORM pg_advisory_xact_lock_shared(7340001);
  SELECT p.kind, p.start_date, n.date INTO closed
    FROM new_entries n
    JOIN old_entries o ON o.id = n.id
    JOIN ledger_fiscal_periods p
      ON p.status = 'closed' AND n.date BETWEEN p.start_date AND p.end_date AND (p.kind = 'year' OR n.kind <> 'closing')
   WHERE o.status = 'draft' AND n.status = 'posted'
   ORDER BY p.kind DESC
   LIMIT 1;
  IF FOUND THEN
    IF closed.kind = 'year' THEN
      RAISE EXCEPTION 'The fiscal year % is closed, so nothing dated % can be posted. Date the entry in an open period.',
        to_char(closed.start_date, 'YYYY'), closed.date USING ERRCODE = 'LDG03';
    END IF;
    RAISE EXCEPTION '% is closed, so nothing dated % can be posted. Date the entry in an open period or reopen the month.',
      to_char(closed.start_date, 'FMMonth YYYY'), closed.date USING ERRCODE = 'LDG03';
  END IF;

  INSERT INTO ledger_balances AS b (account_id, day, cost_center_id, property, is_closing, debit, credit)
  SELECT l.account_id, n.date, l.cost_center_id, l.property, n.kind = 'closing', sum(l.debit), sum(l.credit)
    FROM new_entries n
    JOIN old_entries o ON o.id = n.id
    JOIN ledger_journal_lines l ON l.entry_id = n.id
   WHERE o.status = 'draft' AND n.status = 'posted'
   GROUP BY l.account_id, n.date, l.cost_center_id, l.property, n.kind = 'closing'
   ORDER BY l.account_id, n.date, l.cost_center_id, l.property, n.kind = 'closing'
  ON CONFLICT ON CONSTRAINT ledger_balances_key
  DO UPDATE SET debit = b.debit + excluded.debit, credit = b.credit + excluded.credit;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_posted
  AFTER UPDATE ON ledger_journal_entries
  REFERENCING OLD TABLE AS old_entries NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_posted();
--> statement-breakpoint

-- 5. Nobody writes ledger_balances directly: only the posting trigger above (trigger depth 2).
CREATE OR REPLACE FUNCTION ledger_balances_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'Ledger balances are computed from posted entries and cannot be written directly. Post a journal entry instead.'
      USING ERRCODE = 'LDG04';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_balances_guard
  BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON ledger_balances
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_balances_guard();
--> statement-breakpoint

-- 6. Once an account has lines, its code and type are frozen (exports and reports depend on them).
CREATE OR REPLACE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.code IS DISTINCT FROM OLD.code OR NEW.type IS DISTINCT FROM OLD.type OR NEW.is_group IS DISTINCT FROM OLD.is_group)
     AND EXISTS (SELECT 1 FROM ledger_journal_lines l WHERE l.account_id = OLD.id) THEN
    RAISE EXCEPTION 'Account % has journal lines, so its code, type and group setting cannot change.', OLD.code USING ERRCODE = 'LDG05';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard
  BEFORE UPDATE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
