/**
 * Checking and restoring a KYC backup archive: decrypt, verify every checksum against the manifest,
 * compare with this server, then (restore) upsert the records in one transaction, put the documents
 * back into storage encrypted with this server's key, read everything back and compare.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '../audit';
import { forgetCachedSessions } from '../auth';
import { users } from '../auth/schema';
import { encryptBlob, fileStore } from '../files';
import { ArchiveError, decryptArchive, readTar } from './backup-archive';
import { restoreSummary, type BackupJob, type BackupManifest, type RestoreReport } from './backup-contract';
import { completeUpload, fail, newJob, snapshot, type Actor } from './backup-jobs';
import { clearMissingUserRefs, compareWithServer, field, ident, rowsJson, sameRow, TABLE_KEYS, TABLES, tableInfo, translateDbError, upsert, type RawRecords, type TableKey } from './backup-records';

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
