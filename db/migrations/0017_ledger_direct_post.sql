-- Posting in one pass: the posting API inserts an entry already posted and then its lines, in the same
-- transaction, instead of inserting a draft, its lines, and updating the draft to posted. The guarantees stay:
--   * a posted entry is balanced, has two or more lines, carries one date and no group account: checked at
--     commit by the deferred constraint trigger, for entries inserted as posted exactly as for posted drafts;
--   * a committed posted entry always has lines, so "lines may be added to a posted entry only while it has
--     none" means lines go in with the entry, in its transaction, and never afterwards;
--   * nothing is posted into a closed period; ledger_balances are written only by these triggers.

-- 1. Inserting an entry as posted is allowed (it stamps posted_at); its checks follow below.
CREATE OR REPLACE FUNCTION ledger_entries_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.posted_at := coalesce(NEW.posted_at, now());
    RETURN NEW;
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

  NEW.posted_at := now();
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_entries_guard_insert ON ledger_journal_entries;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_guard_insert
  BEFORE INSERT ON ledger_journal_entries
  FOR EACH ROW WHEN (NEW.status = 'posted' AND NEW.posted_at IS NULL)
  EXECUTE FUNCTION ledger_entries_guard();
--> statement-breakpoint

-- 2. Entries inserted as posted: recorded for the deferred balance check, and refused in a closed period.
CREATE OR REPLACE FUNCTION ledger_entries_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed record;
  ids text;
  posted int;
BEGIN
  SELECT string_agg(n.id::text, ','), count(*) INTO ids, posted FROM new_entries n WHERE n.status = 'posted';
  IF posted = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('ledger.posted', coalesce(current_setting('ledger.posted', true), '') || ids || ',', true);
  PERFORM set_config('ledger.posted_count', (coalesce(nullif(current_setting('ledger.posted_count', true), ''), '0')::int + posted)::text, true);

  PERFORM pg_advisory_xact_lock_shared(7340001);
  SELECT p.kind, p.start_date, n.date INTO closed
    FROM new_entries n
    JOIN ledger_fiscal_periods p
      ON p.status = 'closed' AND n.date BETWEEN p.start_date AND p.end_date AND (p.kind = 'year' OR n.kind <> 'closing')
   WHERE n.status = 'posted'
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
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_inserted
  AFTER INSERT ON ledger_journal_entries
  REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_inserted();
--> statement-breakpoint

-- 3. The deferred check handles inserted entries in one pass too (it used to check them one by one).
CREATE OR REPLACE FUNCTION ledger_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total int := coalesce(nullif(current_setting('ledger.posted_count', true), ''), '0')::int;
  checked int := coalesce(nullif(current_setting('ledger.posted_checked', true), ''), '0')::int;
BEGIN
  IF total > 0 THEN
    IF total > checked THEN
      PERFORM ledger_check_entries((string_to_array(rtrim(current_setting('ledger.posted'), ','), ','))[checked + 1:total]::uuid[]);
      PERFORM set_config('ledger.posted_checked', total::text, true);
    END IF;
    RETURN NULL;
  END IF;
  -- Posted while the recording triggers were disabled: check this entry alone.
  PERFORM ledger_check_entries(ARRAY[NEW.id]);
  RETURN NULL;
END
$$;
--> statement-breakpoint

-- 4. Lines: the keys are checked as before; lines may join a posted entry only while it has no other lines
--    (that is, in the statement that gives a just-inserted posted entry its lines), and then they are added
--    to ledger_balances at once.
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
    IF TG_OP = 'INSERT' AND posted_number IS NOT NULL THEN
      -- A posted entry that had lines before this statement is closed to new ones.
      SELECT min(e.number) INTO posted_number
        FROM (SELECT entry_id, count(*) AS n FROM new_lines GROUP BY entry_id) nl
        JOIN ledger_journal_entries e ON e.id = nl.entry_id AND e.status = 'posted'
       WHERE (SELECT count(*) FROM ledger_journal_lines l WHERE l.entry_id = nl.entry_id) > nl.n;
      IF posted_number IS NULL THEN
        INSERT INTO ledger_balances AS b (account_id, day, cost_center_id, property, is_closing, debit, credit)
        SELECT l.account_id, e.date, l.cost_center_id, l.property, e.kind = 'closing', sum(l.debit), sum(l.credit)
          FROM new_lines l
          JOIN ledger_journal_entries e ON e.id = l.entry_id AND e.status = 'posted'
         GROUP BY l.account_id, e.date, l.cost_center_id, l.property, e.kind = 'closing'
         ORDER BY l.account_id, e.date, l.cost_center_id, l.property, e.kind = 'closing'
        ON CONFLICT ON CONSTRAINT ledger_balances_key
        DO UPDATE SET debit = b.debit + excluded.debit, credit = b.credit + excluded.credit;
      END IF;
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
