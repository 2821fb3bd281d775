/**
 * What a person does with a statement line: match it (to a journal line, or to an open document settled
 * through its MatchSource in the same transaction), create the missing entry (from a rule or an account and
 * memo), ignore it, or undo any of these. Every match ties the line to exactly one journal line of the same
 * amount on the bank's ledger account (bank_reconciled_lines); ledger tables are never changed.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, badRequest, unprocessable } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { formatEntryNumber, post, reverseEntry } from '@modules/ledger';
import { filsToDecimal, formatAed } from '@modules/platform/money';
import { todayInDubai } from '@modules/platform/dates';
import { CANDIDATE_KINDS, statementMessages, type BankAccountJson, type CreateEntryInput, type StatementLineJson } from './contract';
import type { MatchSource } from './match-source';
import { statementLineEntry } from './postings';
import { countRuleHit, learnFrom, loadRule } from './rules';
import { assertUnmatched, bankAccountOr404, big, lineForMatch, lineJson, loadLine, rows, type LineRow } from './shared';

type Done = { line: StatementLineJson; message: string };

const describe = (line: LineRow) => `${formatAed(big(line.amount))} on ${line.date}${line.description ? ` (${line.description.slice(0, 60)})` : ''}`;

/** The journal line of `entryId` on the ledger account for exactly `amount` (debit − credit) that no match holds yet. */
async function bankLineOf(tx: Db, entryId: string, ledgerAccountCode: string, amount: bigint): Promise<{ id: string } | undefined> {
  const [found] = await rows<{ id: string }>(
    tx,
    sql`select j.id::text from ledger_journal_lines j join ledger_accounts a on a.id = j.account_id
         where j.entry_id = ${entryId} and a.code = ${ledgerAccountCode} and (j.debit - j.credit) = ${amount.toString()}::bigint
           and not exists (select 1 from bank_reconciled_lines r where r.journal_line_id = j.id)
         order by j.line_no limit 1`,
  );
  return found;
}

async function reconcile(tx: Db, userId: string, account: BankAccountJson, journalLineId: string, entryId: string, statementLineId: string | null, note: string) {
  const inserted = await rows<{ id: string }>(
    tx,
    sql`insert into bank_reconciled_lines (journal_line_id, entry_id, bank_account_id, statement_line_id, note, created_by)
        values (${journalLineId}::bigint, ${entryId}, ${account.id}, ${statementLineId}, ${note}, ${userId})
        on conflict (journal_line_id) do nothing returning id`,
  );
  if (!inserted.length) throw new AppError('match_candidate_unavailable', statementMessages.candidateGone);
}

async function markMatched(tx: Db, userId: string, lineId: string, m: { kind: 'journal' | 'document' | 'created'; entryId: string; journalLineId: string; candidateKey: string | null; ruleId: string | null; created?: boolean }) {
  await tx.execute(sql`
    update bank_statement_lines set status = 'matched', match_kind = ${m.kind}, matched_entry_id = ${m.entryId}, matched_journal_line_id = ${m.journalLineId}::bigint,
           candidate_key = ${m.candidateKey}, rule_id = ${m.ruleId}, ignore_reason = null, matched_by = ${userId}, matched_at = now()
           ${m.created ? sql`, created_entries = created_entries + 1` : sql``}
     where id = ${lineId}`);
}

const done = async (db: Db, accountId: string, lineId: string, message: string): Promise<Done> => ({ line: lineJson(await loadLine(db, accountId, lineId)), message });

