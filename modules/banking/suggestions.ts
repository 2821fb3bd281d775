/**
 * Suggestions for unmatched statement lines, scored 0–100 with a reason a person can read:
 *   1. unreconciled journal lines on the bank's ledger account: same amount, dated within ±7 days, text alike;
 *   2. the MatchSources' open documents (invoices for money in, bills for money out);
 *   3. rules: a manual rule, or a learned one whose pattern repeated, proposes an entry to its account; a rule
 *      that prefers a document kind raises that kind's documents.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { formatEntryNumber } from '@modules/ledger';
import { daysBetween } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { CANDIDATE_KINDS, LEARNED_RULE_MIN_HITS, type BankAccountJson, type LineSuggestionsJson, type SuggestionJson } from './contract';
import type { MatchCandidate, MatchSource } from './match-source';
import { ruleMatches } from './rules';
import type { bankRules } from './schema';
import { big, lineForMatch, normalizeText, rows, type LineRow } from './shared';

export const DATE_WINDOW_DAYS = 7;
const MAX_CANDIDATES = 5;
/** Lines whose documents are asked of the match sources in one reconciliation view. */
const MAX_SOURCE_LINES = 200;

type Rule = typeof bankRules.$inferSelect;
export type JournalCandidate = { id: string; date: string; net: string; number: string; memo: string; line_memo: string | null; source_id: string; account_name: string | null };

const words = (s: string) => new Set(normalizeText(s).split(' ').filter((w) => w.length > 2));

/** Share of the shorter text's words found in the other (0–1). */
export function textSimilarity(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  if (!wa.size || !wb.size) return 0;
  let common = 0;
  for (const w of wa) if (wb.has(w)) common++;
  return common / Math.min(wa.size, wb.size);
}

/** Whether `reference` (3+ letters or digits) appears in `text`, ignoring case and punctuation. */
export function mentions(text: string, reference: string): boolean {
  const ref = normalizeText(reference).replace(/ /g, '');
  return ref.length >= 3 && normalizeText(text).replace(/ /g, '').includes(ref);
}

/** Document-like references in free text: "INV-2026-0004", "PO/17/2026", "BILL2026-17" (letters, then digits). */
export function referencesIn(text: string): string[] {
  return [...text.matchAll(/\b[A-Za-z]{2,6}[-/]?\d[\w/-]{2,}\b/g)].map((m) => m[0]).slice(0, 5);
}

const apart = (days: number) => (days === 0 ? 'same day' : `${days} day${days === 1 ? '' : 's'} apart`);
const clamp = (n: number) => Math.max(1, Math.min(100, Math.round(n)));

/** Scores a journal line for a statement line (same amount is a precondition). */
export function scoreJournal(line: Pick<LineRow, 'date' | 'description' | 'reference' | 'counterparty'>, j: JournalCandidate): SuggestionJson {
  const days = Math.abs(daysBetween(line.date, j.date));
  const text = `${j.memo} ${j.line_memo ?? ''} ${j.source_id}`;
  const reasons = ['Same amount', apart(days)];
  let score = 60 - days * 3;
  const reference = [line.reference, ...referencesIn(line.description)].find((r) => r && mentions(text, r));
  if (reference) {
    score += 30;
    reasons.push(`reference ${reference}`);
  } else {
    const sim = Math.max(textSimilarity(`${line.description} ${line.counterparty}`, text), line.counterparty ? textSimilarity(line.counterparty, text) : 0);
    if (sim > 0) {
      score += Math.round(sim * 25);
      reasons.push(`"${(j.line_memo || j.memo).slice(0, 60)}" reads alike`);
    }
  }
  return {
    key: `${CANDIDATE_KINDS.journal}:${j.id}`,
    kind: CANDIDATE_KINDS.journal,
    label: `${formatEntryNumber(j.number)} ${j.line_memo || j.memo}`.slice(0, 160),
    date: j.date,
    amount: j.net,
    score: clamp(score),
    reason: reasons.join(', '),
    accountCode: null,
    ruleId: null,
  };
}

/** Scores an open document offered by a MatchSource; `preferred` is a rule preferring its kind for this line. */
export function scoreDocument(line: Pick<LineRow, 'date' | 'description' | 'reference' | 'counterparty' | 'amount'>, c: MatchCandidate, preferred: Rule | undefined): SuggestionJson {
  const amount = big(line.amount);
  const reasons: string[] = [];
  let score: number;
  if (c.amount === amount) {
    score = 50;
    reasons.push('Same amount');
  } else {
    score = 15;
    reasons.push(`${formatAed(c.amount < 0n ? -c.amount : c.amount)} open, not the same amount`);
  }
  if (c.reference && (mentions(`${line.description} ${line.reference}`, c.reference) || mentions(c.reference, line.reference))) {
    score += 35;
    reasons.push(`reference ${c.reference}`);
  }
  const sim = Math.max(textSimilarity(line.counterparty, c.counterparty), textSimilarity(line.description, c.counterparty));
  if (sim > 0) {
    score += Math.round(sim * 15);
    reasons.push(c.counterparty);
  }
  if (preferred) {
    score += 10 + Math.min(preferred.hitCount * 3, 15);
    reasons.push(preferred.origin === 'learned' ? `usually a ${c.kind} (learned from ${preferred.hitCount} matches)` : `rule "${preferred.name}"`);
  }
  return { key: c.key, kind: c.kind, label: c.label.slice(0, 160), date: c.date, amount: c.amount.toString(), score: clamp(score), reason: reasons.join(', '), accountCode: null, ruleId: null };
}

