/**
 * /admin/kyc/backup: export the KYC records and documents of a date range as one encrypted archive, and
 * restore such an archive — checked first (every checksum), then restored and compared record by record.
 * Long work runs as a job on the server; this screen polls it and shows its progress.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { Archive, CheckCircle2, DatabaseBackup, Download, FileLock2, KeyRound, RotateCcw, ShieldCheck, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import {
  BACKUP_FILE_EXTENSION,
  backupMessages,
  formatBytes,
  MIN_PASSPHRASE_LENGTH,
  type BackupJob,
  type BackupPreview,
  type RestoreReport,
} from '@modules/kyc/backup-contract';
import { formatDateTime } from '../format';
import { Busy, Dialog, ErrorNote, Field } from '../ledger/parts';
import { Button, ScreenIntro } from '../ui';
import { BACKUP_API, isRunning, uploadArchive } from '../kyc/backup-client';
import { BackupJobs } from '../kyc/BackupJobs';
import { Panel, ProgressBar, SecretField, useJob } from '../kyc/backup-parts';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysAgo = (n: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - n);
  return isoDay(d);
};

function ExportPanel() {
  const [from, setFrom] = useState(daysAgo(30));
  const [to, setTo] = useState(isoDay(new Date()));
  const [passphrase, setPassphrase] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const rangeError = from && to && from > to ? backupMessages.range : null;
  const validRange = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && !rangeError;
  const preview = useQuery<BackupPreview>({
    queryKey: [`${BACKUP_API}/preview?from=${from}&to=${to}`],
    queryFn: ({ signal }) => api.get<BackupPreview>(`${BACKUP_API}/preview?from=${from}&to=${to}`, { signal }),
    enabled: validRange,
    staleTime: 10_000,
  });
  const job = useJob(jobId);
  const start = useMutation({
    mutationFn: () => api.post<BackupJob>(`${BACKUP_API}/exports`, { from, to, passphrase }),
    onSuccess: (j) => {
      setJobId(j.id);
      setPassphrase('');
      setConfirm('');
      setTouched(false);
    },
  });
  const passError = touched && passphrase.length < MIN_PASSPHRASE_LENGTH ? backupMessages.passphrase : null;
  const confirmError = touched && confirm !== passphrase ? 'The two passphrases are not the same.' : null;
  const running = isRunning(job.data) || start.isPending;
  const p = preview.data;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!validRange || passphrase.length < MIN_PASSPHRASE_LENGTH || confirm !== passphrase) return;
    start.mutate();
  };

  return (
    <Panel
      title="Export"
      icon={DatabaseBackup}
      description="The applications created or changed in the range (whole days, UTC), with every document, its SHA-256 checksum and the status history, in one archive encrypted with your passphrase."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="From" type="date" value={from} onChange={setFrom} required />
          <Field label="To" type="date" value={to} onChange={setTo} required error={rangeError} />
        </div>
        <div aria-live="polite" className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
          {!validRange ? (
            'Choose a range to see what the archive will hold.'
          ) : preview.isPending ? (
            <Busy>Counting the records in this range…</Busy>
          ) : preview.isError ? (
            <span className="text-red-700">{errorText(preview.error, 'Could not count the records.')}</span>
          ) : p && p.applications === 0 ? (
            'No applications were created or changed in this range.'
          ) : p ? (
            <>
              <strong className="font-semibold text-ink">{p.applications.toLocaleString('en-US')}</strong> application{p.applications === 1 ? '' : 's'},{' '}
              <strong className="font-semibold text-ink">{p.documents.toLocaleString('en-US')}</strong> document{p.documents === 1 ? '' : 's'} ({formatBytes(p.documentBytes)}) and{' '}
              {p.history.toLocaleString('en-US')} status change{p.history === 1 ? '' : 's'}.
            </>
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SecretField label="Passphrase" value={passphrase} onChange={setPassphrase} error={passError} hint={`At least ${MIN_PASSPHRASE_LENGTH} characters.`} autoComplete="new-password" />
          <SecretField label="Passphrase again" value={confirm} onChange={setConfirm} error={confirmError} autoComplete="new-password" />
        </div>
        <p className="flex items-start gap-2 text-xs leading-relaxed text-slate-500">
          <KeyRound className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          Keep the passphrase somewhere safe and apart from the archive: without it the archive cannot be opened, by you or by anyone else. The export and every download are recorded in the activity log.
        </p>
        {start.isError ? <ErrorNote title="The export did not start">{errorText(start.error, 'Please try again.')}</ErrorNote> : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="primary" icon={Archive} disabled={running || !validRange || p?.applications === 0}>
            {running ? 'Exporting…' : 'Create archive'}
          </Button>
        </div>
      </form>
      {job.data ? <JobStatus job={job.data} /> : null}
    </Panel>
  );
}

function JobStatus({ job }: { job: BackupJob }) {
  if (job.status === 'running') return <div className="mt-5"><ProgressBar label={job.kind === 'export' ? 'Export progress' : job.kind === 'verify' ? 'Check progress' : 'Restore progress'} value={job.progress} text={job.phase} /></div>;
  if (job.status === 'failed') return <div className="mt-5"><ErrorNote title={job.kind === 'export' ? 'The export failed' : job.kind === 'verify' ? 'The archive did not pass the check' : 'Nothing was restored'}>{job.error}</ErrorNote></div>;
  if (job.kind === 'export' && job.archive) {
    return (
      <div role="status" className="mt-5 rounded-lg border border-brand-200 bg-brand-50/60 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-brand-900">
          <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
          The archive is ready
        </p>
        <p className="mt-1 text-sm text-slate-700">{job.summary}</p>
        <a
          href={job.archive.downloadUrl}
          download={job.archive.fileName}
          className="mt-3 inline-flex items-center gap-2 rounded-lg bg-brand-800 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-brand-900"
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Download {job.archive.fileName} ({formatBytes(job.archive.size)})
        </a>
        <p className="mt-2 text-xs text-slate-500">It stays on the server for an hour, then it is deleted.</p>
      </div>
    );
  }
  return null;
}

function ReportFacts({ report }: { report: RestoreReport }) {
  const items: [string, ReactNode][] = [
    ['Created', `${formatDateTime(report.archive.createdAt)}${report.archive.createdBy ? ` by ${report.archive.createdBy}` : ''}`],
    ['Covers', `${report.archive.range.from} to ${report.archive.range.to}`],
    ['Applications', report.counts.applications.toLocaleString('en-US')],
    ['Documents', `${report.counts.documents.toLocaleString('en-US')} (all ${report.documentsVerified} checksums match)`],
    ['Status changes', report.counts.history.toLocaleString('en-US')],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
      {items.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="text-ink">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function RestorePanel() {
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [verifyId, setVerifyId] = useState<string | null>(null);
  const [restoreId, setRestoreId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const verify = useJob(verifyId);
  const restore = useJob(restoreId);

  const reset = (f: File | null) => {
    setFile(f);
    setUploadId(null);
    setVerifyId(null);
    setRestoreId(null);
    setUploadProgress(null);
    setError(null);
  };

  const check = useMutation({
    mutationFn: async () => {
      if (!file) throw new Error(`Choose a ${BACKUP_FILE_EXTENSION} archive first.`);
      let id = uploadId;
      if (!id) {
        setUploadProgress(0);
        id = await uploadArchive(file, setUploadProgress);
        setUploadId(id);
      }
      return api.post<BackupJob>(`${BACKUP_API}/restores/${id}/verify`, { passphrase });
    },
    onMutate: () => {
      setError(null);
      setRestoreId(null);
    },
    onSuccess: (job) => setVerifyId(job.id),
    onError: (e) => {
      setError(errorText(e, 'The archive could not be sent.'));
      // The server forgets uploads after an hour: send it again next time.
      if (/upload/i.test(errorText(e, ''))) setUploadId(null);
    },
  });

  const apply = useMutation({
    mutationFn: () => api.post<BackupJob>(`${BACKUP_API}/restores/${uploadId}/apply`, { passphrase }),
    onSuccess: (job) => {
      setConfirming(false);
      setRestoreId(job.id);
    },
    onError: (e) => {
      setConfirming(false);
      setError(errorText(e, 'The restore did not start.'));
    },
  });

  useEffect(() => {
    if (restore.data?.status === 'done' && restore.data.summary) toast({ title: 'Restore complete', description: restore.data.summary, variant: 'success' });
  }, [restore.data?.status, restore.data?.summary]);

  const report = verify.data?.status === 'done' ? verify.data.report : null;
  const busy = check.isPending || isRunning(verify.data) || isRunning(restore.data) || apply.isPending;

  return (
    <Panel
      title="Restore"
      icon={RotateCcw}
      description="Upload an archive and its passphrase. It is checked first — it must open, and every record and document must match its checksum — and nothing changes until you confirm the restore."
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return setError(`Choose a ${BACKUP_FILE_EXTENSION} archive first.`);
          if (!passphrase) return setError(backupMessages.passphraseMissing);
          check.mutate();
        }}
        className="space-y-4"
      >
        <div>
          <label htmlFor={fileId} className="mb-1 block text-xs font-medium text-slate-600">
            Archive ({BACKUP_FILE_EXTENSION})
          </label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={`${BACKUP_FILE_EXTENSION},application/octet-stream`}
            onChange={(e) => reset(e.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
          />
          {file ? <p className="mt-1 text-xs text-slate-500">{formatBytes(file.size)}</p> : null}
        </div>
        <SecretField label="Passphrase of the archive" value={passphrase} onChange={setPassphrase} autoComplete="off" />
        {error ? <ErrorNote>{error}</ErrorNote> : null}
        <Button type="submit" icon={ShieldCheck} disabled={busy}>
          {check.isPending && uploadProgress !== null && uploadProgress < 1 ? 'Uploading…' : isRunning(verify.data) ? 'Checking…' : 'Check archive'}
        </Button>
      </form>

      {check.isPending && uploadProgress !== null ? (
        <div className="mt-5">
          <ProgressBar label="Upload progress" value={uploadProgress} text={uploadProgress < 1 ? 'Uploading the archive' : 'Uploaded'} />
        </div>
      ) : null}
      {verify.data && !restore.data ? <JobStatus job={verify.data} /> : null}

      {report && !restore.data ? (
        <div className="mt-5 rounded-lg border border-slate-200 p-4">
          <p role="status" className="flex items-center gap-2 text-sm font-semibold text-brand-900">
            <FileLock2 className="h-4 w-4" aria-hidden="true" />
            The archive opens and every checksum matches
          </p>
          <div className="mt-3">
            <ReportFacts report={report} />
          </div>
          <ul className="mt-3 space-y-1 text-sm text-slate-700">
            <li>{report.absentHere} application{report.absentHere === 1 ? ' is' : 's are'} not on this server and will be added.</li>
            <li>
              {report.changedHere === 0
                ? 'No application here differs from the archive.'
                : `${report.changedHere} application${report.changedHere === 1 ? ' differs' : 's differ'} here and will be put back as in the archive.`}
            </li>
            {report.missingUsers > 0 ? (
              <li className="text-amber-800">
                {report.missingUsers} applicant{report.missingUsers === 1 ? ' is' : 's are'} not a user on this server; their records are skipped.
              </li>
            ) : null}
          </ul>
          <div className="mt-4">
            <Button variant="primary" icon={Upload} disabled={busy || report.counts.applications - report.missingUsers === 0} onClick={() => setConfirming(true)}>
              Restore {report.counts.applications - report.missingUsers} application{report.counts.applications - report.missingUsers === 1 ? '' : 's'}
            </Button>
          </div>
        </div>
      ) : null}

      {restore.data ? (
        restore.data.status === 'done' && restore.data.report?.restored ? (
          <div role="status" className="mt-5 rounded-lg border border-brand-200 bg-brand-50/60 p-4">
            <p className="flex items-center gap-2 text-sm font-semibold text-brand-900">
              <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
              {restore.data.summary}
            </p>
            <p className="mt-1 text-sm text-slate-700">Every restored record was read back and compared with the archive: they are the same.</p>
          </div>
        ) : (
          <JobStatus job={restore.data} />
        )
      ) : null}

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Restore from this archive?"
        description="The archived applications, documents and status history are written back in one step. Applications that differ here are overwritten with the archived version; the restore is recorded in the activity log."
        footer={
          <>
            <Button onClick={() => setConfirming(false)}>Cancel</Button>
            <Button variant="primary" icon={RotateCcw} disabled={apply.isPending} onClick={() => apply.mutate()}>
              {apply.isPending ? 'Starting…' : 'Restore'}
            </Button>
          </>
        }
      />
    </Panel>
  );
}

export default function KycBackup() {
  return (
    <>
      <ScreenIntro description="Export the verification records and documents of a period as one encrypted archive for safekeeping, audits or a regulator's request — and restore such an archive, verified to bring back the same records." />
      <div className="mt-6 grid gap-6 xl:grid-cols-2 xl:items-start">
        <ExportPanel />
        <RestorePanel />
      </div>
      <BackupJobs />
    </>
  );
}
