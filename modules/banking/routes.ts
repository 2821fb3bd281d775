import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { csvResponse, exportName, type CsvCell } from '@api/list';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import { createBankAccount, listBankAccounts } from './accounts';
import {
  createBankAccountInput,
  createEntryInput,
  csvMappingInput,
  ignoreInput,
  matchInput,
  reconciliationQuery,
  reportQuery,
  ruleActiveInput,
  ruleInput,
  rulesListQuery,
  statementLinesListQuery,
  statementsListQuery,
} from './contract';
import { createEntryForLine, ignoreLine, matchLine, unmatchLine } from './line-actions';
import type { MatchSource } from './match-source';
import { createRule, deleteRule, listRules, ruleCsvRows, RULES_CSV_HEADER, setRuleActive, updateRule } from './rules';
import { bankAccountOr404 } from './shared';
import { getCsvMapping, importStatement, LINES_CSV_HEADER, listStatementLines, listStatements, previewStatement, putCsvMapping, statementCsvRows, statementLineCsvRows, STATEMENTS_CSV_HEADER } from './statements';
import { readUpload, statementFormParser } from './upload';
import { getReconciliation, reconciliationReport, reportCsv } from './view';

const id = z.string({ error: 'That is not a valid id.' }).max(64, 'That is not a valid id.');
const accountParam = z.object({ id });
const lineParam = z.object({ id, lineId: id });
const ruleParam = z.object({ id, ruleId: id });

/**
 * Bank accounts, statement import and the reconciliation. Shapes: ./contract.ts.
 *   GET  /api/admin/bank-accounts                         the bank accounts
 *   POST /api/admin/bank-accounts                         { name, iban, ledgerAccountCode } → 201 { id, … }
 *   GET|PUT …/:id/csv-mapping                             the CSV column mapping reused on imports
 *   POST …/:id/statements                                 multipart file + format (+ mapping) → 201 { imported, duplicates, … }
 *   POST …/:id/statements/preview                         multipart CSV → its first rows and how the mapping reads them
 *   GET  …/:id/statements, …/:id/lines (+ /export)        lists on the list contract
 *   GET  …/:id/reconciliation?from&to                     { statementBalance, ledgerBalance, difference, explanation, unmatched, suggestions }
 *   GET  …/:id/reconciliation/report?period=YYYY-MM[&format=csv]
 *   POST …/:id/lines/:lineId/match | create-entry | ignore | unmatch
 *   GET|POST …/:id/rules (+ /export), PUT|PATCH|DELETE …/:id/rules/:ruleId
 */
