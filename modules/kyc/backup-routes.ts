import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { parseCookieHeader, SESSION_COOKIE } from '@api/cookies';
import { readLimitedBytes } from '@api/body';
import { AppError, badRequest } from '@api/errors';
import { csvResponse, exportName } from '@api/list';
import { requestMeta } from '@api/request-meta';
import { authPlugin, isStaffRole, loadSession } from '../auth';
import { backupJobsQuery, chunkQuery, exportInput, jobIdParam, passphraseInput, previewQuery, RESTORE_CHUNK_BYTES, startRestoreInput, backupMessages } from './backup-contract';
import * as backup from './backup';

async function requireAdmin(db: Db, token: string | undefined) {
  const found = await loadSession(db, token);
  if (!found || found.session.mfaPending) throw new AppError(401, 'unauthenticated', 'Please log in to continue.');
  if (!isStaffRole(found.user.role)) throw new AppError(403, 'forbidden', 'This area is for Manzil administrators only.');
}


/**
 * KYC backup and restore under /api/admin/kyc/backup (admins only; see backup-contract.ts). Exports and
 * restores run as jobs the screen polls; archives are encrypted with the administrator's passphrase.
 */
export const kycBackupRoutes = (deps: { db: Db; log?: Pick<Console, 'error'> }) => {
  const { db } = deps;
  const log = deps.log ?? console;
  const actor = (user: { id: string; email: string }, request: Request) => ({ id: user.id, email: user.email, ip: requestMeta(request).ip });
  return new Elysia({ prefix: '/api/admin/kyc/backup' })
    .use(authPlugin(deps))
    .onTransform(async ({ cookie }) => requireAdmin(db, cookie[SESSION_COOKIE]?.value as string | undefined))
    .get('/preview', ({ query }) => backup.previewBackup(db, query), { auth: 'kyc:read', query: previewQuery })
    .post(
      '/exports',
      async ({ body, user, request, set }) => {
        set.status = 202;
        return backup.startExport(db, body, actor(user, request), log);
      },
      { auth: 'kyc:write', body: exportInput },
    )
    .get('/jobs', ({ query }) => backup.listJobs(query), { auth: 'kyc:read', query: backupJobsQuery })
    .get('/jobs/export', ({ query }) => csvResponse(exportName('kyc-backup-jobs'), backup.BACKUP_JOBS_CSV_HEADER, backup.jobCsvRows(query)), { auth: 'kyc:read', query: backupJobsQuery })
    .get('/jobs/:id', ({ params }) => backup.getJob(params.id), { auth: 'kyc:read', params: jobIdParam })
    .get(
      '/exports/:id/download',
      async ({ params, user, request }) => {
        const file = await backup.exportFile(db, params.id, actor(user, request));
        return new Response(Bun.file(file.path), {
          headers: {
            'content-type': 'application/octet-stream',
            'content-length': String(file.size),
            'content-disposition': `attachment; filename="${file.fileName}"`,
            'cache-control': 'no-store',
          },
        });
      },
      { auth: 'kyc:read', params: jobIdParam },
    )
    .post(
      '/restores',
      ({ body, user, request, set }) => {
        set.status = 201;
        return backup.startUpload(body, actor(user, request));
      },
      { auth: 'kyc:write', body: startRestoreInput },
    )
    .post(
      '/restores/:id/chunks',
      async ({ params, query, body }) => {
        const chunk = body instanceof FormData ? body.get('chunk') : null;
        if (!(chunk instanceof Blob)) throw badRequest(backupMessages.chunkMissing, 'validation_failed');
        return backup.writeChunk(params.id, query.index, new Uint8Array(await chunk.arrayBuffer()));
      },
      {
        auth: 'kyc:read',
        params: jobIdParam,
        query: chunkQuery,
        // The admin check and the size limit come before the chunk is read.
        async parse({ request, contentType }) {
          if (!contentType?.startsWith('multipart/form-data')) throw badRequest(backupMessages.chunkMissing, 'validation_failed');
          await requireAdmin(db, parseCookieHeader(request.headers.get('cookie'))[SESSION_COOKIE]);
          const bytes = await readLimitedBytes(request, RESTORE_CHUNK_BYTES + 64 * 1024);
          return new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
        },
      },
    )
    .post('/restores/:id/verify', ({ params, body, user, request, set }) => {
      set.status = 202;
      return backup.startVerify(db, params.id, body.passphrase, actor(user, request), log);
    }, { auth: 'kyc:write', params: jobIdParam, body: passphraseInput })
    .post('/restores/:id/apply', ({ params, body, user, request, set }) => {
      set.status = 202;
      return backup.startRestore(db, params.id, body.passphrase, actor(user, request), log);
    }, { auth: 'kyc:write', params: jobIdParam, body: passphraseInput });
};
