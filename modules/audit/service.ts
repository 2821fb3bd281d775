import { eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { allOf, allRows, countAll, listPage, orderBy, searchWhere, type CsvCell } from '@api/list';
import type { Db } from '@db/client';
import { users } from '../auth/schema';
import { endOfDubaiDay, startOfDubaiDay } from '../platform/dates';
import type { ListResult } from '../platform/list';
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
  if (q.action) where.push(q.action.endsWith('.') ? ilike(auditLog.action, `${q.action.replace(/[%_\\]/g, (c) => `\\${c}`)}%`) : eq(auditLog.action, q.action));
  if (q.entityType) where.push(eq(auditLog.entityType, q.entityType));
  if (q.entityId) where.push(eq(auditLog.entityId, q.entityId));
  if (q.actorId) where.push(eq(auditLog.actorId, q.actorId));
  if (q.from) where.push(gte(auditLog.at, startOfDubaiDay(q.from)));
  if (q.to) where.push(lt(auditLog.at, endOfDubaiDay(q.to)));
  return allOf(...where, searchWhere(q.q, [auditLog.summary, auditLog.actorLabel, auditLog.entityId, auditLog.action, auditLog.entityType]));
}

const SORT = { createdAt: auditLog.at, action: auditLog.action, entityType: auditLog.entityType, actorLabel: auditLog.actorLabel };
const page = (db: Db, q: AuditListQuery, limit: number, offset: number) =>
  db.select().from(auditLog).where(filters(q)).orderBy(...orderBy(q.sort, SORT, auditLog.id)).limit(limit).offset(offset);

/** A page of the log, newest first by default; search, filters, sort and paging happen in the database. */
export function listAudit(db: Db, q: AuditListQuery): Promise<ListResult<AuditEntryJson>> {
  return listPage(
    page(db, q, q.limit, q.offset).then((rows) => rows.map(toJson)),
    db.select({ n: countAll }).from(auditLog).where(filters(q)).then(([r]) => r?.n ?? 0),
  );
}

/** The columns of the CSV export (named as before the list contract, for tools that read them). */
export const AUDIT_CSV_HEADER = ['at', 'actor', 'action', 'entity_type', 'entity_id', 'summary', 'ip', 'details'];

/** Every row of the same query as CSV rows, read a page at a time. */
export async function* auditCsvRows(db: Db, q: AuditListQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, q, limit, offset))) {
    yield [r.at, r.actorLabel, r.action, r.entityType, r.entityId, r.summary, r.ip, JSON.stringify(r.details)];
  }
}
