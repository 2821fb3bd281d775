-- The check that a posted entry takes no new lines counted every entry's lines with a correlated subquery;
-- with statistics that lag a bulk load PostgreSQL may plan it as a scan of all lines per entry (a 1,000-entry
-- postMany took minutes). It now counts the lines of the entries in the statement once, grouped, and joins.
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
        JOIN (SELECT l.entry_id, count(*) AS total FROM ledger_journal_lines l
               WHERE l.entry_id IN (SELECT entry_id FROM new_lines) GROUP BY l.entry_id) t ON t.entry_id = nl.entry_id
       WHERE t.total > nl.n;
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
