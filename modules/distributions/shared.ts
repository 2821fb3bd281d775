/** What every part of distributions reads: the property, periods and their record dates, references, JSON helpers. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { POOL_EMAIL } from '@modules/exchange/pool-setup';
import { findProperty, type PropertyRow } from '@modules/investing/property-reads';
import { addMonths, monthEnd, todayInDubai } from '@modules/platform/dates';
import { divideHalfEven } from '@modules/platform/money';
import { SHARE_SCALE } from '@modules/properties/contract';
import { q } from '@modules/wallet';
import { DEFAULT_RESERVE_BPS, distributionErrorCodes as codes, distributionMessages as msg } from './contract';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
export const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));
export const dayOf = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

export const runNumber = (n: string | bigint | number) => `DIST-${String(n).padStart(6, '0')}`;
export const recordNumber = (n: string | bigint | number) => `REC-${String(n).padStart(6, '0')}`;

/** The ledger sources: a recorded rent or cost, and a paid run. */
export const RECORD_SOURCE = 'distributions.record';
export const RUN_SOURCE = 'distributions.run';

export type { PropertyRow };

/** A property by uuid, reference or slug; 404 when there is none. A malformed id is simply not found. */
export async function propertyOr404(db: Db, idOrRef: string): Promise<PropertyRow> {
  const key = idOrRef.trim();
  const p = key && key.length <= 64 && !key.includes('\u0000') ? await findProperty(db, key) : null;
  if (!p) throw notFound(msg.propertyNotFound, codes.propertyNotFound);
  return p;
}

export const currentPeriod = (now = new Date()) => todayInDubai(now).slice(0, 7);
export const periodStart = (period: string) => `${period}-01`;
export const periodEnd = (period: string) => monthEnd(`${period}-01`);
export const addPeriods = (period: string, n: number) => addMonths(`${period}-01`, n).slice(0, 7);

/** Every period from `from` to `to`, oldest first. */
export function periodsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let p = from; p <= to; p = addPeriods(p, 1)) out.push(p);
  return out;
}

/** 422 for a month that has not started yet. */
export function assertNotFuture(period: string, now = new Date()) {
  if (period > currentPeriod(now)) throw new AppError(422, codes.periodFuture, msg.periodFuture);
}

/** Holders at the end of this day are paid: the period's last day, or today while the period is the current month. */
export function recordDateFor(period: string, now = new Date()): string {
  const today = todayInDubai(now);
  const end = periodEnd(period);
  return end < today ? end : today;
}

/** Fils per whole share: amount × SHARE_SCALE ÷ units, half-even. */
export const perShareOf = (amount: bigint, units: bigint) => (units > 0n ? divideHalfEven(amount * SHARE_SCALE, units) : 0n);

/** The property's reserve percentage (basis points of a positive net income). */
export async function reserveBpsOf(db: Db, propertyId: string): Promise<number> {
  const [row] = await q<{ reserve_bps: number }>(db, sql`select reserve_bps from property_reserve_policies where property_id = ${propertyId}`);
  return row ? Number(row.reserve_bps) : DEFAULT_RESERVE_BPS;
}

/** The liquidity pool's system user (modules/exchange/pool-setup.ts), or null when the pool was never set up. */
export async function poolUserIdOrNull(db: Db): Promise<string | null> {
  const [row] = await q<{ id: string }>(db, sql`select id from users where lower(email) = ${POOL_EMAIL}`);
  return row?.id ?? null;
}
