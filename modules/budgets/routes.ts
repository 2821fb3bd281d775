import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { SESSION_COOKIE } from '@api/cookies';
import { AppError } from '@api/errors';
import { authPlugin, isStaffRole, loadSession } from '../auth';
import { auditTrail, type TrailRule } from '../audit';
import {
  copyBudgetInput,
  costCenterLinesQuery,
  costCenterReportQuery,
  createBudgetInput,
  gridQuery,
  importCsvInput,
  saveCellsInput,
  updateBudgetInput,
  versusActualQuery,
  yearSchema,
} from './contract';
import * as budgets from './service';

const yearParam = z.object({ year: yearSchema });

/** How each budget write reads in the activity log. */
const budgetTrail: TrailRule[] = [
  { method: 'POST', pattern: /^\/$/, action: 'budget.create', entityType: 'budget', entityId: (_m, b) => String(b.fiscalYear ?? ''), summary: (_m, b) => `Created the ${String(b.fiscalYear ?? '')} budget` },
  { method: 'PATCH', pattern: /^\/(\d{4})$/, action: 'budget.update', entityType: 'budget', summary: (m) => `Edited the ${m[1]} budget` },
  { method: 'DELETE', pattern: /^\/(\d{4})$/, action: 'budget.delete', entityType: 'budget', summary: (m) => `Deleted the ${m[1]} budget` },
  { method: 'PUT', pattern: /^\/(\d{4})\/cells$/, action: 'budget.cells', entityType: 'budget', summary: (m, b) => `Changed ${Array.isArray(b.cells) ? b.cells.length : 0} cells of the ${m[1]} budget` },
  { method: 'POST', pattern: /^\/(\d{4})\/copy-from-last-year$/, action: 'budget.copy', entityType: 'budget', summary: (m) => `Copied last year's figures into the ${m[1]} budget` },
  { method: 'POST', pattern: /^\/(\d{4})\/import$/, action: 'budget.import', entityType: 'budget', summary: (m, b) => (b.dryRun ? `Checked a CSV import for the ${m[1]} budget` : `Imported a CSV into the ${m[1]} budget`) },
];

/**
 * Budgets and cost-center reports under /api/admin/budgets, for administrators only (401 for
 * visitors, 403 for investors — settled before the input is validated, as on the ledger's routes).
 *
 *   GET    /                          budgets, one per fiscal year, with their totals
 *   POST   /                          { fiscalYear, name?, description? } → 201
 *   GET    /vs-actual                 ?from&to&costCenter → budget against actual, variance, by month
 *   GET    /cost-centers/actuals      ?from&to&costCenters=A,B → actuals by cost center × account
 *   GET    /cost-centers/lines        ?from&to&costCenter&account&limit&offset → the journal lines of one cell
 *   GET    /:year                     one budget · PATCH { name?, description? } · DELETE
 *   GET    /:year/grid                ?costCenter → accounts × 12 months with totals
 *   PUT    /:year/cells               { cells: [{ accountCode, costCenter?, month, amount, previous? }] } in one transaction
 *   POST   /:year/copy-from-last-year { adjustPercent?, replace? }
 *   POST   /:year/import              { csv, dryRun? } → 400 with { errors: [{ line, column?, message }] } on any bad row
 */
export const budgetRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/admin/budgets' })
    .use(authPlugin(deps))
    .onTransform(async ({ cookie }) => {
      const found = await loadSession(db, cookie[SESSION_COOKIE]?.value as string | undefined);
      if (!found || found.session.mfaPending) throw new AppError(401, 'unauthenticated', 'Please log in to continue.');
      if (!isStaffRole(found.user.role)) throw new AppError(403, 'forbidden', 'This area is for Manzil administrators only.');
    })
    .use(auditTrail(deps, '/api/admin/budgets', budgetTrail))
    .get('/', async () => {
      const items = await budgets.listBudgets(db);
      return { items, total: items.length };
    }, { auth: 'finance:read' })
    .post('/', async ({ body, user, set }) => {
      set.status = 201;
      return budgets.createBudget(db, body, user.id);
    }, { auth: 'finance:write', body: createBudgetInput })
    .get('/vs-actual', ({ query }) => budgets.versusActual(db, query), { auth: 'finance:read', query: versusActualQuery })
    .get('/cost-centers/actuals', ({ query }) => budgets.costCenterReport(db, query), { auth: 'finance:read', query: costCenterReportQuery })
    .get('/cost-centers/lines', ({ query }) => budgets.costCenterLines(db, query), { auth: 'finance:read', query: costCenterLinesQuery })
    .get('/:year', ({ params }) => budgets.getBudget(db, params.year), { auth: 'finance:read', params: yearParam })
    .patch('/:year', ({ params, body }) => budgets.updateBudget(db, params.year, body), { auth: 'finance:write', params: yearParam, body: updateBudgetInput })
    .delete('/:year', async ({ params }) => {
      await budgets.deleteBudget(db, params.year);
      return { success: true, message: `The ${params.year} budget and all its amounts were deleted.` };
    }, { auth: 'finance:write', params: yearParam })
    .get('/:year/grid', ({ params, query }) => budgets.budgetGrid(db, params.year, query.costCenter), { auth: 'finance:read', params: yearParam, query: gridQuery })
    .put('/:year/cells', ({ params, body, user }) => budgets.saveCells(db, params.year, body, user.id), { auth: 'finance:write', params: yearParam, body: saveCellsInput })
    .post('/:year/copy-from-last-year', ({ params, body, user }) => budgets.copyFromLastYear(db, params.year, body, user.id), { auth: 'finance:write', params: yearParam, body: copyBudgetInput })
    .post('/:year/import', ({ params, body, user }) => budgets.importCsv(db, params.year, body, user.id), { auth: 'finance:write', params: yearParam, body: importCsvInput });
};