export async function matchLine(db: Db, sources: MatchSource[], userId: string, accountId: string, lineId: string, candidateKey: string): Promise<Done> {
  const account = await bankAccountOr404(db, accountId);
  const at = candidateKey.indexOf(':');
  const kind = at > 0 ? candidateKey.slice(0, at) : '';
  const id = at > 0 ? candidateKey.slice(at + 1) : '';
  if (!kind || !id) throw badRequest(statementMessages.candidateKey, 'validation_failed');
  if (kind === CANDIDATE_KINDS.rule) return createEntryForLine(db, userId, accountId, lineId, { ruleId: id });
  if (kind === CANDIDATE_KINDS.journal) {
    if (!/^\d{1,18}$/.test(id)) throw new AppError('match_candidate_unavailable', statementMessages.candidateGone);
    await db.transaction(async (tx) => {
      const line = await loadLine(tx, accountId, lineId, true);
      assertUnmatched(line);
      const [j] = await rows<{ id: string; entry_id: string; net: string; number: string }>(
        tx,
        sql`select j.id::text, j.entry_id, (j.debit - j.credit)::text as net, e.number::text from ledger_journal_lines j
              join ledger_journal_entries e on e.id = j.entry_id and e.status = 'posted'
              join ledger_accounts a on a.id = j.account_id and a.code = ${account.ledgerAccountCode}
             where j.id = ${id}::bigint and not exists (select 1 from bank_reconciled_lines r where r.journal_line_id = j.id)`,
      );
      if (!j) throw new AppError('match_candidate_unavailable', statementMessages.candidateGone);
      if (big(j.net) !== big(line.amount)) throw unprocessable(statementMessages.amountMismatch(filsToDecimal(big(line.amount)), filsToDecimal(big(j.net))), 'match_amount_mismatch');
      await reconcile(tx, userId, account, j.id, j.entry_id, line.id, 'matched');
      await markMatched(tx, userId, line.id, { kind: 'journal', entryId: j.entry_id, journalLineId: j.id, candidateKey, ruleId: null });
      await recordAudit(tx, { actorId: userId, action: 'banking.line.match', entityType: 'bank_statement_line', entityId: line.id, summary: `Matched the ${account.name} statement line ${describe(line)} to journal line ${j.id}` });
    });
    return done(db, accountId, lineId, 'Matched to the journal line.');
  }
  const source = sources.find((s) => s.kind === kind);
  if (!source) throw unprocessable(statementMessages.sourceUnknown(kind), 'match_source_unknown');
  await db.transaction(async (tx) => {
    const line = await loadLine(tx, accountId, lineId, true);
    assertUnmatched(line);
    const { entryId } = await source.settle(tx, userId, lineForMatch(line, account), id);
    const bankLine = await bankLineOf(tx, entryId, account.ledgerAccountCode, big(line.amount));
    if (!bankLine) throw unprocessable(statementMessages.settledWithoutBankLine, 'settled_without_bank_line');
    await reconcile(tx, userId, account, bankLine.id, entryId, line.id, `settled ${candidateKey}`);
    await markMatched(tx, userId, line.id, { kind: 'document', entryId, journalLineId: bankLine.id, candidateKey, ruleId: null });
    await learnFrom(tx, userId, accountId, { amount: big(line.amount), description: line.description, counterparty: line.counterparty }, { action: 'document', documentKind: kind });
    await recordAudit(tx, { actorId: userId, action: 'banking.line.settle', entityType: 'bank_statement_line', entityId: line.id, summary: `Settled ${kind} ${id.slice(0, 60)} with the ${account.name} statement line ${describe(line)}` });
  });
  return done(db, accountId, lineId, `Recorded the payment of the ${kind} and matched it.`);
}

export async function createEntryForLine(db: Db, userId: string, accountId: string, lineId: string, input: CreateEntryInput): Promise<Done> {
  const account = await bankAccountOr404(db, accountId);
  const rule = 'ruleId' in input ? await loadRule(db, accountId, input.ruleId) : null;
  if (rule && (rule.action !== 'post' || !rule.accountCode)) throw unprocessable(statementMessages.ruleNotPosting, 'bank_rule_not_posting');
  const accountCode = rule ? rule.accountCode! : 'accountCode' in input ? input.accountCode : '';
  if (accountCode === account.ledgerAccountCode) throw unprocessable(`The entry would post to ${accountCode} on both sides. Choose the account the money came from or went to.`, 'business_rule');
  let reference = '';
  await db.transaction(async (tx) => {
    const line = await loadLine(tx, accountId, lineId, true);
    assertUnmatched(line);
    const amount = big(line.amount);
    const memo = (rule ? rule.memo : 'memo' in input ? input.memo : '') || line.description || 'Bank statement line';
    const costCenter = rule ? rule.costCenter : 'costCenter' in input ? (input.costCenter ?? null) : null;
    const entry = statementLineEntry({ lineId: line.id, attempt: line.created_entries, date: line.date, amount, bankLedgerCode: account.ledgerAccountCode, bankName: account.name, accountCode, memo, costCenter, authorId: userId });
    const posted = await post(tx, entry);
    reference = posted.reference;
    const bankLine = await bankLineOf(tx, posted.id, account.ledgerAccountCode, amount);
    if (!bankLine) throw unprocessable(statementMessages.settledWithoutBankLine, 'settled_without_bank_line');
    await reconcile(tx, userId, account, bankLine.id, posted.id, line.id, 'created here');
    await markMatched(tx, userId, line.id, { kind: 'created', entryId: posted.id, journalLineId: bankLine.id, candidateKey: rule ? `${CANDIDATE_KINDS.rule}:${rule.id}` : null, ruleId: rule?.id ?? null, created: true });
    if (rule?.origin === 'manual') await countRuleHit(tx, rule.id);
    else await learnFrom(tx, userId, accountId, { amount, description: line.description, counterparty: line.counterparty }, { action: 'post', accountCode, memo, costCenter });
    await recordAudit(tx, {
      actorId: userId,
      action: 'banking.line.create_entry',
      entityType: 'bank_statement_line',
      entityId: line.id,
      summary: `Posted ${posted.reference} to ${accountCode} for the ${account.name} statement line ${describe(line)}${rule ? ` by the rule "${rule.name}"` : ''}`,
    });
  });
  return done(db, accountId, lineId, `Posted ${reference} and matched it.`);
}

