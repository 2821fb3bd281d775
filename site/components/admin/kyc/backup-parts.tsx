/** Parts of the KYC backup screen: a panel, a passphrase field, a progress bar and the polled server job. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Archive } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { api } from '@site/lib/api';
import type { BackupJob } from '@modules/kyc/backup-contract';
import { invalidateAdminList } from '../table';
import { Card } from '../ui';
import { jobUrl } from './backup-client';
import { BACKUP_JOBS_URL } from './BackupJobs';

export function Panel({ title, icon: Icon, description, children }: { title: string; icon: typeof Archive; description: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id}>
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-sand-50 text-sand-700 ring-1 ring-sand-200">
            <Icon className="h-5 w-5" />
          </span>
          <div>
            <h2 id={id} className="text-lg font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
              {title}
            </h2>
            <p className="mt-0.5 text-sm leading-relaxed text-slate-600">{description}</p>
          </div>
        </div>
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}

/** A labelled passphrase input (never autocompleted). */
export function SecretField({ label, value, onChange, error, hint, autoComplete = 'off' }: { label: string; value: string; onChange: (v: string) => void; error?: string | null; hint?: ReactNode; autoComplete?: string }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function ProgressBar({ label, value, text }: { label: string; value: number; text: string }) {
  const pct = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div>
      <div className="flex items-center justify-between text-xs text-slate-600">
        <span aria-live="polite">{text}</span>
        <span className="tabular-nums">{pct}%</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={`${pct}%: ${text}`} className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-brand-700 transition-[width] duration-300" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** A server job, polled every second while it runs. */
export function useJob(id: string | null) {
  const client = useQueryClient();
  const q = useQuery<BackupJob>({
    queryKey: [id ? jobUrl(id) : 'no-job'],
    queryFn: ({ signal }) => api.get<BackupJob>(jobUrl(id!), { signal }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? 1000 : false),
    staleTime: 0,
  });
  const status = q.data?.status;
  // The jobs list below shows the job as soon as it starts, and again when it ends.
  useEffect(() => {
    if (status) void invalidateAdminList(client, BACKUP_JOBS_URL);
  }, [status, client]);
  return q;
}
