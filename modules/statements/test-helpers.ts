/**
 * For the statements suites (not a test file itself): a paid distribution and a platform fee charge written
 * the way their services write them — the document rows, the wallet movement and a balanced journal entry
 * in one transaction — so wallets, the ledger and holdings still reconcile. Dated at `at`.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { ensureInvestorAccount, LEDGER_ACCOUNTS as A, post } from '@modules/ledger';
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
    for (const l of run.lines) {
      const netted = l.feeNetted ?? 0n;
      await tx.execute(
        sql`insert into distribution_lines (run_id, user_id, units, amount, fee_netted) values (${r.id}, ${l.id}, ${l.units.toString()}::bigint, ${l.amount.toString()}::bigint, ${netted.toString()}::bigint)`,
      );
      const account = await ensureInvestorAccount(tx, { userId: l.id, unicode: l.unicode, name: 'Investor' });
      const posted = await post(tx, {
        date: run.at.toISOString().slice(0, 10),
        memo: `Distribution ${run.period}`,
        source: { module: 'statements.test', id: `${r.id}:${l.id}` },
        lines: [
          { accountCode: A.distributionsToInvestors, debit: l.amount - netted },
          { accountCode: account.code, credit: l.amount - netted },
        ],
      });
      await moveWallet(tx, { userId: l.id, delta: l.amount - netted, kind: 'distribution', description: `Rental distribution ${run.period}`, ref: { type: 'distribution', id: r.id }, journalReference: posted.reference, at: run.at });
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
    const posted = await post(tx, {
      date: c.at.toISOString().slice(0, 10),
      memo: 'Platform fee',
      source: { module: 'statements.test', id: charge.id },
      lines: [
        ...(c.paid > 0n ? [{ accountCode: account.code, debit: c.paid }] : []),
        ...(outstanding > 0n ? [{ accountCode: A.feesReceivable, debit: outstanding }] : []),
        { accountCode: A.platformFees, credit: c.fee },
        { accountCode: A.vatOutput, credit: c.vat },
      ],
    });
    if (c.paid > 0n) await moveWallet(tx, { userId: c.id, delta: -c.paid, kind: 'fee', description: 'Platform fee', ref: { type: 'platform_fee', id: charge.id }, journalReference: posted.reference, at: c.at });
    return charge.id;
  });
}