export async function ignoreLine(db: Db, userId: string, accountId: string, lineId: string, reason: string): Promise<Done> {
  const account = await bankAccountOr404(db, accountId);
  await db.transaction(async (tx) => {
    const line = await loadLine(tx, accountId, lineId, true);
    assertUnmatched(line);
    await tx.execute(sql`update bank_statement_lines set status = 'ignored', ignore_reason = ${reason}, matched_by = ${userId}, matched_at = now() where id = ${line.id}`);
    await recordAudit(tx, { actorId: userId, action: 'banking.line.ignore', entityType: 'bank_statement_line', entityId: line.id, summary: `Ignored the ${account.name} statement line ${describe(line)}: ${reason}` });
  });
  return done(db, accountId, lineId, 'Ignored.');
}

/**
 * Undoes a match or an ignore. An entry created here is reversed (dated today) and the pair is kept out of the
 * reconciliation; a settled document's payment stays in the books and its journal line becomes matchable again.
 */
export async function unmatchLine(db: Db, userId: string, accountId: string, lineId: string): Promise<Done> {
  const account = await bankAccountOr404(db, accountId);
  let message = 'The line is unmatched again.';
  await db.transaction(async (tx) => {
    const line = await loadLine(tx, accountId, lineId, true);
    if (line.status === 'unmatched') throw new AppError('statement_line_not_matched', statementMessages.notMatched);
    if (line.status === 'matched' && line.match_kind === 'created' && line.matched_entry_id) {
      const { reversal } = await reverseEntry(tx, line.matched_entry_id, { userId, date: todayInDubai(), memo: `Undo of the entry created from the ${account.name} statement line ${describe(line)}` });
      const back = await bankLineOf(tx, reversal.id, account.ledgerAccountCode, -big(line.amount));
      await tx.execute(sql`update bank_reconciled_lines set statement_line_id = null, note = ${`reversed by ${reversal.id}`} where statement_line_id = ${line.id}`);
      if (back) await reconcile(tx, userId, account, back.id, reversal.id, null, `reversal of ${line.matched_entry_id}`);
      message = `Reversed ${line.entry_number ? formatEntryNumber(line.entry_number) : 'the entry'} by ${reversal.number}; the line is unmatched again.`;
    } else {
      await tx.execute(sql`delete from bank_reconciled_lines where statement_line_id = ${line.id}`);
      if (line.match_kind === 'document') message = 'Unmatched. The payment recorded against the document stays in the books: match it again or reverse it.';
    }
    await tx.execute(sql`
      update bank_statement_lines set status = 'unmatched', match_kind = null, matched_entry_id = null, matched_journal_line_id = null, candidate_key = null,
             rule_id = null, ignore_reason = null, matched_by = null, matched_at = null
       where id = ${line.id}`);
    await recordAudit(tx, { actorId: userId, action: 'banking.line.unmatch', entityType: 'bank_statement_line', entityId: line.id, summary: `Undid the ${line.status === 'ignored' ? 'ignore' : 'match'} of the ${account.name} statement line ${describe(line)}` });
  });
  return done(db, accountId, lineId, message);
}
