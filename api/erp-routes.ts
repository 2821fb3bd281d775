/**
 * The operator's books of account (issues #14 and #15) as one plugin: banking with the receivables and purchasing
 * match sources, tax, receivables, purchasing, payroll, inventory, sales, the ready-made ERP dashboards, analytics (metric
 * catalogue, dashboards built by the team) and the data trackers. Composed apart from the investor side so the
 * app's route chain stays short enough for TypeScript to follow.
 */
import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { analyticsRoutes } from '@modules/analytics';
import { bankingRoutes } from '@modules/banking';
import { erpDashboardRoutes } from '@modules/erp-dashboards';
import { inventoryRoutes, stockReceiver } from '@modules/inventory';
import { payrollRoutes } from '@modules/payroll';
import { purchasingMatchSource, purchasingRoutes } from '@modules/purchasing';
import { receivablesMatchSource, receivablesRoutes } from '@modules/receivables';
import { salesRoutes } from '@modules/sales';
import { taxRoutes } from '@modules/tax';
import { trackersRoutes } from '@modules/trackers';

export const erpRoutes = (deps: { db: Db }) =>
  new Elysia()
    .use(bankingRoutes({ ...deps, matchSources: [receivablesMatchSource, purchasingMatchSource] }))
    .use(taxRoutes(deps))
    .use(receivablesRoutes(deps))
    .use(purchasingRoutes({ ...deps, stock: stockReceiver }))
    .use(payrollRoutes(deps))
    .use(inventoryRoutes(deps))
    .use(erpDashboardRoutes(deps))
    .use(analyticsRoutes(deps))
    .use(trackersRoutes(deps))
    .use(salesRoutes(deps));
