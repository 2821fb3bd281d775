/**
 * KYC backup: export the applications with activity in a date range — with their documents, status
 * history and file records — as one encrypted archive (see backup-archive.ts), and restore such an
 * archive: verify every checksum, upsert the records in one transaction, put the documents back into
 * storage (encrypted with this server's key), then read the records back and compare.
 *
 * Records travel as PostgreSQL's own row_to_json text and come back through json_populate_recordset,
 * so timestamps keep their microseconds and a restored row is the same row. Long work runs as a job
 * whose progress the screen polls.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../api/errors';
import { recordAudit } from '../audit';
import { forgetCachedSessions } from '../auth';
import { users } from '../auth/schema';
import { storedFiles } from '../files';
import { FILE_EXTENSIONS, type FileContentType } from '../files/contract';
import { readStoredFile } from '../files';
import { encryptBlob, fileStore } from '../files';
import { ArchiveError, ArchiveWriter, decryptArchive, readTar } from './backup-archive';
import {
  BACKUP_FILE_EXTENSION,
  backupMessages,
  RESTORE_CHUNK_BYTES,
  restoreSummary,
  type BackupCounts,
  type BackupJob,
  type BackupManifest,
  type BackupPreview,
  type ExportInput,
  type RestoreReport,
} from './backup-contract';
import { kycApplications, kycDocuments, kycStatusHistory } from './schema';

type Actor = { id: string; email?: string; ip?: string | null };

/** The tables an archive holds, in restore order (files before the documents that point at them). */
const TABLES = { files: storedFiles, applications: kycApplications, documents: kycDocuments, history: kycStatusHistory } as const;
type TableKey = keyof typeof TABLES;
const TABLE_KEYS: TableKey[] = ['files', 'applications', 'documents', 'history'];
type RawRecords = Record<TableKey, string[]>;

const JOB_TTL_MS = 60 * 60 * 1000;

// ——— where archives and uploads wait ———

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
function backupDir(env = process.env) {
  const root = env.KYC_BACKUP_DIR ?? (env.DATA_DIR ? path.join(env.DATA_DIR, 'backups') : env.VITEST ? path.join(os.tmpdir(), `manzil-test-backups-${process.pid}`) : path.join(repoRoot, '.data', 'backups'));
  mkdirSync(root, { recursive: true, mode: 0o700 });
  return root;
}

// ——— SQL helpers ———

function tableInfo(table: PgTable) {
  const config = getTableConfig(table);
  const pk = config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
  return { name: config.name, columns: config.columns.map((c) => c.name), pk };
}

const ident = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/** Rows as PostgreSQL's JSON text, in a stable order. */
async function rowsJson(db: Db, key: TableKey, where: SQL): Promise<string[]> {
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
function inRangeUsers(from: string, to: string): SQL {
  const { start, end } = rangeBounds(from, to);
  return sql`(select a.user_id from kyc_applications a where (a.created_at >= ${start}::timestamptz and a.created_at < ${end}::timestamptz) or (a.updated_at >= ${start}::timestamptz and a.updated_at < ${end}::timestamptz))`;
}

function whereFor(key: TableKey, users: SQL): SQL {
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

// ——— jobs ———

type JobState = { job: BackupJob; file?: string; createdBy: string; expires: number };
type UploadState = { id: string; path: string; size: number; received: Map<number, number>; createdBy: string; expires: number; busy: boolean; fileName: string | null };

const jobs = new Map<string, JobState>();
const uploads = new Map<string, UploadState>();

let lastSweep = 0;
/** Archives and uploads left by an earlier process (jobs live in memory) go after an hour too. */
async function sweepOrphans(now: number) {
  if (now - lastSweep < 10 * 60 * 1000) return;
  lastSweep = now;
  const dir = backupDir();
  const tracked = new Set([...[...jobs.values()].map((s) => s.file), ...[...uploads.values()].map((u) => u.path)]);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const file = path.join(dir, name);
    if (tracked.has(file) || !name.endsWith(BACKUP_FILE_EXTENSION)) continue;
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > JOB_TTL_MS) await rm(file, { force: true });
  }
}

