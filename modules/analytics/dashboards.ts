/**
 * Saved dashboards: an admin sees their own and those shared with all admins; only the owner changes,
 * shares or deletes one. Widgets are checked against the catalogue (the metric exists, the filters and
 * breakdown are dimensions it has) before they are stored.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, badRequest } from '@api/errors';
import { allOf, orderSql, searchWhere, sqlRows } from '@api/list';
import { recordAudit } from '@modules/audit';
import { listMetrics } from './catalogue';
import type { MetricDef } from './contract';
import {
  dashboardMessages as msg,
  type CreateDashboardInput,
  type DashboardJson,
  type DashboardRowJson,
  type DashboardsListQuery,
  type UpdateDashboardInput,
  type Widget,
  type WidgetLayout,
} from './dashboard-contract';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const notFound = () => new AppError(404, 'dashboard_not_found', msg.notFound);

type Row = {
  id: string; name: string; description: string; owner_id: string; owner_name: string; shared_with_all: boolean; widgets: Widget[] | string;
  widget_count: number; created_at: string | Date; updated_at: string | Date;
};
const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

const rowJson = (r: Row, userId: string): DashboardRowJson => ({
  id: r.id,
  name: r.name,
  description: r.description,
  ownerName: r.owner_name,
  widgetCount: Number(r.widget_count),
  shared: r.shared_with_all,
  mine: r.owner_id === userId,
  updatedAt: iso(r.updated_at),
  createdAt: iso(r.created_at),
});
const fullJson = (r: Row, userId: string): DashboardJson => ({
  ...rowJson(r, userId),
  ownerId: r.owner_id,
  canEdit: r.owner_id === userId,
  widgets: typeof r.widgets === 'string' ? (JSON.parse(r.widgets) as Widget[]) : r.widgets,
});

const SELECT = sql`select d.id, d.name, d.description, d.owner_id, trim(u.first_name || ' ' || u.last_name) as owner_name, d.shared_with_all, d.widgets,
                          jsonb_array_length(d.widgets)::int as widget_count, d.created_at, d.updated_at
                     from dashboards d join users u on u.id = d.owner_id`;
const visible = (userId: string) => sql`(d.owner_id = ${userId} or d.shared_with_all)`;

/** Checks each widget against the catalogue: the metric exists, and its filters and breakdown are its dimensions. */
export async function checkWidgets(db: Db, widgets: Widget[]): Promise<void> {
  if (!widgets.length) return;
  const byKey = new Map<string, MetricDef>((await listMetrics(db)).map((m) => [m.key, m]));
  for (const w of widgets) {
    const metric = byKey.get(w.metric);
    if (!metric) throw badRequest(msg.metricUnknown(w.metric), 'validation_failed', { widget: w.id });
    if (w.breakdown && !metric.dimensions.includes(w.breakdown)) throw badRequest(msg.breakdownUnsupported(metric.label), 'validation_failed', { widget: w.id });
    if ((w.filters.costCenterId && !metric.dimensions.includes('costCenter')) || (w.filters.propertyId && !metric.dimensions.includes('property')))
      throw badRequest(msg.filterUnsupported(metric.label), 'validation_failed', { widget: w.id });
  }
}

const SORT = { name: sql`lower(d.name)`, updatedAt: sql`d.updated_at`, createdAt: sql`d.created_at`, widgetCount: sql`jsonb_array_length(d.widgets)` };

export async function listDashboards(db: Db, userId: string, q: DashboardsListQuery): Promise<{ items: DashboardRowJson[]; total: number }> {
  const where: SQL = allOf(visible(userId), searchWhere(q.q, [sql`d.name`, sql`d.description`]), q.shared && sql`d.shared_with_all = ${q.shared === 'true'}`)!;
  const [items, [count]] = await Promise.all([
    sqlRows<Row>(db, sql`${SELECT} where ${where} order by ${orderSql(q.sort, SORT, sql`d.id`)} limit ${q.limit} offset ${q.offset}`),
    sqlRows<{ n: number }>(db, sql`select count(*)::int as n from dashboards d where ${where}`),
  ]);
  return { items: items.map((r) => rowJson(r, userId)), total: Number(count?.n ?? 0) };
}