export const bankingRoutes = (deps: { db: Db; matchSources?: MatchSource[] }) => {
  const { db } = deps;
  const sources = deps.matchSources ?? [];
  /** A CSV export of one account's list: the account is checked before the stream starts (a 404, not a broken download). */
  const csvFor = async (accountId: string, name: string, header: readonly string[], rowsOf: () => AsyncIterable<readonly CsvCell[]>) => {
    await bankAccountOr404(db, accountId);
    return csvResponse(exportName(name), header, rowsOf());
  };
  return new Elysia({ prefix: '/api/admin/bank-accounts' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/', async () => ({ items: await listBankAccounts(db) }), { auth: 'finance:read' })
    .post(
      '/',
      async ({ user, body, set }) => {
        const account = await createBankAccount(db, user.id, body);
        set.status = 201;
        return account;
      },
      { auth: 'finance:write', body: createBankAccountInput },
    )
    .get('/:id/csv-mapping', async ({ params }) => {
      await bankAccountOr404(db, params.id);
      return { mapping: await getCsvMapping(db, params.id) };
    }, { auth: 'finance:read', params: accountParam })
    .put('/:id/csv-mapping', async ({ user, params, body }) => ({ mapping: await putCsvMapping(db, user.id, params.id, body) }), { auth: 'finance:write', params: accountParam, body: csvMappingInput })
    .post(
      '/:id/statements',
      async ({ user, params, body, set }) => {
        await bankAccountOr404(db, params.id);
        const result = await importStatement(db, user.id, params.id, await readUpload(body));
        set.status = 201;
        return result;
      },
      { auth: 'finance:write', params: accountParam, parse: statementFormParser(db) },
    )
    .post(
      '/:id/statements/preview',
      async ({ params, body }) => {
        await bankAccountOr404(db, params.id);
        const upload = await readUpload(body, false);
        return previewStatement(db, params.id, upload.bytes, upload.mapping);
      },
      { auth: 'finance:write', params: accountParam, parse: statementFormParser(db) },
    )
    .get('/:id/statements', ({ params, query }) => listStatements(db, params.id, query), { auth: 'finance:read', params: accountParam, query: statementsListQuery })
    .get('/:id/statements/export', ({ params, query }) => csvFor(params.id, 'bank-statements', STATEMENTS_CSV_HEADER, () => statementCsvRows(db, params.id, query)), { auth: 'finance:read', params: accountParam, query: statementsListQuery })
    .get('/:id/lines', ({ params, query }) => listStatementLines(db, params.id, query), { auth: 'finance:read', params: accountParam, query: statementLinesListQuery })
    .get('/:id/lines/export', ({ params, query }) => csvFor(params.id, 'bank-statement-lines', LINES_CSV_HEADER, () => statementLineCsvRows(db, params.id, query)), { auth: 'finance:read', params: accountParam, query: statementLinesListQuery })
    .get('/:id/reconciliation', ({ params, query }) => getReconciliation(db, sources, params.id, query), { auth: 'finance:read', params: accountParam, query: reconciliationQuery })
    .get(
      '/:id/reconciliation/report',
      async ({ params, query }) => {
        const report = await reconciliationReport(db, params.id, query.period);
        if (query.format !== 'csv') return report;
        return reportCsv(report, (await bankAccountOr404(db, params.id)).name);
      },
      { auth: 'finance:read', params: accountParam, query: reportQuery },
    )
    .post('/:id/lines/:lineId/match', ({ user, params, body }) => matchLine(db, sources, user.id, params.id, params.lineId, body.candidateKey), { auth: 'finance:write', params: lineParam, body: matchInput })
    .post('/:id/lines/:lineId/create-entry', ({ user, params, body }) => createEntryForLine(db, user.id, params.id, params.lineId, body), { auth: 'finance:write', params: lineParam, body: createEntryInput })
    .post('/:id/lines/:lineId/ignore', ({ user, params, body }) => ignoreLine(db, user.id, params.id, params.lineId, body.reason), { auth: 'finance:write', params: lineParam, body: ignoreInput })
    .post('/:id/lines/:lineId/unmatch', ({ user, params }) => unmatchLine(db, user.id, params.id, params.lineId), { auth: 'finance:write', params: lineParam })
    .get('/:id/rules', ({ params, query }) => listRules(db, params.id, query), { auth: 'finance:read', params: accountParam, query: rulesListQuery })
    .get('/:id/rules/export', ({ params, query }) => csvFor(params.id, 'bank-rules', RULES_CSV_HEADER, () => ruleCsvRows(db, params.id, query)), { auth: 'finance:read', params: accountParam, query: rulesListQuery })
    .post(
      '/:id/rules',
      async ({ user, params, body, set }) => {
        const rule = await createRule(db, user.id, params.id, body);
        set.status = 201;
        return rule;
      },
      { auth: 'finance:write', params: accountParam, body: ruleInput },
    )
    .put('/:id/rules/:ruleId', ({ user, params, body }) => updateRule(db, user.id, params.id, params.ruleId, body), { auth: 'finance:write', params: ruleParam, body: ruleInput })
    .patch('/:id/rules/:ruleId', ({ user, params, body }) => setRuleActive(db, user.id, params.id, params.ruleId, body.active), { auth: 'finance:write', params: ruleParam, body: ruleActiveInput })
    .delete('/:id/rules/:ruleId', ({ user, params }) => deleteRule(db, user.id, params.id, params.ruleId), { auth: 'finance:write', params: ruleParam });
};
