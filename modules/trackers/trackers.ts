/** Trackers: create (from the catalogue), change, pause, resume, delete, read, list (one list contract) and export. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import type { MetricDef } from '@modules/analytics';
import { recordAudit } from '@modules/audit';
import {
  formatMetricValue,
  isUuid,
  periodLabels,
  trackerErrorCodes as codes,
  trackerMessages as msg,
  type CreateTrackerInput,
  type TrackerJson,
  type trackersListQuery,
  type UpdateTrackerInput,
} from './contract';
import { defaultCatalogue, recentPoints, rows, TRACKER_SELECT, trackerJson, type Catalogue, type TrackerRow } from './shared';
import { minorToDecimalString } from '@modules/platform/money';

export type TrackersListQuery = z.output<typeof trackersListQuery>;

async function metricsByKey(db: Db, catalogue: Catalogue): Promise<Map<string, MetricDef>> {
  return new Map((await catalogue.listMetrics(db)).map((m) => [m.key, m]));
}

async function withPoints(db: Db, found: TrackerRow[], catalogue: Catalogue): Promise<TrackerJson[]> {
  const [metrics, points] = await Promise.all([metricsByKey(db, catalogue), recentPoints(db, found.map((r) => r.id))]);
  return found.map((r) => trackerJson(r, metrics.get(r.metric) ?? null, points.get(r.id) ?? []));
}

export async function getTracker(db: Db, id: string, catalogue: Catalogue = defaultCatalogue): Promise<TrackerJson> {
  if (!isUuid(id)) throw notFound(msg.notFound, codes.notFound);
  const found = await rows<TrackerRow>(db, sql`${TRACKER_SELECT} where t.id = ${id}`);
  if (!found.length) throw notFound(msg.notFound, codes.notFound);
  return (await withPoints(db, found, catalogue))[0]!;
}

/** The catalogue's metric, and the cost center and property checked against what it can be split by. */
async function checkMetric(db: Db, catalogue: Catalogue, key: string, costCenterId: string | null, propertyId: string | null): Promise<MetricDef> {
  const metric = await catalogue.getMetric(db, key);
  if (!metric) throw new AppError(422, codes.metricUnknown, msg.metricUnknown(key));
  if (costCenterId) {
    if (!metric.dimensions.includes('costCenter')) throw new AppError(422, codes.dimension, msg.dimensionUnsupported(metric.label, 'costCenter'));
    const [cc] = await rows<{ id: string }>(db, sql`select id from ledger_cost_centers where id = ${costCenterId}`);
    if (!cc) throw new AppError(422, codes.dimension, msg.costCenterUnknown);
  }
  if (propertyId) {
    if (!metric.dimensions.includes('property')) throw new AppError(422, codes.dimension, msg.dimensionUnsupported(metric.label, 'property'));
    const [p] = await rows<{ id: string }>(db, sql`select id from properties where id = ${propertyId}`);
    if (!p) throw new AppError(422, codes.dimension, msg.propertyUnknown);
  }
  return metric;
}

async function assertNameFree(db: Db, name: string, except: string | null) {
  const [dup] = await rows<{ id: string }>(db, sql`select id from trackers where lower(name) = lower(${name})${except ? sql` and id <> ${except}` : sql``}`);
  if (dup) throw new AppError(409, codes.duplicateName, msg.duplicateName(name));
}

const describe = (m: MetricDef, i: { target: bigint; targetPeriod: keyof typeof periodLabels; threshold: bigint; alertWhen: string }) =>
  `${m.label}: target ${formatMetricValue(m.unit, i.target)} ${periodLabels[i.targetPeriod]}, alert ${i.alertWhen} ${formatMetricValue(m.unit, i.threshold)}`;

