import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '@modules/auth';
import { idempotencyKeyOf, sessionGate } from '@modules/wallet';
import { BILLS_CSV_HEADER, billCsvRows, getBill, listBills } from './bill-read';
import { approveVariance, rejectBill } from './bill-review';
import {
  agingQuery,
  batchInput,
  billsListQuery,
  cashRequirementsQuery,
  createBillInput,
  createOrderInput,
  createRequestInput,
  createSupplierInput,
  debitNoteInput,
  ordersListQuery,
  paymentInput,
  purchasingMessages,
  reasonBody,
  receiptInput,
  requestsListQuery,
  suppliersListQuery,
  updateSupplierInput,
} from './contract';
import { createBill } from './create-bill';
import { createDebitNote } from './debit-notes';
import { ORDERS_CSV_HEADER, getOrder, listOrders, orderCsvRows } from './order-read';
import { cancelOrder, closeOrder, createOrder } from './orders';
import { cashRequirements, payablesAging } from './payables';
import { batchFile, getBatch, payBatch, payBill } from './payments';
import { receiveGoods } from './receipts';
import { REQUESTS_CSV_HEADER, approveRequest, createRequest, getRequest, listRequests, rejectRequest, requestCsvRows } from './requests';
import { purchaseOrderPdfFile, sendOrder } from './send-order';
import { SUPPLIERS_CSV_HEADER, createSupplier, getSupplier, listSuppliers, supplierCsvRows, updateSupplier } from './suppliers';
import type { StockReceiver } from './stock-port';

const idParam = z.object({ id: z.string({ error: purchasingMessages.id }).max(64, purchasingMessages.id) });

/**
 * Suppliers, purchasing and payables (admin). Every route and shape: ./contract.ts.
 */
