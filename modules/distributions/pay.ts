/**
 * Paying a run, in ONE transaction: the run is locked (a second pay waits, then finds it paid and pays nothing);
 * each holder's unpaid platform fees are settled out of their line first (oldest charge first); the rest is
 * credited to their wallet; one journal entry (postings.ts runPosting) moves the rent account's cash, the
 * reserve and the fees netted; investors are notified. The liquidity pool's holding is paid like anyone's
 * (so Σ lines = amount) but it is the operator's own: its share is pool income, its cash stays in the operating
 * account, and it is never notified nor reinvested. Reinvestment follows the commit (reinvest.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError, notFound } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { investorAccountCodes, post } from '@modules/ledger';
import { notifyMany, type NotifyInput } from '@modules/notifications';
import { monthYear, todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { unitsToShareString } from '@modules/properties/contract';
import { getDistributionApprovalThresholdFils } from '@modules/settings';
import { big, moveWallet, q } from '@modules/wallet';
import { distributionErrorCodes as codes, distributionMessages as msg, type DistributionJson } from './contract';
import { runPosting, type RunPostingLine } from './postings';
import { reinvestRun } from './reinvest';
import { getRun } from './run-read';
import { UUID, perShareOf, periodStart, poolUserIdOrNull, runNumber } from './shared';

const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });

export type Charge = { id: string; userId: string; outstanding: bigint };
export type Netting = { netted: bigint; collections: { chargeId: string; amount: bigint }[] };

/** Settles a holder's charges (given oldest first) out of `amount`, as far as it goes. Pure. */
export function netFees(amount: bigint, charges: readonly Charge[]): Netting {
  let left = amount;
  const collections: Netting['collections'] = [];
  for (const c of charges) {
    if (left <= 0n) break;
    const take = c.outstanding < left ? c.outstanding : left;
    if (take <= 0n) continue;
    collections.push({ chargeId: c.id, amount: take });
    left -= take;
  }
  return { netted: amount - left, collections };
}

type RunRow = { id: string; number: string; status: string; amount: string; reserve: string; units: string; period: string; property_id: string; reference: string; title: string };
type LineRow = { user_id: string; units: string; amount: string; first_name: string; last_name: string; unicode: string };

