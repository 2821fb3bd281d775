import { and, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { unprocessable } from '@api/errors';
import { ADJUSTMENT_COLUMN_BOXES, taxMessages, type TaxDocumentType, type TaxLineInput } from './contract';
import { taxLines, vatReturns } from './schema';

export type TaxDocument = {
  date: string;
  documentType: TaxDocumentType;
  documentId: string;
  documentNumber: string;
  counterparty?: string;
  entryId?: string | null;
  lines: TaxLineInput[];
};

/** Refuses a date inside a filed VAT return's period (422 vat_period_filed). */
export async function assertTaxPeriodOpen(tx: Db, date: string): Promise<void> {
  const [filed] = await tx
    .select({ period: vatReturns.period })
    .from(vatReturns)
    .where(and(lte(vatReturns.startDate, date), gte(vatReturns.endDate, date)))
    .limit(1);
  if (filed) throw unprocessable(taxMessages.periodFiled(filed.period), 'vat_period_filed');
}

/**
 * Records a posted document's tax lines and adds them to the daily totals, inside the document's own
 * transaction (call it right after ledger.post). Lines with nothing in them are skipped; a date inside a
 * filed return is refused, so a filed period's figures never move.
 */
export async function recordTaxLines(tx: Db, doc: TaxDocument): Promise<void> {
  const lines = doc.lines.filter((l) => l.taxable !== 0n || l.vat !== 0n);
  if (lines.length === 0) return;
  if (doc.documentType !== 'settlement') await assertTaxPeriodOpen(tx, doc.date);
  await tx.insert(taxLines).values(
    lines.map((l) => ({
      date: doc.date,
      documentType: doc.documentType,
      documentId: doc.documentId,
      documentNumber: doc.documentNumber,
      counterparty: doc.counterparty ?? '',
      entryId: doc.entryId ?? null,
      direction: l.direction,
      box: l.box,
      taxCode: l.taxCode,
      emirate: l.emirate ?? null,
      taxable: l.taxable,
      vat: l.vat,
    })),
  );
  // A manual adjustment on a box the FTA's form gives an "Adjustment" column (1a–1g, 9) is kept apart there.
  const adjusts = (box: string) => doc.documentType === 'adjustment' && (ADJUSTMENT_COLUMN_BOXES as readonly string[]).includes(box);
  const byKey = new Map<string, { box: string; direction: string; taxable: bigint; vat: bigint; adjustment: bigint }>();
  for (const l of lines) {
    const key = `${l.box}|${l.direction}`;
    const t = byKey.get(key) ?? { box: l.box, direction: l.direction, taxable: 0n, vat: 0n, adjustment: 0n };
    t.taxable += l.taxable;
    t.vat += l.vat;
    if (adjusts(l.box)) t.adjustment += l.vat;
    byKey.set(key, t);
  }
  for (const t of byKey.values()) {
    await tx.execute(sql`
      insert into tax_totals (day, box, direction, taxable, vat, adjustment) values (${doc.date}, ${t.box}, ${t.direction}, ${t.taxable}, ${t.vat}, ${t.adjustment})
      on conflict (day, box, direction) do update
        set taxable = tax_totals.taxable + excluded.taxable, vat = tax_totals.vat + excluded.vat, adjustment = tax_totals.adjustment + excluded.adjustment`);
  }
}
