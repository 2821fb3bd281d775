import { Elysia } from 'elysia';
import type { Db } from '@db/client';
import { csvResponse, exportName } from '@api/list';
import { authPlugin } from '@modules/auth';
import { sessionGate } from '@modules/wallet';
import { createTrackerInput, idParam, pointsQuery, recomputeInput, trackersListQuery, updateTrackerInput } from './contract';
import { computeTrackers } from './compute';
import { trackerPoints } from './points';
import { defaultCatalogue, metricJson } from './shared';
import { createTracker, deleteTracker, getTracker, listTrackers, setTrackerStatus, TRACKERS_CSV_HEADER, trackerCsvRows, updateTracker } from './trackers';

/**
 * Data trackers (contract: ./contract.ts), all under /api/admin/trackers:
 *   /             list (one list contract), export, create (the metric from the catalogue; computed at once)
 *   /metrics      the metric catalogue a tracker is chosen from
 *   /:id          read, change, delete; /:id/pause, /:id/resume; /:id/points?from&to its history
 *   /recompute    compute now: every active tracker, or { trackerId }, { full: true } re-reads the whole window
 */
export const trackersRoutes = (deps: { db: Db }) => {
  const { db } = deps;
  const catalogue = defaultCatalogue;
  const computeOne = async (id: string) => {
    await computeTrackers(db, { trackerId: id, catalogue });
    return getTracker(db, id, catalogue);
  };
  return new Elysia({ prefix: '/api/admin/trackers' })
    .use(authPlugin(deps))
    .onTransform(sessionGate(db, 'staff'))
    .get('/', ({ query }) => listTrackers(db, query, catalogue), { auth: 'finance:read', query: trackersListQuery })
    .get('/export', ({ query }) => csvResponse(exportName('data-trackers'), TRACKERS_CSV_HEADER, trackerCsvRows(db, query, catalogue)), { auth: 'finance:read', query: trackersListQuery })
    .get('/metrics', async () => {
      const items = (await catalogue.listMetrics(db)).map(metricJson);
      return { items, total: items.length };
    }, { auth: 'finance:read' })
    .post(
      '/',
      async ({ user, body, set }) => {
        const id = await createTracker(db, user.id, body, catalogue);
        set.status = 201;
        return computeOne(id);
      },
      { auth: 'finance:write', body: createTrackerInput },
    )
    .post('/recompute', ({ body }) => computeTrackers(db, { trackerId: body.trackerId, full: body.full, catalogue }), { auth: 'finance:write', body: recomputeInput })
    .get('/:id', ({ params }) => getTracker(db, params.id, catalogue), { auth: 'finance:read', params: idParam })
    .patch(
      '/:id',
      async ({ user, params, body }) => {
        const { recompute } = await updateTracker(db, user.id, params.id, body, catalogue);
        return recompute ? computeOne(params.id) : getTracker(db, params.id, catalogue);
      },
      { auth: 'finance:write', params: idParam, body: updateTrackerInput },
    )
    .post('/:id/pause', async ({ user, params }) => {
      await setTrackerStatus(db, user.id, params.id, 'paused');
      return getTracker(db, params.id, catalogue);
    }, { auth: 'finance:write', params: idParam })
    .post('/:id/resume', async ({ user, params }) => {
      await setTrackerStatus(db, user.id, params.id, 'active');
      return computeOne(params.id);
    }, { auth: 'finance:write', params: idParam })
    .delete('/:id', async ({ user, params }) => {
      await deleteTracker(db, user.id, params.id);
      return { id: params.id, deleted: true };
    }, { auth: 'finance:write', params: idParam })
    .get('/:id/points', ({ params, query }) => trackerPoints(db, params.id, query, catalogue), { auth: 'finance:read', params: idParam, query: pointsQuery });
};
