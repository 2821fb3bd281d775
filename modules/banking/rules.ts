/**
 * Reconciliation rules: written by a person (CRUD) or learned when a person confirms a match or creates an entry
 * for a line (one learned rule per normalised counterparty, or description pattern, and direction, with a hit
 * count). A learned rule proposes itself once its pattern repeated (LEARNED_RULE_MIN_HITS); any rule can be
 * turned off.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { notFound } from '@api/errors';
import { allOf, allRows, listPage, orderSql, searchWhere } from '@api/list';
import { recordAudit } from '@modules/audit';
import { filsToDecimal } from '@modules/platform/money';
import type { ListResult } from '@modules/platform/list';
import type { z } from 'zod';
import { statementMessages, type RuleAction, type RuleDirection, type RuleInput, type RuleJson, type RuleOrigin, type rulesListQuery } from './contract';
import { bankRules } from './schema';
import { bankAccountOr404, direction, isUuid, normalizeText, patternText, rows } from './shared';

type RuleRow = typeof bankRules.$inferSelect;

export const ruleJson = (r: RuleRow): RuleJson => ({
  id: r.id,
  name: r.name,
  origin: r.origin as RuleOrigin,
  active: r.active,
  descriptionContains: r.descriptionContains,
  counterpartyEquals: r.counterpartyEquals,
  amountMin: r.amountMin?.toString() ?? null,
  amountMax: r.amountMax?.toString() ?? null,
  direction: r.direction as RuleDirection,
  action: r.action as RuleAction,
  accountCode: r.accountCode,
  memo: r.memo,
  costCenter: r.costCenter,
  documentKind: r.documentKind,
  hitCount: r.hitCount,
  lastHitAt: r.lastHitAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export type RuleLine = { amount: bigint; description: string; counterparty: string };

/** Whether a rule's conditions hold for a statement line (text compared normalised, amounts by size). */
export function ruleMatches(rule: Pick<RuleRow, 'direction' | 'descriptionContains' | 'counterpartyEquals' | 'amountMin' | 'amountMax'>, line: RuleLine): boolean {
  if (rule.direction !== 'any' && rule.direction !== direction(line.amount)) return false;
  if (rule.descriptionContains) {
    const needle = normalizeText(rule.descriptionContains);
    if (!needle || !normalizeText(`${line.description} ${line.counterparty}`).includes(needle)) return false;
  }
  if (rule.counterpartyEquals && normalizeText(rule.counterpartyEquals) !== normalizeText(line.counterparty)) return false;
  const size = line.amount < 0n ? -line.amount : line.amount;
  if (rule.amountMin !== null && size < rule.amountMin) return false;
  if (rule.amountMax !== null && size > rule.amountMax) return false;
  return true;
}

export async function activeRules(db: Db, accountId: string): Promise<RuleRow[]> {
  return db.select().from(bankRules).where(and(eq(bankRules.bankAccountId, accountId), eq(bankRules.active, true)));
}

export async function loadRule(db: Db, accountId: string, ruleId: string): Promise<RuleRow> {
  if (!isUuid(ruleId)) throw notFound(statementMessages.ruleNotFound, 'bank_rule_not_found');
  const [rule] = await db.select().from(bankRules).where(and(eq(bankRules.id, ruleId), eq(bankRules.bankAccountId, accountId)));
  if (!rule) throw notFound(statementMessages.ruleNotFound, 'bank_rule_not_found');
  return rule;
}

/** Counts a use of a rule (a match or an entry made from its suggestion). */
export async function countRuleHit(tx: Db, ruleId: string) {
  await tx.update(bankRules).set({ hitCount: sql`${bankRules.hitCount} + 1`, lastHitAt: new Date() }).where(eq(bankRules.id, ruleId));
}

export type Learned = { action: 'post'; accountCode: string; memo: string; costCenter: string | null } | { action: 'document'; documentKind: string };

/**
 * Records what a person did with a line as a learned rule: the same pattern and direction again counts a hit;
 * a different outcome for the pattern replaces the rule's action and starts its count again.
 */
export async function learnFrom(tx: Db, userId: string, accountId: string, line: RuleLine, outcome: Learned): Promise<void> {
  const counterparty = normalizeText(line.counterparty);
  const pattern = counterparty || patternText(line.description);
  if (pattern.length < 3) return;
  const dir = direction(line.amount);
  const learnKey = `${dir}|${counterparty ? 'counterparty' : 'description'}|${pattern}`;
  const target = outcome.action === 'post' ? { accountCode: outcome.accountCode, documentKind: null } : { accountCode: null, documentKind: outcome.documentKind };
  const [existing] = await tx.select().from(bankRules).where(and(eq(bankRules.bankAccountId, accountId), eq(bankRules.learnKey, learnKey))).for('update');
  const what = outcome.action === 'post' ? `post to ${outcome.accountCode}` : `settle a ${outcome.documentKind}`;
  const fields = {
    action: outcome.action,
    ...target,
    memo: outcome.action === 'post' ? outcome.memo.slice(0, 300) : '',
    costCenter: outcome.action === 'post' ? outcome.costCenter : null,
    updatedAt: new Date(),
  };
  if (!existing) {
    await tx.insert(bankRules).values({
      bankAccountId: accountId,
      name: `${dir === 'in' ? 'Money in from' : 'Money out to'} ${line.counterparty.trim() || pattern.toUpperCase()}: ${what}`.slice(0, 120),
      origin: 'learned',
      counterpartyEquals: counterparty ? line.counterparty.trim().slice(0, 120) : null,
      descriptionContains: counterparty ? null : pattern,
      direction: dir,
      learnKey,
      hitCount: 1,
      lastHitAt: new Date(),
      createdBy: userId,
      ...fields,
    });
    return;
  }
  const same = existing.action === outcome.action && existing.accountCode === target.accountCode && existing.documentKind === target.documentKind;
  await tx
    .update(bankRules)
    .set({ ...fields, hitCount: same ? sql`${bankRules.hitCount} + 1` : 1, lastHitAt: new Date(), name: same ? existing.name : `${existing.name.split(':')[0]}: ${what}`.slice(0, 120) })
    .where(eq(bankRules.id, existing.id));
}