function prune() {
  const now = Date.now();
  void sweepOrphans(now);
  for (const [id, s] of jobs) {
    if (s.job.status !== 'running' && s.expires < now) {
      jobs.delete(id);
      if (s.file) void rm(s.file, { force: true });
    }
  }
  for (const [id, u] of uploads) {
    if (!u.busy && u.expires < now) {
      uploads.delete(id);
      void rm(u.path, { force: true });
    }
  }
}

function newJob(kind: BackupJob['kind'], createdBy: string): JobState {
  prune();
  const state: JobState = {
    job: { id: randomUUID(), kind, status: 'running', startedAt: new Date().toISOString(), finishedAt: null, phase: 'Starting', progress: 0, error: null, archive: null, report: null, summary: null },
    createdBy,
    expires: Date.now() + JOB_TTL_MS,
  };
  jobs.set(state.job.id, state);
  return state;
}

const snapshot = (s: JobState): BackupJob => structuredClone(s.job);

function fail(state: JobState, err: unknown, log: Pick<Console, 'error'>) {
  state.job.status = 'failed';
  state.job.finishedAt = new Date().toISOString();
  state.expires = Date.now() + JOB_TTL_MS;
  if (err instanceof ArchiveError || err instanceof AppError) state.job.error = err.message;
  else {
    log.error('[kyc-backup] job failed:', err);
    state.job.error = 'The job failed on our side. Try again; if it keeps failing, check the server log.';
  }
  state.job.phase = 'Failed';
}

export function getJob(id: string): BackupJob {
  const s = jobs.get(id);
  if (!s) throw notFound(backupMessages.jobNotFound, 'backup_job_not_found');
  return snapshot(s);
}

export function listJobs(): BackupJob[] {
  prune();
  return [...jobs.values()].map(snapshot).sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

// ——— export ———

const archiveName = (from: string, to: string) => `manzil-kyc-backup-${from}_${to}${BACKUP_FILE_EXTENSION}`;

/** Starts an export job; the archive is written to this server's backup directory. Audited. */
export async function startExport(db: Db, input: ExportInput, actor: Actor, log: Pick<Console, 'error'> = console): Promise<BackupJob> {
  const state = newJob('export', actor.id);
  const preview = await previewBackup(db, input);
  await db.transaction(async (tx) => {
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'kyc.backup_export',
      entityType: 'kyc_backup',
      entityId: state.job.id,
      summary: `Exported KYC records from ${input.from} to ${input.to}: ${preview.applications} applications, ${preview.documents} documents`,
      details: { ...preview },
      ip: actor.ip ?? null,
    });
  });
  void runExport(db, state, input, actor).catch((err) => fail(state, err, log));
  return snapshot(state);
}

