import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import { aumDashboard } from './aum';
import { budgetDashboard } from './budget';
import { cashDashboard } from './cash';
import { periodQuery } from './contract';
import { payrollDashboard } from './payroll';
import { receivablesPayablesDashboard } from './receivables-payables';
import { revenueDashboard } from './revenue';

/** Ready-made ERP dashboards, read-only. Contract and every shape: ./contract.ts. */
export const erpDashboardRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/admin/erp-dashboards', name: 'erp-dashboards' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/cash', ({ query }) => cashDashboard(db, query), { auth: 'finance:read', query: periodQuery })
    .get('/revenue', ({ query }) => revenueDashboard(db, query), { auth: 'finance:read', query: periodQuery })
    .get('/aum', ({ query }) => aumDashboard(db, query), { auth: 'finance:read', query: periodQuery })
    .get('/receivables-payables', ({ query }) => receivablesPayablesDashboard(db, query), { auth: 'finance:read', query: periodQuery })
    .get('/payroll', ({ query }) => payrollDashboard(db, query), { auth: 'finance:read', query: periodQuery })
    .get('/budget', ({ query }) => budgetDashboard(db, query), { auth: 'finance:read', query: periodQuery });
};