// ── CRUD ─────────────────────────────────────────────────────────────────────────────────────────

const describeRule = (r: RuleInput) => (r.action === 'post' ? `post to ${r.accountCode}` : `prefer a ${r.documentKind}`);

export async function createRule(db: Db, userId: string, accountId: string, input: RuleInput): Promise<RuleJson> {
  await bankAccountOr404(db, accountId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(bankRules)
      .values({ bankAccountId: accountId, origin: 'manual', createdBy: userId, ...input, accountCode: input.action === 'post' ? input.accountCode : null, documentKind: input.action === 'document' ? input.documentKind : null })
      .returning();
    await recordAudit(tx, { actorId: userId, action: 'banking.rule.create', entityType: 'bank_rule', entityId: row!.id, summary: `Added the reconciliation rule "${input.name}" (${describeRule(input)})` });
    return ruleJson(row!);
  });
}

export async function updateRule(db: Db, userId: string, accountId: string, ruleId: string, input: RuleInput): Promise<RuleJson> {
  await loadRule(db, accountId, ruleId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bankRules)
      .set({ ...input, accountCode: input.action === 'post' ? input.accountCode : null, documentKind: input.action === 'document' ? input.documentKind : null, updatedAt: new Date() })
      .where(eq(bankRules.id, ruleId))
      .returning();
    await recordAudit(tx, { actorId: userId, action: 'banking.rule.update', entityType: 'bank_rule', entityId: ruleId, summary: `Changed the reconciliation rule "${input.name}" (${describeRule(input)})` });
    return ruleJson(row!);
  });
}

export async function setRuleActive(db: Db, userId: string, accountId: string, ruleId: string, active: boolean): Promise<RuleJson> {
  const rule = await loadRule(db, accountId, ruleId);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(bankRules).set({ active, updatedAt: new Date() }).where(eq(bankRules.id, ruleId)).returning();
    await recordAudit(tx, { actorId: userId, action: active ? 'banking.rule.enable' : 'banking.rule.disable', entityType: 'bank_rule', entityId: ruleId, summary: `Turned ${active ? 'on' : 'off'} the ${rule.origin} rule "${rule.name}"` });
    return ruleJson(row!);
  });
}

export async function deleteRule(db: Db, userId: string, accountId: string, ruleId: string): Promise<{ success: true; message: string }> {
  const rule = await loadRule(db, accountId, ruleId);
  await db.transaction(async (tx) => {
    await tx.delete(bankRules).where(eq(bankRules.id, ruleId));
    await recordAudit(tx, { actorId: userId, action: 'banking.rule.delete', entityType: 'bank_rule', entityId: ruleId, summary: `Deleted the ${rule.origin} rule "${rule.name}"` });
  });
  return { success: true, message: `The rule "${rule.name}" was deleted.` };
}

// ── List ─────────────────────────────────────────────────────────────────────────────────────────

type RulesQuery = z.infer<typeof rulesListQuery>;
const ruleColumns = { name: sql`name`, hitCount: sql`hit_count`, createdAt: sql`created_at` };
const rulesWhere = (accountId: string, q: RulesQuery): SQL =>
  allOf(sql`bank_account_id = ${accountId}`, q.origin && sql`origin = ${q.origin}`, searchWhere(q.q, [sql`name`, sql`description_contains`, sql`counterparty_equals`, sql`account_code`, sql`memo`]))!;

const rulePage = async (db: Db, accountId: string, q: RulesQuery, limit: number, offset: number) => {
  const ids = await rows<{ id: string }>(db, sql`select id from bank_rules where ${rulesWhere(accountId, q)} order by ${orderSql(q.sort, ruleColumns, sql`id`)} limit ${limit} offset ${offset}`);
  if (!ids.length) return [];
  const found = await db.select().from(bankRules).where(sql`${bankRules.id} in (${sql.join(ids.map((r) => sql`${r.id}`), sql`, `)})`);
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.map((r) => ruleJson(byId.get(r.id)!));
};

export async function listRules(db: Db, accountId: string, q: RulesQuery): Promise<ListResult<RuleJson>> {
  await bankAccountOr404(db, accountId);
  return listPage(rulePage(db, accountId, q, q.limit, q.offset), rows<{ n: string }>(db, sql`select count(*)::text as n from bank_rules where ${rulesWhere(accountId, q)}`).then((r) => r[0]!.n));
}

export const RULES_CSV_HEADER = ['Name', 'Origin', 'Active', 'Direction', 'Description contains', 'Counterparty equals', 'Smallest (AED)', 'Largest (AED)', 'Action', 'Account', 'Memo', 'Document kind', 'Uses'];

/** Rows of the rules export; the route checks the account first. */
export async function* ruleCsvRows(db: Db, accountId: string, q: RulesQuery) {
  const aed = (v: string | null) => (v === null ? '' : filsToDecimal(BigInt(v)));
  for await (const r of allRows((limit, offset) => rulePage(db, accountId, q, limit, offset))) {
    yield [r.name, r.origin, r.active, r.direction, r.descriptionContains, r.counterpartyEquals, aed(r.amountMin), aed(r.amountMax), r.action, r.accountCode, r.memo, r.documentKind, r.hitCount];
  }
}
