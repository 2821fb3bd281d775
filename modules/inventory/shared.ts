/** Helpers the inventory use cases share: SQL rows, value coercion, the item lock and location lookup. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { sqlRows } from '@api/list';
import { inventoryErrorCodes as codes, inventoryMessages as msg, isUuid, type LocationKind, type ValuationMethod } from './contract';

export const rows = <T>(db: Db, query: SQL) => sqlRows<T>(db, query);
export const str = (v: unknown): string => (v === null || v === undefined ? '0' : String(v));
export const big = (v: unknown): bigint => (v === null || v === undefined || v === '' ? 0n : BigInt(v as string));
export const day = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
export const instant = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const moveNumber = (seq: number | string) => `SM-${String(seq).padStart(6, '0')}`;
export const invalidMove = (message: string) => new AppError(422, codes.invalidMove, message);

export type LockedItem = { id: string; sku: string; name: string; valuation_method: ValuationMethod; quantity: string; value: string; last_unit_cost: string | null };

/**
 * Lock an item FOR UPDATE and its running balance with it (created at zero when missing): every move of the
 * item runs one at a time, so its cost and balance are computed on the latest state.
 */
export async function lockItem(tx: Db, id: string): Promise<LockedItem> {
  if (!isUuid(id)) throw notFound(msg.itemNotFound, codes.itemNotFound);
  const [item] = await rows<{ id: string }>(tx, sql`select id from inventory_items where id = ${id} for update`);
  if (!item) throw notFound(msg.itemNotFound, codes.itemNotFound);
  await tx.execute(sql`insert into inventory_item_costs (item_id) values (${id}) on conflict do nothing`);
  const [row] = await rows<LockedItem>(
    tx,
    sql`select i.id, i.sku, i.name, i.valuation_method, c.quantity::text, c.value::text, c.last_unit_cost::text
          from inventory_items i join inventory_item_costs c on c.item_id = i.id where i.id = ${id} for update of c`,
  );
  return row!;
}

export type LocationRow = { id: string; code: string; name: string; kind: LocationKind; property: string | null };

/** A location by id or code; a property's reference or id opens the property's location on demand. */
export async function resolveLocation(tx: Db, ref: string): Promise<LocationRow> {
  const [row] = await rows<LocationRow>(
    tx,
    isUuid(ref)
      ? sql`select id, code, name, kind, property from inventory_locations where id = ${ref}`
      : sql`select id, code, name, kind, property from inventory_locations where lower(code) = lower(${ref})`,
  );
  if (row) return row;
  const property = await findProperty(tx, ref);
  if (property) return ensurePropertyLocation(tx, property.id);
  throw notFound(msg.locationNotFound(ref), codes.locationNotFound);
}

async function findProperty(db: Db, ref: string) {
  const [p] = await rows<{ id: string; reference: string; title: string }>(
    db,
    isUuid(ref) ? sql`select id, reference, title from properties where id = ${ref}` : sql`select id, reference, title from properties where lower(reference) = lower(${ref})`,
  );
  return p ?? null;
}

/** The location standing for a property (kind property, the property's reference as code), created on first use. */
export async function ensurePropertyLocation(db: Db, propertyId: string): Promise<LocationRow> {
  const property = await findProperty(db, propertyId);
  if (!property) throw notFound(msg.locationNotFound(propertyId), codes.locationNotFound);
  const existing = sql`select id, code, name, kind, property from inventory_locations where kind = 'property' and property = ${property.reference}`;
  const [found] = await rows<LocationRow>(db, existing);
  if (found) return found;
  await db.execute(
    sql`insert into inventory_locations (code, name, kind, property) values (${property.reference}, ${property.title.slice(0, 200)}, 'property', ${property.reference}) on conflict do nothing`,
  );
  const [row] = await rows<LocationRow>(db, existing);
  if (!row) throw new AppError(409, codes.duplicateLocation, msg.duplicateLocation(property.reference));
  return row;
}