async function runExport(db: Db, state: JobState, input: ExportInput, actor: Actor) {
  const job = state.job;
  job.phase = 'Reading the records';
  const u = inRangeUsers(input.from, input.to);
  // One consistent snapshot of every table.
  const { records, fileRows } = await db.transaction(
    async (tx) => {
      const records = {} as RawRecords;
      for (const key of TABLE_KEYS) records[key] = await rowsJson(tx, key, whereFor(key, u));
      const ids = records.files.map((j) => (JSON.parse(j) as { id: string }).id);
      const fileRows = ids.length ? await tx.select().from(storedFiles).where(inArray(storedFiles.id, ids)) : [];
      return { records, fileRows };
    },
    { isolationLevel: 'repeatable read' },
  );
  const counts: BackupCounts = { applications: records.applications.length, documents: records.documents.length, history: records.history.length, files: records.files.length };
  const recordsText = `{${TABLE_KEYS.map((k) => `"${k}":[${records[k].join(',')}]`).join(',')}}`;
  const [creator] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id));
  const manifest: BackupManifest = {
    format: 'manzil-kyc-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    createdBy: { id: actor.id, email: creator?.email ?? actor.email ?? '' },
    range: { from: input.from, to: input.to },
    counts,
    recordsSha256: createHash('sha256').update(recordsText).digest('hex'),
    documents: fileRows
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((f) => ({ fileId: f.id, path: `documents/${f.id}.${FILE_EXTENSIONS[f.contentType as FileContentType] ?? 'bin'}`, sha256: f.sha256, size: f.size, contentType: f.contentType })),
  };

  const file = path.join(backupDir(), `${job.id}${BACKUP_FILE_EXTENSION}`);
  state.file = file;
  const writer = await ArchiveWriter.create(file, input.passphrase);
  try {
    await writer.addEntry('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    await writer.addEntry('records.json', Buffer.from(recordsText));
    const byId = new Map(fileRows.map((f) => [f.id, f]));
    let done = 0;
    for (const doc of manifest.documents) {
      job.phase = `Reading documents: ${done + 1} of ${manifest.documents.length}`;
      const bytes = await readStoredFile(byId.get(doc.fileId)!);
      const sum = createHash('sha256').update(bytes).digest('hex');
      if (sum !== doc.sha256) {
        throw new AppError(500, 'document_damaged', `The stored document ${doc.fileId} is damaged: its content no longer matches the checksum recorded at upload. The export stopped.`);
      }
      await writer.addEntry(doc.path, bytes);
      done++;
      job.progress = 0.05 + 0.93 * (done / Math.max(1, manifest.documents.length));
    }
    job.phase = 'Finishing the archive';
    await writer.finish();
  } catch (e) {
    await writer.abort();
    await rm(file, { force: true });
    throw e;
  }
  const size = (await stat(file)).size;
  job.archive = { fileName: archiveName(input.from, input.to), size, range: manifest.range, counts, downloadUrl: `/api/admin/kyc/backup/exports/${job.id}/download` };
  job.summary = `${counts.applications} application${counts.applications === 1 ? '' : 's'} and ${manifest.documents.length} document${manifest.documents.length === 1 ? '' : 's'} exported; every document's checksum is in the manifest.`;
  job.phase = 'Ready to download';
  job.progress = 1;
  job.status = 'done';
  job.finishedAt = new Date().toISOString();
  state.expires = Date.now() + JOB_TTL_MS;
}

/** The finished archive of an export job, for download. Audited. */
export async function exportFile(db: Db, id: string, actor: Actor): Promise<{ path: string; fileName: string; size: number }> {
  const s = jobs.get(id);
  if (!s || s.job.kind !== 'export') throw notFound(backupMessages.jobNotFound, 'backup_job_not_found');
  if (s.job.status !== 'done' || !s.file || !s.job.archive) throw conflict(backupMessages.exportNotReady, 'backup_not_ready');
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorId: actor.id,
      action: 'kyc.backup_download',
      entityType: 'kyc_backup',
      entityId: id,
      summary: `Downloaded the KYC backup archive ${s.job.archive!.fileName}`,
      details: { size: s.job.archive!.size, range: s.job.archive!.range },
      ip: actor.ip ?? null,
    }),
  );
  return { path: s.file, fileName: s.job.archive.fileName, size: s.job.archive.size };
}

// ——— upload (in chunks) ———

export function startUpload(input: { size: number; fileName?: string }, actor: Actor) {
  prune();
  const id = randomUUID();
  uploads.set(id, { id, path: path.join(backupDir(), `upload-${id}${BACKUP_FILE_EXTENSION}`), size: input.size, received: new Map(), createdBy: actor.id, expires: Date.now() + JOB_TTL_MS, busy: false, fileName: input.fileName ?? null });
  return { id, chunkSize: RESTORE_CHUNK_BYTES, chunks: Math.ceil(input.size / RESTORE_CHUNK_BYTES) };
}

function upload(id: string) {
  const u = uploads.get(id);
  if (!u) throw notFound(backupMessages.uploadNotFound, 'backup_upload_not_found');
  return u;
}

