/**
 * A distribution run's preview (nothing written) and its creation as a draft: the period's figures from the
 * books, the record date (the period's last day, or today while the month is current), the holders at the end
 * of that day (modules/investing/unit-history.ts) and their lines by largest remainder. One run per property and
 * period: the same request again answers with the same run (200); another amount while a run is live is a 409.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { holdersAt } from '@modules/investing/unit-history';
import { notifyAdmins } from '@modules/notifications';
import { monthYear } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { unitsToShareString } from '@modules/properties/contract';
import { getDistributionApprovalThresholdFils } from '@modules/settings';
import { big, q } from '@modules/wallet';
import { allocateLargestRemainder, type AllocatedLine } from './allocate';
import {
  distributionErrorCodes as codes,
  distributionMessages as msg,
  type CreateDistributionInput,
  type DistributionJson,
  type DistributionLineJson,
  type DistributionPreviewJson,
} from './contract';
import { periodFigures, type PeriodFigures } from './pnl';
import { getRun } from './run-read';
import { assertNotFuture, perShareOf, periodStart, propertyOr404, recordDateFor, runNumber, type PropertyRow } from './shared';

const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });

type Plan = { property: PropertyRow; period: string; recordDate: string; figures: PeriodFigures; amount: bigint; lines: AllocatedLine[]; units: bigint };

/** What a run for the period would be: the books' figures, the record date, the holders and their lines. */
async function planRun(db: Db, propertyIdOrRef: string, period: string, asked: bigint | undefined, now: Date): Promise<Plan> {
  const property = await propertyOr404(db, propertyIdOrRef);
  assertNotFuture(period, now);
  const recordDate = recordDateFor(period, now);
  const [figures, holders] = await Promise.all([periodFigures(db, property, period), holdersAt(db, property.id, recordDate)]);
  const amount = asked ?? figures.distributable;
  const lines = allocateLargestRemainder(amount, [...holders].map(([userId, units]) => ({ userId, units })));
  return { property, period, recordDate, figures, amount, lines, units: lines.reduce((s, l) => s + l.units, 0n) };
}

async function liveRun(db: Db, propertyId: string, period: string) {
  const [run] = await q<{ id: string; number: string; status: string; amount: string }>(
    db,
    sql`select id, number::text, status, amount::text from distribution_runs where property_id = ${propertyId} and period = ${period} and status <> 'cancelled'`,
  );
  return run ?? null;
}

export async function previewRun(db: Db, input: { propertyId: string; period: string; amount?: bigint }, now = new Date()): Promise<DistributionPreviewJson> {
  const plan = await planRun(db, input.propertyId, input.period, input.amount, now);
  const { property, figures, amount, lines } = plan;
  const ids = JSON.stringify(lines.map((l) => l.userId));
  const [people, owing, threshold, existing] = await Promise.all([
    q<{ id: string; first_name: string; last_name: string; unicode: string }>(
      db,
      sql`select id::text, first_name, last_name, unicode from users where id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid)`,
    ),
    q<{ n: number; total: string }>(
      db,
      sql`select count(distinct user_id)::int as n, coalesce(sum(outstanding), 0)::text as total from platform_fee_charges
           where outstanding > 0 and user_id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid)`,
    ),
    getDistributionApprovalThresholdFils(db),
    liveRun(db, property.id, input.period),
  ]);
  const who = new Map(people.map((p) => [p.id, p]));
  const warnings: string[] = [];
  const month = monthYear(periodStart(input.period));
  if (existing) warnings.push(msg.runExists(runNumber(existing.number), existing.status));
  if (lines.length === 0) warnings.push(msg.noHolders);
  if (amount === 0n) warnings.push(`Nothing is distributable for ${month}: record the month's rent first, or give an amount.`);
  if (input.amount !== undefined && amount > figures.distributable) {
    warnings.push(`${aed(amount)} is more than the ${aed(figures.distributable)} distributable for ${month} in the books: the difference comes out of the property's rent account.`);
  }
  const totalUnits = big(property.total_shares);
  if (lines.length > 0 && amount > 0n && plan.units < totalUnits) {
    warnings.push(
      `Holders had ${unitsToShareString(plan.units)} of the property's ${unitsToShareString(totalUnits)} shares at the record date: ${aed(amount)} pays them ${aed(perShareOf(amount, plan.units))} a share, ` +
        `against ${aed(perShareOf(figures.distributable, totalUnits))} a share if the distributable were spread over every share.`,
    );
  }
  const [debt] = owing;
  if (debt && debt.n > 0) warnings.push(`${debt.n} holder${debt.n === 1 ? ' owes' : 's owe'} ${aed(big(debt.total))} in unpaid platform fees: it is netted from their payment first.`);
  if (amount > threshold) warnings.push(msg.approvalNeeded(threshold));
  return {
    propertyId: property.id,
    period: input.period,
    recordDate: plan.recordDate,
    rent: figures.rent.toString(),
    totalCosts: figures.totalCosts.toString(),
    netIncome: figures.netIncome.toString(),
    reserveBps: figures.reserveBps,
    reserve: figures.reserve.toString(),
    distributable: figures.distributable.toString(),
    heldPart: (totalUnits > 0n && plan.units < totalUnits ? (figures.distributable * plan.units) / totalUnits : figures.distributable).toString(),
    amount: amount.toString(),
    units: plan.units.toString(),
    perShare: perShareOf(amount, plan.units).toString(),
    holders: lines.length,
    lines: lines.map((l): DistributionLineJson => {
      const p = who.get(l.userId);
      return { userId: l.userId, units: l.units.toString(), amount: l.amount.toString(), name: p ? `${p.first_name} ${p.last_name}`.trim() : undefined, unicode: p?.unicode };
    }),
    needsApproval: amount > threshold,
    warnings,
  };
}

