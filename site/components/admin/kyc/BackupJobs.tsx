/**
 * This hour's KYC backup jobs (exports, checks, restores) on the one admin table: GET
 * /api/admin/kyc/backup/jobs on the list contract, with search, kind and status filters, sort and the CSV
 * of the same selection. The panels above refresh it when a job starts or ends.
 */
import { Download, History } from 'lucide-react';
import { BACKUP_JOB_KINDS, BACKUP_JOB_STATUSES, type BackupJob } from '@modules/kyc/backup-contract';
import { AdminTable, col, StatusCell, type FilterDef } from '../table';
import { cx } from '../ui';
import { BACKUP_API } from './backup-client';

export const BACKUP_JOBS_URL = `${BACKUP_API}/jobs`;

const kindLabel: Record<BackupJob['kind'], string> = { export: 'Export', verify: 'Check', restore: 'Restore' };
const statusLabel: Record<BackupJob['status'], string> = { running: 'Running', done: 'Done', failed: 'Failed' };

const filters: FilterDef[] = [
  { type: 'select', key: 'kind', label: 'Kind', all: 'Any kind', options: BACKUP_JOB_KINDS.map((k) => ({ value: k, label: kindLabel[k] })) },
  { type: 'select', key: 'status', label: 'Status', all: 'Any status', options: BACKUP_JOB_STATUSES.map((s) => ({ value: s, label: statusLabel[s] })) },
];

const columns = [
  col.custom<BackupJob>('status', 'Status', (j) => <StatusCell value={j.status} label={statusLabel[j.status]} tone={j.status === 'failed' ? 'danger' : j.status === 'done' ? 'success' : 'neutral'} />, {
    sort: 'status',
  }),
  col.text<BackupJob>('kind', 'Kind', (j) => kindLabel[j.kind], { sort: 'kind', className: 'font-medium text-ink' }),
  col.dateTime<BackupJob>('started', 'Started', (j) => j.startedAt, { sort: 'createdAt' }),
  col.custom<BackupJob>('what', 'Progress or result', (j) => <span className={cx(j.status === 'failed' ? 'text-red-700' : 'text-slate-600')}>{j.status === 'running' ? j.phase : (j.summary ?? j.error)}</span>, {
    className: 'min-w-64',
  }),
  col.custom<BackupJob>(
    'archive',
    'Archive',
    (j) =>
      j.kind === 'export' && j.status === 'done' && j.archive ? (
        <a href={j.archive.downloadUrl} download={j.archive.fileName} className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline">
          <Download className="h-4 w-4" aria-hidden="true" />
          Download<span className="sr-only"> {j.archive.fileName}</span>
        </a>
      ) : null,
    { align: 'right', className: 'whitespace-nowrap' },
  ),
];

export function BackupJobs() {
  return (
    <section aria-labelledby="kyc-backup-jobs" className="mt-8">
      <h2 id="kyc-backup-jobs" className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        This hour's jobs
      </h2>
      <p className="mt-0.5 text-sm text-slate-500">Exports, checks and restores on this server. Archives are deleted an hour after they are made.</p>
      <AdminTable<BackupJob>
        endpoint={BACKUP_JOBS_URL}
        caption="This hour's jobs"
        columns={columns}
        rowKey={(j) => j.id}
        noun={['job', 'jobs']}
        search={{ label: 'Search jobs', placeholder: 'Archive name, result or error' }}
        filters={filters}
        defaultSort="-createdAt"
        urlPrefix="jobs."
        minWidth={760}
        empty={{ icon: History, title: 'No jobs in the last hour', body: 'Exports, checks and restores appear here while they run and for an hour after.' }}
      />
    </section>
  );
}
