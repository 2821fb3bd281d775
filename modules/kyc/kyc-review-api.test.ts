/** KYC API: the status machine (submit, review, reject per document, resubmit, approve) and screening on submission. */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { TestClient } from '@tests/helpers/client';
import { describeEachDb } from '@tests/helpers/db';
import { auditLog } from '../audit/schema';
import { isKycVerified } from '../auth/contract';
import { notifications } from '../notifications/schema';
import { type AdminKycDetail, type AdminKycListItem, type KycApplicationJson, type KycMissingItem } from './contract';
import { demoPdf, demoPng } from './demo-files';
import { kycApplications } from './schema';
import { address, emiratesId, financial, kycApiSuite, personal } from './kyc-api-suite';

describeEachDb('KYC API: review', (kind) => {
  const suite = kycApiSuite(kind, 'kyc-review');
  const { investor, upload, get, me, complete } = suite;
  let database: Database;
  let admin: TestClient;
  beforeAll(() => {
    ({ database, admin } = suite);
  });

  describe('status machine', () => {
    it('will not submit until every step, every document and the declaration are there (422 with the list)', async () => {
      const { client } = await investor();
      const empty = await client.json('POST', '/api/kyc/submit', { declaration: true });
      expect(empty.status).toBe(422);
      expect(empty.body.error).toBe('kyc_incomplete');
      expect((empty.body.missing as KycMissingItem[]).map((m) => m.step)).toEqual(['personal', 'documents', 'documents', 'address', 'financial']);

      expect((await client.json('PUT', '/api/kyc/personal', personal())).status).toBe(200);
      const skip = await client.json('POST', '/api/kyc/submit', { declaration: true });
      expect(skip.status).toBe(422);
      const missing = skip.body.missing as KycMissingItem[];
      expect(missing.filter((m) => m.step === 'documents').map((m) => m.documentType)).toEqual(['emirates_id_front', 'emirates_id_back', 'proof_of_address', 'selfie']);
      expect(missing.some((m) => m.step === 'address')).toBe(true);
      expect(await me(client)).toBe('in_progress');

      await complete(client);
      const noDeclaration = await client.json('POST', '/api/kyc/submit', {});
      expect(noDeclaration.status).toBe(422);
      expect(noDeclaration.body.missing).toEqual([{ step: 'review', field: 'declaration', message: 'Please confirm the declaration before submitting' }]);
      expect((await get(client)).missing).toEqual([]);
      expect(await me(client)).toBe('in_progress');
    });

    it('submitted → under_review → rejected (per document) → resubmitted → approved, with kycStatus following', async () => {
      const { id, client } = await investor({ firstName: 'Noura', lastName: 'Saeed' });
      const docs = await complete(client, { personal: { firstName: 'Noura', lastName: 'Saeed' } });
      const sub = await client.json<KycApplicationJson>('POST', '/api/kyc/submit', { declaration: true });
      expect(sub.status).toBe(200);
      expect(sub.body).toMatchObject({ status: 'submitted', editable: false });
      expect(sub.body.steps.review.complete).toBe(true);
      expect(sub.body.declarationAcceptedAt).not.toBeNull();
      expect(await me(client)).toBe('submitted');
      const adminNote = await database.db.select().from(notifications).where(eq(notifications.kind, 'kyc_submitted'));
      expect(adminNote.some((n) => n.title === 'New KYC application: Noura Saeed')).toBe(true);

      // No edits and no second submission while it waits.
      const locked = await client.json('PUT', '/api/kyc/address', address);
      expect(locked.status).toBe(409);
      expect(locked.body.error).toBe('kyc_locked');
      expect((await upload(client, 'selfie', demoPng())).status).toBe(409);
      expect((await client.json('POST', '/api/kyc/submit', { declaration: true })).status).toBe(409);

      const start = await admin.json<AdminKycDetail>('POST', `/api/admin/kyc/${id}/start-review`, {});
      expect(start.status).toBe(200);
      expect(start.body.application.status).toBe('under_review');
      expect(await me(client)).toBe('under_review');
      expect((await client.json('PUT', '/api/kyc/financial', financial())).status).toBe(409);

      const badDoc = await admin.json('POST', `/api/admin/kyc/${id}/reject`, { reason: 'Your proof of address is too old.', documents: [{ id: crypto.randomUUID(), reason: 'Old' }] });
      expect(badDoc.status).toBe(400);
      expect((await admin.json('POST', `/api/admin/kyc/${id}/reject`, { reason: 'short' })).status).toBe(400);
      const rej = await admin.json<AdminKycDetail>('POST', `/api/admin/kyc/${id}/reject`, {
        reason: 'Your proof of address is too old.',
        documents: [{ id: docs.proof_of_address.id, reason: 'The bill is from last year.' }],
      });
      expect(rej.status).toBe(200);
      expect(rej.body.application.status).toBe('rejected');
      expect(await me(client)).toBe('rejected');

      const seen = await get(client);
      expect(seen.editable).toBe(true);
      expect(seen.rejection).toEqual({ reason: 'Your proof of address is too old.', documents: [{ id: docs.proof_of_address.id, type: 'proof_of_address', reason: 'The bill is from last year.' }] });
      expect(seen.documents.find((d) => d.type === 'proof_of_address')?.status).toBe('rejected');
      const userNote = await database.db.select().from(notifications).where(and(eq(notifications.userId, id), eq(notifications.kind, 'kyc')));
      expect(userNote.map((n) => n.title)).toContain('Your identity verification needs changes');

      // The rejected document must be replaced before resubmitting.
      const again = await client.json('POST', '/api/kyc/submit', { declaration: true });
      expect(again.status).toBe(422);
      expect(again.body.missing).toEqual([{ step: 'documents', documentType: 'proof_of_address', message: 'Upload a new proof of address: The bill is from last year..' }]);
      expect((await upload(client, 'proof_of_address', demoPdf(['A recent bill']), 'bill.pdf', 'application/pdf')).status).toBe(201);
      expect((await client.json('PUT', '/api/kyc/address', { ...address, line1: '14 Marina Walk, Tower C' })).status).toBe(200);
      const resub = await client.json<KycApplicationJson>('POST', '/api/kyc/submit', { declaration: true });
      expect(resub.status).toBe(200);
      expect(resub.body.status).toBe('resubmitted');
      expect(resub.body.rejection).toBeNull();
      expect(await me(client)).toBe('resubmitted');

      // Approving straight from resubmitted passes through under_review (recorded).
      const ok = await admin.json<AdminKycDetail>('POST', `/api/admin/kyc/${id}/approve`, { note: 'Documents in order.' });
      expect(ok.status).toBe(200);
      expect(ok.body.application.status).toBe('approved');
      expect(ok.body.application.documents.every((d) => d.status === 'accepted')).toBe(true);
      expect(ok.body.actions).toEqual({ startReview: false, approve: false, reject: false, requestDocuments: false });
      expect(ok.body.history.map((h) => h.to).reverse()).toEqual(['in_progress', 'submitted', 'under_review', 'rejected', 'resubmitted', 'under_review', 'approved']);
      expect(ok.body.history[0].actor?.role).toBe('admin');
      const kycStatus = await me(client);
      expect(kycStatus).toBe('approved');
      expect(isKycVerified(kycStatus)).toBe(true);

      // Approved is final for the investor and for further decisions.
      expect((await client.json('PUT', '/api/kyc/personal', personal())).status).toBe(409);
      expect((await client.json('POST', '/api/kyc/submit', { declaration: true })).status).toBe(409);
      const twice = await admin.json('POST', `/api/admin/kyc/${id}/reject`, { reason: 'Changed my mind about it.' });
      expect(twice.status).toBe(409);
      expect(twice.body.error).toBe('kyc_not_reviewable');

      const actions = (await database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action).sort();
      expect(actions).toEqual(['kyc.approve', 'kyc.reject', 'kyc.start_review']);
    });

    it('request-documents sends the application back with the types asked for', async () => {
      const { id, client } = await investor();
      await complete(client);
      expect((await client.json('POST', '/api/kyc/submit', { declaration: true })).status).toBe(200);
      expect((await admin.json('POST', `/api/admin/kyc/${id}/request-documents`, { types: [], message: 'Please send more.' })).status).toBe(400);
      const req = await admin.json<AdminKycDetail>('POST', `/api/admin/kyc/${id}/request-documents`, { types: ['supporting'], message: 'Please upload a salary certificate from your employer.' });
      expect(req.status).toBe(200);
      const seen = await get(client);
      expect(seen.status).toBe('rejected');
      expect(seen.requestedDocuments).toMatchObject({ types: ['supporting'], message: 'Please upload a salary certificate from your employer.' });
      expect(seen.missing).toEqual([{ step: 'documents', documentType: 'supporting', message: 'Upload the supporting document we asked for.' }]);
      expect((await client.json('POST', '/api/kyc/submit', { declaration: true })).status).toBe(422);
      expect((await upload(client, 'supporting', demoPdf(['Salary certificate']), 'salary.pdf', 'application/pdf')).status).toBe(201);
      const resub = await client.json<KycApplicationJson>('POST', '/api/kyc/submit', { declaration: true });
      expect(resub.body.status).toBe('resubmitted');
      expect(resub.body.requestedDocuments).toBeNull();
      const audit = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'kyc.request_documents')));
      expect(audit).toHaveLength(1);
    });

    it('does not decide an application that was never submitted', async () => {
      const { id, client } = await investor();
      expect((await admin.json('POST', `/api/admin/kyc/${id}/approve`, {})).status).toBe(404);
      await client.json('PUT', '/api/kyc/address', address);
      const r = await admin.json('POST', `/api/admin/kyc/${id}/approve`, {});
      expect(r.status).toBe(409);
      expect(await me(client)).toBe('in_progress');
      expect((await admin.json('GET', `/api/admin/kyc/${crypto.randomUUID()}`)).status).toBe(404);
      expect((await admin.json('GET', '/api/admin/kyc/not-a-uuid')).status).toBe(400);
    });
  });

  describe('screening', () => {
    it('stores hits on submission; a flagged applicant is approved only with an override and a reason', async () => {
      const { id, client } = await investor({ firstName: 'Karim', lastName: 'Mirqadi' });
      await complete(client, { personal: { firstName: 'Karim', lastName: 'Al-Mirqadi', dateOfBirth: '1968-04-12', idNumber: emiratesId(1968) } });
      const sub = await client.json<KycApplicationJson>('POST', '/api/kyc/submit', { declaration: true });
      expect(sub.status).toBe(200);
      expect(sub.body.status).toBe('submitted');

      const detail = (await admin.json<AdminKycDetail>('GET', `/api/admin/kyc/${id}`)).body;
      expect(detail.screening.flagged).toBe(true);
      expect(detail.screening.riskLevel).toBe('high');
      expect(detail.screening.hits[0]).toMatchObject({ name: 'Karim Al-Mirqadi', category: 'sanctions' });
      expect(detail.approvalNeedsOverride).toBe(true);
      // Opening the detail does not change the status.
      expect(detail.application.status).toBe('submitted');

      const list = await admin.json<{ items: AdminKycListItem[]; total: number }>('GET', '/api/admin/kyc?risk=high&status=pending');
      expect(list.body.items.map((i) => i.userId)).toContain(id);

      const refused = await admin.json('POST', `/api/admin/kyc/${id}/approve`, {});
      expect(refused.status).toBe(422);
      expect(refused.body.error).toBe('screening_override_required');
      expect((await admin.json('POST', `/api/admin/kyc/${id}/approve`, { override: true })).status).toBe(400);
      expect(await me(client)).toBe('submitted');

      const ok = await admin.json<AdminKycDetail>('POST', `/api/admin/kyc/${id}/approve`, { override: true, overrideReason: 'Different person: passport and date of birth checked against the listing.' });
      expect(ok.status).toBe(200);
      expect(await me(client)).toBe('approved');
      const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'kyc.approve')));
      expect(audit.details).toMatchObject({ flagged: true, override: true, overrideReason: 'Different person: passport and date of birth checked against the listing.' });
      expect(ok.body.history[0].note).toMatch(/Screening override/);
    });

    it('raises a self-declared politically exposed person to medium risk without flagging', async () => {
      const { id, client } = await investor();
      await complete(client, { financial: { politicallyExposed: true } });
      expect((await client.json('POST', '/api/kyc/submit', { declaration: true })).status).toBe(200);
      const [row] = await database.db.select().from(kycApplications).where(eq(kycApplications.userId, id));
      expect(row).toMatchObject({ riskLevel: 'medium', flagged: false });
      expect((await admin.json('POST', `/api/admin/kyc/${id}/approve`, {})).status).toBe(200);
    });
  });
});
