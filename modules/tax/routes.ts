import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import { ADJUSTMENTS_CSV_HEADER, adjustmentCsvRows, createAdjustment, listAdjustments } from './adjustments';
import { BOX_DOCUMENTS_CSV_HEADER, boxDocumentCsvRows, listBoxDocuments } from './box-documents';
import { taxCodes } from './codes';
import { taxSettingsInput } from './contract';
import { fileReturn, recordReturnPayment } from './file-return';
import { PERIODS_CSV_HEADER, listPeriods, periodCsvRows } from './periods';
import { adjustmentInput, adjustmentsQuery, boxDocumentsQuery, boxParams, fileReturnInput, payReturnInput, periodParams, vatPeriodsQuery } from './return-contract';
import { RETURN_CSV_HEADER, returnCsvRows, returnPdf } from './return-pdf';
import { getTaxSettings, saveTaxSettings } from './settings';
import { getVatReturn } from './vat-return';

/**
 * UAE VAT (admin, /api/admin/tax): the registration, the tax codes, the return periods and the VAT 201 of each,
 * its drill-down, filing and payment, exports and manual adjustments. Shapes: ./return-contract.ts.
 */
export const taxRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ name: 'tax', prefix: '/api/admin/tax' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/settings', () => getTaxSettings(db), { auth: 'finance:read' })
    .put('/settings', ({ user, body }) => saveTaxSettings(db, user.id, body), { auth: 'finance:write', body: taxSettingsInput })
    .get('/codes', () => taxCodes(), { auth: 'finance:read' })
    .get('/vat-returns', ({ query }) => listPeriods(db, query), { auth: 'finance:read', query: vatPeriodsQuery })
    .get('/vat-returns/export', async ({ query }) => csvResponse(exportName('vat-periods'), PERIODS_CSV_HEADER, await periodCsvRows(db, query)), { auth: 'finance:read', query: vatPeriodsQuery })
    .get('/vat-returns/:period', ({ params }) => getVatReturn(db, params.period), { auth: 'finance:read', params: periodParams })
    .get(
      '/vat-returns/:period/csv',
      async ({ params }) => csvResponse(`manzil-vat-return-${params.period}.csv`, RETURN_CSV_HEADER, returnCsvRows(await getVatReturn(db, params.period))),
      { auth: 'finance:read', params: periodParams },
    )
    .get(
      '/vat-returns/:period/pdf',
      async ({ params }) => {
        const bytes = await returnPdf(await getVatReturn(db, params.period), { generatedAt: new Date() });
        return new Response(bytes as Uint8Array<ArrayBuffer>, {
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="manzil-vat-return-${params.period}.pdf"`, 'cache-control': 'no-store' },
        });
      },
      { auth: 'finance:read', params: periodParams },
    )
    .get('/vat-returns/:period/boxes/:box', ({ params, query }) => listBoxDocuments(db, params.period, params.box, query), { auth: 'finance:read', params: boxParams, query: boxDocumentsQuery })
    .get(
      '/vat-returns/:period/boxes/:box/export',
      async ({ params, query }) => csvResponse(exportName(`vat-${params.period}-box-${params.box}`), BOX_DOCUMENTS_CSV_HEADER, await boxDocumentCsvRows(db, params.period, params.box, query)),
      { auth: 'finance:read', params: boxParams, query: boxDocumentsQuery },
    )
    .post('/vat-returns/:period/file', ({ user, params, body }) => fileReturn(db, user.id, params.period, body), { auth: 'finance:write', params: periodParams, body: fileReturnInput })
    .post('/vat-returns/:period/paid', ({ user, params, body }) => recordReturnPayment(db, user.id, params.period, body), { auth: 'finance:write', params: periodParams, body: payReturnInput })
    .get('/adjustments', ({ query }) => listAdjustments(db, query), { auth: 'finance:read', query: adjustmentsQuery })
    .get('/adjustments/export', ({ query }) => csvResponse(exportName('vat-adjustments'), ADJUSTMENTS_CSV_HEADER, adjustmentCsvRows(db, query)), { auth: 'finance:read', query: adjustmentsQuery })
    .post(
      '/adjustments',
      async ({ user, body, set }) => {
        const adjustment = await createAdjustment(db, user.id, body);
        set.status = 201;
        return adjustment;
      },
      { auth: 'finance:write', body: adjustmentInput },
    );
};
