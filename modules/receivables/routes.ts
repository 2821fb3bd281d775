import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '@modules/auth';
import { idempotencyKeyOf, sessionGate, withIdempotency } from '@modules/wallet';
import { agingReport } from './aging';
import {
  applyCreditInput,
  asOfQuery,
  creditNoteInput,
  customerInput,
  customerPaymentInput,
  customersListQuery,
  customerUpdateInput,
  dunningSendInput,
  invoiceInput,
  invoicesListQuery,
  issueInput,
  paymentInput,
  recurringInput,
  recurringListQuery,
  runRecurringInput,
  statementQuery,
} from './contract';
import { createCreditNote, creditNoteJson, creditNoteOr404 } from './credit-notes';
import { CUSTOMERS_CSV_HEADER, createCustomer, customerCsvRows, getCustomer, listCustomers, updateCustomer } from './customers';
import { dunningList, sendDunning } from './dunning';
import { createInvoice, deleteInvoice, updateInvoice } from './invoice-draft';
import { INVOICES_CSV_HEADER, getInvoice, invoiceCsvRows, invoiceSummary, listInvoices } from './invoice-read';
import { issueInvoice } from './issue-invoice';
import { applyCredit, recordCustomerPayment, recordInvoicePayment } from './record-payment';
import { createRecurring, listRecurring, runRecurring, setRecurringActive } from './recurring';
import { creditNoteFiles, invoiceFiles, sendInvoice } from './send-invoice';
import { invoiceOr404 } from './shared';
import { STATEMENT_CSV_HEADER, customerStatement, statementCsvRows } from './statement';

const idParam = z.object({ id: z.string({ error: 'That is not a valid id.' }).max(64, 'That is not a valid id.') });

const download = (content: Uint8Array | string, filename: string, type: string) =>
  new Response(typeof content === 'string' ? content : new Blob([content as Uint8Array<ArrayBuffer>]), {
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${filename}"`, 'cache-control': 'no-store' },
  });

/**
 * Customers, invoices and receivables (admin). Contract and shapes: ./contract.ts.
 *   /api/admin/customers            list, export, create, one, update (PATCH), statement (?format=csv), apply-credit
 *   /api/admin/invoices             list (status incl. overdue, customerId, bucket + asOf drill-down), export, summary,
 *                                   create draft, one, edit / delete draft, issue, payments, credit-notes, send, pdf, xml
 *   /api/admin/credit-notes/:id     one, pdf, xml
 *   /api/admin/customer-payments    a payment allocated to several invoices (the rest to credit)
 *   /api/admin/receivables          aging?asOf, dunning, dunning/send
 *   /api/admin/recurring-invoices   list, create, pause, resume, run
 */