export async function writeChunk(id: string, index: number, bytes: Uint8Array) {
  const u = upload(id);
  if (u.busy) throw conflict(backupMessages.busy, 'backup_busy');
  const chunks = Math.ceil(u.size / RESTORE_CHUNK_BYTES);
  if (index >= chunks) throw badRequest(backupMessages.chunkIndex, 'validation_failed');
  const expected = index === chunks - 1 ? u.size - index * RESTORE_CHUNK_BYTES : RESTORE_CHUNK_BYTES;
  if (bytes.length !== expected) throw badRequest(`Chunk ${index} should be ${expected} bytes; it was ${bytes.length}.`, 'chunk_size');
  const fh = await open(u.path, u.received.size === 0 ? 'w' : 'r+', 0o600).catch(() => open(u.path, 'w', 0o600));
  try {
    await fh.write(bytes, 0, bytes.length, index * RESTORE_CHUNK_BYTES);
  } finally {
    await fh.close();
  }
  u.received.set(index, bytes.length);
  u.expires = Date.now() + JOB_TTL_MS;
  const received = [...u.received.values()].reduce((a, b) => a + b, 0);
  return { received, size: u.size, complete: received === u.size };
}

// ——— reading an archive ———

type ReadArchive = {
  manifest: BackupManifest;
  records: RawRecords;
  /** Called for each document once its checksum is verified. */
};

/**
 * Decrypts and reads an archive, checking records.json and every document against the manifest.
 * `onDocument` receives each verified document (restore writes it to storage).
 */
async function readArchive(
  file: string,
  passphrase: string,
  totalBytes: number,
  progress: (fraction: number, phase: string) => void,
  onDocument?: (doc: BackupManifest['documents'][number], bytes: Buffer) => Promise<void>,
): Promise<ReadArchive & { documentsVerified: number }> {
  let manifest: BackupManifest | null = null;
  let records: RawRecords | null = null;
  const seen = new Set<string>();
  const entries = readTar(decryptArchive(file, passphrase, (n) => progress(n / totalBytes, 'Decrypting and checking')));
  for await (const entry of entries) {
    if (entry.name === 'manifest.json') {
      try {
        manifest = JSON.parse(entry.bytes.toString('utf8')) as BackupManifest;
      } catch {
        throw new ArchiveError('The archive manifest is not readable.');
      }
      if (manifest.format !== 'manzil-kyc-backup' || manifest.version !== 1) throw new ArchiveError('This archive is not a Manzil KYC backup this server can read.');
      continue;
    }
    if (!manifest) throw new ArchiveError('The archive does not start with its manifest.');
    if (entry.name === 'records.json') {
      if (createHash('sha256').update(entry.bytes).digest('hex') !== manifest.recordsSha256) throw new ArchiveError('The records in the archive do not match their checksum.');
      const parsed = JSON.parse(entry.bytes.toString('utf8')) as Record<TableKey, unknown[]>;
      records = Object.fromEntries(TABLE_KEYS.map((k) => [k, (parsed[k] ?? []).map((r) => JSON.stringify(r))])) as RawRecords;
      continue;
    }
    const doc = manifest.documents.find((d) => d.path === entry.name);
    if (!doc) throw new ArchiveError(`The archive holds a file the manifest does not list: ${entry.name}.`);
    if (seen.has(doc.fileId)) throw new ArchiveError(`The archive holds ${entry.name} twice.`);
    const sum = createHash('sha256').update(entry.bytes).digest('hex');
    if (sum !== doc.sha256 || entry.bytes.length !== doc.size) throw new ArchiveError(`The document ${entry.name} does not match its checksum: the archive is damaged.`);
    seen.add(doc.fileId);
    if (onDocument) await onDocument(doc, entry.bytes);
  }
  if (!manifest) throw new ArchiveError('The archive is empty.');
  if (!records) throw new ArchiveError('The archive has no records.');
  const missing = manifest.documents.filter((d) => !seen.has(d.fileId));
  if (missing.length) throw new ArchiveError(`The archive is missing ${missing.length} document${missing.length === 1 ? '' : 's'} its manifest lists.`);
  for (const k of ['applications', 'documents', 'history', 'files'] as const) {
    if (records[k].length !== manifest.counts[k]) throw new ArchiveError('The records in the archive do not match the counts in its manifest.');
  }
  return { manifest, records, documentsVerified: seen.size };
}

const field = (row: string, name: string) => (JSON.parse(row) as Record<string, unknown>)[name];

