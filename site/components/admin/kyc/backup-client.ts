/** Browser side of the KYC backup API: chunked archive upload (the server takes ≤ 12 MB a request). */
import { readCookie, toApiError } from '@site/lib/api';
import { api } from '@site/lib/api';
import type { BackupJob } from '@modules/kyc/backup-contract';

export const BACKUP_API = '/api/admin/kyc/backup';

/** Uploads a file in the server's chunk size, reporting the fraction sent. Returns the upload id. */
export async function uploadArchive(file: Blob & { name?: string }, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
  const start = await api.post<{ id: string; chunkSize: number; chunks: number }>(`${BACKUP_API}/restores`, { size: file.size, fileName: file.name });
  for (let i = 0; i < start.chunks; i++) {
    const form = new FormData();
    form.set('chunk', file.slice(i * start.chunkSize, (i + 1) * start.chunkSize), 'chunk');
    const token = readCookie('XSRF-TOKEN');
    const res = await fetch(`${BACKUP_API}/restores/${start.id}/chunks?index=${i}`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: token ? { 'X-CSRF-Token': token, 'X-XSRF-TOKEN': token } : {},
      signal,
    });
    if (!res.ok) throw await toApiError(res);
    onProgress((i + 1) / start.chunks);
  }
  return start.id;
}

export const jobUrl = (id: string) => `${BACKUP_API}/jobs/${id}`;
export const isRunning = (job: BackupJob | undefined) => job?.status === 'running';
