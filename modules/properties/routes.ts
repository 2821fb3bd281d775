import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { SESSION_COOKIE } from '@api/cookies';
import { AppError, badRequest } from '@api/errors';
import { requestMeta } from '@api/request-meta';
import { authPlugin, isStaffRole, loadSession } from '../auth';
import { FILE_RULES_TEXT, storeFile } from '../files';
import { invalidateCatalogue, provideCatalogue } from './catalogue';
import {
  documentInput,
  listQuery,
  marketFigureInput,
  photoInput,
  PROPERTY_ACTION_KEYS,
  propertyInput,
  propertyMessages,
  propertyPatch,
  quoteInvestment,
  rentInput,
  valuationInput,
  type PropertyAction,
  quoteTermsOf,
} from './contract';
import { csvResponse, exportName } from '@api/list';
import { listAdminProperties, PROPERTIES_CSV_HEADER, propertyCsvRows } from './admin-list';
import { adminPropertiesQuery } from './admin-list-contract';
import * as service from './service';
import { settingsOn } from '@modules/settings';

const idParam = z.object({ id: z.uuid(propertyMessages.notFound) });
const rowParams = z.object({ id: z.uuid(propertyMessages.notFound), rowId: z.uuid('That record does not exist.') });
const actionParams = z.object({
  id: z.uuid(propertyMessages.notFound),
  action: z.enum(PROPERTY_ACTION_KEYS as [PropertyAction, ...PropertyAction[]], { error: `The action must be one of: ${PROPERTY_ACTION_KEYS.join(', ')}.` }),
});
const quoteQuery = z.object({
  amount: z.string({ error: 'amount must be a whole number of fils' }).regex(/^\d{1,15}$/, 'amount must be a whole number of fils'),
  chargeBps: z.coerce.number().int().min(0).max(1000).optional(),
});
const photoPatch = z.object({
  alt: photoInput.shape.alt.optional(),
  position: z.coerce.number({ error: 'position must be a whole number from 0' }).int().min(0).max(100).optional(),
});

const actorOf = (user: { id: string }, request: Request): service.Actor => ({ id: user.id, ip: requestMeta(request).ip });

/** Reads a multipart upload's `file` field as bytes (the files module checks the content). */
async function uploadedBytes(body: unknown): Promise<{ bytes: Uint8Array; fields: Record<string, string> }> {
  if (!body || typeof body !== 'object') throw badRequest(`Send the file as multipart/form-data in a field named file (${FILE_RULES_TEXT}).`, 'file_missing');
  const record = body as Record<string, unknown>;
  const file = Array.isArray(record.file) ? record.file[0] : record.file;
  if (!(file instanceof Blob) || file.size === 0) throw badRequest(`Choose a file to upload (${FILE_RULES_TEXT}).`, 'file_missing');
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(record)) if (typeof v === 'string') fields[k] = v;
  return { bytes: new Uint8Array(await file.arrayBuffer()), fields };
}

function parseFields<T extends z.ZodType>(schema: T, fields: unknown): z.output<T> {
  const r = schema.safeParse(fields);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw badRequest(issue?.message ?? 'The request is not valid.', 'validation_failed', { fields: { [issue?.path.join('.') || 'root']: issue?.message } });
}

/**
 * Public catalogue (no sign-in needed):
 *   GET /api/properties                 ?q&city&community&type&status&minYieldBps&minValue&maxValue&sort&page&pageSize → PropertyListJson
 *   GET /api/properties/locations       cities and communities with published properties
 *   GET /api/properties/sitemap         slugs of published properties
 *   GET /api/properties/:id             uuid, slug or reference → PropertyDetailJson (404 unknown or unpublished)
 *   GET /api/properties/:id/quote       ?amount (fils)&chargeBps → the quoteInvestment result as JSON
 */
