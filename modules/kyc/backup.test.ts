import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { DEMO_ADMIN, DEMO_INVESTOR, seedDatabase } from '@db/seed';
import { TestClient } from '@tests/helpers/client';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { BASE } from '@tests/helpers/http';
import { auditLog } from '../audit/schema';
import { users } from '../auth/schema';
import { storedFiles } from '../files';
import { fileStore } from '../files';
import type { BackupJob, BackupPreview } from './backup-contract';
import { DEMO_KYC_APPLICANTS, seedKycDemo } from './seed';

const API = '/api/admin/kyc/backup';
const PASSPHRASE = 'a long passphrase for tests';
const today = new Date().toISOString().slice(0, 10);

describeEachDb('KYC backup and restore', (kind) => {
  let database: Database;
  let app: { handle: (r: Request) => Promise<Response> };
  let admin: TestClient;
  let applicantIds: string[];
  let archive: Uint8Array;

  const poll = async (job: BackupJob): Promise<BackupJob> => {
    for (let i = 0; i < 600; i++) {
      const res = await admin.json<BackupJob>('GET', `${API}/jobs/${job.id}`);
      expect(res.status).toBe(200);
      if (res.body.status !== 'running') return res.body;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('job did not finish');
  };

  /** Every KYC row of the demo applicants as PostgreSQL's JSON text, in a fixed order. */
  const snapshot = async () => {
    const ids = sql.join(applicantIds.map((id) => sql`${id}::uuid`), sql`, `);
    const q = async (query: ReturnType<typeof sql>) => {
      const r = await database.db.execute<{ j: string }>(query);
      return ((r as unknown as { rows?: { j: string }[] }).rows ?? (r as unknown as { j: string }[])).map((x) => x.j);
    };
    return {
      applications: await q(sql`select row_to_json(t)::text j from kyc_applications t where user_id in (${ids}) order by user_id`),
      documents: await q(sql`select row_to_json(t)::text j from kyc_documents t where user_id in (${ids}) order by id`),
      history: await q(sql`select row_to_json(t)::text j from kyc_status_history t where user_id in (${ids}) order by id`),
      files: await q(sql`select row_to_json(t)::text j from stored_files t where id in (select file_id from kyc_documents where user_id in (${ids})) order by id`),
      statuses: await q(sql`select kyc_status j from users where id in (${ids}) order by id`),
    };
  };

  /** Sends the archive in chunks as the screen does. */
  const uploadArchive = async (bytes: Uint8Array, chunkSize?: number) => {
    const start = await admin.json<{ id: string; chunkSize: number }>('POST', `${API}/restores`, { size: bytes.length, fileName: 'backup.mzkb' });
    expect(start.status).toBe(201);
    const size = chunkSize ?? start.body.chunkSize;
    for (let i = 0; i * size < bytes.length; i++) {
      const form = new FormData();
      form.set('chunk', new Blob([bytes.slice(i * size, (i + 1) * size)]), 'chunk');
      const res = await app.handle(
        new Request(`${BASE}${API}/restores/${start.body.id}/chunks?index=${i}`, {
          method: 'POST',
          body: form,
          headers: { cookie: admin.cookieHeader(), 'x-csrf-token': admin.cookies.get('XSRF-TOKEN')!, 'x-client-ip': '10.2.2.2' },
        }),
      );
      if (res.status !== 200) return { id: start.body.id, failed: res };
    }
    return { id: start.body.id, failed: null };
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDatabase(database.db, { DEMO: '1' });
    await seedKycDemo(database.db);
    app = createApp({ db: database.db });
    admin = new TestClient(app);
    expect((await admin.post('/api/auth/login', { username: 'admin', password: DEMO_ADMIN.password })).status).toBe(200);
    const rows = await database.db.select({ id: users.id }).from(users).where(inArray(users.email, DEMO_KYC_APPLICANTS.map((a) => a.email)));
    applicantIds = rows.map((r) => r.id);
    expect(applicantIds).toHaveLength(3);
  });
  afterAll(() => database.close());

  it('is for administrators only', async () => {
    const visitor = new TestClient(app);
    const investor = new TestClient(app);
    expect((await investor.post('/api/auth/login', { username: 'omar', password: DEMO_INVESTOR.password })).status).toBe(200);
    const routes: [string, string, unknown?][] = [
      ['GET', `/preview?from=${today}&to=${today}`],
      ['POST', '/exports', { from: today, to: today, passphrase: PASSPHRASE }],
      ['GET', '/jobs'],
      ['GET', '/jobs/00000000-0000-4000-8000-000000000000'],
      ['GET', '/exports/00000000-0000-4000-8000-000000000000/download'],
      ['POST', '/restores', { size: 10 }],
      ['POST', '/restores/00000000-0000-4000-8000-000000000000/verify', { passphrase: PASSPHRASE }],
      ['POST', '/restores/00000000-0000-4000-8000-000000000000/apply', { passphrase: PASSPHRASE }],
    ];
    for (const [method, path, body] of routes) {
      expect((await visitor.request(method, `${API}${path}`, body)).status, `${method} ${path}`).toBe(401);
      expect((await investor.request(method, `${API}${path}`, body)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('previews a range and validates it', async () => {
    const preview = await admin.json<BackupPreview>('GET', `${API}/preview?from=${today}&to=${today}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ applications: 3, documents: 10, files: 10 });
    expect(preview.body.history).toBeGreaterThanOrEqual(7);
    expect(preview.body.documentBytes).toBeGreaterThan(0);
    const past = await admin.json<BackupPreview>('GET', `${API}/preview?from=2001-01-01&to=2001-12-31`);
    expect(past.body).toMatchObject({ applications: 0, documents: 0 });
    expect((await admin.json('GET', `${API}/preview?from=${today}&to=2001-01-01`)).status).toBe(400);
    expect((await admin.json('POST', `${API}/exports`, { from: today, to: today, passphrase: 'short' })).status).toBe(400);
  });

  it('exports an encrypted archive with progress, and audits the export and the download', async () => {
    const started = await admin.json<BackupJob>('POST', `${API}/exports`, { from: today, to: today, passphrase: PASSPHRASE });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ kind: 'export', status: 'running' });
    const done = await poll(started.body);
    expect(done.error).toBeNull();
    expect(done).toMatchObject({ status: 'done', progress: 1 });
    expect(done.archive).toMatchObject({ counts: { applications: 3, documents: 10, files: 10 }, fileName: `manzil-kyc-backup-${today}_${today}.mzkb` });
    const res = await admin.get(done.archive!.downloadUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('.mzkb');
    archive = new Uint8Array(await res.arrayBuffer());
    expect(archive.length).toBe(done.archive!.size);
    expect(Buffer.from(archive.subarray(0, 4)).toString()).toBe('MZKB');
    // Nothing readable inside without the passphrase.
    expect(Buffer.from(archive).includes(Buffer.from(DEMO_KYC_APPLICANTS[0].email))).toBe(false);
    const audits = await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, done.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['kyc.backup_download', 'kyc.backup_export']);
    expect((await admin.json<{ items: BackupJob[] }>('GET', `${API}/jobs`)).body.items.some((j) => j.id === done.id)).toBe(true);
  });

  it('refuses a wrong passphrase and a damaged archive without changing anything', async () => {
    const before = await snapshot();
    const wrong = await uploadArchive(archive);
    expect(wrong.failed).toBeNull();
    const failed = await poll((await admin.json<BackupJob>('POST', `${API}/restores/${wrong.id}/apply`, { passphrase: 'not the right one at all' })).body);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/passphrase does not open/);

    const damaged = Buffer.from(archive);
    damaged[Math.floor(damaged.length * 0.7)] ^= 0xff;
    const bad = await uploadArchive(damaged);
    const verdict = await poll((await admin.json<BackupJob>('POST', `${API}/restores/${bad.id}/apply`, { passphrase: PASSPHRASE })).body);
    expect(verdict.status).toBe('failed');
    expect(verdict.error).toMatch(/damaged/);
    expect(await snapshot()).toEqual(before);

    // A chunk of the wrong size, and an incomplete upload, are refused.
    const partial = await uploadArchive(archive, 1000);
    expect(partial.failed?.status).toBe(400);
    const incomplete = await admin.json<{ error: string }>('POST', `${API}/restores/${partial.id}/verify`, { passphrase: PASSPHRASE });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error).toBe('upload_incomplete');
  });

  it('exports, wipes, restores, and brings back the same records byte for byte and the same documents', async () => {
    const before = await snapshot();
    const fileRows = await database.db.select().from(storedFiles).where(sql`${storedFiles.id} in (select file_id from kyc_documents where user_id in (${sql.join(applicantIds.map((id) => sql`${id}::uuid`), sql`, `)}))`);
    const sums = new Map(fileRows.map((f) => [f.id, f.sha256]));

    // Wipe: the KYC records, the file records and the encrypted blobs.
    await database.db.transaction(async (tx) => {
      const ids = sql.join(applicantIds.map((id) => sql`${id}::uuid`), sql`, `);
      await tx.execute(sql`delete from kyc_status_history where user_id in (${ids})`);
      await tx.execute(sql`delete from kyc_documents where user_id in (${ids})`);
      await tx.execute(sql`delete from kyc_applications where user_id in (${ids})`);
      await tx.delete(storedFiles).where(inArray(storedFiles.id, [...sums.keys()]));
      await tx.update(users).set({ kycStatus: 'not_started' }).where(inArray(users.id, applicantIds));
    });
    for (const f of fileRows) await fileStore().storage.delete(f.storageKey);
    expect((await snapshot()).applications).toEqual([]);

    const up = await uploadArchive(archive);
    expect(up.failed).toBeNull();
    const checked = await poll((await admin.json<BackupJob>('POST', `${API}/restores/${up.id}/verify`, { passphrase: PASSPHRASE })).body);
    expect(checked.error).toBeNull();
    expect(checked.report).toMatchObject({ checksumsMatch: true, documentsVerified: 10, absentHere: 3, changedHere: 0, missingUsers: 0 });
    expect((await snapshot()).applications).toEqual([]); // verifying changes nothing

    const restored = await poll((await admin.json<BackupJob>('POST', `${API}/restores/${up.id}/apply`, { passphrase: PASSPHRASE })).body);
    expect(restored.error).toBeNull();
    expect(restored.summary).toBe('3 records, 10 documents restored, all checksums match.');
    expect(restored.report?.restored).toEqual({ records: 3, documents: 10, verified: true, skippedApplications: 0 });

    const after = await snapshot();
    expect(after).toEqual(before); // every row's JSON text, timestamps to the microsecond

    // The documents open again through the files API, with their original content.
    for (const [id, sum] of sums) {
      const res = await admin.get(`/api/files/${id}`);
      expect(res.status, id).toBe(200);
      expect(createHash('sha256').update(new Uint8Array(await res.arrayBuffer())).digest('hex')).toBe(sum);
    }
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.entityId, restored.id));
    expect(audit.action).toBe('kyc.backup_restore');

    // Restoring again over identical records is harmless and reports the same.
    const again = await poll((await admin.json<BackupJob>('POST', `${API}/restores/${up.id}/apply`, { passphrase: PASSPHRASE })).body);
    expect(again.status).toBe('done');
    expect(await snapshot()).toEqual(before);
  });
});
