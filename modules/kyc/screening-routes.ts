import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { parseCookieHeader, SESSION_COOKIE } from '@api/cookies';
import { readLimitedBytes } from '@api/body';
import { AppError, badRequest, tooLarge } from '@api/errors';
import { requestMeta } from '@api/request-meta';
import { authPlugin, isStaffRole, loadSession } from '../auth';
import { csvResponse, exportName } from '@api/list';
import { checkNameInput, listDetailQuery, listIdParam, MATCH_THRESHOLD, MAX_LIST_FILE_BYTES, screeningEntriesQuery, screeningListsQuery, uploadListInput } from './screening-contract';
import {
  checkName,
  deleteScreeningList,
  getScreeningList,
  listScreeningEntries,
  listScreeningLists,
  SCREENING_ENTRIES_CSV_HEADER,
  SCREENING_LISTS_CSV_HEADER,
  screeningEntryCsvRows,
  screeningListCsvRows,
  uploadScreeningList,
} from './screening';

/** Multipart overhead allowed on top of the file itself. */
const FORM_SLACK = 64 * 1024;

async function requireAdmin(db: Db, token: string | undefined) {
  const found = await loadSession(db, token);
  if (!found || found.session.mfaPending) throw new AppError(401, 'unauthenticated', 'Please log in to continue.');
  if (!isStaffRole(found.user.role)) throw new AppError(403, 'forbidden', 'This area is for Manzil administrators only.');
}

/**
 * Sanctions/PEP lists and the name check under /api/admin/screening (admins only: 401 visitor,
 * 403 investor, settled before the input is read). See screening-contract.ts for the shapes.
 */
export const screeningRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/admin/screening' })
    .use(authPlugin(deps))
    .onTransform(async ({ cookie }) => requireAdmin(db, cookie[SESSION_COOKIE]?.value as string | undefined))
    .get('/lists', async ({ query }) => ({ ...(await listScreeningLists(db, query)), threshold: MATCH_THRESHOLD }), { auth: 'kyc:read', query: screeningListsQuery })
    .get('/lists/export', ({ query }) => csvResponse(exportName('screening-lists'), SCREENING_LISTS_CSV_HEADER, screeningListCsvRows(db, query)), { auth: 'kyc:read', query: screeningListsQuery })
    .post(
      '/lists',
      async ({ body, user, request, set }) => {
        let input: unknown = body;
        if (body instanceof FormData) {
          const file = body.get('file');
          const csv = file instanceof Blob ? await file.text() : String(body.get('csv') ?? '');
          input = { name: String(body.get('name') ?? ''), csv, replace: ['true', 'on', '1'].includes(String(body.get('replace') ?? '')) };
        }
        const parsed = uploadListInput.safeParse(input);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw badRequest(issue.message, 'validation_failed', { fields: { [String(issue.path[0] ?? 'root')]: issue.message } });
        }
        const list = await uploadScreeningList(db, parsed.data, { id: user.id, ip: requestMeta(request).ip });
        set.status = 201;
        return list;
      },
      {
        auth: 'kyc:read',
        // Multipart: the admin check and the size limit come before the file is read.
        async parse({ request, contentType }) {
          if (!contentType?.startsWith('multipart/form-data')) return;
          await requireAdmin(db, parseCookieHeader(request.headers.get('cookie'))[SESSION_COOKIE]);
          const limit = MAX_LIST_FILE_BYTES + FORM_SLACK;
          const declared = Number(request.headers.get('content-length') ?? NaN);
          if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
          const bytes = await readLimitedBytes(request, limit);
          return new Response(bytes, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
        },
      },
    )
    .get('/lists/:id/entries', ({ params, query }) => listScreeningEntries(db, params.id, query), { auth: 'kyc:read', params: listIdParam, query: screeningEntriesQuery })
    .get(
      '/lists/:id/entries/export',
      async ({ params, query }) => csvResponse(exportName('screening-list-entries'), SCREENING_ENTRIES_CSV_HEADER, await screeningEntryCsvRows(db, params.id, query)),
      { auth: 'kyc:read', params: listIdParam, query: screeningEntriesQuery },
    )
    .get('/lists/:id', ({ params, query }) => getScreeningList(db, params.id, query), { auth: 'kyc:read', params: listIdParam, query: listDetailQuery })
    .delete('/lists/:id', ({ params, user, request }) => deleteScreeningList(db, params.id, { id: user.id, ip: requestMeta(request).ip }), {
      auth: 'kyc:write',
      params: listIdParam,
    })
    .post('/check', ({ body }) => checkName(db, { fullName: body.name, dateOfBirth: body.dateOfBirth, nationality: body.nationality }), {
      auth: 'kyc:write',
      body: checkNameInput,
    });
};


