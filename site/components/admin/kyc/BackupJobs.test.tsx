// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BackupJob } from '@modules/kyc/backup-contract';
import { json, mockFetch, renderWithApp } from '../ledger/test-utils';
import { BackupJobs } from './BackupJobs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const job = (patch: Partial<BackupJob>): BackupJob => ({
  id: 'j1',
  kind: 'export',
  status: 'done',
  startedAt: '2026-03-01T08:00:00.000Z',
  finishedAt: '2026-03-01T08:01:00.000Z',
  phase: 'Finished',
  progress: 1,
  error: null,
  archive: { fileName: 'manzil-kyc-backup-2026-03-01.mzkb', size: 2048, range: { from: '2026-02-01', to: '2026-03-01' }, counts: { applications: 2, documents: 8, history: 4, files: 8 }, downloadUrl: '/api/admin/kyc/backup/exports/j1/download' },
  report: null,
  summary: 'Archive ready: 2 applications, 8 documents.',
  ...patch,
});

describe('KYC backup jobs on the admin table', () => {
  it('lists the jobs with their download, and filters on the server', async () => {
    const calls = mockFetch({
      '/api/admin/kyc/backup/jobs': () => json({ items: [job({}), job({ id: 'j2', kind: 'verify', status: 'failed', archive: null, summary: null, error: 'The passphrase does not open this archive.' })], total: 2 }),
    });
    renderWithApp(<BackupJobs />, '/admin/kyc/backup');
    const table = await screen.findByRole('table', { name: "This hour's jobs" });
    expect(await within(table).findByText('The passphrase does not open this archive.')).toBeTruthy();
    expect(within(table).getByRole('link', { name: /Download manzil-kyc-backup-2026-03-01\.mzkb/ }).getAttribute('href')).toBe('/api/admin/kyc/backup/exports/j1/download');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('status')).toBe('failed'));
    expect(calls.at(-1)!.url.searchParams.get('sort')).toBe('-createdAt');
    expect(screen.getByRole('link', { name: /Export CSV/ }).getAttribute('href')).toBe('/api/admin/kyc/backup/jobs/export?sort=-createdAt&status=failed');
  });
});
