/**
 * For the statements suites (not a test file itself): a paid distribution and a platform fee charge written
 * the way their services write them — the document rows, the wallet movement and the journal entry from the
 * modules' own posting builders, in one transaction — so wallets, the ledger and holdings still reconcile. Dated at `at`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { ensureInvestorAccount, post } from '@modules/ledger';
import { runPosting } from '@modules/distributions/postings';
import { chargePosting } from '@modules/fees/postings';
import { moveWallet, q } from '@modules/wallet';

type Who = { id: string; unicode: string };

/** 12:00 in Dubai on `date`. */
export const noonInDubai = (date: string) => new Date(`${date}T08:00:00Z`);

export async function payDistribution(
  db: Db,
  run: { propertyId: string; period: string; recordDate: string; at: Date; lines: (Who & { units: bigint; amount: bigint; feeNetted?: bigint })[] },
): Promise<string> {
  return db.transaction(async (tx) => {
    const amount = run.lines.reduce((s, l) => s + l.amount, 0n);
    const units = run.lines.reduce((s, l) => s + l.units, 0n);
    const [r] = await q<{ id: string }>(
      tx,
      sql`insert into distribution_runs (property_id, period, record_date, amount, distributable, units, status, paid_at, created_at)
          values (${run.propertyId}, ${run.period}, ${run.recordDate}, ${amount.toString()}::bigint, ${amount.toString()}::bigint, ${units.toString()}::bigint, 'paid', ${run.at.toISOString()}::timestamptz, ${run.at.toISOString()}::timestamptz)
          returning id`,
    );
    const [property] = await q<{ reference: string; title: string }>(tx, sql`select reference, title from properties where id = ${run.propertyId}`);
    const accounts = new Map<string, string>();
    for (const l of run.lines) {
      await tx.execute(
        sql`insert into distribution_lines (run_id, user_id, units, amount, fee_netted) values (${r.id}, ${l.id}, ${l.units.toString()}::bigint, ${l.amount.toString()}::bigint, ${(l.feeNetted ?? 0n).toString()}::bigint)`,
      );
      accounts.set(l.id, (await ensureInvestorAccount(tx, { userId: l.id, unicode: l.unicode, name: 'Investor' })).code);
    }
    // The run's own posting builder, as payRun posts it.
    const posted = await post(
      tx,
      runPosting({
        id: r.id,
        number: 'DIST-TEST',
        period: run.period,
        date: run.at.toISOString().slice(0, 10),
        reserve: 0n,
        property: property!,
        authorId: null,
        lines: run.lines.map((l) => ({ kind: 'investor', accountCode: accounts.get(l.id)!, unicode: l.unicode, amount: l.amount, netted: l.feeNetted ?? 0n })),
      }),
    );
    for (const l of run.lines) {
      const net = l.amount - (l.feeNetted ?? 0n);
      if (net > 0n) await moveWallet(tx, { userId: l.id, delta: net, kind: 'distribution', description: `Rental distribution ${run.period}`, ref: { type: 'distribution', id: r.id }, journalReference: posted.reference, at: run.at });
    }
    return r.id;
  });
}

export async function chargePlatformFee(
  db: Db,
  c: Who & { propertyId: string; from: string; through: string; fee: bigint; vat: bigint; paid: bigint; at: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    const outstanding = c.fee + c.vat - c.paid;
    const [run] = await q<{ id: string }>(tx, sql`insert into platform_fee_runs (through, fee, vat, collected, receivable) values (${c.through}, ${c.fee.toString()}::bigint, ${c.vat.toString()}::bigint, ${c.paid.toString()}::bigint, ${outstanding.toString()}::bigint) returning id`);
    const calculation = JSON.stringify([{ propertyId: c.propertyId, reference: 'T', title: 'T', days: 1, averageValue: '0', accruedMicro: (c.fee * 1_000_000n).toString() }]);
    const [charge] = await q<{ id: string }>(
      tx,
      sql`insert into platform_fee_charges (run_id, user_id, from_date, through, days, average_value, accrued_micro, fee, vat, paid, outstanding, calculation, created_at)
          values (${run.id}, ${c.id}, ${c.from}, ${c.through}, 1, 0, ${(c.fee * 1_000_000n).toString()}::bigint, ${c.fee.toString()}::bigint, ${c.vat.toString()}::bigint,
                  ${c.paid.toString()}::bigint, ${outstanding.toString()}::bigint, ${calculation}::jsonb, ${c.at.toISOString()}::timestamptz)
          returning id`,
    );
    const account = await ensureInvestorAccount(tx, { userId: c.id, unicode: c.unicode, name: 'Investor' });
    // The fee module's own posting builder, as a fee run posts a charge.
    const posted = await post(
      tx,
      chargePosting(
        { id: charge.id, reference: 'FEE-TEST', investorUnicode: c.unicode, fromDate: c.from, through: c.through, fee: c.fee, vat: c.vat, paid: c.paid, outstanding },
        { date: c.at.toISOString().slice(0, 10), investorAccount: account.code, authorId: null },
      ),
    );
    if (c.paid > 0n) await moveWallet(tx, { userId: c.id, delta: -c.paid, kind: 'fee', description: 'Platform fee', ref: { type: 'platform_fee', id: charge.id }, journalReference: posted.reference, at: c.at });
    return charge.id;
  });
}
