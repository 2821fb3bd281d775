/**
 * The operator's books of account (issues #14 and #15) as one plugin: banking with the receivables and purchasing
 * match sources, tax, receivables, purchasing, payroll, inventory and sales. Composed apart from the investor side so the
 * app's route chain stays short enough for TypeScript to follow.
 */
import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { bankingRoutes } from '@modules/banking';
import { inventoryRoutes } from '@modules/inventory';
import { payrollRoutes } from '@modules/payroll';
import { purchasingMatchSource, purchasingRoutes } from '@modules/purchasing';
import { receivablesMatchSource, receivablesRoutes } from '@modules/receivables';
import { salesRoutes } from '@modules/sales';
import { taxRoutes } from '@modules/tax';

export const erpRoutes = (deps: { db: Db }) =>
  new Elysia()
    .use(bankingRoutes({ ...deps, matchSources: [receivablesMatchSource, purchasingMatchSource] }))
    .use(taxRoutes(deps))
    .use(receivablesRoutes(deps))
    .use(purchasingRoutes(deps))
    .use(payrollRoutes(deps))
    .use(inventoryRoutes(deps))
    .use(salesRoutes(deps));