/** Compares the archive with this server: missing users, applications that differ here or are absent. */
async function compareWithServer(db: Db, records: RawRecords) {
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
function sameRow(a: string, b: string) {
  return JSON.stringify(sortKeys(JSON.parse(a))) === JSON.stringify(sortKeys(JSON.parse(b)));
}
function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v as object).sort().map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]));
  return v;
}

function baseReport(manifest: BackupManifest, documentsVerified: number, cmp: Awaited<ReturnType<typeof compareWithServer>>): RestoreReport {
  return {
    archive: { createdAt: manifest.createdAt, createdBy: manifest.createdBy?.email ?? null, range: manifest.range },
    counts: manifest.counts,
    checksumsMatch: true,
    documentsVerified,
    missingUsers: cmp.missingUsers,
    changedHere: cmp.changedHere,
    absentHere: cmp.absentHere,
  };
}

async function completeUpload(id: string) {
  const u = upload(id);
  const received = [...u.received.values()].reduce((a, b) => a + b, 0);
  if (received !== u.size) throw badRequest(backupMessages.uploadIncomplete(received, u.size), 'upload_incomplete');
  if (u.busy) throw conflict(backupMessages.busy, 'backup_busy');
  return u;
}

/** Starts checking an uploaded archive: decrypt, read, verify every checksum, compare with this server. Changes nothing. */
export async function startVerify(db: Db, uploadId: string, passphrase: string, actor: Actor, log: Pick<Console, 'error'> = console): Promise<BackupJob> {
  const u = await completeUpload(uploadId);
  const state = newJob('verify', actor.id);
  u.busy = true;
  void (async () => {
    try {
      const read = await readArchive(u.path, passphrase, u.size, (f, phase) => {
        state.job.progress = Math.min(0.95, f * 0.95);
        state.job.phase = phase;
      });
      const cmp = await compareWithServer(db, read.records);
      state.job.report = baseReport(read.manifest, read.documentsVerified, cmp);
      state.job.summary = `The archive opens and all ${read.documentsVerified} document checksums match. It holds ${read.manifest.counts.applications} application${read.manifest.counts.applications === 1 ? '' : 's'}.`;
      state.job.phase = 'Checked';
      state.job.progress = 1;
      state.job.status = 'done';
      state.job.finishedAt = new Date().toISOString();
    } catch (e) {
      fail(state, e, log);
    } finally {
      u.busy = false;
    }
  })();
  return snapshot(state);
}

/**
 * Restores an uploaded archive: verifies it completely first (nothing is written when any check fails),
 * then in one transaction upserts the records of applicants who exist here, writes their documents back
 * to storage, mirrors each application's status onto its user, reads everything back and compares it
 * with the archive. Audited.
 */