/** A rule that posts: manual rules score 70; learned ones rise with their hits once the pattern repeated. */
export function scoreRule(rule: Rule, accountName: string | undefined): SuggestionJson | null {
  if (rule.action !== 'post' || !rule.accountCode) return null;
  if (rule.origin === 'learned' && rule.hitCount < LEARNED_RULE_MIN_HITS) return null;
  const target = `${rule.accountCode}${accountName ? ` ${accountName}` : ''}`;
  const score = rule.origin === 'manual' ? 70 : 55 + Math.min(rule.hitCount * 5, 35);
  const reason = rule.origin === 'manual' ? `Rule "${rule.name}" posts it to ${target}` : `Learned from ${rule.hitCount} earlier lines like it, posted to ${target}`;
  return { key: `${CANDIDATE_KINDS.rule}:${rule.id}`, kind: CANDIDATE_KINDS.rule, label: `Post to ${target}${rule.memo ? `: ${rule.memo}` : ''}`.slice(0, 160), date: null, amount: null, score: clamp(score), reason, accountCode: rule.accountCode, ruleId: rule.id };
}

/** Unreconciled journal lines on the ledger account with one of these amounts, dated within the window of [from, to]. */
export async function journalCandidates(db: Db, ledgerAccountCode: string, amounts: bigint[], from: string, to: string): Promise<JournalCandidate[]> {
  if (!amounts.length) return [];
  const json = JSON.stringify([...new Set(amounts.map(String))]);
  return rows<JournalCandidate>(
    db,
    sql`select j.id::text, j.date::text, (j.debit - j.credit)::text as net, e.number::text, e.memo, j.memo as line_memo, e.source_id, null as account_name
          from ledger_journal_lines j
          join ledger_journal_entries e on e.id = j.entry_id and e.status = 'posted'
          join ledger_accounts a on a.id = j.account_id and a.code = ${ledgerAccountCode}
         where j.date between (${from}::date - ${DATE_WINDOW_DAYS}::int) and (${to}::date + ${DATE_WINDOW_DAYS}::int)
           and (j.debit - j.credit) in (select jsonb_array_elements_text(${json}::jsonb)::bigint)
           and not exists (select 1 from bank_reconciled_lines r where r.journal_line_id = j.id)
         order by j.date, e.number, j.line_no
         limit 5000`,
  );
}

export async function accountNames(db: Db, codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const found = await rows<{ code: string; name: string }>(db, sql`select code, name from ledger_accounts where code in (${sql.join([...new Set(codes)].map((c) => sql`${c}`), sql`, `)})`);
  return new Map(found.map((r) => [r.code, r.name]));
}

/** The best candidates for each line, highest score first. */
export async function suggestFor(db: Db, account: BankAccountJson, lines: LineRow[], sources: MatchSource[], rules: Rule[]): Promise<LineSuggestionsJson[]> {
  if (!lines.length) return [];
  const dates = lines.map((l) => l.date).sort();
  const journal = await journalCandidates(db, account.ledgerAccountCode, lines.map((l) => big(l.amount)), dates[0]!, dates.at(-1)!);
  const names = await accountNames(db, rules.map((r) => r.accountCode).filter((c): c is string => !!c));
  const out: LineSuggestionsJson[] = [];
  for (const [i, line] of lines.entries()) {
    const amount = big(line.amount);
    const ruleLine = { amount, description: line.description, counterparty: line.counterparty };
    const matching = rules.filter((r) => ruleMatches(r, ruleLine));
    const candidates: SuggestionJson[] = journal.filter((j) => big(j.net) === amount && Math.abs(daysBetween(line.date, j.date)) <= DATE_WINDOW_DAYS).map((j) => scoreJournal(line, j));
    if (i < MAX_SOURCE_LINES) {
      for (const source of sources) {
        const docs = await source.candidates(db, lineForMatch(line, account));
        const preferred = matching.filter((r) => r.action === 'document' && r.documentKind === source.kind && (r.origin === 'manual' || r.hitCount >= LEARNED_RULE_MIN_HITS)).sort((a, b) => b.hitCount - a.hitCount)[0];
        candidates.push(...docs.map((c) => scoreDocument(line, c, preferred)));
      }
    }
    for (const rule of matching) {
      const s = scoreRule(rule, rule.accountCode ? names.get(rule.accountCode) : undefined);
      if (s) candidates.push(s);
    }
    candidates.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
    out.push({ lineId: line.id, candidates: candidates.slice(0, MAX_CANDIDATES) });
  }
  return out;
}