/** The answer to a repeat: the same run (200) when the amount matches, else 409. */
function repeatOr409(existing: { id: string; number: string; status: string; amount: string }, amount: bigint): string {
  if (big(existing.amount) !== amount) throw new AppError(409, codes.runExists, msg.runExists(runNumber(existing.number), existing.status));
  return existing.id;
}

export async function createRun(db: Db, adminId: string | null, input: CreateDistributionInput, now = new Date()): Promise<{ status: 200 | 201; body: DistributionJson }> {
  const property = await propertyOr404(db, input.propertyId);
  const before = await liveRun(db, property.id, input.period);
  if (before) return { status: 200, body: await getRun(db, repeatOr409(before, input.amount)) };
  const plan = await planRun(db, property.id, input.period, input.amount, now);
  if (plan.lines.length === 0) throw new AppError(422, codes.noHolders, msg.noHolders);
  const threshold = await getDistributionApprovalThresholdFils(db);

  const outcome = await db.transaction(async (tx) => {
    const [created] = await q<{ id: string; number: string }>(
      tx,
      sql`insert into distribution_runs (property_id, period, record_date, amount, distributable, reserve, units, status, created_by)
          values (${property.id}, ${input.period}, ${plan.recordDate}::date, ${input.amount.toString()}::bigint, ${plan.figures.distributable.toString()}::bigint,
                  ${plan.figures.reserve.toString()}::bigint, ${plan.units.toString()}::bigint, 'draft', ${adminId})
          on conflict do nothing returning id, number::text`,
    );
    // Another request created the period's run between our read and this insert: answer as a repeat.
    if (!created) {
      const repeat = await liveRun(tx, property.id, input.period);
      if (!repeat) throw new AppError(409, 'retry', 'Another distribution for this period was being made at the same time. Please try again.');
      return { repeat, id: undefined };
    }
    await tx.execute(sql`insert into distribution_lines (run_id, user_id, units, amount)
      select ${created.id}::uuid, x.u, x.n, x.a from jsonb_to_recordset(${JSON.stringify(plan.lines.map((l) => ({ u: l.userId, n: l.units.toString(), a: l.amount.toString() })))}::jsonb) as x(u uuid, n bigint, a bigint)`);
    const number = runNumber(created.number);
    const summary = `${number}: ${aed(input.amount)} of rent for ${monthYear(periodStart(input.period))} from ${property.title} (${property.reference}) to ${plan.lines.length} holder${plan.lines.length === 1 ? '' : 's'} of ${unitsToShareString(plan.units)} shares at ${plan.recordDate}`;
    await recordAudit(tx, { actorId: adminId, action: 'distributions.create', entityType: 'distribution', entityId: created.id, summary, details: { amount: input.amount.toString(), distributable: plan.figures.distributable.toString(), period: input.period } });
    if (input.amount > threshold) {
      await notifyAdmins(tx, {
        kind: 'distribution_approval',
        title: `Distribution ${number} needs a second approval`,
        body: `${summary}. Distributions above ${aed(threshold)} are approved by a second administrator before they are paid.`,
        link: `/admin/distributions?id=${created.id}`,
      });
    }
    return { repeat: undefined, id: created.id };
  });
  if (outcome.repeat) return { status: 200, body: await getRun(db, repeatOr409(outcome.repeat, input.amount)) };
  return { status: 201, body: await getRun(db, outcome.id!) };
}
