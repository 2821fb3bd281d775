import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import type { BackupJob } from './backup-contract';
import { jobs, newJob } from './backup-jobs';

type Page = { items: BackupJob[]; total: number };

describeEachDb('GET /api/admin/kyc/backup/jobs (the list contract)', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let get: (path: string) => Promise<Response>;
  const json = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as Page;
  };
  const N = 60;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    const session = await adminSession(database.db, app);
    get = session.get;
    // 61 jobs a second apart: exports, checks and restores; the oldest made the archive named after Aïsha's audit.
    jobs.clear();
    const start = Date.UTC(2026, 0, 1, 8);
    for (let i = 0; i <= N; i++) {
      const state = newJob((['export', 'verify', 'restore'] as const)[i % 3], session.admin.id);
      const at = (s: number) => new Date(start + s * 1000).toISOString();
      Object.assign(state.job, {
        startedAt: at(N - i),
        finishedAt: i % 4 === 0 ? null : at(N - i + 30),
        status: i % 4 === 0 ? 'running' : i % 4 === 1 ? 'failed' : 'done',
        phase: i % 4 === 0 ? `Reading documents ${i} of 80` : 'Finished',
        error: i % 4 === 1 ? 'The passphrase does not open this archive.' : null,
        summary: i % 4 > 1 ? `${i} records, ${i * 2} documents restored, all checksums match.` : null,
        archive: i === N ? { fileName: 'manzil-kyc-backup-Aïsha-audit.mzkb', size: 12345, range: { from: '2026-01-01', to: '2026-01-31' }, counts: { applications: 1, documents: 2, history: 3, files: 2 }, downloadUrl: '/x' } : null,
      });
    }
  });
  afterAll(() => {
    jobs.clear();
    return database.close();
  });

  it('a search finds the job beyond the first page; total, filters, sort both ways', async () => {
    const first = await json('/api/admin/kyc/backup/jobs');
    expect(first.total).toBe(N + 1);
    expect(first.items).toHaveLength(50);
    expect(first.items.some((j) => j.archive)).toBe(false);
    for (const q of ['aisha audit', 'AÏSHA', 'mzkb']) {
      const found = await json(`/api/admin/kyc/backup/jobs?q=${encodeURIComponent(q)}`);
      expect(found, q).toMatchObject({ total: 1, items: [{ archive: { fileName: 'manzil-kyc-backup-Aïsha-audit.mzkb' } }] });
    }
    expect((await json('/api/admin/kyc/backup/jobs?status=failed')).total).toBe(15);
    expect((await json('/api/admin/kyc/backup/jobs?status=failed&kind=verify')).total).toBe(5);
    const older = await json('/api/admin/kyc/backup/jobs?q=passphrase&limit=10&offset=10');
    expect(older).toMatchObject({ total: 15 });
    expect(older.items).toHaveLength(5);
    const asc = await json('/api/admin/kyc/backup/jobs?sort=createdAt&limit=200');
    const desc = await json('/api/admin/kyc/backup/jobs?sort=-createdAt&limit=200');
    expect(asc.items[0]!.archive?.fileName).toBe('manzil-kyc-backup-Aïsha-audit.mzkb');
    expect(desc.items.map((j) => j.id)).toEqual([...asc.items].reverse().map((j) => j.id));
    for (const bad of ['limit=0', 'limit=201', 'offset=-1', 'sort=phase', 'kind=delete', 'status=queued']) expect((await get(`/api/admin/kyc/backup/jobs?${bad}`)).status, bad).toBe(400);
  });

  it('the CSV holds exactly the filtered jobs', async () => {
    const res = await get('/api/admin/kyc/backup/jobs/export?q=aisha');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/filename="manzil-kyc-backup-jobs-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(await res.text());
    expect(rows[0]).toEqual(['Started (UTC)', 'Finished (UTC)', 'Kind', 'Status', 'Summary', 'Error', 'Archive', 'Archive size (bytes)']);
    expect(rows.slice(1).map((r) => [r[2], r[3], r[6], r[7]])).toEqual([['export', 'running', 'manzil-kyc-backup-Aïsha-audit.mzkb', '12345']]);
    expect(parseCsv(await (await get('/api/admin/kyc/backup/jobs/export?status=running')).text())).toHaveLength(16 + 1);
    expect((await app.handle(new Request('http://localhost/api/admin/kyc/backup/jobs/export'))).status).toBe(401);
  });
});