export async function payRun(db: Db, adminId: string, id: string, now = new Date()): Promise<DistributionJson> {
  if (!UUID.test(id)) throw notFound(msg.runNotFound, codes.runNotFound);
  const [poolId, threshold] = await Promise.all([poolUserIdOrNull(db), getDistributionApprovalThresholdFils(db)]);
  const paidNow = await db.transaction(async (tx) => {
    const [run] = await q<RunRow>(
      tx,
      sql`select r.id, r.number::text, r.status, r.amount::text, r.reserve::text, r.units::text, r.period, r.property_id, p.reference, p.title
            from distribution_runs r join properties p on p.id = r.property_id where r.id = ${id} for update of r`,
    );
    if (!run) throw notFound(msg.runNotFound, codes.runNotFound);
    if (run.status === 'paid') return false;
    if (run.status === 'cancelled') throw new AppError(409, codes.invalidState, msg.cancelled);
    const amount = big(run.amount);
    if (amount > threshold && run.status !== 'approved') throw new AppError(422, codes.approvalNeeded, msg.approvalNeeded(threshold));

    const lines = await q<LineRow>(
      tx,
      sql`select l.user_id, l.units::text, l.amount::text, u.first_name, u.last_name, u.unicode
            from distribution_lines l join users u on u.id = l.user_id where l.run_id = ${run.id} order by l.user_id`,
    );
    const investors = lines.filter((l) => l.user_id !== poolId && big(l.amount) > 0n);
    const ids = JSON.stringify(investors.map((l) => l.user_id));
    const charges = await q<{ id: string; user_id: string; outstanding: string }>(
      tx,
      sql`select id, user_id, outstanding::text from platform_fee_charges
           where outstanding > 0 and user_id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid)
           order by user_id, through, created_at, id for update`,
    );
    const chargesOf = new Map<string, Charge[]>();
    for (const c of charges) chargesOf.set(c.user_id, [...(chargesOf.get(c.user_id) ?? []), { id: c.id, userId: c.user_id, outstanding: big(c.outstanding) }]);
    const netting = new Map(investors.map((l) => [l.user_id, netFees(big(l.amount), chargesOf.get(l.user_id) ?? [])]));
    const name = (l: LineRow) => `${l.first_name} ${l.last_name}`.trim();
    const paidTo = investors.filter((l) => big(l.amount) > netting.get(l.user_id)!.netted);
    const accounts = await investorAccountCodes(tx, paidTo.map((l) => ({ userId: l.user_id, unicode: l.unicode, name: name(l) })));

    const number = runNumber(run.number);
    const postingLines: RunPostingLine[] = lines
      .filter((l) => big(l.amount) > 0n)
      .map((l) =>
        l.user_id === poolId
          ? { kind: 'pool', amount: big(l.amount) }
          : { kind: 'investor', accountCode: accounts.get(l.user_id) ?? '', unicode: l.unicode, amount: big(l.amount), netted: netting.get(l.user_id)!.netted },
      );
    const posted = await post(
      tx,
      runPosting({ id: run.id, number, period: run.period, date: todayInDubai(now), reserve: big(run.reserve), property: { reference: run.reference, title: run.title }, lines: postingLines, authorId: adminId }),
    );

    const collections = [...netting].flatMap(([userId, n]) => n.collections.map((c) => ({ c: c.chargeId, u: userId, a: c.amount.toString() })));
    if (collections.length) {
      await tx.execute(sql`update platform_fee_charges c set outstanding = c.outstanding - x.a
                             from jsonb_to_recordset(${JSON.stringify(collections)}::jsonb) as x(c uuid, u uuid, a bigint) where c.id = x.c`);
      await tx.execute(sql`insert into platform_fee_collections (charge_id, user_id, source, source_id, amount, journal_reference)
                           select x.c, x.u, 'distribution', ${run.id}::uuid, x.a, ${posted.reference}
                             from jsonb_to_recordset(${JSON.stringify(collections)}::jsonb) as x(c uuid, u uuid, a bigint)`);
      await tx.execute(sql`update distribution_lines l set fee_netted = x.f
                             from jsonb_to_recordset(${JSON.stringify(investors.map((l) => ({ u: l.user_id, f: netting.get(l.user_id)!.netted.toString() })))}::jsonb) as x(u uuid, f bigint)
                            where l.run_id = ${run.id} and l.user_id = x.u and x.f > 0`);
    }

    const month = monthYear(periodStart(run.period));
    const perShare = perShareOf(amount, big(run.units));
    const notices: NotifyInput[] = [];
    for (const l of investors) {
      const lineAmount = big(l.amount);
      const { netted } = netting.get(l.user_id)!;
      const net = lineAmount - netted;
      const shares = unitsToShareString(big(l.units));
      const fees = netted > 0n ? ` ${aed(netted)} of it settled your unpaid platform fees.` : '';
      if (net > 0n) {
        await moveWallet(tx, {
          userId: l.user_id,
          delta: net,
          kind: 'distribution',
          description: `Rent for ${month} from ${run.title}: ${shares} shares × ${aed(perShare)}${netted > 0n ? `, less ${aed(netted)} of unpaid platform fees` : ''}`,
          ref: { type: 'distribution', id: run.id },
          journalReference: posted.reference,
        });
      }
      notices.push({
        userId: l.user_id,
        kind: 'distribution',
        title: `Rent paid: ${run.title}`,
        body: `Your share of ${month}'s rent from ${run.title} is ${aed(lineAmount)} for your ${shares} shares (${aed(perShare)} a share).${fees}${net > 0n ? ` ${aed(net)} is in your wallet.` : ''}`,
        link: '/wallet',
      });
    }
    await notifyMany(tx, notices);
    await tx.execute(sql`update distribution_runs set status = 'paid', paid_at = now(), paid_by = ${adminId}, journal_reference = ${posted.reference} where id = ${run.id}`);
    const nettedTotal = [...netting.values()].reduce((s, n) => s + n.netted, 0n);
    await recordAudit(tx, {
      actorId: adminId,
      action: 'distributions.pay',
      entityType: 'distribution',
      entityId: run.id,
      summary: `Distribution ${number} paid: ${aed(amount)} of ${month}'s rent from ${run.title} (${run.reference}) to ${lines.length} holder${lines.length === 1 ? '' : 's'}${nettedTotal > 0n ? `, ${aed(nettedTotal)} of unpaid fees netted` : ''}; ${posted.reference}`,
      details: { amount: amount.toString(), reserve: run.reserve, feesNetted: nettedTotal.toString(), journalReference: posted.reference },
    });
    return true;
  });
  if (paidNow) await reinvestRun(db, id, { now });
  return getRun(db, id);
}