async function load(db: Db, userId: string, id: string): Promise<Row> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await sqlRows<Row>(db, sql`${SELECT} where d.id = ${id} and ${visible(userId)}`);
  if (!row) throw notFound();
  return row;
}

async function loadOwned(db: Db, userId: string, id: string): Promise<Row> {
  const row = await load(db, userId, id);
  if (row.owner_id !== userId) throw new AppError(403, 'forbidden', msg.ownerOnly);
  return row;
}

export async function getDashboard(db: Db, userId: string, id: string): Promise<DashboardJson> {
  return fullJson(await load(db, userId, id), userId);
}

export async function createDashboard(db: Db, userId: string, input: CreateDashboardInput): Promise<DashboardJson> {
  await checkWidgets(db, input.widgets);
  const id = await db.transaction(async (tx) => {
    const [created] = await sqlRows<{ id: string }>(
      tx,
      sql`insert into dashboards (name, description, owner_id, shared_with_all, widgets)
          values (${input.name}, ${input.description}, ${userId}, ${input.sharedWithAll}, ${JSON.stringify(input.widgets)}::jsonb) returning id`,
    );
    await recordAudit(tx, { actorId: userId, action: 'analytics.dashboard.create', entityType: 'dashboard', entityId: created!.id, summary: `Created dashboard "${input.name}"` });
    return created!.id;
  });
  return getDashboard(db, userId, id);
}

export async function updateDashboard(db: Db, userId: string, id: string, input: UpdateDashboardInput): Promise<DashboardJson> {
  const row = await loadOwned(db, userId, id);
  if (input.widgets) await checkWidgets(db, input.widgets);
  await db.transaction(async (tx) => {
    await tx.execute(sql`update dashboards set
        name = ${input.name ?? row.name},
        description = ${input.description ?? row.description},
        shared_with_all = ${input.sharedWithAll ?? row.shared_with_all},
        widgets = ${input.widgets ? sql`${JSON.stringify(input.widgets)}::jsonb` : sql`widgets`},
        updated_at = now()
      where id = ${id}`);
    const what = [input.widgets && `${input.widgets.length} widgets`, input.sharedWithAll !== undefined && (input.sharedWithAll ? 'shared with all admins' : 'made private'), input.name && 'renamed'].filter(Boolean).join(', ');
    await recordAudit(tx, { actorId: userId, action: 'analytics.dashboard.update', entityType: 'dashboard', entityId: id, summary: `Updated dashboard "${input.name ?? row.name}"${what ? `: ${what}` : ''}` });
  });
  return getDashboard(db, userId, id);
}

/** Saves the grid positions only (after a drag or resize). Every id must be a widget of the dashboard. */
export async function saveLayout(db: Db, userId: string, id: string, layout: (WidgetLayout & { id: string })[]): Promise<DashboardJson> {
  const row = await loadOwned(db, userId, id);
  const widgets = fullJson(row, userId).widgets;
  const byId = new Map(layout.map((l) => [l.id, l]));
  if (layout.some((l) => !widgets.some((w) => w.id === l.id))) throw badRequest(msg.layoutUnknownWidget, 'validation_failed');
  const next = widgets.map((w) => {
    const l = byId.get(w.id);
    return l ? { ...w, layout: { x: l.x, y: l.y, w: l.w, h: l.h } } : w;
  });
  await db.execute(sql`update dashboards set widgets = ${JSON.stringify(next)}::jsonb, updated_at = now() where id = ${id}`);
  return getDashboard(db, userId, id);
}

export async function deleteDashboard(db: Db, userId: string, id: string): Promise<{ deleted: true }> {
  const row = await loadOwned(db, userId, id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from dashboards where id = ${id}`);
    await recordAudit(tx, { actorId: userId, action: 'analytics.dashboard.delete', entityType: 'dashboard', entityId: id, summary: `Deleted dashboard "${row.name}"` });
  });
  return { deleted: true };
}
