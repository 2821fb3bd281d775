/** Locations: warehouses and their bins, properties (opened on demand) and maintenance jobs, as a tree. */
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { allOf, allRows, orderSql, searchWhere, type CsvCell } from '@api/list';
import { recordAudit } from '@modules/audit';
import { divideHalfEven } from '@modules/platform/money';
import {
  inventoryErrorCodes as codes,
  inventoryMessages as msg,
  locationKindLabels,
  STORE_KINDS,
  type CreateLocationInput,
  type LocationJson,
  type LocationKind,
  type locationsListQuery,
} from './contract';
import { rows } from './shared';

export type LocationsListQuery = z.output<typeof locationsListQuery>;

type Row = { id: string; code: string; name: string; kind: LocationKind; parent_id: string | null; parent_code: string | null; property: string | null; items: number; placed: string };

/*
 * The value at a store location is its share of each item's store value (quantity there ÷ quantity in store),
 * rounded half-even per item; elsewhere it is the value placed there by the moves.
 */
const SELECT = sql`select l.id, l.code, l.name, l.kind, l.parent_id, p.code as parent_code, l.property,
  (select count(*)::int from inventory_stock s where s.location_id = l.id and s.quantity > 0) as items,
  (select coalesce(sum(s.value), 0)::text from inventory_stock s where s.location_id = l.id) as placed
  from inventory_locations l left join inventory_locations p on p.id = l.parent_id`;

async function storeValues(db: Db, ids: string[]): Promise<Map<string, bigint>> {
  const out = new Map<string, bigint>();
  if (ids.length === 0) return out;
  const shares = await rows<{ location_id: string; quantity: string; item_qty: string; item_value: string }>(
    db,
    sql`select s.location_id, s.quantity::text, c.quantity::text as item_qty, c.value::text as item_value from inventory_stock s join inventory_item_costs c on c.item_id = s.item_id
        where s.location_id in (${sql.join(
          ids.map((i) => sql`${i}::uuid`),
          sql`, `,
        )}) and s.quantity > 0 and c.quantity > 0`,
  );
  for (const s of shares) out.set(s.location_id, (out.get(s.location_id) ?? 0n) + divideHalfEven(BigInt(s.item_value) * BigInt(s.quantity), BigInt(s.item_qty)));
  return out;
}

async function toJson(db: Db, list: Row[]): Promise<LocationJson[]> {
  const store = await storeValues(
    db,
    list.filter((r) => STORE_KINDS.includes(r.kind)).map((r) => r.id),
  );
  return list.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    kind: r.kind,
    parentId: r.parent_id,
    parentCode: r.parent_code,
    property: r.property,
    items: Number(r.items),
    value: (STORE_KINDS.includes(r.kind) ? (store.get(r.id) ?? 0n) : BigInt(r.placed)).toString(),
  }));
}

export async function getLocation(db: Db, id: string): Promise<LocationJson> {
  const [row] = await rows<Row>(db, sql`${SELECT} where l.id = ${id}`);
  if (!row) throw notFound(msg.locationNotFound(id), codes.locationNotFound);
  return (await toJson(db, [row]))[0]!;
}

export async function createLocation(db: Db, userId: string | null, input: CreateLocationInput): Promise<LocationJson> {
  const id = await db.transaction(async (tx) => {
    const [dup] = await rows<{ id: string }>(tx, sql`select id from inventory_locations where lower(code) = lower(${input.code})`);
    if (dup) throw new AppError(409, codes.duplicateLocation, msg.duplicateLocation(input.code));
    if (input.parentId) {
      const [parent] = await rows<{ id: string }>(tx, sql`select id from inventory_locations where id = ${input.parentId}`);
      if (!parent) throw notFound(msg.locationNotFound(input.parentId), codes.locationNotFound);
    }
    if (input.property) {
      const [p] = await rows<{ reference: string }>(tx, sql`select reference from properties where reference = ${input.property}`);
      if (!p) throw notFound(msg.locationNotFound(input.property), codes.locationNotFound);
      if (input.kind === 'property') {
        const [taken] = await rows<{ code: string }>(tx, sql`select code from inventory_locations where kind = 'property' and property = ${input.property}`);
        if (taken) throw new AppError(409, codes.duplicateLocation, msg.duplicateLocation(taken.code));
      }
    }
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into inventory_locations (code, name, kind, parent_id, property) values (${input.code}, ${input.name}, ${input.kind}, ${input.parentId ?? null}, ${input.property ?? null}) returning id`,
    );
    await recordAudit(tx, {
      actorId: userId,
      action: 'inventory.location.create',
      entityType: 'inventory_location',
      entityId: row!.id,
      summary: `${locationKindLabels[input.kind]} ${input.code} ${input.name} created`,
    });
    return row!.id;
  });
  return getLocation(db, id);
}

/** The main store and its two bins (idempotent). */
export async function seedMainStore(db: Db): Promise<void> {
  await db.execute(sql`insert into inventory_locations (code, name, kind) values ('WH-AQ', 'Main store, Al Quoz', 'warehouse') on conflict do nothing`);
  await db.execute(sql`insert into inventory_locations (code, name, kind, parent_id)
    select b.code, b.name, 'bin', w.id from inventory_locations w, (values ('WH-AQ-A1', 'Bin A1, furniture and appliances'), ('WH-AQ-B1', 'Bin B1, materials and spares')) as b(code, name)
    where w.code = 'WH-AQ' on conflict do nothing`);
}

function where(query: Partial<LocationsListQuery>): SQL {
  return (allOf(searchWhere(query.q, [sql`l.code`, sql`l.name`, sql`l.property`]), query.kind && sql`l.kind = ${query.kind}`) ?? sql`true`);
}
const SORT = { code: sql`l.code`, name: sql`l.name`, kind: sql`l.kind`, createdAt: sql`l.created_at` };
const page = (db: Db, query: LocationsListQuery, limit: number, offset: number) =>
  rows<Row>(db, sql`${SELECT} where ${where(query)} order by ${orderSql(query.sort, SORT, sql`l.id`)} limit ${limit} offset ${offset}`);

export async function listLocations(db: Db, query: LocationsListQuery): Promise<{ items: LocationJson[]; total: number }> {
  const [list, [t]] = await Promise.all([page(db, query, query.limit, query.offset), rows<{ n: number }>(db, sql`select count(*)::int as n from inventory_locations l where ${where(query)}`)]);
  return { items: await toJson(db, list), total: Number(t?.n ?? 0) };
}

export const LOCATIONS_CSV_HEADER = ['Code', 'Name', 'Kind', 'Parent', 'Property', 'Items', 'Value (fils)'] as const;
export async function* locationCsvRows(db: Db, query: LocationsListQuery): AsyncGenerator<CsvCell[]> {
  for await (const r of allRows((limit, offset) => page(db, query, limit, offset).then((l) => toJson(db, l)))) {
    yield [r.code, r.name, locationKindLabels[r.kind], r.parentCode, r.property, r.items, r.value];
  }
}
