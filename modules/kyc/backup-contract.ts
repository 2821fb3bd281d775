/**
 * KYC backup and restore (/admin/kyc/backup): the contract shared by the screen and the API. Browser-safe.
 *
 * An export is an encrypted archive (.mzkb) of the KYC applications with activity in a date range (created
 * or updated, UTC), their documents (decrypted from storage, with SHA-256 checksums in the manifest), status
 * history and file records. The administrator's passphrase encrypts it; restoring needs the same passphrase.
 *
 * Admin API under /api/admin/kyc/backup (401 visitor, 403 investor; every export, download and restore audited)
 *   GET  /preview?from&to                → BackupPreview (what an export of that range would hold)
 *   POST /exports { from, to, passphrase } → 202 BackupJob (kind 'export'; poll it)
 *   GET  /jobs                           backupJobsQuery (the one list contract: q, sort, limit, offset, kind, status)
 *                                        → { items: BackupJob[], total } (this server's recent jobs, newest first); /jobs/export → text/csv
 *   GET  /jobs/:id                       → BackupJob (progress, then result or error)
 *   GET  /exports/:id/download           → the archive file (application/octet-stream)
 *   POST /restores { size, fileName? }   → 201 { id, chunkSize } an upload in chunks (the server takes ≤ 12 MB per request)
 *   POST /restores/:id/chunks?index=N    multipart field "chunk" → { received, size }
 *   POST /restores/:id/verify { passphrase } → 202 BackupJob (kind 'verify': decrypt, read, check every checksum; changes nothing)
 *   POST /restores/:id/apply  { passphrase } → 202 BackupJob (kind 'restore': verify, then upsert in one transaction, then compare)
 */
import { z } from 'zod';
import { listQuery } from '../platform/list';

export const BACKUP_FILE_EXTENSION = '.mzkb';
export const MIN_PASSPHRASE_LENGTH = 12;
/** Upload chunk size for restores (the server accepts at most 12 MB per request). */
export const RESTORE_CHUNK_BYTES = 8 * 1024 * 1024;
export const MAX_RESTORE_BYTES = 4 * 1024 * 1024 * 1024;
export const MAX_RANGE_DAYS = 3700;

export const backupMessages = {
  date: 'Enter the date as YYYY-MM-DD',
  range: 'The start date must be on or before the end date.',
  rangeTooLong: 'Choose a range of at most ten years.',
  passphrase: `Choose a passphrase of at least ${MIN_PASSPHRASE_LENGTH} characters. You will need it to restore the archive.`,
  passphraseMissing: 'Enter the passphrase the archive was created with.',
  size: 'The archive size is missing or too large.',
  jobNotFound: 'That backup job is not on this server any more (jobs are kept for an hour).',
  exportNotReady: 'The archive is not ready yet.',
  uploadNotFound: 'That upload is not on this server any more. Upload the archive again.',
  uploadIncomplete: (received: number, size: number) => `Only ${received} of ${size} bytes of the archive have arrived. Upload it again.`,
  chunkIndex: 'The chunk index is not valid.',
  chunkMissing: 'Attach the chunk as the multipart field "chunk".',
  busy: 'Another backup job on this upload is still running.',
} as const;

const isoDate = z
  .string({ error: backupMessages.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, backupMessages.date)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), backupMessages.date);

