/**
 * One chunk of a fee run, in one transaction: under the fee lock (so two runs never charge the same window),
 * each investor's wallet is locked, their owed fees are collected first, then the new window is charged —
 * from the wallet as far as it is available, the rest owed. Journal entries (postings.ts), wallet lines,
 * charge and collection rows, notifications and the run's totals commit together.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { investorAccountCodes, postMany, type PostingEntry } from '@modules/ledger';
import { notifyMany, type NotifyInput } from '@modules/notifications';
import { formatAed } from '@modules/platform/money';
import { big, debitMany, q, type WalletDebit } from '@modules/wallet';
import { feeExplanation, windowLabel, type PropertyHolding, type FeeRateSchedule } from './accrual';
import { recordCollections, lockOpenCharges, planCollections, type PlannedCollection } from './collect';
import { feeChargeReference } from './contract';
import { calculationJson, dueCharge, lastCharges, type DueCharge } from './inputs';
import { chargePosting, collectionPosting } from './postings';

/** The advisory lock every chunk of every fee run takes (and only they). */
export const FEE_LOCK = 1_310_4110;

export type ChunkContext = {
  runId: string;
  through: string;
  /** The accounting date: the day the money moves (Dubai). */
  date: string;
  authorId: string | null;
  holdings: Map<string, PropertyHolding[]>;
  /** The platform fee's rate over time (settings): each day accrues at the rate in force that day. */
  rates: FeeRateSchedule;
};

export type ChunkTotals = { investors: number; fee: bigint; vat: bigint; collected: bigint; receivable: bigint };

type Planned = { userId: string; unicode: string; name: string; collections: PlannedCollection[]; charge: (DueCharge & { id: string; paid: bigint; outstanding: bigint }) | null };

const aed = (fils: bigint) => formatAed(fils);

