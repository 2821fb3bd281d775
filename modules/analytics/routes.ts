import { Elysia } from 'elysia';
import { z } from 'zod';
import type { Db } from '@db/client';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import { listMetrics } from './catalogue';
import type { MetricDef } from './contract';
import { createDashboardInput, dashboardsListQuery, layoutSaveInput, metricsQuery, seriesRouteQuery, updateDashboardInput, type MetricsGroupJson } from './dashboard-contract';
import { createDashboard, deleteDashboard, getDashboard, listDashboards, saveLayout, updateDashboard } from './dashboards';
import { seriesForWidget } from './series-route';

const idParam = z.object({ id: z.string({ error: 'That is not a valid id.' }).max(64, 'That is not a valid id.') });

/** The catalogue grouped as the metric picker shows it, searched by key, label, group and description. */
async function groupedMetrics(db: Db, q: { q?: string; keys?: string[] }): Promise<{ groups: MetricsGroupJson[]; total: number }> {
  const needle = q.q?.toLowerCase();
  const keys = q.keys ? new Set(q.keys) : null;
  const found = (await listMetrics(db)).filter(
    (m) => (!keys || keys.has(m.key)) && (!needle || [m.key, m.label, m.group, m.description].some((s) => s.toLowerCase().includes(needle))),
  );
  const groups = new Map<string, MetricDef[]>();
  for (const m of found) groups.set(m.group, [...(groups.get(m.group) ?? []), m]);
  return { groups: [...groups].map(([group, metrics]) => ({ group, metrics })), total: found.length };
}

/**
 * The metric catalogue, series and saved dashboards (issue #15). Contract: ./contract.ts, ./dashboard-contract.ts.
 *   GET  /api/admin/analytics/metrics?q              the catalogue, grouped
 *   POST /api/admin/analytics/metrics { q?, keys? }  the same, for a set of keys
 *   GET  /api/admin/analytics/series?metric&from&to&bucket&costCenterId&propertyId&comparison&breakdown
 *   GET|POST /api/admin/analytics/dashboards, GET|PATCH|DELETE /dashboards/:id, PUT /dashboards/:id/layout
 */
export const analyticsRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  return new Elysia({ prefix: '/api/admin/analytics', name: 'analytics' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/metrics', ({ query }) => groupedMetrics(db, query), { auth: 'finance:read', query: metricsQuery.omit({ keys: true }) })
    .post('/metrics', ({ body }) => groupedMetrics(db, body), { auth: 'finance:read', body: metricsQuery })
    .get('/series', ({ query }) => seriesForWidget(db, query), { auth: 'finance:read', query: seriesRouteQuery })
    .get('/dashboards', ({ user, query }) => listDashboards(db, user.id, query), { auth: 'finance:read', query: dashboardsListQuery })
    .post(
      '/dashboards',
      async ({ user, body, set }) => {
        const created = await createDashboard(db, user.id, body);
        set.status = 201;
        return created;
      },
      { auth: 'finance:write', body: createDashboardInput },
    )
    .get('/dashboards/:id', ({ user, params }) => getDashboard(db, user.id, params.id), { auth: 'finance:read', params: idParam })
    .patch('/dashboards/:id', ({ user, params, body }) => updateDashboard(db, user.id, params.id, body), { auth: 'finance:write', params: idParam, body: updateDashboardInput })
    .put('/dashboards/:id/layout', ({ user, params, body }) => saveLayout(db, user.id, params.id, body.layout), { auth: 'finance:write', params: idParam, body: layoutSaveInput })
    .delete('/dashboards/:id', ({ user, params }) => deleteDashboard(db, user.id, params.id), { auth: 'finance:write', params: idParam });
};
