import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '@modules/auth';
import { idempotencyKeyOf, sessionGate, withIdempotency } from '@modules/wallet';
import {
  createPriceListInput,
  createProductInput,
  decisionInput,
  deliveryInput,
  idParam,
  invoiceOrderInput,
  orderInput,
  ordersListQuery,
  priceListsQuery,
  productsListQuery,
  quotationInput,
  quotationsListQuery,
  setPricesInput,
  updateProductInput,
} from './contract';
import { createPriceList, createProduct, getPriceList, getProduct, listPriceLists, listProducts, productCsvRows, PRODUCTS_CSV_HEADER, setPrices, updateProduct } from './catalogue';
import { deliverOrder } from './deliver-order';
import { invoiceOrder } from './invoice-order';
import { acceptQuotation, cancelOrder, confirmOrder, createOrder, getOrder, listOrders, orderCsvRows, ORDERS_CSV_HEADER } from './orders';
import { quotationFilename, quotationPdf } from './quotation-pdf';
import { createQuotation, decideQuotation, getQuotation, listQuotations, quotationCsvRows, QUOTATIONS_CSV_HEADER } from './quotations';
import { sendQuotation } from './send-quotation';
import { salesSummary } from './summary';

/**
 * Sales (contract: ./contract.ts), all under /api/admin/sales:
 *   products, price-lists    the catalogue and its prices (list, export, create, change)
 *   quotations               list, export, create, read; /:id/pdf, /send (email), /accept (→ order), /decline, /expire
 *   orders                   list, export, create, read; /:id/confirm, /cancel, /deliveries and /invoice (Idempotency-Key)
 *   summary                  pipeline and conversion figures
 */
export const salesRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/admin/sales' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/summary', () => salesSummary(db), { auth: 'finance:read' })
    .get('/products', ({ query }) => listProducts(db, query), { auth: 'finance:read', query: productsListQuery })
    .get('/products/export', ({ query }) => csvResponse(exportName('sales-products'), PRODUCTS_CSV_HEADER, productCsvRows(db, query)), { auth: 'finance:read', query: productsListQuery })
    .post(
      '/products',
      async ({ user, body, set }) => {
        const product = await createProduct(db, user.id, body);
        set.status = 201;
        return product;
      },
      { auth: 'finance:write', body: createProductInput },
    )
    .get('/products/:id', ({ params }) => getProduct(db, params.id), { auth: 'finance:read', params: idParam })
    .patch('/products/:id', ({ user, params, body }) => updateProduct(db, user.id, params.id, body), { auth: 'finance:write', params: idParam, body: updateProductInput })
    .get('/price-lists', ({ query }) => listPriceLists(db, query), { auth: 'finance:read', query: priceListsQuery })
    .post(
      '/price-lists',
      async ({ user, body, set }) => {
        const list = await createPriceList(db, user.id, body);
        set.status = 201;
        return list;
      },
      { auth: 'finance:write', body: createPriceListInput },
    )
    .get('/price-lists/:id', ({ params }) => getPriceList(db, params.id), { auth: 'finance:read', params: idParam })
    .put('/price-lists/:id/prices', ({ user, params, body }) => setPrices(db, user.id, params.id, body.prices), { auth: 'finance:write', params: idParam, body: setPricesInput })
    .get('/quotations', ({ query }) => listQuotations(db, query), { auth: 'finance:read', query: quotationsListQuery })
    .get('/quotations/export', ({ query }) => csvResponse(exportName('quotations'), QUOTATIONS_CSV_HEADER, quotationCsvRows(db, query)), { auth: 'finance:read', query: quotationsListQuery })
    .post(
      '/quotations',
      async ({ user, body, set }) => {
        const q = await createQuotation(db, user.id, body);
        set.status = 201;
        return q;
      },
      { auth: 'finance:write', body: quotationInput },
    )
    .get('/quotations/:id', ({ params }) => getQuotation(db, params.id), { auth: 'finance:read', params: idParam })
    .get(
      '/quotations/:id/pdf',
      async ({ params }) => {
        const q = await getQuotation(db, params.id);
        const pdf = await quotationPdf(db, q);
        return new Response(new Blob([pdf as Uint8Array<ArrayBuffer>]), {
          headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${quotationFilename(q.number)}"`, 'cache-control': 'no-store' },
        });
      },
      { auth: 'finance:read', params: idParam },
    )
    .post('/quotations/:id/send', ({ user, params }) => sendQuotation(db, user.id, params.id), { auth: 'finance:write', params: idParam })
    .post(
      '/quotations/:id/accept',
      async ({ user, params, body, set }) => {
        const order = await acceptQuotation(db, user.id, params.id, body.date);
        set.status = 201;
        return order;
      },
      { auth: 'finance:write', params: idParam, body: decisionInput },
    )
    .post('/quotations/:id/decline', ({ user, params, body }) => decideQuotation(db, user.id, params.id, 'declined', body.date), { auth: 'finance:write', params: idParam, body: decisionInput })
    .post('/quotations/:id/expire', ({ user, params, body }) => decideQuotation(db, user.id, params.id, 'expired', body.date), { auth: 'finance:write', params: idParam, body: decisionInput })
    .get('/orders', ({ query }) => listOrders(db, query), { auth: 'finance:read', query: ordersListQuery })
    .get('/orders/export', ({ query }) => csvResponse(exportName('sales-orders'), ORDERS_CSV_HEADER, orderCsvRows(db, query)), { auth: 'finance:read', query: ordersListQuery })
    .post(
      '/orders',
      async ({ user, body, set }) => {
        const order = await createOrder(db, user.id, body);
        set.status = 201;
        return order;
      },
      { auth: 'finance:write', body: orderInput },
    )
    .get('/orders/:id', ({ params }) => getOrder(db, params.id), { auth: 'finance:read', params: idParam })
    .post('/orders/:id/confirm', ({ user, params }) => confirmOrder(db, user.id, params.id), { auth: 'finance:write', params: idParam })
    .post('/orders/:id/cancel', ({ user, params }) => cancelOrder(db, user.id, params.id), { auth: 'finance:write', params: idParam })
    .post(
      '/orders/:id/deliveries',
      async ({ user, params, body, set, request }) => {
        const key = idempotencyKeyOf(request);
        await getOrder(db, params.id);
        // Without a key, withIdempotency runs on `db` itself: the use case opens its own transaction (a savepoint inside the key's).
        const result = await withIdempotency(db, { userId: user.id, key, scope: `sales.delivery:${params.id}`, body }, (tx) => deliverOrder(tx, user.id, params.id, body));
        set.status = result.replay ? 200 : 201;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'finance:write', params: idParam, body: deliveryInput },
    )
    .post(
      '/orders/:id/invoice',
      async ({ user, params, body, set, request }) => {
        const key = idempotencyKeyOf(request);
        await getOrder(db, params.id);
        const result = await withIdempotency(db, { userId: user.id, key, scope: `sales.invoice:${params.id}`, body }, (tx) => invoiceOrder(tx, user.id, params.id, body));
        set.status = result.replay ? 200 : 201;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'finance:write', params: idParam, body: invoiceOrderInput },
    );
};
