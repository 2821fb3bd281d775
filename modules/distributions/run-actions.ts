/** Approving a draft (a second administrator: not its creator) and cancelling a run that is not paid. */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { formatAed } from '@modules/platform/money';
import { q } from '@modules/wallet';
import { distributionErrorCodes as codes, distributionMessages as msg, type DistributionJson } from './contract';
import { getRun } from './run-read';
import { UUID, runNumber } from './shared';

type Locked = { id: string; number: string; status: string; created_by: string | null; amount: string; period: string; title: string };

async function lockRun(tx: Db, id: string): Promise<Locked> {
  if (!UUID.test(id)) throw notFound(msg.runNotFound, codes.runNotFound);
  const [run] = await q<Locked>(
    tx,
    sql`select r.id, r.number::text, r.status, r.created_by, r.amount::text, r.period, p.title
          from distribution_runs r join properties p on p.id = r.property_id where r.id = ${id} for update of r`,
  );
  if (!run) throw notFound(msg.runNotFound, codes.runNotFound);
  return run;
}

const label = (r: Locked) => `${runNumber(r.number)} (${formatAed(BigInt(r.amount), { decimals: 'auto' })}, ${r.title}, ${r.period})`;

export async function approveRun(db: Db, adminId: string, id: string): Promise<DistributionJson> {
  await db.transaction(async (tx) => {
    const run = await lockRun(tx, id);
    if (run.status !== 'draft') throw new AppError(409, codes.invalidState, msg.notDraft);
    if (run.created_by === adminId) throw new AppError(403, codes.ownApproval, msg.ownApproval);
    await tx.execute(sql`update distribution_runs set status = 'approved', approved_by = ${adminId}, approved_at = now() where id = ${run.id}`);
    await recordAudit(tx, { actorId: adminId, action: 'distributions.approve', entityType: 'distribution', entityId: run.id, summary: `Distribution ${label(run)} approved` });
  });
  return getRun(db, id);
}

export async function cancelRun(db: Db, adminId: string, id: string): Promise<DistributionJson> {
  await db.transaction(async (tx) => {
    const run = await lockRun(tx, id);
    if (run.status !== 'draft' && run.status !== 'approved') throw new AppError(409, codes.invalidState, msg.notCancellable);
    await tx.execute(sql`update distribution_runs set status = 'cancelled', cancelled_at = now() where id = ${run.id}`);
    await recordAudit(tx, { actorId: adminId, action: 'distributions.cancel', entityType: 'distribution', entityId: run.id, summary: `Distribution ${label(run)} cancelled` });
  });
  return getRun(db, id);
}
