import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../auth/schema';
import type { AuditEntryJson, AuditListQuery } from './contract';
import { auditLog } from './schema';

export type AuditEvent = {
  /** The user who acted, or null for the system. */
  actorId: string | null;
  /** What was done, dotted: 'kyc.approve', 'wallet.adjust', 'property.publish'… */
  action: string;
  entityType: string;
  entityId?: string | null;
  /** One sentence a person reads in the activity log. */
  summary: string;
  details?: Record<string, unknown>;
  ip?: string | null;
};

const jsonSafe = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value ?? {}, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));

/**
 * Appends one event to the audit log. Call it inside the transaction of the action it records, so the
 * action and its record commit or fail together.
 */
export async function recordAudit(tx: Db, event: AuditEvent): Promise<void> {
  let actorLabel = 'system';
  if (event.actorId) {
    const [actor] = await tx.select({ email: users.email }).from(users).where(eq(users.id, event.actorId));
    actorLabel = actor?.email ?? event.actorId;
  }
  await tx.insert(auditLog).values({
    actorId: event.actorId,
    actorLabel,
    action: event.action,
    entityType: event.entityType,
    entityId: event.entityId ?? null,
    summary: event.summary,
    details: jsonSafe(event.details) as Record<string, unknown>,
    ip: event.ip ?? null,
  });
}

function toJson(row: typeof auditLog.$inferSelect): AuditEntryJson {
  return {
    id: row.id.toString(),
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: row.summary,
    details: row.details,
    ip: row.ip,
  };
}

function filters(q: Partial<AuditListQuery>): SQL | undefined {
  const where: SQL[] = [];
  if (q.action) where.push(q.action.endsWith('.') ? ilike(auditLog.action, `${q.action}%`) : eq(auditLog.action, q.action));
  if (q.entityType) where.push(eq(auditLog.entityType, q.entityType));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
  if (q.from) where.push(gte(auditLog.at, new Date(`${q.from}T00:00:00+04:00`)));
  if (q.to) where.push(lt(auditLog.at, sql`(${q.to}::date + 1)::timestamp AT TIME ZONE 'Asia/Dubai'`));
  if (q.q) {
    const like = `%${q.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(auditLog.summary, like), ilike(auditLog.actorLabel, like), ilike(auditLog.entityId, like), ilike(auditLog.action, like))!);
  }
  return where.length ? and(...where) : undefined;
}

/** A page of the log, newest first by default; filters and paging happen in the database. */
export async function listAudit(db: Db, q: AuditListQuery): Promise<{ items: AuditEntryJson[]; total: number }> {
  const where = filters(q);
  const order = q.sort === 'at' ? [asc(auditLog.at), asc(auditLog.id)] : [desc(auditLog.at), desc(auditLog.id)];
  const [rows, [count]] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(...order).limit(q.limit).offset(q.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { items: rows.map(toJson), total: Number(count?.n ?? 0) };
}

/** Every matching row (for CSV export), oldest first, at most `max`. */
export async function exportAudit(db: Db, q: Partial<AuditListQuery>, max = 50_000): Promise<AuditEntryJson[]> {
  const rows = await db.select().from(auditLog).where(filters(q)).orderBy(asc(auditLog.at), asc(auditLog.id)).limit(max);
  return rows.map(toJson);
}
