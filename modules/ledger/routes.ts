import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { SESSION_COOKIE } from '@api/cookies';
import { AppError, unprocessable } from '@api/errors';
import { csvResponse, exportName } from '@api/list';
import { requestMeta } from '@api/request-meta';
import { authPlugin, isStaffRole, loadSession } from '../auth';
import { auditTrail, type TrailRule } from '../audit';
import {
  accountTypeLabels,
  createAccountInput,
  createCostCenterInput,
  exportQuery,
  generalLedgerQuery,
  journalEntryInput,
  ledgerMessages,
  listEntriesQuery,
  periodParam,
  recurringEntryInput,
  reopenPeriodInput,
  reportQuery,
  runRecurringInput,
  updateAccountInput,
  updateCostCenterInput,
  updateDraftInput,
  updateRecurringEntryInput,
} from './contract';
import { accountOptionsQuery, accountsListQuery, costCentersListQuery } from './chart-list-contract';
import { accountCsvRows, ACCOUNTS_CSV_HEADER, COST_CENTERS_CSV_HEADER, costCenterCsvRows, listAccountsPage, listCostCentersPage } from './chart-list';
import { recurringListQuery } from './recurring-contract';
import { listRecurringPage, RECURRING_CSV_HEADER, recurringCsvRows } from './recurring-list';
import { addDays, todayInDubai } from '../platform/dates';
import { statementPdf, type StatementData, type StatementKind } from './pdf';
import * as ledger from './service';

const csvHeaders = (name: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}.csv"`,
  'cache-control': 'no-store',
});

