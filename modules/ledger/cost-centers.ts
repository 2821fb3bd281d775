import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError, notFound, unprocessable } from '@api/errors';
import { ledgerMessages, type createCostCenterInput, type updateCostCenterInput } from './contract';
import { isUniqueViolation } from './errors';
import { ledgerCostCenters } from './schema';
import { rows } from './sql';

export type CostCenterJson = {
  id: string;
  code: string;
  name: string;
  kind: string;
  parent: string | null;
  property: string | null;
  description: string;
  archived: boolean;
};

type CostCenterRow = typeof ledgerCostCenters.$inferSelect;

const toJson = (c: CostCenterRow, parent: string | null): CostCenterJson => ({
  id: c.id,
  code: c.code,
  name: c.name,
  kind: c.kind,
  parent,
  property: c.property,
  description: c.description,
  archived: c.archivedAt !== null,
});

export async function listCostCenters(db: Db): Promise<CostCenterJson[]> {
  const all = await db.select().from(ledgerCostCenters).orderBy(asc(ledgerCostCenters.code));
  const codeById = new Map(all.map((c) => [c.id, c.code]));
  return all.map((c) => toJson(c, c.parentId ? (codeById.get(c.parentId) ?? null) : null));
}

async function getCostCenter(db: Db, code: string): Promise<CostCenterRow> {
  const [c] = await db.select().from(ledgerCostCenters).where(eq(ledgerCostCenters.code, code)).limit(1);
  if (!c) throw notFound(ledgerMessages.costCenterNotFound(code), 'cost_center_not_found');
  return c;
}

/** A cost center and all centers beneath it (reports filter by a center and its children). */
export async function costCenterSubtree(db: Db, code: string): Promise<string[]> {
  const root = await getCostCenter(db, code);
  const found = await rows<{ id: string }>(
    db,
    sql`with recursive down as (select id from ledger_cost_centers where id = ${root.id}
          union all select c.id from ledger_cost_centers c join down on c.parent_id = down.id)
        select id from down`,
  );
  return found.map((r) => r.id);
}

export async function createCostCenter(db: Db, input: z.output<typeof createCostCenterInput>): Promise<CostCenterJson> {
  const parent = input.parent ? await getCostCenter(db, input.parent).catch(() => null) : null;
  if (input.parent && !parent) throw unprocessable(ledgerMessages.costCenterNotFound(input.parent), 'cost_center_not_found');
  try {
    const [created] = await db
      .insert(ledgerCostCenters)
      .values({ code: input.code, name: input.name, kind: input.kind, parentId: parent?.id ?? null, property: input.property ?? null, description: input.description ?? '' })
      .returning();
    return toJson(created, parent?.code ?? null);
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'cost_center_exists', ledgerMessages.costCenterExists(input.code));
    throw err;
  }
}

export async function updateCostCenter(db: Db, code: string, input: z.output<typeof updateCostCenterInput>): Promise<CostCenterJson> {
  return db.transaction(async (tx) => {
    const center = await getCostCenter(tx, code);
    const patch: Partial<typeof ledgerCostCenters.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) patch.name = input.name;
    if (input.kind !== undefined) patch.kind = input.kind;
    if (input.description !== undefined) patch.description = input.description;
    if (input.property !== undefined) patch.property = input.property;
    let parentCode: string | null | undefined;
    if (input.parent !== undefined) {
      if (input.parent === null) patch.parentId = null;
      else {
        const parent = await getCostCenter(tx, input.parent).catch(() => null);
        if (!parent) throw unprocessable(ledgerMessages.costCenterNotFound(input.parent), 'cost_center_not_found');
        const subtree = await costCenterSubtree(tx, code);
        if (subtree.includes(parent.id)) throw unprocessable('A cost center cannot sit under itself or one of its own sub-centers.', 'parent_cycle');
        patch.parentId = parent.id;
        parentCode = parent.code;
      }
    }
    if (input.archived !== undefined) {
      if (input.archived) {
        const [child] = await tx
          .select({ id: ledgerCostCenters.id })
          .from(ledgerCostCenters)
          .where(and(eq(ledgerCostCenters.parentId, center.id), sql`${ledgerCostCenters.archivedAt} is null`))
          .limit(1);
        if (child) throw unprocessable(ledgerMessages.costCenterHasChildren(code), 'cost_center_has_children');
        patch.archivedAt = center.archivedAt ?? new Date();
      } else patch.archivedAt = null;
    }
    const [updated] = await tx.update(ledgerCostCenters).set(patch).where(eq(ledgerCostCenters.id, center.id)).returning();
    if (parentCode === undefined && updated.parentId) {
      const [p] = await tx.select({ code: ledgerCostCenters.code }).from(ledgerCostCenters).where(eq(ledgerCostCenters.id, updated.parentId));
      parentCode = p?.code ?? null;
    }
    return toJson(updated, parentCode ?? null);
  });
}

export async function deleteCostCenter(db: Db, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    const center = await getCostCenter(tx, code);
    const [used] = await rows(tx, sql`select 1 from ledger_journal_lines where cost_center_id = ${center.id} limit 1`);
    if (used) throw unprocessable(ledgerMessages.costCenterInUse(code), 'cost_center_in_use');
    const [child] = await tx.select({ id: ledgerCostCenters.id }).from(ledgerCostCenters).where(eq(ledgerCostCenters.parentId, center.id)).limit(1);
    if (child) throw unprocessable(ledgerMessages.costCenterHasChildren(code), 'cost_center_has_children');
    await tx.delete(ledgerCostCenters).where(eq(ledgerCostCenters.id, center.id));
  });
}
