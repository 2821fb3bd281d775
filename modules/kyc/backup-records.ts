/**
 * KYC backup records: the tables an archive holds, read as PostgreSQL's own row_to_json text and
 * written back through json_populate_recordset (so a restored row is the same row), and the
 * comparison of an archive with this server.
 */
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { users } from '../auth/schema';
import { storedFiles } from '../files';
import type { BackupPreview } from './backup-contract';
import { kycApplications, kycDocuments, kycStatusHistory } from './schema';

/** The tables an archive holds, in restore order (files before the documents that point at them). */
export const TABLES = { files: storedFiles, applications: kycApplications, documents: kycDocuments, history: kycStatusHistory } as const;
export type TableKey = keyof typeof TABLES;
export const TABLE_KEYS: TableKey[] = ['files', 'applications', 'documents', 'history'];
export type RawRecords = Record<TableKey, string[]>;

export function tableInfo(table: PgTable) {
  const config = getTableConfig(table);
  const pk = config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
  return { name: config.name, columns: config.columns.map((c) => c.name), pk };
}

export const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Rows as PostgreSQL's JSON text, in a stable order. */
export async function rowsJson(db: Db, key: TableKey, where: SQL): Promise<string[]> {
  const { name, pk } = tableInfo(TABLES[key]);
  const rows = await db.execute<{ j: string }>(
    sql`select row_to_json(t)::text as j from ${ident(name)} t where ${where} order by ${sql.join(pk.map((c) => sql`t.${ident(c)}`), sql`, `)}`,
  );
  return (rows as unknown as { rows?: { j: string }[] }).rows?.map((r) => r.j) ?? (rows as unknown as { j: string }[]).map((r) => r.j);
}

function rangeBounds(from: string, to: string) {
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(`${to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: start.toISOString(), end: end.toISOString() };
}

/** The applicants in range: applications created or updated in [from, to] (whole UTC days). */
export function inRangeUsers(from: string, to: string): SQL {
  const { start, end } = rangeBounds(from, to);
  return sql`(select a.user_id from kyc_applications a where (a.created_at >= ${start}::timestamptz and a.created_at < ${end}::timestamptz) or (a.updated_at >= ${start}::timestamptz and a.updated_at < ${end}::timestamptz))`;
}

export function whereFor(key: TableKey, users: SQL): SQL {
  switch (key) {
    case 'applications':
    case 'documents':
    case 'history':
      return sql`t.user_id in ${users}`;
    case 'files':
      return sql`t.id in (select d.file_id from kyc_documents d where d.user_id in ${users})`;
  }
}

export async function previewBackup(db: Db, range: { from: string; to: string }): Promise<BackupPreview> {
  const u = inRangeUsers(range.from, range.to);
  const result = await db.execute<{ applications: number; documents: number; history: number; files: number; bytes: number }>(sql`
    select
      (select count(*) from kyc_applications t where ${whereFor('applications', u)})::int as applications,
      (select count(*) from kyc_documents t where ${whereFor('documents', u)})::int as documents,
      (select count(*) from kyc_status_history t where ${whereFor('history', u)})::int as history,
      (select count(*) from stored_files t where ${whereFor('files', u)})::int as files,
      (select coalesce(sum(t.size), 0) from stored_files t where ${whereFor('files', u)})::bigint as bytes`);
  const row = ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]))[0] as Record<string, unknown>;
  return {
    from: range.from,
    to: range.to,
    applications: Number(row.applications),
    documents: Number(row.documents),
    history: Number(row.history),
    files: Number(row.files),
    documentBytes: Number(row.bytes),
  };
}

export const field = (row: string, name: string) => (JSON.parse(row) as Record<string, unknown>)[name];

/** Compares the archive with this server: missing users, applications that differ here or are absent. */
export async function compareWithServer(db: Db, records: RawRecords) {
  const userIds = [...new Set(records.applications.map((r) => String(field(r, 'user_id'))))];
  const present = userIds.length ? await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds)) : [];
  const presentSet = new Set(present.map((p) => p.id));
  const here = userIds.length ? await rowsJson(db, 'applications', sql`t.user_id in (${sql.join(userIds.map((id) => sql`${id}::uuid`), sql`, `)})`) : [];
  const hereByUser = new Map(here.map((r) => [String(field(r, 'user_id')), r]));
  let changedHere = 0;
  let absentHere = 0;
  for (const r of records.applications) {
    const uid = String(field(r, 'user_id'));
    if (!presentSet.has(uid)) continue;
    const current = hereByUser.get(uid);
    if (!current) absentHere++;
    else if (!sameRow(current, r)) changedHere++;
  }
  return { presentUsers: presentSet, missingUsers: userIds.length - presentSet.size, changedHere, absentHere };
}

/** Row equality by value (jsonb columns may print with different spacing). */
export function sameRow(a: string, b: string) {
  return JSON.stringify(sortKeys(JSON.parse(a))) === JSON.stringify(sortKeys(JSON.parse(b)));
}
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  return v;
}

/** References to users who are not on this server (a deciding admin, a reviewer) become null. */
export async function clearMissingUserRefs(db: Db, rows: RawRecords) {
  const refs: [TableKey, string][] = [
    ['applications', 'decided_by'],
    ['documents', 'reviewed_by'],
    ['history', 'actor_id'],
    ['files', 'owner_id'],
  ];
  const ids = new Set<string>();
  for (const [k, col] of refs) for (const r of rows[k]) if (field(r, col)) ids.add(String(field(r, col)));
  if (!ids.size) return;
  const present = new Set((await db.select({ id: users.id }).from(users).where(inArray(users.id, [...ids]))).map((u) => u.id));
  for (const [k, col] of refs) {
    rows[k] = rows[k].map((r) => {
      const v = field(r, col);
      return v && !present.has(String(v)) ? JSON.stringify({ ...JSON.parse(r), [col]: null }) : r;
    });
  }
}

export async function upsert(db: Db, key: TableKey, rows: string[]) {
  if (!rows.length) return;
  const { name, columns, pk } = tableInfo(TABLES[key]);
  const updates = columns.filter((c) => !pk.includes(c)).map((c) => sql`${ident(c)} = excluded.${ident(c)}`);
  for (let i = 0; i < rows.length; i += 500) {
    const batch = `[${rows.slice(i, i + 500).join(',')}]`;
    await db.execute(sql`
      insert into ${ident(name)} (${sql.join(columns.map(ident), sql`, `)})
      select ${sql.join(columns.map((c) => sql`r.${ident(c)}`), sql`, `)} from json_populate_recordset(null::${ident(name)}, ${batch}::json) r
      on conflict (${sql.join(pk.map(ident), sql`, `)}) do update set ${sql.join(updates, sql`, `)}`);
  }
}

export function translateDbError(e: unknown): unknown {
  const msg = String((e as { message?: string })?.message ?? '') + String((e as { cause?: { message?: string } })?.cause?.message ?? '');
  if (/kyc_documents_current_unique/.test(msg)) {
    return new AppError(409, 'restore_conflict', 'An applicant in the archive has uploaded a newer document of the same type since the backup, so the archived one cannot become current again. Nothing was restored.');
  }
  return e;
}
