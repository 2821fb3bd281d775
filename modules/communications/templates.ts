/** Announcement templates: a name, a subject and a body with {{variables}} (contract.ts TEMPLATE_VARIABLES). */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { countAll, listPage, orderBy, searchWhere } from '@api/list';
import { recordAudit } from '../audit';
import type { ListResult } from '../platform/list';
import { communicationsErrorCodes as codes, variablesIn, type TemplateInput, type TemplateJson, type TemplatesListQuery } from './contract';
import { announcementTemplates as tp } from './schema';

const toJson = (r: typeof tp.$inferSelect): TemplateJson => ({
  id: r.id,
  name: r.name,
  subject: r.subject,
  body: r.body,
  variables: [...new Set([...variablesIn(r.subject), ...variablesIn(r.body)])],
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const SORT = { name: tp.name, createdAt: tp.createdAt, updatedAt: tp.updatedAt };

export async function listTemplates(db: Db, q: TemplatesListQuery): Promise<ListResult<TemplateJson>> {
  const where = searchWhere(q.q, [tp.name, tp.subject, tp.body]);
  return listPage(
    db.select().from(tp).where(where).orderBy(...orderBy(q.sort, SORT, tp.id)).limit(q.limit).offset(q.offset).then((rows) => rows.map(toJson)),
    db.select({ n: countAll }).from(tp).where(where).then(([r]) => r?.n ?? 0),
  );
}

export async function getTemplate(db: Db, id: string): Promise<TemplateJson> {
  const [row] = await db.select().from(tp).where(eq(tp.id, id));
  if (!row) throw notFound('There is no template with that id.', codes.templateNotFound);
  return toJson(row);
}

async function nameTaken(db: Db, name: string, except?: string) {
  const [row] = await db.select({ id: tp.id }).from(tp).where(sql`lower(${tp.name}) = lower(${name})`);
  if (row && row.id !== except) throw new AppError(409, codes.duplicateTemplate, `A template named “${name}” already exists.`);
}

export async function createTemplate(db: Db, userId: string | null, input: TemplateInput): Promise<TemplateJson> {
  await nameTaken(db, input.name);
  const [row] = await db.insert(tp).values({ ...input, createdBy: userId }).returning();
  await recordAudit(db, { actorId: userId, action: 'communications.template.create', entityType: 'announcement_template', entityId: row!.id, summary: `Added the template “${row!.name}”` });
  return toJson(row!);
}

export async function updateTemplate(db: Db, id: string, input: Partial<TemplateInput>, actorId: string | null = null): Promise<TemplateJson> {
  await getTemplate(db, id);
  if (input.name) await nameTaken(db, input.name, id);
  await db.update(tp).set({ ...input, updatedAt: new Date() }).where(eq(tp.id, id));
  const result = await getTemplate(db, id);
  await recordAudit(db, { actorId, action: 'communications.template.update', entityType: 'announcement_template', entityId: id, summary: `Changed the ${Object.keys(input).join(', ')} of the template “${result.name}”` });
  return result;
}

export async function deleteTemplate(db: Db, id: string, actorId: string | null = null): Promise<{ id: string; deleted: true }> {
  const before = await getTemplate(db, id);
  await db.delete(tp).where(eq(tp.id, id));
  await recordAudit(db, { actorId, action: 'communications.template.delete', entityType: 'announcement_template', entityId: id, summary: `Deleted the template “${before.name}”` });
  return { id, deleted: true };
}