export async function startRestore(db: Db, uploadId: string, passphrase: string, actor: Actor, log: Pick<Console, 'error'> = console): Promise<BackupJob> {
  const u = await completeUpload(uploadId);
  const state = newJob('restore', actor.id);
  u.busy = true;
  void (async () => {
    try {
      // Pass 1: everything must check out before anything is written.
      const read = await readArchive(u.path, passphrase, u.size, (f, phase) => {
        state.job.progress = Math.min(0.45, f * 0.45);
        state.job.phase = `${phase} (step 1 of 2)`;
      });
      const cmp = await compareWithServer(db, read.records);
      const keep = (row: string) => cmp.presentUsers.has(String(field(row, 'user_id')));
      const restoredDocs = read.records.documents.filter(keep);
      const fileIds = new Set(restoredDocs.map((d) => String(field(d, 'file_id'))));
      const { storage, key } = fileStore();
      // This server's storage and key: a restored file row points at the blob written here.
      const files = read.records.files
        .filter((f) => fileIds.has(String(field(f, 'id'))))
        .map((f) => JSON.stringify({ ...JSON.parse(f), storage: storage.kind, key_id: key.id }));
      const rows: RawRecords = { files, applications: read.records.applications.filter(keep), documents: restoredDocs, history: read.records.history.filter(keep) };

      let documentsWritten = 0;
      await db.transaction(async (tx) => {
        await clearMissingUserRefs(tx, rows);
        for (const k of TABLE_KEYS) {
          state.job.phase = `Restoring ${k === 'files' ? 'file records' : k}`;
          await upsert(tx, k, rows[k]);
        }
        // Pass 2: the documents, re-encrypted with this server's key.
        const storageKeyById = new Map(rows.files.map((f) => [String(field(f, 'id')), String(field(f, 'storage_key'))]));
        await readArchive(
          u.path,
          passphrase,
          u.size,
          (f) => {
            state.job.progress = 0.5 + Math.min(0.4, f * 0.4);
            state.job.phase = `Writing documents: ${documentsWritten} of ${fileIds.size} (step 2 of 2)`;
          },
          async (doc, bytes) => {
            const storageKey = storageKeyById.get(doc.fileId);
            if (!storageKey) return; // an applicant who is not on this server
            await storage.put(storageKey, encryptBlob(key.key, doc.fileId, bytes));
            documentsWritten++;
          },
        );
        const restoredUsers = [...new Set(rows.applications.map((r) => String(field(r, 'user_id'))))];
        for (const r of rows.applications) {
          await tx.update(users).set({ kycStatus: String(field(r, 'status')), updatedAt: new Date() }).where(eq(users.id, String(field(r, 'user_id'))));
        }
        // Read back and compare.
        state.job.phase = 'Comparing the restored records with the archive';
        for (const k of TABLE_KEYS) {
          if (!rows[k].length) continue;
          const { pk } = tableInfo(TABLES[k]);
          const ids = rows[k].map((r) => String(field(r, pk[0])));
          const back = await rowsJson(tx, k, sql`t.${ident(pk[0])} in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
          const byId = new Map(back.map((r) => [String(field(r, pk[0])), r]));
          for (const r of rows[k]) {
            const got = byId.get(String(field(r, pk[0])));
            if (!got || !sameRow(got, r)) throw new AppError(500, 'restore_mismatch', `After the restore, a ${k} record (${String(field(r, pk[0]))}) does not match the archive. Nothing was restored.`);
          }
        }
        const records = rows.applications.length;
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'kyc.backup_restore',
          entityType: 'kyc_backup',
          entityId: state.job.id,
          summary: `Restored ${records} KYC application${records === 1 ? '' : 's'} and ${documentsWritten} document${documentsWritten === 1 ? '' : 's'} from a backup of ${read.manifest.range.from} to ${read.manifest.range.to}`,
          details: { archiveCreatedAt: read.manifest.createdAt, range: read.manifest.range, counts: read.manifest.counts, skippedApplications: read.records.applications.length - records, fileName: u.fileName },
          ip: actor.ip ?? null,
        });
        for (const id of restoredUsers) forgetCachedSessions({ userId: id });
      });
      const records = rows.applications.length;
      state.job.report = {
        ...baseReport(read.manifest, read.documentsVerified, cmp),
        restored: { records, documents: documentsWritten, verified: true, skippedApplications: read.records.applications.length - records },
      };
      state.job.summary = restoreSummary(records, documentsWritten);
      state.job.phase = 'Restored';
      state.job.progress = 1;
      state.job.status = 'done';
      state.job.finishedAt = new Date().toISOString();
    } catch (e) {
      fail(state, translateDbError(e), log);
    } finally {
      u.busy = false;
    }
  })();
  return snapshot(state);
}

/** References to users who are not on this server (a deciding admin, a reviewer) become null. */
async function clearMissingUserRefs(db: Db, rows: RawRecords) {
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

async function upsert(db: Db, key: TableKey, rows: string[]) {
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

function translateDbError(e: unknown): unknown {
  const msg = String((e as { message?: string })?.message ?? '') + String((e as { cause?: { message?: string } })?.cause?.message ?? '');
  if (/kyc_documents_current_unique/.test(msg)) {
    return new AppError(409, 'restore_conflict', 'An applicant in the archive has uploaded a newer document of the same type since the backup, so the archived one cannot become current again. Nothing was restored.');
  }
  return e;
}
