/**
 * The property books (admin): a rent receipt or a cost recorded for a property and month is one journal entry on
 * the property's dimension, with a property_ledger_records row pointing at it; a record is corrected by reversing
 * its entry (dated on the record's own day, so the month's P&L drops it). Occupancy and a note per month, and the
 * reserve percentage per property. A month whose distribution is paid is closed to new records and reversals.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, badRequest, notFound } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { post, reverseEntry } from '@modules/ledger';
import { isIsoDate, monthYear, todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { bpsToPercent } from '@modules/properties/contract';
import { q } from '@modules/wallet';
import {
  distributionErrorCodes as codes,
  distributionMessages as msg,
  recordKindLabels,
  type PropertyMonthJson,
  type PropertyRecordJson,
  type RecordInput,
} from './contract';
import { RECORD_COLUMNS, recordJson, type RecordRow } from './pnl';
import { recordPosting } from './postings';
import { RECORD_SOURCE, UUID, assertNotFuture, periodEnd, periodStart, propertyOr404, recordDateFor, recordNumber } from './shared';

const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });

/**
 * 422 when the property's distribution for the period has been paid: its books for that month are closed. The
 * period's run is locked FOR SHARE until commit, so a pay in progress is waited for and a pay cannot start until
 * this record is in the books.
 */
async function assertPeriodOpen(tx: Db, propertyId: string, period: string) {
  const [run] = await q<{ status: string }>(tx, sql`select status from distribution_runs where property_id = ${propertyId} and period = ${period} and status <> 'cancelled' for share`);
  if (run?.status === 'paid') throw new AppError(422, codes.periodDistributed, msg.periodDistributed(period));
}

/** The accounting date: the one given (inside the period, not in the future), else the period's last day or today. */
function entryDateFor(period: string, given: string | undefined, now: Date): string {
  if (given === undefined) return recordDateFor(period, now);
  if (!isIsoDate(given) || given < periodStart(period) || given > periodEnd(period) || given > todayInDubai(now)) throw badRequest(msg.entryDate, 'validation_failed');
  return given;
}

export async function recordEntry(db: Db, adminId: string, propertyIdOrRef: string, input: RecordInput, now = new Date()): Promise<PropertyRecordJson> {
  const property = await propertyOr404(db, propertyIdOrRef);
  assertNotFuture(input.period, now);
  const date = entryDateFor(input.period, input.date, now);
  const description = input.description?.trim() || `${recordKindLabels[input.kind]}, ${monthYear(periodStart(input.period))}`;
  return db.transaction(async (tx) => {
    await assertPeriodOpen(tx, property.id, input.period);
    const [{ id, number }] = await q<{ id: string; number: string }>(tx, sql`select gen_random_uuid()::text as id, nextval(pg_get_serial_sequence('property_ledger_records', 'number'))::text as number`);
    const posted = await post(
      tx,
      recordPosting({ id, number: recordNumber(number), kind: input.kind, amount: input.amount, period: input.period, date, description, property, authorId: adminId }),
    );
    const [row] = await q<RecordRow>(
      tx,
      sql`insert into property_ledger_records (id, number, property_id, period, entry_date, kind, amount, description, journal_reference, created_by)
          values (${id}, ${number}::bigint, ${property.id}, ${input.period}, ${date}::date, ${input.kind}, ${input.amount.toString()}::bigint, ${description}, ${posted.reference}, ${adminId})
          returning ${RECORD_COLUMNS}`,
    );
    await recordAudit(tx, {
      actorId: adminId,
      action: 'distributions.record',
      entityType: 'property',
      entityId: property.id,
      summary: `${recordKindLabels[input.kind]} of ${aed(input.amount)} recorded for ${property.title} (${property.reference}), ${input.period}: ${recordNumber(number)}, ${posted.reference}`,
      details: { recordId: id, kind: input.kind, amount: input.amount.toString(), period: input.period, date },
    });
    return recordJson(row);
  });
}

export async function reverseRecord(db: Db, adminId: string, recordId: string, reason: string): Promise<PropertyRecordJson> {
  if (!UUID.test(recordId)) throw notFound(msg.recordNotFound, codes.recordNotFound);
  return db.transaction(async (tx) => {
    const [record] = await q<RecordRow>(tx, sql`select ${RECORD_COLUMNS} from property_ledger_records where id = ${recordId} for update`);
    if (!record) throw notFound(msg.recordNotFound, codes.recordNotFound);
    if (record.reversed_at) throw new AppError(409, codes.recordReversed, msg.recordReversed);
    await assertPeriodOpen(tx, record.property_id, record.period);
    const [entry] = await q<{ id: string }>(tx, sql`select id from ledger_journal_entries where source_module = ${RECORD_SOURCE} and source_id = ${recordId}`);
    if (!entry) throw new Error(`record ${recordId} has no journal entry`);
    const json = recordJson(record);
    const { reversal } = await reverseEntry(tx, entry.id, { userId: adminId, date: json.date, memo: `Reversal of ${json.number} (${json.journalReference}): ${reason}` });
    const [row] = await q<RecordRow>(tx, sql`update property_ledger_records set reversed_at = now() where id = ${recordId} returning ${RECORD_COLUMNS}`);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'distributions.record_reversed',
      entityType: 'property',
      entityId: record.property_id,
      summary: `${json.number} (${recordKindLabels[json.kind]}, ${aed(BigInt(json.amount))}, ${json.period}) reversed by ${reversal.number}: ${reason}`,
      details: { recordId, reason, reversal: reversal.number },
    });
    return recordJson(row);
  });
}

export async function setMonth(db: Db, adminId: string, propertyIdOrRef: string, period: string, input: { occupancyBps: number; note?: string }, now = new Date()): Promise<PropertyMonthJson> {
  const property = await propertyOr404(db, propertyIdOrRef);
  assertNotFuture(period, now);
  const note = input.note?.trim() ?? '';
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into property_months (property_id, period, occupancy_bps, note, updated_by) values (${property.id}, ${period}, ${input.occupancyBps}, ${note}, ${adminId})
                         on conflict (property_id, period) do update set occupancy_bps = excluded.occupancy_bps, note = excluded.note, updated_by = excluded.updated_by, updated_at = now()`);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'distributions.month',
      entityType: 'property',
      entityId: property.id,
      summary: `Occupancy of ${property.title} (${property.reference}) for ${period} set to ${bpsToPercent(input.occupancyBps)}%${note ? `: ${note}` : ''}`,
      details: { period, occupancyBps: input.occupancyBps, note },
    });
    return { propertyId: property.id, period, occupancyBps: input.occupancyBps, note };
  });
}

export async function setReserve(db: Db, adminId: string, propertyIdOrRef: string, reserveBps: number): Promise<{ propertyId: string; reserveBps: number }> {
  const property = await propertyOr404(db, propertyIdOrRef);
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into property_reserve_policies (property_id, reserve_bps, updated_by) values (${property.id}, ${reserveBps}, ${adminId})
                         on conflict (property_id) do update set reserve_bps = excluded.reserve_bps, updated_by = excluded.updated_by, updated_at = now()`);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'distributions.reserve',
      entityType: 'property',
      entityId: property.id,
      summary: `Reserve of ${property.title} (${property.reference}) set to ${bpsToPercent(reserveBps)}% of net income`,
      details: { reserveBps },
    });
    return { propertyId: property.id, reserveBps };
  });
}
