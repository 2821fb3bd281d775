/**
 * Filing a VAT return and recording its payment. Filing stores the figures, posts the settlement entry and
 * records matching 'settlement' tax lines in one transaction, so the period's figures no longer move and
 * recordTaxLines refuses its dates from then on.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { conflict, unprocessable } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { getBankAccount } from '@modules/banking';
import { post } from '@modules/ledger';
import { todayInDubai } from '@modules/platform/dates';
import { formatAed } from '@modules/platform/money';
import { taxMessages } from './contract';
import { paymentPosting, settlementPosting } from './postings';
import { recordTaxLines } from './record';
import { periodLabel, returnMessages, type FileReturnInput, type PayReturnInput, type VatReturnJson } from './return-contract';
import { vatReturns } from './schema';
import { computeFigures, figuresJson, getVatReturn, resolvePeriod, type StoredFigures } from './vat-return';

export async function fileReturn(db: Db, userId: string, key: string, input: FileReturnInput, today = todayInDubai()): Promise<VatReturnJson> {
  await db.transaction(async (tx) => {
    const { settings, period } = await resolvePeriod(tx, key, today);
    const label = periodLabel(period);
    if (!settings.registered) throw unprocessable(taxMessages.notRegistered, 'vat_not_registered');
    if (period.to >= today) throw unprocessable(returnMessages.notEnded(label, period.to), 'vat_period_not_ended');
    // Serialise filings of the period: the unique period key lets one insert win; the other answers 409.
    const figures = (await computeFigures(tx, [period], settings.defaultEmirate)).get(key)!;
    const stored = figuresJson(figures);
    const [row] = await tx
      .insert(vatReturns)
      .values({ period: key, startDate: period.from, endDate: period.to, status: 'filed', figures: stored, filedBy: userId, reference: input.reference })
      .onConflictDoNothing({ target: vatReturns.period })
      .returning({ id: vatReturns.id });
    if (!row) throw conflict(returnMessages.filed(label), 'vat_return_filed');
    const outputVat = figures.boxes['12'].vat;
    const inputVat = figures.boxes['13'].vat;
    const entry = settlementPosting({ period: key, to: period.to, outputVat, inputVat, authorId: userId });
    const posted = entry ? await post(tx, entry) : null;
    await tx.update(vatReturns).set({ settlementEntryId: posted?.id ?? null }).where(eq(vatReturns.id, row.id));
    await recordTaxLines(tx, {
      date: period.to,
      documentType: 'settlement',
      documentId: row.id,
      documentNumber: `VAT ${key}`,
      counterparty: 'Federal Tax Authority',
      entryId: posted?.id ?? null,
      lines: [
        { box: 'settlement', direction: 'output', taxCode: null, taxable: 0n, vat: -outputVat },
        { box: 'settlement', direction: 'input', taxCode: null, taxable: 0n, vat: -inputVat },
      ],
    });
    await recordAudit(tx, {
      actorId: userId,
      action: 'tax.vat_return.file',
      entityType: 'vat_return',
      entityId: row.id,
      summary: `Filed the VAT return for ${label} (reference ${input.reference}): ${formatAed(figures.boxes['14'].vat)} ${figures.boxes['14'].vat >= 0n ? 'payable' : 'refundable'}`,
      details: { period: key, reference: input.reference, figures: stored.boxes, settlementEntry: posted?.reference ?? null },
    });
  });
  return getVatReturn(db, key, today);
}

export async function recordReturnPayment(db: Db, userId: string, key: string, input: PayReturnInput, today = todayInDubai()): Promise<VatReturnJson> {
  const { period } = await resolvePeriod(db, key, today);
  const label = periodLabel(period);
  const bank = await getBankAccount(db, input.bankAccountId);
  await db.transaction(async (tx) => {
    // Lock the return so two payments cannot both be recorded.
    const [row] = await tx.select().from(vatReturns).where(eq(vatReturns.period, key)).for('update');
    if (!row) throw unprocessable(returnMessages.notFiled(label), 'vat_return_not_filed');
    if (row.status === 'paid') throw conflict(returnMessages.paid(label), 'vat_return_paid');
    if (input.date < period.to) throw unprocessable(returnMessages.paidBeforeEnd(period.to), 'business_rule');
    const net = BigInt((row.figures as StoredFigures).boxes['14'].vat);
    if (net === 0n) throw unprocessable(returnMessages.nothingDue(label), 'vat_nothing_due');
    const posted = await post(tx, paymentPosting({ period: key, date: input.date, net, bankLedgerAccount: bank.ledgerAccountCode, authorId: userId }));
    await tx.execute(sql`update vat_returns set status = 'paid', paid_on = ${input.date}, paid_by = ${userId}, bank_account_id = ${bank.id}, payment_entry_id = ${posted.id} where id = ${row.id}`);
    await recordAudit(tx, {
      actorId: userId,
      action: 'tax.vat_return.paid',
      entityType: 'vat_return',
      entityId: row.id,
      summary: `${net > 0n ? 'Paid' : 'Received the refund of'} ${formatAed(net > 0n ? net : -net)} VAT for ${label} ${net > 0n ? 'from' : 'into'} ${bank.name} on ${input.date}`,
      details: { period: key, date: input.date, bankAccountId: bank.id, amount: net.toString(), entry: posted.reference },
    });
  });
  return getVatReturn(db, key, today);
}
