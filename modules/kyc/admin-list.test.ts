import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApp } from '@api/app';
import type { Database } from '@db/client';
import { adminSession, parseCsv } from '@tests/helpers/admin-session';
import { createTestDatabase, describeEachDb } from '@tests/helpers/db';
import { users } from '../auth/schema';
import { storedFiles } from '../files/schema';
import type { AdminDocumentListItem, AdminKycListItem } from './contract';
import { kycApplications, kycDocuments } from './schema';

type Page<T> = { items: T[]; total: number };

describeEachDb('GET /api/admin/kyc and /api/admin/documents (the list contract)', (kind) => {
  let database: Database;
  let app: ReturnType<typeof createApp>;
  let get: (path: string) => Promise<Response>;
  const json = async <T,>(path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as Page<T>;
  };
  const N = 60;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = createApp({ db: database.db });
    ({ get } = await adminSession(database.db, app));
    // 61 applicants submitted an hour apart; Aïsha Khan submitted last, so the queue (oldest first) never shows her on page one.
    const start = Date.UTC(2026, 0, 1);
    const people = await database.db
      .insert(users)
      .values(
        Array.from({ length: N + 1 }, (_, i) => ({
          email: i === N ? 'aisha.khan@example.ae' : `applicant${String(i).padStart(2, '0')}@example.ae`,
          passwordHash: 'x',
          firstName: i === N ? 'Aïsha' : `Applicant${i}`,
          lastName: i === N ? 'Khan' : 'Test',
          unicode: `MZ-K${String(i).padStart(4, '0')}`,
          kycStatus: 'submitted',
        })),
      )
      .returning();
    await database.db.insert(kycApplications).values(
      people.map((u, i) => ({
        userId: u.id,
        status: 'submitted',
        legalName: i === N ? 'Aïsha Noor Khan' : null,
        idNumber: `784-1990-${String(i).padStart(7, '0')}-1`,
        riskLevel: i % 3 === 0 ? 'high' : 'low',
        submittedAt: new Date(start + i * 3_600_000),
        createdAt: new Date(start + i * 3_600_000 - 60_000),
      })),
    );
    // One passport each, uploaded in the opposite order: Aïsha's is the oldest, last in the newest-first center.
    const files = await database.db
      .insert(storedFiles)
      .values(people.map((u) => ({ ownerId: u.id, purpose: 'kyc', contentType: 'application/pdf', size: 1000, sha256: 'x', storage: 'local', storageKey: `k/${u.id}`, keyId: 'k' })))
      .returning();
    await database.db.insert(kycDocuments).values(
      people.map((u, i) => ({ userId: u.id, type: 'passport', fileId: files[i]!.id, originalName: i === N ? '=Passport Aïsha.pdf' : `passport-${i}.pdf`, uploadedAt: new Date(start + (N - i) * 60_000) })),
    );
  });
  afterAll(() => database.close());

  it('the queue: a search finds the applicant beyond the first page, ignoring accents and case', async () => {
    const first = await json<AdminKycListItem>('/api/admin/kyc');
    expect(first.total).toBe(N + 1);
    expect(first.items).toHaveLength(50);
    expect(first.items.some((a) => a.email === 'aisha.khan@example.ae')).toBe(false);
    for (const q of ['aisha', 'AÏSHA KHAN', 'khan noor', 'mz-k0060', '784-1990-0000060', 'aisha.khan@EXAMPLE']) {
      const found = await json<AdminKycListItem>(`/api/admin/kyc?q=${encodeURIComponent(q)}`);
      expect(found, q).toMatchObject({ total: 1, items: [{ email: 'aisha.khan@example.ae', name: 'Aïsha Noor Khan' }] });
    }
    expect((await json('/api/admin/kyc?q=%25')).total).toBe(0);
  });

  it('the queue: total is the filtered total, sorts both ways, the older words still work', async () => {
    const high = await json<AdminKycListItem>('/api/admin/kyc?risk=high&limit=5&offset=5');
    expect(high.total).toBe(21);
    expect(high.items).toHaveLength(5);
    const asc = await json<AdminKycListItem>('/api/admin/kyc?sort=submittedAt&limit=200');
    const desc = await json<AdminKycListItem>('/api/admin/kyc?sort=-submittedAt&limit=200');
    expect(asc.items[0]!.unicode).toBe('MZ-K0000');
    expect(desc.items.map((a) => a.userId)).toEqual([...asc.items].reverse().map((a) => a.userId));
    expect((await json<AdminKycListItem>('/api/admin/kyc?sort=-submitted_at&limit=1')).items[0]!.email).toBe('aisha.khan@example.ae');
    expect((await json<AdminKycListItem>('/api/admin/kyc?sort=-createdAt&limit=1')).items[0]!.email).toBe('aisha.khan@example.ae');
    expect((await json<AdminKycListItem>('/api/admin/kyc?sort=createdAt&limit=1')).items[0]!.unicode).toBe('MZ-K0000');
    const a = await json<AdminKycListItem>('/api/admin/kyc?sort=name&limit=30');
    const b = await json<AdminKycListItem>('/api/admin/kyc?sort=name&limit=40&offset=30');
    const names = [...a.items, ...b.items].map((x) => x.userId);
    expect(new Set(names).size).toBe(N + 1);
  });

  it.each(['limit=0', 'limit=201', 'limit=-1', 'limit=abc', 'offset=-1', 'sort=idNumber', 'status=done'])('the queue answers 400 to %s', async (query) => {
    const res = await get(`/api/admin/kyc?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe('validation_failed');
  });

  it('the queue CSV holds exactly the rows of the search', async () => {
    const res = await get('/api/admin/kyc/export?q=khan&limit=1&offset=3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="manzil-kyc-applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parseCsv(await res.text());
    expect(rows[0]![0]).toBe('Name');
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([['Aïsha Noor Khan', 'aisha.khan@example.ae', 'MZ-K0060']]);
    const all = parseCsv(await (await get('/api/admin/kyc/export?risk=high')).text());
    expect(all).toHaveLength(22);
    expect((await app.handle(new Request('http://localhost/api/admin/kyc/export'))).status).toBe(401);
  });

  it('documents: a search finds the document beyond the first page; total, sort and paging', async () => {
    const first = await json<AdminDocumentListItem>('/api/admin/documents');
    expect(first.total).toBe(N + 1);
    expect(first.items).toHaveLength(50);
    expect(first.items.some((d) => d.email === 'aisha.khan@example.ae')).toBe(false);
    for (const q of ['aisha khan', 'PASSPORT AÏSHA', 'mz-k0060']) {
      const found = await json<AdminDocumentListItem>(`/api/admin/documents?q=${encodeURIComponent(q)}`);
      expect(found, q).toMatchObject({ total: 1, items: [{ email: 'aisha.khan@example.ae', userName: 'Aïsha Noor Khan', type: 'passport' }] });
    }
    expect((await json('/api/admin/documents?q=passport&limit=10&offset=55')).items).toHaveLength(6);
    expect((await json('/api/admin/documents?q=passport')).total).toBe(N + 1);
    const newest = await json<AdminDocumentListItem>('/api/admin/documents?sort=-createdAt&limit=200');
    const oldest = await json<AdminDocumentListItem>('/api/admin/documents?sort=createdAt&limit=200');
    expect(oldest.items[0]!.email).toBe('aisha.khan@example.ae');
    expect(newest.items.map((d) => d.id)).toEqual([...oldest.items].reverse().map((d) => d.id));
    expect((await json<AdminDocumentListItem>('/api/admin/documents?sort=uploadedAt&limit=1')).items[0]!.email).toBe('aisha.khan@example.ae');
    expect((await json('/api/admin/documents?status=accepted')).total).toBe(0);
    for (const bad of ['limit=0', 'limit=201', 'limit=abc', 'offset=-1', 'sort=fileId', 'type=nonsense']) expect((await get(`/api/admin/documents?${bad}`)).status, bad).toBe(400);
  });

  it('documents CSV holds exactly the rows of the search, formulas neutralised', async () => {
    const res = await get('/api/admin/documents/export?q=aisha');
    expect(res.headers.get('content-disposition')).toMatch(/filename="manzil-kyc-documents-/);
    const rows = parseCsv(await res.text());
    expect(rows[0]![0]).toBe('Uploaded (UTC)');
    expect(rows.slice(1).map((r) => [r[1], r[2], r[5], r[8]])).toEqual([['Aïsha Noor Khan', 'aisha.khan@example.ae', 'passport', "'=Passport Aïsha.pdf"]]);
    expect(parseCsv(await (await get('/api/admin/documents/export')).text())).toHaveLength(N + 2);
  });
});