export const publicPropertyRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/properties' })
    .get('/', ({ query }) => service.listProperties(db, query, { publicOnly: true }), { query: listQuery })
    .get('/locations', async () => ({ items: await service.listLocations(db) }))
    .get('/sitemap', async () => ({ items: await service.listSitemapEntries(db) }))
    .get('/:id', async ({ params }) => {
      const p = await service.getPublicProperty(db, params.id);
      if (!p) throw new AppError(404, 'property_not_found', 'There is no published property with that id.');
      return p;
    })
    .get('/:id/quote', async ({ params, query }) => {
      const p = await service.getPublicProperty(db, params.id);
      if (!p) throw new AppError(404, 'property_not_found', 'There is no published property with that id.');
      const q = quoteInvestment({
        amountFils: BigInt(query.amount),
        sharePrice: BigInt(p.sharePrice),
        totalShares: BigInt(p.totalShares),
        sharesSold: BigInt(p.sharesSold),
        financials: { valuation: BigInt(p.valuation), fundingTarget: BigInt(p.fundingTarget), annualRent: BigInt(p.annualRent), occupancyBps: p.occupancyBps, serviceCharges: BigInt(p.serviceCharges), maintenanceCosts: BigInt(p.maintenanceCosts), managementFeeBps: p.managementFeeBps },
        method: query.chargeBps ? { key: 'custom', name: 'Payment method', chargeBps: query.chargeBps } : null,
        terms: quoteTermsOf(await settingsOn(db)),
      });
      return JSON.parse(JSON.stringify(q, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
    }, { query: quoteQuery });
};

/** 401 for visitors and 403 for investors, before any input is validated. */
const adminGate = (db: Db) =>
  new Elysia({ name: 'properties-admin-gate' }).onTransform({ as: 'scoped' }, async ({ cookie }) => {
    const found = await loadSession(db, cookie[SESSION_COOKIE]?.value as string | undefined);
    if (!found || found.session.mfaPending) throw new AppError(401, 'unauthenticated', 'Please log in to continue.');
    if (!isStaffRole(found.user.role)) throw new AppError(403, 'forbidden', 'This area is for Manzil administrators only.');
  });

/**
 * Administration of the catalogue (admins only; every write is in the audit log):
 *   GET    /api/admin/properties                          the list contract (admin-list-contract.ts), every status → { items, total, limit, offset }
 *   GET    /api/admin/properties/export                   the same query → text/csv of the whole filtered set
 *   POST   /api/admin/properties                          PropertyInput → 201 detail (a draft)
 *   GET    /api/admin/properties/stats                    counts by status, portfolio value, raised, average net yield
 *   GET    /api/admin/properties/:id                      detail, any status
 *   PATCH  /api/admin/properties/:id                      any subset of PropertyInput
 *   POST   /api/admin/properties/:id/:action              publish | coming_soon | funded | exit | close | reopen
 *   POST   /api/admin/properties/:id/photos               multipart: file (JPEG/PNG), alt → 201 photo (stored 'public')
 *   PATCH  /api/admin/properties/:id/photos/:rowId        { alt?, position? } → photos in order
 *   DELETE /api/admin/properties/:id/photos/:rowId
 *   POST   /api/admin/properties/:id/documents            multipart: file (PDF/JPEG/PNG), kind, title → 201 document
 *   DELETE /api/admin/properties/:id/documents/:rowId
 * The audit trail of one property: GET /api/admin/audit?entityType=property&entityId={id}.
 */
export const adminPropertyRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/admin/properties' })
    .use(authPlugin(deps))
    .use(adminGate(db))
    .onAfterHandle(({ request }) => {
      if (request.method !== 'GET') invalidateCatalogue();
    })
    .get('/', ({ query }) => listAdminProperties(db, query), { auth: 'operations:read', query: adminPropertiesQuery })
    .get('/export', ({ query }) => csvResponse(exportName('properties'), PROPERTIES_CSV_HEADER, propertyCsvRows(db, query)), { auth: 'operations:read', query: adminPropertiesQuery })
    .get('/stats', () => service.propertyStats(db), { auth: 'operations:read' })
    .post('/', async ({ body, user, request, set }) => {
      set.status = 201;
      return service.createProperty(db, body, actorOf(user, request));
    }, { auth: 'operations:write', body: propertyInput })
    .get('/:id', ({ params }) => service.getProperty(db, params.id), { auth: 'operations:read', params: idParam })
    .patch('/:id', ({ params, body, user, request }) => service.updateProperty(db, params.id, body, actorOf(user, request)), { auth: 'operations:write', params: idParam, body: propertyPatch })
    .post('/:id/photos', async ({ params, body, user, request, set }) => {
      const { bytes, fields } = await uploadedBytes(body);
      const { alt } = parseFields(photoInput, fields);
      const actor = actorOf(user, request);
      const photo = await db.transaction(async (tx) => {
        const stored = await storeFile(tx, { ownerId: user.id, purpose: 'property_photo', bytes, visibility: 'public' });
        if (!stored.contentType.startsWith('image/')) throw badRequest('A photo must be a JPEG or PNG image.', 'unsupported_file');
        return service.addPhoto(tx, params.id, { url: stored.url, fileId: stored.id, alt }, actor, tx);
      });
      set.status = 201;
      return photo;
    }, { auth: 'operations:write', params: idParam })
    .patch('/:id/photos/:rowId', async ({ params, body, user, request }) => ({ items: await service.updatePhoto(db, params.id, params.rowId, body, actorOf(user, request)) }), { auth: 'operations:write', params: rowParams, body: photoPatch })
    .delete('/:id/photos/:rowId', async ({ params, user, request }) => {
      await service.removePhoto(db, params.id, params.rowId, actorOf(user, request));
      return { success: true, message: 'The photo was removed.' };
    }, { auth: 'operations:write', params: rowParams })
    .post('/:id/documents', async ({ params, body, user, request, set }) => {
      const { bytes, fields } = await uploadedBytes(body);
      const { kind, title } = parseFields(documentInput, fields);
      const actor = actorOf(user, request);
      const doc = await db.transaction(async (tx) => {
        const stored = await storeFile(tx, { ownerId: user.id, purpose: 'property_document', bytes, visibility: 'public' });
        return service.addDocument(tx, params.id, { kind, title, url: stored.url, fileId: stored.id, sizeBytes: stored.size }, actor, tx);
      });
      set.status = 201;
      return doc;
    }, { auth: 'operations:write', params: idParam })
    .delete('/:id/documents/:rowId', async ({ params, user, request }) => {
      await service.removeDocument(db, params.id, params.rowId, actorOf(user, request));
      return { success: true, message: 'The document was removed.' };
    }, { auth: 'operations:write', params: rowParams })
    .post('/:id/:action', ({ params, user, request }) => service.applyAction(db, params.id, params.action, actorOf(user, request)), { auth: 'operations:write', params: actionParams });
};

