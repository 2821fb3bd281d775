/**
 * Runs the collections due on a date: new instalments of the plans whose day it is, then second attempts
 * that fall due. Started by the scheduler (scheduler.ts) or by an admin (POST /api/admin/sip/runs). A run
 * for a date that was already collected collects nothing twice: each (plan, month) is collected once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { monthStart, todayInDubai } from '@modules/platform/dates';
import { q } from '@modules/wallet';
import { addToRun, collectChunk, dueNewWhere, dueRetryWhere, notifyOutcomes, type Outcome } from './engine';
import { sipMessages } from './contract';

export type RunOptions = {
  date: string;
  trigger: 'schedule' | 'admin';
  startedBy?: string | null;
  now?: Date;
  /** Plans per transaction (default 500). */
  chunkSize?: number;
  /** Scheduler: do not record a run when nothing is due. */
  skipEmpty?: boolean;
  log?: Pick<Console, 'error'>;
};

/** How many plans are due on `date` (new and retries). */
export async function countDue(db: Db, date: string): Promise<number> {
  const [row] = await q<{ n: number }>(
    db,
    sql`select ((select count(*) from sip_plans p where ${dueNewWhere(date)})
              + (select count(*) from sip_instalments i join sip_plans p on p.id = i.plan_id where ${dueRetryWhere(date)}))::int as n`,
  );
  return row?.n ?? 0;
}

/** Runs the date's collections; returns the run's id (null when `skipEmpty` and nothing was due). */
export async function runCollections(db: Db, opts: RunOptions): Promise<string | null> {
  const now = opts.now ?? new Date();
  if (opts.date > todayInDubai(now)) throw new AppError(400, 'validation_failed', sipMessages.runFuture);
  if (opts.skipEmpty && (await countDue(db, opts.date)) === 0) return null;
  const chunk = opts.chunkSize ?? 500;
  const [run] = await q<{ id: string }>(
    db,
    sql`insert into sip_runs (run_date, trigger, started_by) values (${opts.date}::date, ${opts.trigger}, ${opts.startedBy ?? null}) returning id`,
  );
  const ctx = { date: opts.date, runId: run.id, now, authorId: opts.startedBy ?? null };

  for (const retries of [false, true]) {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const ids = await q<{ id: string }>(
        db,
        retries
          ? sql`select i.id from sip_instalments i join sip_plans p on p.id = i.plan_id where ${dueRetryWhere(opts.date)} and i.id > ${after}::uuid order by i.id limit ${chunk}`
          : sql`select p.id from sip_plans p where ${dueNewWhere(opts.date)} and p.id > ${after}::uuid order by p.id limit ${chunk}`,
      );
      if (ids.length === 0) break;
      after = ids[ids.length - 1].id;
      const result = await collectWithRetry(db, ids.map((r) => r.id), { ...ctx, retries });
      await notifyOutcomes(db, result.notices, opts.log);
      if (ids.length < chunk) break;
    }
  }
  await db.execute(sql`
    update sip_runs set finished_at = now(),
           skipped = (select count(*)::int from sip_instalments i join sip_plans p on p.id = i.plan_id
                       where i.status = 'skipped' and i.month = ${monthStart(opts.date)}::date and p.day_of_month = ${Number(opts.date.slice(8, 10))})
     where id = ${run.id}`);
  return run.id;
}

/** One chunk in its own transaction; a (plan, month) conflict with a concurrent runner retries it once. */
async function collectWithRetry(db: Db, ids: string[], ctx: { date: string; runId: string; now: Date; authorId: string | null; retries: boolean }) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const result = await collectChunk(tx, db, ids, ctx);
        await addToRun(tx, ctx.runId, result.outcomes);
        return result;
      });
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (attempt < 2 && (code === '23505' || code === '40P01')) continue;
      throw err;
    }
  }
}

export type { Outcome };
