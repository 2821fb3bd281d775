/**
 * KYC backup jobs and uploads: long work runs as a job whose progress the screen polls; archives to
 * restore arrive in chunks. Both live in this process's memory for an hour (a backup or restore runs
 * on the instance that started it) and their files in the backup directory.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { open, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AppError, badRequest, conflict, notFound } from '@api/errors';
import { foldText, type CsvCell } from '@api/list';
import { parseSort, type ListResult } from '../platform/list';
import { ArchiveError } from './backup-archive';
import { BACKUP_FILE_EXTENSION, backupMessages, RESTORE_CHUNK_BYTES, type BackupJob, type BackupJobsQuery } from './backup-contract';

export type Actor = { id: string; email?: string; ip?: string | null };

export const JOB_TTL_MS = 60 * 60 * 1000;

// ——— where archives and uploads wait ———

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export function backupDir(env = process.env) {
  const root = env.KYC_BACKUP_DIR ?? (env.DATA_DIR ? path.join(env.DATA_DIR, 'backups') : env.VITEST ? path.join(os.tmpdir(), `manzil-test-backups-${process.pid}`) : path.join(repoRoot, '.data', 'backups'));
  mkdirSync(root, { recursive: true, mode: 0o700 });
  return root;
}

// ——— jobs ———

export type JobState = { job: BackupJob; file?: string; createdBy: string; expires: number };
export type UploadState = { id: string; path: string; size: number; received: Map<number, number>; createdBy: string; expires: number; busy: boolean; fileName: string | null };

export const jobs = new Map<string, JobState>();
export const uploads = new Map<string, UploadState>();

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

export function newJob(kind: BackupJob['kind'], createdBy: string): JobState {
  prune();
  const state: JobState = {
    job: { id: randomUUID(), kind, status: 'running', startedAt: new Date().toISOString(), finishedAt: null, phase: 'Starting', progress: 0, error: null, archive: null, report: null, summary: null },
    createdBy,
    expires: Date.now() + JOB_TTL_MS,
  };
  jobs.set(state.job.id, state);
  return state;
}

export const snapshot = (s: JobState): BackupJob => structuredClone(s.job);

export function fail(state: JobState, err: unknown, log: Pick<Console, 'error'>) {
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

/** The jobs of a query, whole (they live in memory, an hour at most): search, filters and sort. */
function matchingJobs(q: BackupJobsQuery): BackupJob[] {
  prune();
  const words = foldText(q.q ?? '').split(/\s+/).filter(Boolean);
  const { field, direction } = parseSort(q.sort);
  const key = (j: BackupJob) => (field === 'createdAt' ? j.startedAt : field === 'finishedAt' ? (j.finishedAt ?? '') : j[field]);
  const sign = direction === 'asc' ? 1 : -1;
  return [...jobs.values()]
    .map(snapshot)
    .filter((j) => (!q.kind || j.kind === q.kind) && (!q.status || j.status === q.status))
    .filter((j) => {
      const text = foldText([j.kind, j.status, j.phase, j.summary, j.error, j.archive?.fileName].filter(Boolean).join(' '));
      return words.every((w) => text.includes(w));
    })
    .sort((a, b) => sign * (key(a).localeCompare(key(b)) || a.id.localeCompare(b.id)));
}

/** GET /api/admin/kyc/backup/jobs: this server's jobs on the one list contract. */
export function listJobs(q: BackupJobsQuery): ListResult<BackupJob> {
  const all = matchingJobs(q);
  return { items: all.slice(q.offset, q.offset + q.limit), total: all.length };
}

export const BACKUP_JOBS_CSV_HEADER = ['Started (UTC)', 'Finished (UTC)', 'Kind', 'Status', 'Summary', 'Error', 'Archive', 'Archive size (bytes)'];

/** Every job of the same query, as CSV rows (never the archive itself). */
export function jobCsvRows(q: BackupJobsQuery): CsvCell[][] {
  return matchingJobs(q).map((j) => [j.startedAt, j.finishedAt, j.kind, j.status, j.summary, j.error, j.archive?.fileName ?? null, j.archive?.size ?? null]);
}

// ——— upload (in chunks) ———

export function startUpload(input: { size: number; fileName?: string }, actor: Actor) {
  prune();
  const id = randomUUID();
  uploads.set(id, { id, path: path.join(backupDir(), `upload-${id}${BACKUP_FILE_EXTENSION}`), size: input.size, received: new Map(), createdBy: actor.id, expires: Date.now() + JOB_TTL_MS, busy: false, fileName: input.fileName ?? null });
  return { id, chunkSize: RESTORE_CHUNK_BYTES, chunks: Math.ceil(input.size / RESTORE_CHUNK_BYTES) };
}

export function upload(id: string) {
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

export async function completeUpload(id: string) {
  const u = upload(id);
  const received = [...u.received.values()].reduce((a, b) => a + b, 0);
  if (received !== u.size) throw badRequest(backupMessages.uploadIncomplete(received, u.size), 'upload_incomplete');
  if (u.busy) throw conflict(backupMessages.busy, 'backup_busy');
  return u;
}