export async function createTracker(db: Db, userId: string | null, input: CreateTrackerInput, catalogue: Catalogue = defaultCatalogue): Promise<string> {
  const metric = await checkMetric(db, catalogue, input.metric, input.costCenterId ?? null, input.propertyId ?? null);
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name, null);
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into trackers (name, metric, cost_center_id, property_id, direction, target, target_period, threshold, alert_when, owner_id)
          values (${input.name}, ${metric.key}, ${input.costCenterId ?? null}, ${input.propertyId ?? null}, ${input.direction}, ${input.target}, ${input.targetPeriod},
                  ${input.threshold}, ${input.alertWhen}, ${userId}) returning id`,
    );
    await recordAudit(tx, { actorId: userId, action: 'trackers.create', entityType: 'tracker', entityId: row!.id, summary: `Tracker “${input.name}” created (${describe(metric, input)})` });
    return row!.id;
  });
}

/** Locks a tracker for a change; 404 when it does not exist. */
async function lockTracker(tx: Db, id: string) {
  if (!isUuid(id)) throw notFound(msg.notFound, codes.notFound);
  const [row] = await rows<{ id: string; name: string; metric: string; cost_center_id: string | null; property_id: string | null; status: string }>(
    tx,
    sql`select id, name, metric, cost_center_id, property_id, status from trackers where id = ${id} for update`,
  );
  if (!row) throw notFound(msg.notFound, codes.notFound);
  return row;
}

/**
 * Changes a tracker. A new metric, cost center or property starts its history again (its points are deleted and the
 * next computation back-fills them); a new threshold is judged at the next computation.
 */
export async function updateTracker(db: Db, userId: string | null, id: string, input: UpdateTrackerInput, catalogue: Catalogue = defaultCatalogue): Promise<{ recompute: boolean }> {
  if (!isUuid(id)) throw notFound(msg.notFound, codes.notFound);
  const [current] = await rows<{ metric: string; cost_center_id: string | null; property_id: string | null }>(db, sql`select metric, cost_center_id, property_id from trackers where id = ${id}`);
  if (!current) throw notFound(msg.notFound, codes.notFound);
  const metricKey = input.metric ?? current.metric;
  const costCenterId = input.costCenterId !== undefined ? input.costCenterId : current.cost_center_id;
  const propertyId = input.propertyId !== undefined ? input.propertyId : current.property_id;
  const reshaped = metricKey !== current.metric || costCenterId !== current.cost_center_id || propertyId !== current.property_id;
  if (reshaped || input.metric !== undefined) await checkMetric(db, catalogue, metricKey, costCenterId, propertyId);
  await db.transaction(async (tx) => {
    const locked = await lockTracker(tx, id);
    if (input.name !== undefined) await assertNameFree(tx, input.name, id);
    const set: SQL[] = [];
    if (input.name !== undefined) set.push(sql`name = ${input.name}`);
    if (input.direction !== undefined) set.push(sql`direction = ${input.direction}`);
    if (input.target !== undefined) set.push(sql`target = ${input.target}`);
    if (input.targetPeriod !== undefined) set.push(sql`target_period = ${input.targetPeriod}`);
    if (input.threshold !== undefined) set.push(sql`threshold = ${input.threshold}`);
    if (input.alertWhen !== undefined) set.push(sql`alert_when = ${input.alertWhen}`);
    if (reshaped) {
      set.push(sql`metric = ${metricKey}, cost_center_id = ${costCenterId}, property_id = ${propertyId}, last_computed_on = null, alert_state = 'ok'`);
      await tx.execute(sql`delete from tracker_points where tracker_id = ${id}`);
    }
    set.push(sql`updated_at = now()`);
    await tx.execute(sql`update trackers set ${sql.join(set, sql`, `)} where id = ${id}`);
    await recordAudit(tx, {
      actorId: userId,
      action: 'trackers.update',
      entityType: 'tracker',
      entityId: id,
      summary: `Tracker “${input.name ?? locked.name}” changed: ${Object.keys(input).join(', ')}`,
      details: { fields: Object.keys(input) },
    });
  });
  return { recompute: reshaped };
}

export async function setTrackerStatus(db: Db, userId: string | null, id: string, status: 'active' | 'paused'): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockTracker(tx, id);
    if (locked.status === status) return;
    await tx.execute(sql`update trackers set status = ${status}, updated_at = now() where id = ${id}`);
    await recordAudit(tx, { actorId: userId, action: status === 'paused' ? 'trackers.pause' : 'trackers.resume', entityType: 'tracker', entityId: id, summary: `Tracker “${locked.name}” ${status === 'paused' ? 'paused' : 'resumed'}` });
  });
}

export async function deleteTracker(db: Db, userId: string | null, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockTracker(tx, id);
    await tx.execute(sql`delete from trackers where id = ${id}`);
    await recordAudit(tx, { actorId: userId, action: 'trackers.delete', entityType: 'tracker', entityId: id, summary: `Tracker “${locked.name}” deleted with its history` });
  });
}

function where(query: Partial<TrackersListQuery>): SQL {
  return allOf(searchWhere(query.q, [sql`t.name`, sql`t.metric`]), query.status && sql`t.status = ${query.status}`, query.alertState && sql`t.alert_state = ${query.alertState}`) ?? sql`true`;
}
const SORT = { name: sql`lower(t.name)`, createdAt: sql`t.created_at`, lastComputedOn: sql`t.last_computed_on`, metric: sql`t.metric` };
const page = (db: Db, query: TrackersListQuery, limit: number, offset: number) =>
  rows<TrackerRow>(db, sql`${TRACKER_SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`t.id`)} limit ${limit} offset ${offset}`);

export async function listTrackers(db: Db, query: TrackersListQuery, catalogue: Catalogue = defaultCatalogue): Promise<{ items: TrackerJson[]; total: number }> {
  const [found, [t]] = await Promise.all([page(db, query, query.limit, query.offset), rows<{ n: number }>(db, sql`select count(*)::int as n from trackers t where ${where(query)}`)]);
  return { items: await withPoints(db, found, catalogue), total: Number(t?.n ?? 0) };
}

export const TRACKERS_CSV_HEADER = ['Name', 'Metric', 'Unit', 'Latest value', 'Latest date', 'Target', 'Target period', 'vs target (%)', 'Threshold', 'Alert when', 'Status', 'Alert state', 'Last computed'] as const;
export async function* trackerCsvRows(db: Db, query: TrackersListQuery, catalogue: Catalogue = defaultCatalogue): AsyncGenerator<CsvCell[]> {
  const metrics = await metricsByKey(db, catalogue);
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset), 200)) {
    const [j] = await withPoints(db, [r], { ...catalogue, listMetrics: async () => [...metrics.values()] });
    yield [j!.name, j!.metricLabel, j!.unit, j!.latestValue, j!.latestDate, j!.target, j!.targetPeriod, j!.vsTargetBps === null ? null : minorToDecimalString(BigInt(j!.vsTargetBps)), j!.threshold, j!.alertWhen, j!.status, j!.alertState, j!.lastComputedOn];
  }
}