export const purchasingRoutes = (deps: { db: Db; stock?: StockReceiver }) => {
  const { db, stock } = deps;
  const admin = (prefix: string) => new Elysia({ prefix }).use(authPlugin(deps)).onTransform(sessionGate(db, 'staff'));

  const suppliers = admin('/api/admin/suppliers')
    .get('/', ({ query }) => listSuppliers(db, query), { auth: 'finance:read', query: suppliersListQuery })
    .get('/export', ({ query }) => csvResponse(exportName('suppliers'), SUPPLIERS_CSV_HEADER, supplierCsvRows(db, query)), { auth: 'finance:read', query: suppliersListQuery })
    .post(
      '/',
      async ({ user, body, set }) => {
        set.status = 201;
        return createSupplier(db, user.id, body);
      },
      { auth: 'finance:write', body: createSupplierInput },
    )
    .get('/:id', ({ params }) => getSupplier(db, params.id), { auth: 'finance:read', params: idParam })
    .patch('/:id', ({ user, params, body }) => updateSupplier(db, user.id, params.id, body), { auth: 'finance:write', params: idParam, body: updateSupplierInput });

  const requests = admin('/api/admin/purchase-requests')
    .get('/', ({ query }) => listRequests(db, query), { auth: 'finance:read', query: requestsListQuery })
    .get('/export', ({ query }) => csvResponse(exportName('purchase-requests'), REQUESTS_CSV_HEADER, requestCsvRows(db, query)), { auth: 'finance:read', query: requestsListQuery })
    .post(
      '/',
      async ({ user, body, set }) => {
        set.status = 201;
        return createRequest(db, user.id, body, stock);
      },
      { auth: 'finance:write', body: createRequestInput },
    )
    .get('/:id', ({ params }) => getRequest(db, params.id), { auth: 'finance:read', params: idParam })
    .post('/:id/approve', ({ user, params }) => approveRequest(db, user.id, params.id), { auth: 'finance:write', params: idParam })
    .post('/:id/reject', ({ user, params, body }) => rejectRequest(db, user.id, params.id, body.reason), { auth: 'finance:write', params: idParam, body: reasonBody });

  const orders = admin('/api/admin/purchase-orders')
    .get('/', ({ query }) => listOrders(db, query), { auth: 'finance:read', query: ordersListQuery })
    .get('/export', ({ query }) => csvResponse(exportName('purchase-orders'), ORDERS_CSV_HEADER, orderCsvRows(db, query)), { auth: 'finance:read', query: ordersListQuery })
    .post(
      '/',
      async ({ user, body, set }) => {
        set.status = 201;
        return createOrder(db, user.id, body, stock);
      },
      { auth: 'finance:write', body: createOrderInput },
    )
    .get('/:id', ({ params }) => getOrder(db, params.id), { auth: 'finance:read', params: idParam })
    .get(
      '/:id/pdf',
      async ({ params }) => {
        const file = await purchaseOrderPdfFile(db, params.id);
        return new Response(new Uint8Array(file.content), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${file.filename}"`, 'cache-control': 'no-store' },
        });
      },
      { auth: 'finance:read', params: idParam },
    )
    .post('/:id/send', ({ user, params }) => sendOrder(db, user.id, params.id), { auth: 'finance:write', params: idParam })
    .post('/:id/cancel', ({ user, params, body }) => cancelOrder(db, user.id, params.id, body.reason), { auth: 'finance:write', params: idParam, body: reasonBody })
    .post('/:id/close', ({ user, params, body }) => closeOrder(db, user.id, params.id, body.reason), { auth: 'finance:write', params: idParam, body: reasonBody })
    .post(
      '/:id/receipts',
      async ({ user, params, body, set }) => {
        set.status = 201;
        return receiveGoods(db, user.id, params.id, body, stock);
      },
      { auth: 'finance:write', params: idParam, body: receiptInput },
    );

  const bills = admin('/api/admin/bills')
    .get('/', ({ query }) => listBills(db, query), { auth: 'finance:read', query: billsListQuery })
    .get('/export', ({ query }) => csvResponse(exportName('bills'), BILLS_CSV_HEADER, billCsvRows(db, query)), { auth: 'finance:read', query: billsListQuery })
    .post(
      '/',
      async ({ user, body, set }) => {
        set.status = 201;
        return createBill(db, user.id, body);
      },
      { auth: 'finance:write', body: createBillInput },
    )
    .get('/:id', ({ params }) => getBill(db, params.id), { auth: 'finance:read', params: idParam })
    .post('/:id/approve-variance', ({ user, params, body }) => approveVariance(db, user.id, params.id, body.reason), { auth: 'finance:write', params: idParam, body: reasonBody })
    .post('/:id/reject', ({ user, params, body }) => rejectBill(db, user.id, params.id, body.reason), { auth: 'finance:write', params: idParam, body: reasonBody })
    .post(
      '/:id/debit-notes',
      async ({ user, params, body, set }) => {
        set.status = 201;
        return createDebitNote(db, user.id, params.id, body);
      },
      { auth: 'finance:write', params: idParam, body: debitNoteInput },
    )
    .post(
      '/:id/payments',
      async ({ user, params, body, set, request }) => {
        const result = await payBill(db, user.id, params.id, body, idempotencyKeyOf(request));
        set.status = 201;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'finance:write', params: idParam, body: paymentInput },
    );

  const payments = admin('/api/admin/supplier-payments')
    .post(
      '/batch',
      async ({ user, body, set, request }) => {
        const result = await payBatch(db, user.id, body, idempotencyKeyOf(request));
        set.status = 201;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'finance:write', body: batchInput },
    )
    .get('/batch/:id', ({ params }) => getBatch(db, params.id), { auth: 'finance:read', params: idParam })
    .get(
      '/batch/:id/file',
      async ({ params }) => {
        const file = await batchFile(db, params.id);
        return new Response(file.csv, {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${file.filename}"`, 'cache-control': 'no-store' },
        });
      },
      { auth: 'finance:read', params: idParam },
    );

  const payables = admin('/api/admin/payables')
    .get('/aging', ({ query }) => payablesAging(db, query.asOf), { auth: 'finance:read', query: agingQuery })
    .get('/cash-requirements', ({ query }) => cashRequirements(db, query), { auth: 'finance:read', query: cashRequirementsQuery });

  return new Elysia({ name: 'purchasing' }).use(suppliers).use(requests).use(orders).use(bills).use(payments).use(payables);
};
