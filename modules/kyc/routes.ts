import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { SESSION_COOKIE } from '@api/cookies';
import { AppError, badRequest } from '@api/errors';
import { requestMeta } from '@api/request-meta';
import { authPlugin, isStaffRole, loadSession } from '../auth';
import { fileRules, fileTooLarge, unsupportedFile } from '../files';
import {
  addressInput,
  approveInput,
  documentTypeSchema,
  financialInput,
  KYC_DOCUMENT_TYPES,
  kycMessages,
  MAX_UPLOAD_BYTES,
  personalInput,
  rejectInput,
  requestDocumentsInput,
  submitBody,
} from './contract';
import { csvResponse, exportName } from '@api/list';
import { documentCsvRows, DOCUMENTS_CSV_HEADER, KYC_CSV_HEADER, kycCsvRows, listApplications, listDocuments } from './admin-list';
import { adminDocumentsQuery, adminKycListQuery } from './admin-list-contract';
import * as kyc from './service';
import * as review from './review';

const userParam = z.object({ userId: z.uuid({ error: 'userId must be a user id' }) });
/** Room for the multipart envelope and the type field around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The body of an upload as FormData, refusing an oversized one (by its Content-Length) before reading it.
 * Runs as the route's parser, so nothing else reads the body first.
 */
async function parseUpload(request: Request): Promise<FormData> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) {
    throw new AppError(415, 'unsupported_content_type', 'Upload documents as multipart/form-data with the fields type and file.', fileRules());
  }
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) throw fileTooLarge(declared);
  try {
    return await request.formData();
  } catch {
    throw badRequest('The upload could not be read. Send multipart/form-data with the fields type and file.', 'malformed_body');
  }
}

/** `type` and `file` from an upload's form, checked. */
async function readUpload(form: unknown) {
  if (!(form instanceof FormData)) {
    throw new AppError(415, 'unsupported_content_type', 'Upload documents as multipart/form-data with the fields type and file.', fileRules());
  }
  const docType = documentTypeSchema.safeParse(form.get('type'));
  if (!docType.success) {
    throw badRequest(`${kycMessages.documentType}: one of ${KYC_DOCUMENT_TYPES.join(', ')}.`, 'validation_failed', { fields: { type: kycMessages.documentType } });
  }
  const file = form.get('file');
  if (!file || typeof file === 'string') throw badRequest(kycMessages.fileMissing, 'validation_failed', { fields: { file: kycMessages.fileMissing } });
  if (file.size > MAX_UPLOAD_BYTES) throw fileTooLarge(file.size);
  if (file.size === 0) throw unsupportedFile('The file is empty.');
  return { type: docType.data, bytes: new Uint8Array(await file.arrayBuffer()), originalName: file.name || null };
}

/**
 * KYC for investors (/api/kyc) and its review for admins (/api/admin/kyc, /api/admin/documents).
 * The full contract, with the status machine, is at the top of ./contract.ts.
 */
export const kycRoutes = (deps: { db: Db }) => {
  const { db } = deps;

  const investor = new Elysia({ prefix: '/api/kyc' })
    .use(authPlugin(deps))
    .get('/', ({ user }) => kyc.getApplication(db, user.id), { auth: 'user' })
    .put('/personal', ({ user, body }) => kyc.saveStep(db, user.id, { step: 'personal', data: body }), { auth: 'user', body: personalInput })
    .put('/address', ({ user, body }) => kyc.saveStep(db, user.id, { step: 'address', data: body }), { auth: 'user', body: addressInput })
    .put('/financial', ({ user, body }) => kyc.saveStep(db, user.id, { step: 'financial', data: body }), { auth: 'user', body: financialInput })
    .post(
      '/documents',
      async ({ user, body, set }) => {
        const upload = await readUpload(body);
        const doc = await kyc.uploadDocument(db, user.id, upload);
        set.status = 201;
        return doc;
      },
      { auth: 'user', parse: ({ request }) => parseUpload(request) },
    )
    .post('/submit', ({ user, body }) => kyc.submitApplication(db, user.id, body), { auth: 'user', body: submitBody });

  const admin = new Elysia({ prefix: '/api/admin' })
    .use(authPlugin(deps))
    // Visitors get 401 and investors 403 before any input is validated.
    .onTransform(async ({ cookie }) => {
      const found = await loadSession(db, cookie[SESSION_COOKIE]?.value as string | undefined);
      if (!found || found.session.mfaPending) throw new AppError(401, 'unauthenticated', 'Please log in to continue.');
      if (!isStaffRole(found.user.role)) throw new AppError(403, 'forbidden', 'This area is for Manzil administrators only.');
    })
    .get('/kyc', ({ query }) => listApplications(db, query), { auth: 'kyc:read', query: adminKycListQuery })
    .get('/kyc/export', ({ query }) => csvResponse(exportName('kyc-applications'), KYC_CSV_HEADER, kycCsvRows(db, query)), { auth: 'kyc:read', query: adminKycListQuery })
    .get('/kyc/:userId', ({ params }) => review.getApplicationDetail(db, params.userId), { auth: 'kyc:read', params: userParam })
    .post('/kyc/:userId/start-review', ({ params, user, request }) => review.startReview(db, params.userId, { id: user.id, ip: requestMeta(request).ip }), {
      auth: 'kyc:write',
      params: userParam,
    })
    .post('/kyc/:userId/approve', ({ params, body, user, request }) => review.approveApplication(db, params.userId, body, { id: user.id, ip: requestMeta(request).ip }), {
      auth: 'kyc:write',
      params: userParam,
      body: approveInput,
    })
    .post('/kyc/:userId/reject', ({ params, body, user, request }) => review.rejectApplication(db, params.userId, body, { id: user.id, ip: requestMeta(request).ip }), {
      auth: 'kyc:write',
      params: userParam,
      body: rejectInput,
    })
    .post(
      '/kyc/:userId/request-documents',
      ({ params, body, user, request }) => review.requestDocuments(db, params.userId, body, { id: user.id, ip: requestMeta(request).ip }),
      { auth: 'kyc:write', params: userParam, body: requestDocumentsInput },
    )
    .get('/documents', ({ query }) => listDocuments(db, query), { auth: 'kyc:read', query: adminDocumentsQuery })
    .get('/documents/export', ({ query }) => csvResponse(exportName('kyc-documents'), DOCUMENTS_CSV_HEADER, documentCsvRows(db, query)), { auth: 'kyc:read', query: adminDocumentsQuery });

  return new Elysia().use(investor).use(admin);
};