/** A statement as a PDF download, drawn from the same data the JSON answers with. */
async function pdfResponse<K extends StatementKind>(kind: K, data: StatementData[K], from: string, to: string) {
  const body = await statementPdf(kind, data, { from, to, generatedAt: new Date() });
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="manzil-${kind}-${from}-${to}.pdf"`,
      'cache-control': 'no-store',
    },
  });
}

/** A text body streamed from an async generator of chunks. */
function streamed(chunks: AsyncGenerator<string>, headers: Record<string, string>) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, { headers });
}

const idParam = z.object({ id: z.string() });
const codeParam = z.object({ code: z.string().trim().toUpperCase() });
const periodParams = z.object({ period: periodParam });
const yearQuery = z.object({ year: z.coerce.number({ error: 'year must be a year like 2026' }).int('year must be a year like 2026').min(2000, 'year must be a year like 2026').max(2100, 'year must be a year like 2026').optional() });

const range = (q: { from?: string; to?: string }) => `${q.from ?? 'start'}-to-${q.to ?? 'today'}`;

type EntryLike = { number?: string; reversal?: { number?: string } };
const entryNo = (r: unknown) => (r as EntryLike)?.number ?? '';
const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** How each ledger write reads in the activity log (/admin/activity). */
const ledgerTrail: TrailRule[] = [
  { method: 'POST', pattern: /^\/accounts$/, action: 'ledger.account.create', entityType: 'account', entityId: (_m, b) => text(b.code), summary: (_m, b) => `Created account ${text(b.code)} ${text(b.name)}` },
  { method: 'PATCH', pattern: /^\/accounts\/([^/]+)$/, action: 'ledger.account.update', entityType: 'account', summary: (m, b) => (b.archived === true ? `Archived account ${m[1]}` : b.archived === false ? `Restored account ${m[1]}` : `Edited account ${m[1]}`) },
  { method: 'DELETE', pattern: /^\/accounts\/([^/]+)$/, action: 'ledger.account.delete', entityType: 'account', summary: (m) => `Deleted account ${m[1]}` },
  { method: 'POST', pattern: /^\/cost-centers$/, action: 'ledger.cost-center.create', entityType: 'cost-center', entityId: (_m, b) => text(b.code), summary: (_m, b) => `Created cost center ${text(b.code)} ${text(b.name)}` },
  { method: 'PATCH', pattern: /^\/cost-centers\/([^/]+)$/, action: 'ledger.cost-center.update', entityType: 'cost-center', summary: (m) => `Edited cost center ${m[1]}` },
  { method: 'DELETE', pattern: /^\/cost-centers\/([^/]+)$/, action: 'ledger.cost-center.delete', entityType: 'cost-center', summary: (m) => `Deleted cost center ${m[1]}` },
  { method: 'POST', pattern: /^\/journal-entries$/, action: 'ledger.entry.draft', entityType: 'journal-entry', entityId: (_m, _b, r) => (r as { id?: string })?.id ?? null, summary: (_m, b, r) => `Drafted journal entry ${entryNo(r)}${text(b.memo) ? ` “${text(b.memo).slice(0, 80)}”` : ''}` },
  { method: 'PATCH', pattern: /^\/journal-entries\/([^/]+)$/, action: 'ledger.entry.edit', entityType: 'journal-entry', summary: (_m, _b, r) => `Edited draft ${entryNo(r)}` },
  { method: 'DELETE', pattern: /^\/journal-entries\/([^/]+)$/, action: 'ledger.entry.delete', entityType: 'journal-entry', summary: (_m, _b, r) => text((r as { message?: string })?.message) || 'Deleted a draft' },
  { method: 'POST', pattern: /^\/journal-entries\/([^/]+)\/post$/, action: 'ledger.entry.post', entityType: 'journal-entry', summary: (_m, _b, r) => `Posted journal entry ${entryNo(r)}` },
  { method: 'POST', pattern: /^\/journal-entries\/([^/]+)\/reverse$/, action: 'ledger.entry.reverse', entityType: 'journal-entry', summary: (_m, _b, r) => `Reversed journal entry ${(r as { original?: EntryLike })?.original?.number ?? ''} with ${(r as { reversal?: EntryLike })?.reversal?.number ?? ''}` },
  { method: 'POST', pattern: /^\/periods\/([^/]+)\/close$/, action: 'ledger.period.close', entityType: 'fiscal-period', summary: (m) => (m[1]!.length === 4 ? `Closed fiscal year ${m[1]} (income and expenses moved to retained earnings)` : `Closed period ${m[1]}`) },
  // reopenMonth records the reopening and its reason itself, in its transaction.
  { method: 'POST', pattern: /^\/periods\/([^/]+)\/reopen$/, action: 'ledger.period.reopen', entityType: 'fiscal-period', inService: true, summary: (m) => `Reopened period ${m[1]}` },
  { method: 'POST', pattern: /^\/recurring-entries$/, action: 'ledger.recurring.create', entityType: 'recurring-entry', entityId: (_m, _b, r) => (r as { id?: string })?.id ?? null, summary: (_m, b) => `Created recurring entry “${text(b.name) || text(b.memo)}”` },
  { method: 'PATCH', pattern: /^\/recurring-entries\/([^/]+)$/, action: 'ledger.recurring.update', entityType: 'recurring-entry', summary: () => 'Edited a recurring entry' },
  { method: 'DELETE', pattern: /^\/recurring-entries\/([^/]+)$/, action: 'ledger.recurring.delete', entityType: 'recurring-entry', summary: () => 'Deleted a recurring entry' },
  { method: 'POST', pattern: /^\/recurring-entries\/run$/, action: 'ledger.recurring.run', entityType: 'recurring-entry', entityId: () => null, summary: () => 'Ran due recurring entries' },
];

/**
 * The ledger's admin API under /api/admin/ledger: chart of accounts, cost centers, journal entries
 * (draft → post → reverse), fiscal periods, recurring entries, reports (JSON or CSV) and the hledger export.
 * Every route is for administrators only (401 for visitors, 403 for investors).
 */
export const ledgerRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return (
    new Elysia({ prefix: '/api/admin/ledger' })
      .use(authPlugin(deps))
      // Who may ask is settled before what they asked is validated: a visitor gets 401 and an investor 403
      // on every ledger route, even with a malformed body. The { auth: 'finance:write' } macro then resolves `user`.
      .onTransform(async ({ cookie }) => {
        const found = await loadSession(db, cookie[SESSION_COOKIE]?.value as string | undefined);
        if (!found || found.session.mfaPending) throw new AppError(401, 'unauthenticated', 'Please log in to continue.');
        if (!isStaffRole(found.user.role)) throw new AppError(403, 'forbidden', 'This area is for Manzil administrators only.');
      })
      .use(auditTrail(deps, '/api/admin/ledger', ledgerTrail))

      // Chart of accounts ---------------------------------------------------------------------
      // The list (contract: search, sort, pages, CSV) and the whole chart for pickers and the tree (/options).
      .get('/accounts', ({ query }) => listAccountsPage(db, query), { auth: 'finance:read', query: accountsListQuery })
      .get('/accounts/export', ({ query }) => csvResponse(exportName('chart-of-accounts'), ACCOUNTS_CSV_HEADER, accountCsvRows(db, query)), { auth: 'finance:read', query: accountsListQuery })
      .get('/accounts/options', async ({ query }) => {
        const items = await ledger.listAccounts(db, { includeArchived: query.includeArchived, type: query.type });
        return { items, total: items.length };
      }, { auth: 'finance:read', query: accountOptionsQuery })
      .post('/accounts', async ({ body, set }) => {
        set.status = 201;
        return ledger.createAccount(db, body);
      }, { auth: 'finance:write', body: createAccountInput })
      .get('/accounts/:code', async ({ params }) => {
        const [account] = (await ledger.listAccounts(db)).filter((a) => a.code === params.code);
        if (!account) await ledger.getAccount(db, params.code); // throws the 404
        return account;
      }, { auth: 'finance:read', params: codeParam })
      .patch('/accounts/:code', ({ params, body }) => ledger.updateAccount(db, params.code, body), { auth: 'finance:write', params: codeParam, body: updateAccountInput })
      .delete('/accounts/:code', async ({ params }) => {
        await ledger.deleteAccount(db, params.code);
        return { success: true, message: `Account ${params.code} was deleted.` };
      }, { auth: 'finance:write', params: codeParam })

      // Cost centers --------------------------------------------------------------------------
      .get('/cost-centers', ({ query }) => listCostCentersPage(db, query), { auth: 'finance:read', query: costCentersListQuery })
      .get('/cost-centers/export', ({ query }) => csvResponse(exportName('cost-centers'), COST_CENTERS_CSV_HEADER, costCenterCsvRows(db, query)), { auth: 'finance:read', query: costCentersListQuery })
      .get('/cost-centers/options', async () => {
        const items = await ledger.listCostCenters(db);
        return { items, total: items.length };
      }, { auth: 'finance:read' })
      .post('/cost-centers', async ({ body, set }) => {
        set.status = 201;
        return ledger.createCostCenter(db, body);
      }, { auth: 'finance:write', body: createCostCenterInput })
      .patch('/cost-centers/:code', ({ params, body }) => ledger.updateCostCenter(db, params.code, body), { auth: 'finance:write', params: codeParam, body: updateCostCenterInput })
      .delete('/cost-centers/:code', async ({ params }) => {
        await ledger.deleteCostCenter(db, params.code);
        return { success: true, message: `Cost center ${params.code} was deleted.` };
      }, { auth: 'finance:write', params: codeParam })

      // Journal entries -----------------------------------------------------------------------
      .get('/journal-entries', ({ query }) => ledger.listEntries(db, query), { auth: 'finance:read', query: listEntriesQuery })
      .get('/journal-entries/export', ({ query }) => csvResponse(exportName('journal-entries'), ledger.ENTRY_CSV_HEADER, ledger.entryCsvRows(db, query)), { auth: 'finance:read', query: listEntriesQuery })
      .post('/journal-entries', async ({ body, user, set, request }) => {
        const key = request.headers.get('idempotency-key')?.trim().slice(0, 200) || null;
        const { entry, created } = await ledger.createDraft(db, body, { authorId: user.id, idempotencyKey: key });
        set.status = created ? 201 : 200;
        return entry;
      }, { auth: 'finance:read', body: journalEntryInput })
      .get('/journal-entries/:id', ({ params }) => ledger.getEntry(db, params.id), { auth: 'finance:read', params: idParam })
      .patch('/journal-entries/:id', async ({ params, body }) => {
        await ledger.getEntry(db, params.id);
        return ledger.updateDraft(db, params.id, body);
      }, { auth: 'finance:write', params: idParam, body: updateDraftInput })
      .delete('/journal-entries/:id', async ({ params }) => {
        const entry = await ledger.getEntry(db, params.id);
        await ledger.deleteDraft(db, params.id);
        return { success: true, message: `Draft ${entry.number} was deleted.` };
      }, { auth: 'finance:write', params: idParam })
      .post('/journal-entries/:id/post', async ({ params, user }) => {
        await ledger.getEntry(db, params.id);
        return ledger.postDraft(db, params.id, { userId: user.id });
      }, { auth: 'finance:write', params: idParam })
      .post('/journal-entries/:id/reverse', async ({ params, user, set }) => {
        await ledger.getEntry(db, params.id);
        const result = await ledger.reverseEntry(db, params.id, { userId: user.id });
        set.status = 201;
        return result;
      }, { auth: 'finance:write', params: idParam })

      // Fiscal periods ------------------------------------------------------------------------
      .get('/periods', ({ query }) => ledger.listPeriods(db, query.year ?? Number(todayInDubai().slice(0, 4))), { auth: 'finance:read', query: yearQuery })
      .post('/periods/:period/close', async ({ params, user }) => {
        if (params.period.length === 4) return ledger.closeYear(db, Number(params.period), { userId: user.id });
        return { period: await ledger.closeMonth(db, params.period, { userId: user.id }) };
      }, { auth: 'finance:write', params: periodParams })
      .post('/periods/:period/reopen', async ({ params, body, user, request }) => {
        if (params.period.length === 4) {
          const { year } = await ledger.listPeriods(db, Number(params.period));
          if (year.status === 'closed') throw unprocessable(ledgerMessages.yearClosedCannotReopen(params.period), 'year_closed');
          throw unprocessable(ledgerMessages.periodNotClosed(year.label), 'period_not_closed');
        }
        return { period: await ledger.reopenMonth(db, params.period, { userId: user.id, reason: body.reason, ip: requestMeta(request).ip }) };
      }, { auth: 'finance:write', params: periodParams, body: reopenPeriodInput })

      // Recurring entries ---------------------------------------------------------------------
      .get('/recurring-entries', ({ query }) => listRecurringPage(db, query), { auth: 'finance:read', query: recurringListQuery })
      .get('/recurring-entries/export', ({ query }) => csvResponse(exportName('recurring-entries'), RECURRING_CSV_HEADER, recurringCsvRows(db, query)), { auth: 'finance:read', query: recurringListQuery })
      .post('/recurring-entries', async ({ body, user, set }) => {
        set.status = 201;
        return ledger.createRecurringEntry(db, body, { userId: user.id });
      }, { auth: 'finance:write', body: recurringEntryInput })
      .patch('/recurring-entries/:id', ({ params, body }) => ledger.updateRecurringEntry(db, params.id, body), { auth: 'finance:write', params: idParam, body: updateRecurringEntryInput })
      .delete('/recurring-entries/:id', async ({ params }) => {
        await ledger.deleteRecurringEntry(db, params.id);
        return { success: true, message: 'The recurring entry was deleted. Entries it already posted stay in the books.' };
      }, { auth: 'finance:write', params: idParam })
      .post('/recurring-entries/run', ({ body }) => ledger.runRecurringEntries(db, body?.asOf), { auth: 'finance:write', body: runRecurringInput.optional() })

      // Reports -------------------------------------------------------------------------------
      .get('/summary', () => ledger.ledgerSummary(db), { auth: 'finance:read' })
      .get('/trial-balance', async ({ query }) => {
        const tb = await ledger.trialBalance(db, query);
        if (query.format === 'pdf') return pdfResponse('trial-balance', tb, tb.from ?? tb.comparison.to, tb.to);
        if (query.format !== 'csv') return tb;
        let csv = ledger.csvLine(['Account code', 'Account name', 'Type', 'Opening debit (AED)', 'Opening credit (AED)', 'Period debit (AED)', 'Period credit (AED)', 'Closing debit (AED)', 'Closing credit (AED)']);
        for (const r of tb.rows) {
          csv += ledger.csvLine([r.accountCode, r.accountName, accountTypeLabels[r.accountType], ledger.aed(r.opening.debit), ledger.aed(r.opening.credit), ledger.aed(r.movement.debit), ledger.aed(r.movement.credit), ledger.aed(r.debit), ledger.aed(r.credit)]);
        }
        const t = tb.totals;
        csv += ledger.csvLine(['', 'Total', '', ledger.aed(t.opening.debit), ledger.aed(t.opening.credit), ledger.aed(t.movement.debit), ledger.aed(t.movement.credit), ledger.aed(t.debit), ledger.aed(t.credit)]);
        return new Response(csv, { headers: csvHeaders(`trial-balance-${tb.from}-to-${tb.to}`) });
      }, { auth: 'finance:read', query: reportQuery })
      .get('/general-ledger', async ({ query }) => {
        if (query.format !== 'csv') return ledger.generalLedger(db, query);
        const lines = await ledger.generalLedgerLines(db, query);
        async function* csv() {
          yield ledger.csvLine(['Date', 'Entry', 'Account code', 'Account name', 'Memo', 'Line memo', 'Debit (AED)', 'Credit (AED)', 'Balance (AED, debit − credit)', 'Currency', 'Original amount', 'Rate', 'Cost center', 'Property', 'Source module', 'Source id']);
          for await (const page of lines) {
            yield page
              .map((l) => ledger.csvLine([l.date, l.entryNumber, l.accountCode, l.accountName, l.memo, l.lineMemo, ledger.aed(l.debit), ledger.aed(l.credit), ledger.aed(l.balance), l.currency, l.originalAmount, l.rate, l.costCenter, l.property, l.source.module, l.source.id]))
              .join('');
          }
        }
        return streamed(csv(), csvHeaders(`general-ledger-${range(query)}`));
      }, { auth: 'finance:read', query: generalLedgerQuery })
      .get('/profit-and-loss', async ({ query }) => {
        const pl = await ledger.profitAndLoss(db, query);
        if (query.format === 'pdf') return pdfResponse('profit-and-loss', pl, pl.from, pl.to);
        if (query.format !== 'csv') return pl;
        let csv = ledger.csvLine(['Section', 'Account code', 'Account name', 'Level', `${pl.from} to ${pl.to} (AED)`, `${pl.comparison.from} to ${pl.comparison.to} (AED)`]);
        for (const [name, s] of [['Income', pl.income], ['Expenses', pl.expenses]] as const) {
          for (const r of s.rows) csv += ledger.csvLine([name, r.accountCode, r.accountName, r.depth, ledger.aed(r.amount), ledger.aed(r.comparison)]);
          csv += ledger.csvLine([name, '', `Total ${name.toLowerCase()}`, '', ledger.aed(s.total), ledger.aed(s.comparisonTotal)]);
        }
        csv += ledger.csvLine(['', '', 'Net income', '', ledger.aed(pl.netIncome), ledger.aed(pl.comparisonNetIncome)]);
        return new Response(csv, { headers: csvHeaders(`profit-and-loss-${pl.from}-to-${pl.to}`) });
      }, { auth: 'finance:read', query: reportQuery })
      .get('/balance-sheet', async ({ query }) => {
        const bs = await ledger.balanceSheet(db, query);
        if (query.format === 'pdf') return pdfResponse('balance-sheet', bs, addDays(bs.comparisonAsOf, 1), bs.asOf);
        if (query.format !== 'csv') return bs;
        let csv = ledger.csvLine(['Section', 'Account code', 'Account name', 'Level', `At ${bs.asOf} (AED)`, `At ${bs.comparisonAsOf} (AED)`]);
        for (const [name, s] of [['Assets', bs.assets], ['Liabilities', bs.liabilities], ['Equity', bs.equity]] as const) {
          for (const r of s.rows) csv += ledger.csvLine([name, r.accountCode, r.accountName, r.depth, ledger.aed(r.amount), ledger.aed(r.comparison)]);
          csv += ledger.csvLine([name, '', `Total ${name.toLowerCase()}`, '', ledger.aed(s.total), ledger.aed(s.comparisonTotal)]);
        }
        csv += ledger.csvLine(['Equity', '', 'Current earnings (not yet closed)', '', ledger.aed(bs.currentEarnings), ledger.aed(bs.comparisonCurrentEarnings)]);
        csv += ledger.csvLine(['', '', 'Total liabilities and equity', '', ledger.aed(bs.totalLiabilitiesAndEquity), ledger.aed(bs.comparisonTotalLiabilitiesAndEquity)]);
        return new Response(csv, { headers: csvHeaders(`balance-sheet-${bs.asOf}`) });
      }, { auth: 'finance:read', query: reportQuery })
      .get('/cash-flow', async ({ query }) => {
        const cf = await ledger.cashFlow(db, query);
        if (query.format === 'pdf') return pdfResponse('cash-flow', cf, cf.from, cf.to);
        if (query.format !== 'csv') return cf;
        let csv = ledger.csvLine(['Section', 'Account code', 'Line', `${cf.from} to ${cf.to} (AED)`, `${cf.comparison.from} to ${cf.comparison.to} (AED)`]);
        csv += ledger.csvLine(['Operating', '', 'Net income', ledger.aed(cf.operating.netIncome), ledger.aed(cf.operating.comparisonNetIncome)]);
        for (const r of cf.operating.adjustments) csv += ledger.csvLine(['Operating', r.accountCode, `Change in ${r.accountName}`, ledger.aed(r.amount), ledger.aed(r.comparison)]);
        csv += ledger.csvLine(['Operating', '', 'Net cash from operating activities', ledger.aed(cf.operating.total), ledger.aed(cf.operating.comparisonTotal)]);
        for (const [name, s] of [['Investing', cf.investing], ['Financing', cf.financing]] as const) {
          for (const r of s.rows) csv += ledger.csvLine([name, r.accountCode, `Change in ${r.accountName}`, ledger.aed(r.amount), ledger.aed(r.comparison)]);
          csv += ledger.csvLine([name, '', `Net cash from ${name.toLowerCase()} activities`, ledger.aed(s.total), ledger.aed(s.comparisonTotal)]);
        }
        csv += ledger.csvLine(['', '', 'Net change in cash', ledger.aed(cf.netChange), ledger.aed(cf.comparisonNetChange)]);
        csv += ledger.csvLine(['', '', 'Cash at the start', ledger.aed(cf.openingCash), ledger.aed(cf.comparisonOpeningCash)]);
        csv += ledger.csvLine(['', '', 'Cash at the end', ledger.aed(cf.closingCash), ledger.aed(cf.comparisonClosingCash)]);
        return new Response(csv, { headers: csvHeaders(`cash-flow-${cf.from}-to-${cf.to}`) });
      }, { auth: 'finance:read', query: reportQuery })
      .get('/export', async ({ query }) => {
        return streamed(await ledger.hledgerJournal(db, query), {
          'content-type': 'text/plain; charset=utf-8',
          'content-disposition': `inline; filename="manzil-${range(query)}.journal"`,
          'cache-control': 'no-store',
        });
      }, { auth: 'finance:read', query: exportQuery })
  );
};
