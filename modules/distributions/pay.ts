/**
 * Paying a run, in ONE transaction: the run is locked (a second pay waits, then finds it paid and pays nothing);
 * each holder's unpaid platform fees are settled out of their line first, oldest charge first (the fee module's own collection code); the rest is
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
import { lockOpenCharges, planCollections, recordCollections } from '@modules/fees';
import { getDistributionApprovalThresholdFils } from '@modules/settings';
import { big, creditMany, q, type WalletCredit } from '@modules/wallet';
import { distributionErrorCodes as codes, distributionMessages as msg, type DistributionJson } from './contract';
import { runPosting, type RunPostingLine } from './postings';
import { reinvestRun } from './reinvest';
import { getRun } from './run-read';
import { UUID, perShareOf, periodStart, poolUserIdOrNull, runNumber } from './shared';

const aed = (fils: bigint) => formatAed(fils, { decimals: 'auto' });

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
    // Wallets first, in id order, then the owed fee charges: the same order a fee run locks them in, so the two never deadlock.
    const ids = investors.map((l) => l.user_id);
    await tx.execute(sql`select 1 from wallets where user_id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::uuid) order by user_id for update`);
    const open = await lockOpenCharges(tx, ids);
    const netting = new Map(
      investors.map((l) => {
        const { collections, left } = planCollections(open.get(l.user_id) ?? [], big(l.amount));
        return [l.user_id, { netted: big(l.amount) - left, collections }] as const;
      }),
    );
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

    const collections = [...netting].flatMap(([userId, n]) => n.collections.map((c) => ({ id: c.id, chargeId: c.charge.id, userId, amount: c.amount, journalReference: posted.reference })));
    if (collections.length) {
      await recordCollections(tx, collections, { type: 'distribution', id: run.id });
      await tx.execute(sql`update distribution_lines l set fee_netted = x.f
                             from jsonb_to_recordset(${JSON.stringify(investors.map((l) => ({ u: l.user_id, f: netting.get(l.user_id)!.netted.toString() })))}::jsonb) as x(u uuid, f bigint)
                            where l.run_id = ${run.id} and l.user_id = x.u and x.f > 0`);
    }

    const month = monthYear(periodStart(run.period));
    const perShare = perShareOf(amount, big(run.units));
    const notices: NotifyInput[] = [];
    const credits: WalletCredit[] = [];
    for (const l of investors) {
      const lineAmount = big(l.amount);
      const { netted } = netting.get(l.user_id)!;
      const net = lineAmount - netted;
      const shares = unitsToShareString(big(l.units));
      const fees = netted > 0n ? ` ${aed(netted)} of it settled your unpaid platform fees.` : '';
      if (net > 0n) {
        credits.push({
          userId: l.user_id,
          amount: net,
          kind: 'distribution',
          // The amount is exact (largest remainder); the rate a share is rounded, so it is given as a rate, not a product.
          description: `Rent for ${month} from ${run.title}: your ${shares} shares at ${aed(perShare)} a share${netted > 0n ? `, less ${aed(netted)} of unpaid platform fees` : ''}`,
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
    // Every wallet in one statement (they are locked above, in id order).
    await creditMany(tx, credits);
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
