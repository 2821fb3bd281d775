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
import { createHash } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, conflict, notFound } from '@api/errors';
import { recordAudit } from '../audit';
import { users } from '../auth/schema';
import { readStoredFile, storedFiles } from '../files';
import { FILE_EXTENSIONS, type FileContentType } from '../files/contract';
import { ArchiveWriter } from './backup-archive';
import { BACKUP_FILE_EXTENSION, backupMessages, type BackupCounts, type BackupJob, type BackupManifest, type ExportInput } from './backup-contract';
import { backupDir, fail, JOB_TTL_MS, jobs, newJob, snapshot, type Actor, type JobState } from './backup-jobs';
import { inRangeUsers, previewBackup, rowsJson, TABLE_KEYS, whereFor, type RawRecords } from './backup-records';

export { BACKUP_JOBS_CSV_HEADER, getJob, jobCsvRows, listJobs, startUpload, writeChunk } from './backup-jobs';
export { previewBackup } from './backup-records';
export { startRestore, startVerify } from './backup-restore';

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
