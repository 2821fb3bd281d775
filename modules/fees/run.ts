/**
 * A platform fee run up to a date (POST /api/admin/fees/platform/run, the scheduler, the demo seed): every
 * investor with units — the liquidity pool excepted — is charged their window from the day after their last
 * charge (or their first holding day) to `through`, after their owed fees are collected from the wallet.
 * Investors are charged in chunks of 500, each chunk one transaction under the fee lock, so a second run up to
 * the same date (or one running at the same time) finds nothing left to charge; the unique keys
 * (user, through) and (user, from) stand behind it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { isIsoDate, monthEnd, todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { big, q } from '@modules/wallet';
import { FEE_LOCK, chargeChunk, type ChunkTotals } from './chunk';
import { FEE_MIN_DATE, feeMessages, feeRunReference, type FeeRunResultJson, type FeeTrigger } from './contract';
import { dueCharge, lastCharges, loadHoldings } from './inputs';
import { rateSchedule } from '@modules/settings';

export type RunOptions = {
  through: string;
  trigger: FeeTrigger;
  startedBy?: string | null;
  now?: Date;
  /** Investors per transaction (default 500). */
  chunkSize?: number;
  /** The scheduler: record no run when nothing is due, and none when a run up to `through` already exists. */
  skipEmpty?: boolean;
};

/** 422 unless `through` is a real date from 2000 up to the last day of the current Dubai month. */
export function checkThrough(through: string, now: Date = new Date()): string {
  const value = through.trim();
  if (!isIsoDate(value)) throw new AppError(422, 'business_rule', feeMessages.through);
  if (value < FEE_MIN_DATE) throw new AppError(422, 'business_rule', feeMessages.throughTooEarly);
  const last = monthEnd(todayInDubai(now));
  if (value > last) throw new AppError(422, 'business_rule', feeMessages.throughAfterMonth(last));
  return value;
}

type RunRow = { id: string; number: string; through: string; investors: number; fee: string; vat: string; collected: string; receivable: string };

export const runResultJson = (r: RunRow): FeeRunResultJson => ({
  id: r.id,
  number: feeRunReference(r.number),
  through: String(r.through).slice(0, 10),
  investors: r.investors,
  fee: big(r.fee).toString(),
  vat: big(r.vat).toString(),
  collected: big(r.collected).toString(),
  receivable: big(r.receivable).toString(),
});

/** Runs the fees up to `through`; returns the run (null when `skipEmpty` found nothing to do). */
export async function runPlatformFees(db: Db, opts: RunOptions): Promise<FeeRunResultJson | null> {
  const now = opts.now ?? new Date();
  const through = checkThrough(opts.through, now);
  const chunkSize = opts.chunkSize ?? 500;
  if (opts.skipEmpty) {
    const [done] = await q(db, sql`select 1 from platform_fee_runs where through >= ${through}::date limit 1`);
    if (done) return null;
  }
  const [holdings, rates] = await Promise.all([loadHoldings(db, { through }), rateSchedule(db, 'platformFeeBps')]);
  const owing = await q<{ user_id: string }>(db, sql`select distinct user_id::text from platform_fee_charges where outstanding > 0`);
  const userIds = [...new Set([...holdings.keys(), ...owing.map((o) => o.user_id)])].sort();

  if (opts.skipEmpty) {
    const last = await lastCharges(db);
    if (!userIds.some((u) => dueCharge(holdings.get(u), last.get(u), through, rates))) return null;
  }

  const run = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FEE_LOCK})`);
    if (opts.skipEmpty) {
      const [done] = await q(tx, sql`select 1 from platform_fee_runs where through >= ${through}::date limit 1`);
      if (done) return null;
    }
    const [row] = await q<{ id: string; number: string }>(
      tx,
      sql`insert into platform_fee_runs (through, trigger, started_by) values (${through}::date, ${opts.trigger}, ${opts.startedBy ?? null}) returning id::text, number::text`,
    );
    return row;
  });
  if (!run) return null;

  const ctx = { runId: run.id, through, date: todayInDubai(now), authorId: opts.startedBy ?? null, holdings, rates };
  const totals: ChunkTotals = { investors: 0, fee: 0n, vat: 0n, collected: 0n, receivable: 0n };
  for (let i = 0; i < userIds.length; i += chunkSize) {
    const t = await chunkWithRetry(db, userIds.slice(i, i + chunkSize), ctx);
    totals.investors += t.investors;
    totals.fee += t.fee;
    totals.vat += t.vat;
    totals.collected += t.collected;
    totals.receivable += t.receivable;
  }

  const reference = feeRunReference(run.number);
  const aed = (f: bigint) => formatAed(f);
  await recordAudit(db, {
    actorId: opts.startedBy ?? null,
    action: 'fees.platform_run',
    entityType: 'platform_fee_run',
    entityId: run.id,
    summary: `${reference} through ${through} (${opts.trigger}): ${totals.investors} ${totals.investors === 1 ? 'investor' : 'investors'} charged ${aed(totals.fee)} + VAT ${aed(totals.vat)}; ${aed(totals.collected)} taken from wallets, ${aed(totals.receivable)} left owed`,
    details: { through, trigger: opts.trigger, investors: totals.investors, fee: totals.fee.toString(), vat: totals.vat.toString(), collected: totals.collected.toString(), receivable: totals.receivable.toString() },
  });
  const [row] = await q<RunRow>(db, sql`select id::text, number::text, through::text, investors, fee::text, vat::text, collected::text, receivable::text from platform_fee_runs where id = ${run.id}`);
  return runResultJson(row!);
}

/** One chunk in its own transaction; a unique-key clash or deadlock with a concurrent writer retries it. */
async function chunkWithRetry(db: Db, ids: string[], ctx: Parameters<typeof chargeChunk>[2]): Promise<ChunkTotals> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction((tx) => chargeChunk(tx, ids, ctx));
    } catch (err) {
      const code = (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (attempt < 2 && (code === '23505' || code === '40P01')) continue;
      throw err;
    }
  }
}
