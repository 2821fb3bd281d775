import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import { createEmployeeInput, createRunInput, employeesListQuery, itemInput, payInput, runsListQuery, settingsInput, updateEmployeeInput } from './contract';
import { EMPLOYEES_CSV_HEADER, createEmployee, employeeCsvRows, getEmployee, listEmployees, updateEmployee } from './employees';
import { payslipFile, sendPayslips } from './payslips';
import { approveRun, payRun } from './run-actions';
import { RUNS_CSV_HEADER, getRun, listRuns, payrollCosts, runCsvRows } from './run-read';
import { addItem, createRun, removeItem } from './runs';
import { getPayrollSettings, updatePayrollSettings } from './settings';
import { runSif } from './wps';

const id = z.string({ error: 'That is not a valid id.' }).max(64, 'That is not a valid id.');
const idParam = z.object({ id });
const itemParams = z.object({ id, itemId: id });
const payslipParams = z.object({ id, file: z.string().max(80).regex(/^[^\u0000]*\.pdf$/, 'That is not a payslip file.') });

/** UAE payroll. Contract and every shape: ./contract.ts. */
export const payrollRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/admin/payroll', name: 'payroll' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/employees', ({ query }) => listEmployees(db, query), { auth: 'finance:read', query: employeesListQuery })
    .get('/employees/export', ({ query }) => csvResponse(exportName('employees'), EMPLOYEES_CSV_HEADER, employeeCsvRows(db, query)), { auth: 'finance:read', query: employeesListQuery })
    .post(
      '/employees',
      async ({ user, body, set }) => {
        const employee = await createEmployee(db, user.id, body);
        set.status = 201;
        return employee;
      },
      { auth: 'finance:write', body: createEmployeeInput },
    )
    .get('/employees/:id', ({ params }) => getEmployee(db, params.id), { auth: 'finance:read', params: idParam })
    .patch('/employees/:id', ({ user, params, body }) => updateEmployee(db, user.id, params.id, body), { auth: 'finance:write', params: idParam, body: updateEmployeeInput })
    .get('/settings', () => getPayrollSettings(db), { auth: 'finance:read' })
    .put('/settings', ({ user, body }) => updatePayrollSettings(db, user.id, body), { auth: 'finance:write', body: settingsInput })
    .get('/runs', ({ query }) => listRuns(db, query), { auth: 'finance:read', query: runsListQuery })
    .get('/runs/export', ({ query }) => csvResponse(exportName('payroll-runs'), RUNS_CSV_HEADER, runCsvRows(db, query)), { auth: 'finance:read', query: runsListQuery })
    .get('/runs/costs', () => payrollCosts(db), { auth: 'finance:read' })
    .post(
      '/runs',
      async ({ user, body, set }) => {
        const run = await createRun(db, user.id, body.period);
        set.status = 201;
        return run;
      },
      { auth: 'finance:write', body: createRunInput },
    )
    .get('/runs/:id', ({ params }) => getRun(db, params.id), { auth: 'finance:read', params: idParam })
    .post('/runs/:id/items', ({ user, params, body }) => addItem(db, user.id, params.id, body), { auth: 'finance:write', params: idParam, body: itemInput })
    .delete('/runs/:id/items/:itemId', ({ user, params }) => removeItem(db, user.id, params.id, params.itemId), { auth: 'finance:write', params: itemParams })
    .post('/runs/:id/approve', ({ user, params }) => approveRun(db, user.id, params.id), { auth: 'finance:write', params: idParam })
    .post('/runs/:id/pay', ({ user, params, body }) => payRun(db, user.id, params.id, body), { auth: 'finance:write', params: idParam, body: payInput })
    .get(
      '/runs/:id/wps',
      async ({ params }) => {
        const sif = await runSif(db, params.id);
        return new Response(sif.text, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${sif.filename}"`, 'cache-control': 'no-store' } });
      },
      { auth: 'finance:read', params: idParam },
    )
    .get(
      '/runs/:id/payslips/:file',
      async ({ params }) => {
        const file = await payslipFile(db, params.id, params.file.slice(0, -4));
        return new Response(new Uint8Array(file.content), { headers: { 'content-type': 'application/pdf', 'content-disposition': `inline; filename="${file.filename}"`, 'cache-control': 'no-store' } });
      },
      { auth: 'finance:read', params: payslipParams },
    )
    .post('/runs/:id/payslips/send', ({ user, params }) => sendPayslips(db, user.id, params.id), { auth: 'finance:write', params: idParam });
};