export async function chargeChunk(tx: Db, userIds: string[], ctx: ChunkContext): Promise<ChunkTotals> {
  const totals: ChunkTotals = { investors: 0, fee: 0n, vat: 0n, collected: 0n, receivable: 0n };
  await tx.execute(sql`select pg_advisory_xact_lock(${FEE_LOCK})`);
  const ids = JSON.stringify(userIds);
  // The wallets, locked in id order (an empty wallet is opened for an investor who never had one).
  const wallets = await q<{ user_id: string; balance: string; held: string; unicode: string; first_name: string; last_name: string }>(
    tx,
    sql`with w as (insert into wallets (user_id) select (x)::uuid from jsonb_array_elements_text(${ids}::jsonb) x order by 1
                   on conflict (user_id) do update set updated_at = wallets.updated_at returning user_id, balance, held)
        select w.user_id::text, w.balance::text, w.held::text, u.unicode, u.first_name, u.last_name from w join users u on u.id = w.user_id order by w.user_id`,
  );
  const [last, open] = await Promise.all([lastCharges(tx, userIds), lockOpenCharges(tx, userIds)]);

  const plans: Planned[] = [];
  for (const w of wallets) {
    let available = big(w.balance) - big(w.held);
    const collected = planCollections(open.get(w.user_id) ?? [], available);
    available = collected.left;
    const due = dueCharge(ctx.holdings.get(w.user_id), last.get(w.user_id), ctx.through, ctx.rates);
    let charge: Planned['charge'] = null;
    if (due) {
      const total = due.fee + due.vat;
      const paid = total < available ? total : available;
      charge = { ...due, id: crypto.randomUUID(), paid, outstanding: total - paid };
    }
    if (charge || collected.collections.length) plans.push({ userId: w.user_id, unicode: w.unicode, name: `${w.first_name} ${w.last_name}`.trim(), collections: collected.collections, charge });
  }
  if (plans.length === 0) return totals;

  // The charges first (their numbers name the entries), then one entry per charge and per collection.
  const charges = plans.filter((p) => p.charge);
  const numbers = new Map<string, string>();
  if (charges.length) {
    const payload = charges.map(({ userId, charge: c }) => ({
      i: c!.id, u: userId, f: c!.fromDate, t: c!.through, d: c!.days, av: c!.averageValue.toString(), am: c!.accruedMicro.toString(), ci: c!.carryInMicro.toString(),
      co: c!.carryOutMicro.toString(), fee: c!.fee.toString(), vat: c!.vat.toString(), p: c!.paid.toString(), o: c!.outstanding.toString(), calc: calculationJson(c!),
    }));
    const rows = await q<{ id: string; number: string }>(
      tx,
      sql`insert into platform_fee_charges (id, run_id, user_id, from_date, through, days, average_value, accrued_micro, carry_in_micro, carry_out_micro, fee, vat, paid, outstanding, calculation)
          select x.i, ${ctx.runId}::uuid, x.u, x.f, x.t, x.d, x.av, x.am, x.ci, x.co, x.fee, x.vat, x.p, x.o, x.calc
            from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as x(i uuid, u uuid, f date, t date, d int, av bigint, am bigint, ci bigint, co bigint, fee bigint, vat bigint, p bigint, o bigint, calc jsonb)
          returning id::text, number::text`,
    );
    for (const r of rows) numbers.set(r.id, feeChargeReference(r.number));
  }

  const accounts = await investorAccountCodes(tx, plans.map((p) => ({ userId: p.userId, unicode: p.unicode, name: p.name })));
  const posting = { date: ctx.date, authorId: ctx.authorId };

  // Every entry of the chunk first (owed fees collected, then each new charge), posted in one call; then every
  // wallet line in one statement, in the same order, each with its entry's reference.
  type Move = { entry: PostingEntry; debit: Omit<WalletDebit, 'journalReference'> | null; collection?: { id: string; chargeId: string; userId: string; amount: bigint }; chargeId?: string };
  const moves: Move[] = [];
  const collectedBy = new Map<string, bigint>();
  for (const p of plans) {
    const ctxFor = { ...posting, investorAccount: accounts.get(p.userId)! };
    for (const c of p.collections) {
      const reference = feeChargeReference(c.charge.number);
      moves.push({
        entry: collectionPosting({ id: c.id, chargeReference: reference, investorUnicode: p.unicode, amount: c.amount }, ctxFor),
        debit: {
          userId: p.userId,
          amount: c.amount,
          kind: 'fee',
          description: `Owed platform fee ${reference} (${windowLabel(c.charge.fromDate, c.charge.through)}) collected: ${aed(c.amount)}`,
          ref: { type: 'platform_fee', id: c.charge.id },
        },
        collection: { id: c.id, chargeId: c.charge.id, userId: p.userId, amount: c.amount },
      });
      collectedBy.set(p.userId, (collectedBy.get(p.userId) ?? 0n) + c.amount);
    }
    const c = p.charge;
    if (c && c.fee + c.vat > 0n) {
      const explanation = feeExplanation(c);
      moves.push({
        entry: chargePosting({ id: c.id, reference: numbers.get(c.id)!, investorUnicode: p.unicode, fromDate: c.fromDate, through: c.through, fee: c.fee, vat: c.vat, paid: c.paid, outstanding: c.outstanding }, ctxFor),
        debit:
          c.paid > 0n
            ? {
                userId: p.userId,
                amount: c.paid,
                kind: 'fee',
                description: c.outstanding > 0n ? `${explanation}; ${aed(c.paid)} paid now, ${aed(c.outstanding)} owed` : explanation,
                ref: { type: 'platform_fee', id: c.id },
              }
            : null,
        chargeId: c.id,
      });
    }
  }
  const posted = await postMany(tx, moves.map((m) => m.entry));
  await debitMany(
    tx,
    moves.flatMap((m, i) => (m.debit ? [{ ...m.debit, journalReference: posted[i]!.reference }] : [])),
  );
  await recordCollections(
    tx,
    moves.flatMap((m, i) => (m.collection ? [{ ...m.collection, journalReference: posted[i]!.reference }] : [])),
    { type: 'wallet', id: ctx.runId },
  );
  const chargeRefs = moves.flatMap((m, i) => (m.chargeId ? [{ id: m.chargeId, j: posted[i]!.reference }] : []));

  const notices: NotifyInput[] = [];
  for (const p of plans) {
    const collectedNow = collectedBy.get(p.userId) ?? 0n;
    totals.collected += collectedNow;
    const c = p.charge;
    if (c) {
      totals.investors += 1;
      totals.fee += c.fee;
      totals.vat += c.vat;
      totals.collected += c.paid;
      totals.receivable += c.outstanding;
    }
    const notice = noticeFor(p, collectedNow);
    if (notice) notices.push(notice);
  }

  if (chargeRefs.length) {
    await tx.execute(sql`update platform_fee_charges c set journal_reference = x.j from jsonb_to_recordset(${JSON.stringify(chargeRefs)}::jsonb) as x(id uuid, j text) where c.id = x.id`);
  }
  await notifyMany(tx, notices);
  await tx.execute(sql`
    update platform_fee_runs set investors = investors + ${totals.investors}, fee = fee + ${totals.fee.toString()}::bigint, vat = vat + ${totals.vat.toString()}::bigint,
           collected = collected + ${totals.collected.toString()}::bigint, receivable = receivable + ${totals.receivable.toString()}::bigint
     where id = ${ctx.runId}`);
  return totals;
}

/** What the investor is told: the charge with its calculation, what was taken and what is owed. */
function noticeFor(p: Planned, collected: bigint): NotifyInput | null {
  const c = p.charge;
  const earlier = collected > 0n ? ` ${aed(collected)} owed from earlier platform fees was collected from your wallet.` : '';
  if (!c || c.fee + c.vat === 0n) {
    if (collected === 0n) return null;
    return { userId: p.userId, kind: 'fee', title: `Owed platform fee collected: ${aed(collected)}`, body: `${earlier.trim()} Nothing more is owed from it.`, link: '/wallet' };
  }
  const total = c.fee + c.vat;
  const explanation = `${feeExplanation(c)}.`;
  if (c.outstanding === 0n) {
    return { userId: p.userId, kind: 'fee', title: `Platform fee for ${windowLabel(c.fromDate, c.through)}: ${aed(total)}`, body: `${explanation} Taken from your wallet.${earlier}`, link: '/wallet' };
  }
  const covered = c.paid > 0n ? `Your wallet covered ${aed(c.paid)}; ` : 'Your wallet had nothing available, so ';
  return {
    userId: p.userId,
    kind: 'fee',
    title: `Platform fee of ${aed(c.outstanding)} is owed`,
    body: `${explanation}${earlier} ${covered}${aed(c.outstanding)} is owed. Add money to your wallet: it is collected at the next fee run, or netted from your next rental distribution.`,
    link: '/wallet?action=deposit',
  };
}
