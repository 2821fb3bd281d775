/** KYC API: the admin queue and document center lists, and the demo seed. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { users } from '../auth/schema';
import { type AdminDocumentListItem, type AdminKycDetail, type AdminKycListItem } from './contract';
import { demoPdf, demoPng } from './demo-files';
import { kycApplications, kycStatusHistory } from './schema';
import { seedKycDemo } from './seed';
import { kycApiSuite } from './kyc-api-suite';

describeEachDb('KYC API: admin lists', (kind) => {
  const suite = kycApiSuite(kind, 'kyc-admin');
  const { investor, upload, complete } = suite;
  let database: Database;
  let admin: TestClient;
  beforeAll(() => {
    ({ database, admin } = suite);
  });

  describe('admin lists', () => {
    it('filters, searches, sorts and paginates the queue on the server', async () => {
      const a = await investor({ firstName: 'Queue', lastName: 'Alpha' });
      const b = await investor({ firstName: 'Queue', lastName: 'Beta' });
      await complete(a.client, { personal: { firstName: 'Zayed', lastName: 'Queueson' } });
      await complete(b.client, { personal: { firstName: 'Amal', lastName: 'Queueson' } });
      await a.client.json('POST', '/api/kyc/submit', { declaration: true });
      await b.client.json('POST', '/api/kyc/submit', { declaration: true });
      await database.db.update(kycApplications).set({ submittedAt: new Date(Date.now() - 10 * 86400_000) }).where(eq(kycApplications.userId, a.id));

      const list = (qs: string) => admin.json<{ items: AdminKycListItem[]; total: number }>('GET', `/api/admin/kyc?${qs}`);
      const q = await list('q=queueson&status=submitted');
      expect(q.status).toBe(200);
      expect(q.body.total).toBe(2);
      expect(q.body.items.map((i) => i.name)).toEqual(['Zayed Queueson', 'Amal Queueson']); // oldest first
      expect(q.body.items[0]).toMatchObject({ status: 'submitted', riskLevel: 'low', documentsCount: 4, classification: 'retail', nationality: 'AE', ageDays: 10 });
      expect((await list('q=queueson&sort=name')).body.items.map((i) => i.name)).toEqual(['Amal Queueson', 'Zayed Queueson']);
      expect((await list('q=queueson&sort=-name')).body.items[0].name).toBe('Zayed Queueson');
      const old = await list('q=queueson&olderThanDays=7');
      expect(old.body.items.map((i) => i.userId)).toEqual([a.id]);
      const page = await list('q=queueson&limit=1&offset=1');
      expect(page.body).toMatchObject({ total: 2 });
      expect(page.body.items).toHaveLength(1);
      expect((await list('q=queueson&status=approved')).body.total).toBe(0);
      expect((await list(`q=${encodeURIComponent(a.email)}`)).body.items.map((i) => i.userId)).toEqual([a.id]);
      expect((await list('q=%25')).status).toBe(200);
      const bad = await list('status=done');
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: 'validation_failed' });
      expect((await list('limit=1000')).status).toBe(400);
    });

    it('lists every document in the document center, searchable by user, type and status', async () => {
      const { id, email, client } = await investor({ firstName: 'Docs', lastName: 'Center' });
      await upload(client, 'selfie', demoPng(90, 90));
      await upload(client, 'selfie', demoPng(91, 91));
      await upload(client, 'proof_of_address', demoPdf(['Bill']), 'bill.pdf', 'application/pdf');
      const docs = (qs: string) => admin.json<{ items: AdminDocumentListItem[]; total: number }>('GET', `/api/admin/documents?${qs}`);
      const mine = await docs(`q=${encodeURIComponent(email)}`);
      expect(mine.status).toBe(200);
      expect(mine.body.total).toBe(2);
      expect(mine.body.items[0]).toMatchObject({ userId: id, email, userName: 'Docs Center', applicationStatus: 'in_progress', type: 'proof_of_address', contentType: 'application/pdf' });
      expect((await docs(`userId=${id}&type=selfie`)).body.items.map((d) => d.width)).toEqual([91]);
      expect((await docs(`userId=${id}&type=selfie&includeSuperseded=true`)).body.total).toBe(2);
      expect((await docs(`userId=${id}&status=accepted`)).body.total).toBe(0);
      expect((await docs(`userId=${id}&status=pending`)).body.total).toBe(2);
      expect((await docs('type=nonsense')).status).toBe(400);
    });
  });

  describe('demo seed', () => {
    it('creates a living queue once: submitted, rejected and flagged applicants with documents', async () => {
      expect((await seedKycDemo(database.db)).created).toBe(3);
      expect((await seedKycDemo(database.db)).created).toBe(0);
      const rows = await database.db.select({ email: users.email, status: users.kycStatus }).from(users);
      const status = (email: string) => rows.find((r) => r.email === email)?.status;
      expect(status('fatima.almansoori@example.ae')).toBe('submitted');
      expect(status('rohan.mehta@example.com')).toBe('rejected');
      expect(status('samira.khuzaymi@example.com')).toBe('submitted');
      expect(status('investor@manzil.ae')).toBe('not_started');
      const flagged = await database.db.select().from(kycApplications).where(eq(kycApplications.flagged, true));
      expect(flagged.some((f) => f.legalName === 'Samira Al-Khuzaymi')).toBe(true);
      const history = await database.db.select().from(kycStatusHistory);
      expect(history.length).toBeGreaterThan(0);
      const list = await admin.json<{ items: AdminKycListItem[] }>('GET', '/api/admin/kyc?q=example.ae');
      const fatima = list.body.items.find((i) => i.email === 'fatima.almansoori@example.ae')!;
      expect(fatima.documentsCount).toBe(4);
      const detail = await admin.json<AdminKycDetail>('GET', `/api/admin/kyc/${fatima.userId}`);
      const res = await admin.request('GET', detail.body.documents[0].url);
      expect(res.status).toBe(200);
    });
  });
});