const range = z
  .object({ from: isoDate, to: isoDate })
  .refine((v) => v.from <= v.to, { message: backupMessages.range, path: ['to'] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= MAX_RANGE_DAYS, { message: backupMessages.rangeTooLong, path: ['from'] });

export const previewQuery = range;
export const exportInput = z
  .object({
    from: isoDate,
    to: isoDate,
    passphrase: z.string({ error: backupMessages.passphrase }).min(MIN_PASSPHRASE_LENGTH, backupMessages.passphrase).max(1024, backupMessages.passphrase),
  })
  .refine((v) => v.from <= v.to, { message: backupMessages.range, path: ['to'] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 <= MAX_RANGE_DAYS, { message: backupMessages.rangeTooLong, path: ['from'] });
export type ExportInput = z.infer<typeof exportInput>;

export const startRestoreInput = z.object({
  size: z.number({ error: backupMessages.size }).int(backupMessages.size).min(1, backupMessages.size).max(MAX_RESTORE_BYTES, backupMessages.size),
  fileName: z.string().max(200).optional(),
});
export const chunkQuery = z.object({ index: z.coerce.number({ error: backupMessages.chunkIndex }).int(backupMessages.chunkIndex).min(0, backupMessages.chunkIndex) });
export const passphraseInput = z.object({
  passphrase: z.string({ error: backupMessages.passphraseMissing }).min(1, backupMessages.passphraseMissing).max(1024, backupMessages.passphraseMissing),
});
export const jobIdParam = z.object({ id: z.uuid(backupMessages.jobNotFound) });

export type BackupCounts = { applications: number; documents: number; history: number; files: number };

export type BackupPreview = BackupCounts & { from: string; to: string; documentBytes: number };

export type BackupManifest = {
  format: 'manzil-kyc-backup';
  version: 1;
  createdAt: string;
  createdBy: { id: string; email: string } | null;
  range: { from: string; to: string };
  counts: BackupCounts;
  /** SHA-256 (hex) of records.json. */
  recordsSha256: string;
  documents: { fileId: string; path: string; sha256: string; size: number; contentType: string }[];
};

export type RestoreReport = {
  archive: { createdAt: string; createdBy: string | null; range: { from: string; to: string } };
  counts: BackupCounts;
  /** Every document's SHA-256 and records.json's matched the manifest. */
  checksumsMatch: true;
  documentsVerified: number;
  /** Records of applicants who are not users on this server (skipped on restore). */
  missingUsers: number;
  /** Applications that exist here and differ from the archive (restore overwrites them). */
  changedHere: number;
  /** Applications not here at all. */
  absentHere: number;
  /** Set after a restore: records read back after the restore equal the archive's. */
  restored?: { records: number; documents: number; verified: boolean; skippedApplications: number };
};

export type BackupJobStatus = 'running' | 'done' | 'failed';
export type BackupJob = {
  id: string;
  kind: 'export' | 'verify' | 'restore';
  status: BackupJobStatus;
  startedAt: string;
  finishedAt: string | null;
  /** What it is doing now, in words ("Reading documents 12 of 40"). */
  phase: string;
  /** 0…1 */
  progress: number;
  error: string | null;
  /** Export: the archive. */
  archive: { fileName: string; size: number; range: { from: string; to: string }; counts: BackupCounts; downloadUrl: string } | null;
  /** Verify / restore: the report. */
  report: RestoreReport | null;
  /** One sentence for a person: "12 records, 30 documents restored, all checksums match." */
  summary: string | null;
};

export const restoreSummary = (records: number, documents: number) =>
  `${records} record${records === 1 ? '' : 's'}, ${documents} document${documents === 1 ? '' : 's'} restored, all checksums match.`;

export { formatBytes } from '../files/contract';

export const BACKUP_JOB_KINDS = ['export', 'verify', 'restore'] as const;
export const BACKUP_JOB_STATUSES = ['running', 'done', 'failed'] as const;
export const BACKUP_JOB_SORT_FIELDS = ['createdAt', 'finishedAt', 'kind', 'status'] as const;

/** This hour's jobs, newest first. `createdAt` is when the job started. Search: its phase, summary, error and archive name. */
export const backupJobsQuery = listQuery({
  sort: BACKUP_JOB_SORT_FIELDS,
  defaultSort: '-createdAt',
  filters: {
    kind: z.enum(BACKUP_JOB_KINDS, { error: 'kind must be export, verify or restore' }).optional(),
    status: z.enum(BACKUP_JOB_STATUSES, { error: 'status must be running, done or failed' }).optional(),
  },
});
export type BackupJobsQuery = z.output<typeof backupJobsQuery>;