/**
 * Market data (admins only):
 *   GET    /api/admin/market-data/properties/:id                 valuation and rent history
 *   POST   /api/admin/market-data/properties/:id/valuations      { valuedOn, valuation, source?, note? }
 *   DELETE /api/admin/market-data/properties/:id/valuations/:rowId
 *   POST   /api/admin/market-data/properties/:id/rents           { effectiveOn, annualRent, occupancyBps, note? }
 *   DELETE /api/admin/market-data/properties/:id/rents/:rowId
 *   GET    /api/admin/market-data/indices                        every series with its monthly figures
 *   POST   /api/admin/market-data/indices                        { series, month, value (hundredths), source? } (upsert)
 *   DELETE /api/admin/market-data/indices/:rowId
 */
export const marketDataRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/admin/market-data' })
    .use(authPlugin(deps))
    .use(adminGate(db))
    .onAfterHandle(({ request }) => {
      if (request.method !== 'GET') invalidateCatalogue();
    })
    .get('/properties/:id', ({ params }) => service.propertyHistory(db, params.id), { auth: 'operations:read', params: idParam })
    .post('/properties/:id/valuations', ({ params, body, user, request }) => service.recordValuation(db, params.id, body, actorOf(user, request)), { auth: 'operations:write', params: idParam, body: valuationInput })
    .delete('/properties/:id/valuations/:rowId', ({ params, user, request }) => service.removeValuation(db, params.id, params.rowId, actorOf(user, request)), { auth: 'operations:write', params: rowParams })
    .post('/properties/:id/rents', ({ params, body, user, request }) => service.recordRent(db, params.id, body, actorOf(user, request)), { auth: 'operations:write', params: idParam, body: rentInput })
    .delete('/properties/:id/rents/:rowId', ({ params, user, request }) => service.removeRent(db, params.id, params.rowId, actorOf(user, request)), { auth: 'operations:write', params: rowParams })
    .get('/indices', async () => ({ series: await service.listMarketFigures(db) }), { auth: 'operations:read' })
    .post('/indices', async ({ body, user, request }) => ({ series: await service.recordMarketFigure(db, body, actorOf(user, request)) }), { auth: 'operations:write', body: marketFigureInput })
    .delete('/indices/:rowId', async ({ params, user, request }) => ({ series: await service.removeMarketFigure(db, params.rowId, actorOf(user, request)) }), { auth: 'operations:write', params: z.object({ rowId: z.uuid('That figure does not exist.') }) });
};

/** Everything this module serves, and the in-process catalogue the on-demand pages read. */
export const propertyRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  provideCatalogue({
    list: (q) => service.listProperties(db, q, { publicOnly: true }),
    detail: (id) => service.getPublicProperty(db, id),
    locations: () => service.listLocations(db),
    sitemap: () => service.listSitemapEntries(db),
  });
  return new Elysia({ name: 'properties' }).use(publicPropertyRoutes(deps)).use(adminPropertyRoutes(deps)).use(marketDataRoutes(deps));
};