export const receivablesRoutes = (deps: { db: Db }) => {
  const { db } = deps;

  const customers = new Elysia({ prefix: '/api/admin/customers' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/', ({ query }) => listCustomers(db, query), { auth: 'finance:read', query: customersListQuery })
    .get('/export', ({ query }) => csvResponse(exportName('customers'), CUSTOMERS_CSV_HEADER, customerCsvRows(db, query)), { auth: 'finance:read', query: customersListQuery })
    .post(
      '/',
      async ({ user, body, set }) => {
        const customer = await createCustomer(db, user.id, body);
        set.status = 201;
        return customer;
      },
      { auth: 'finance:write', body: customerInput },
    )
    .get('/:id', ({ params }) => getCustomer(db, params.id), { auth: 'finance:read', params: idParam })
    .patch('/:id', ({ user, params, body }) => updateCustomer(db, user.id, params.id, body), { auth: 'finance:write', params: idParam, body: customerUpdateInput })
    .get(
      '/:id/statement',
      async ({ params, query }) => {
        const statement = await customerStatement(db, params.id, query);
        if (query.format !== 'csv') return statement;
        return csvResponse(exportName(`statement-${statement.customer.name}`), STATEMENT_CSV_HEADER, statementCsvRows(statement));
      },
      { auth: 'finance:read', params: idParam, query: statementQuery },
    )
    .post('/:id/apply-credit', ({ user, params, body }) => applyCredit(db, user.id, params.id, body), { auth: 'finance:write', params: idParam, body: applyCreditInput });

  const invoices = new Elysia({ prefix: '/api/admin/invoices' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/', ({ query }) => listInvoices(db, query), { auth: 'finance:read', query: invoicesListQuery })
    .get('/export', ({ query }) => csvResponse(exportName('invoices'), INVOICES_CSV_HEADER, invoiceCsvRows(db, query)), { auth: 'finance:read', query: invoicesListQuery })
    .get('/summary', () => invoiceSummary(db), { auth: 'finance:read' })
    .post(
      '/',
      async ({ user, body, set }) => {
        const invoice = await createInvoice(db, user.id, body);
        set.status = 201;
        return invoice;
      },
      { auth: 'finance:write', body: invoiceInput },
    )
    .get('/:id', ({ params }) => getInvoice(db, params.id), { auth: 'finance:read', params: idParam })
    .put('/:id', ({ user, params, body }) => updateInvoice(db, user.id, params.id, body), { auth: 'finance:write', params: idParam, body: invoiceInput })
    .delete('/:id', ({ user, params }) => deleteInvoice(db, user.id, params.id), { auth: 'finance:write', params: idParam })
    .post('/:id/issue', ({ user, params, body }) => issueInvoice(db, user.id, params.id, body), { auth: 'finance:write', params: idParam, body: issueInput })
    .post(
      '/:id/payments',
      async ({ user, params, body, set, request }) => {
        const key = idempotencyKeyOf(request);
        await invoiceOr404(db, params.id);
        const result = await withIdempotency(db, { userId: user.id, key, scope: `receivables.payment:${params.id}`, body }, (tx) => recordInvoicePayment(tx, user.id, params.id, body));
        set.status = result.replay ? 200 : 201;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'finance:write', params: idParam, body: paymentInput },
    )
    .post(
      '/:id/credit-notes',
      async ({ user, params, body, set }) => {
        const note = await createCreditNote(db, user.id, params.id, body);
        set.status = 201;
        return note;
      },
      { auth: 'finance:write', params: idParam, body: creditNoteInput },
    )
    .post('/:id/send', ({ user, params }) => sendInvoice(db, user.id, params.id), { auth: 'finance:write', params: idParam })
    .get(
      '/:id/pdf',
      async ({ params }) => {
        const { pdf } = await invoiceFiles(db, params.id);
        return download(pdf.content, pdf.filename, 'application/pdf');
      },
      { auth: 'finance:read', params: idParam },
    )
    .get(
      '/:id/xml',
      async ({ params }) => {
        const { xml } = await invoiceFiles(db, params.id);
        return download(xml.content, xml.filename, 'application/xml; charset=utf-8');
      },
      { auth: 'finance:read', params: idParam },
    );

  const creditNotes = new Elysia({ prefix: '/api/admin/credit-notes' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get(
      '/:id',
      async ({ params }) => {
        const cn = await creditNoteOr404(db, params.id);
        return creditNoteJson(cn, (await invoiceOr404(db, cn.invoiceId)).number ?? '');
      },
      { auth: 'finance:read', params: idParam },
    )
    .get(
      '/:id/pdf',
      async ({ params }) => {
        const { pdf } = await creditNoteFiles(db, params.id);
        return download(pdf.content, pdf.filename, 'application/pdf');
      },
      { auth: 'finance:read', params: idParam },
    )
    .get(
      '/:id/xml',
      async ({ params }) => {
        const { xml } = await creditNoteFiles(db, params.id);
        return download(xml.content, xml.filename, 'application/xml; charset=utf-8');
      },
      { auth: 'finance:read', params: idParam },
    );

  const payments = new Elysia({ prefix: '/api/admin/customer-payments' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .post(
      '/',
      async ({ user, body, set, request }) => {
        const key = idempotencyKeyOf(request);
        const result = await withIdempotency(db, { userId: user.id, key, scope: 'receivables.customer_payment', body }, (tx) => recordCustomerPayment(tx, user.id, body));
        set.status = result.replay ? 200 : 201;
        if (result.replay) set.headers['idempotent-replay'] = 'true';
        return result.body;
      },
      { auth: 'finance:write', body: customerPaymentInput },
    );

  const receivables = new Elysia({ prefix: '/api/admin/receivables' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/aging', ({ query }) => agingReport(db, query.asOf), { auth: 'finance:read', query: asOfQuery })
    .get('/dunning', ({ query }) => dunningList(db, query.asOf), { auth: 'finance:read', query: asOfQuery })
    .post('/dunning/send', ({ user, body }) => sendDunning(db, user.id, body.asOf), { auth: 'finance:write', body: dunningSendInput });

  const recurring = new Elysia({ prefix: '/api/admin/recurring-invoices' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/', ({ query }) => listRecurring(db, query), { auth: 'finance:read', query: recurringListQuery })
    .post(
      '/',
      async ({ user, body, set }) => {
        const template = await createRecurring(db, user.id, body);
        set.status = 201;
        return template;
      },
      { auth: 'finance:write', body: recurringInput },
    )
    .post('/run', ({ user, body }) => runRecurring(db, user.id, body.asOf), { auth: 'finance:write', body: runRecurringInput })
    .post('/:id/pause', ({ user, params }) => setRecurringActive(db, user.id, params.id, false), { auth: 'finance:write', params: idParam })
    .post('/:id/resume', ({ user, params }) => setRecurringActive(db, user.id, params.id, true), { auth: 'finance:write', params: idParam });

  return new Elysia({ name: 'receivables' }).use(customers).use(invoices).use(creditNotes).use(payments).use(receivables).use(recurring);
};
