/**
 * Debit notes against a posted bill: they reduce what is owed (never below zero), post the mirror of the
 * bill's lines (Dr 2310 / Cr expense, Cr 1410) and record the tax lines with sign −1.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { AppError } from '@api/errors';
import { recordAudit } from '@modules/audit';
import { post } from '@modules/ledger';
import { formatAed } from '@modules/platform/money';
import { recordTaxLines, taxLinesFor, vatFor, type Emirate, type TaxCode } from '@modules/tax';
import { billStatusLabels, purchasingErrorCodes as codes, purchasingMessages as msg, type BillDetailJson, type DebitNoteInput } from './contract';
import { getBill } from './bill-read';
import { lockBill, settledStatus } from './bill-review';
import { debitNotePosting } from './postings';
import { invalidState, nextNumber, rows } from './shared';

type BillLine = { id: string; line_no: number; description: string; net: string; vat: string; tax_code: string; expense_account_code: string; cost_center: string | null; property: string | null; debited: string; debited_vat: string };

export async function createDebitNote(db: Db, userId: string, billId: string, input: DebitNoteInput): Promise<BillDetailJson> {
  await db.transaction(async (tx) => {
    const bill = await lockBill(tx, billId);
    if (!['posted', 'partially_paid'].includes(bill.status)) throw invalidState(msg.billNotPosted(billStatusLabels[bill.status].toLowerCase()));
    if (input.date < bill.bill_date.slice(0, 10)) throw new AppError(422, codes.invalidLine, msg.beforeBill('debit note', bill.bill_date.slice(0, 10)));
    const [meta] = await rows<{ emirate: string; cost_center: string | null; property: string | null }>(tx, sql`select emirate, cost_center, property from supplier_bills where id = ${bill.id}`);
    const billLines = await rows<BillLine>(
      tx,
      sql`select l.id, l.line_no, l.description, l.net::text, l.vat::text, l.tax_code, l.expense_account_code, l.cost_center, l.property, l.debited::text,
                 coalesce((select sum((x->>'vat')::bigint) from supplier_debit_notes d, jsonb_array_elements(d.lines) x where d.bill_id = l.bill_id and x->>'billLineId' = l.id::text), 0)::text as debited_vat
            from supplier_bill_lines l where l.bill_id = ${bill.id} order by l.line_no for update of l`,
    );
    const byId = new Map(billLines.map((l) => [l.id, l]));
    const seen = new Set<string>();
    const lines = input.lines.map((d) => {
      const l = byId.get(d.billLineId);
      if (!l) throw new AppError(422, codes.invalidLine, msg.billLineUnknown);
      if (seen.has(l.id)) throw new AppError(422, codes.invalidLine, msg.poLineRepeated.replace('purchase order', 'bill'));
      seen.add(l.id);
      const left = BigInt(l.net) - BigInt(l.debited);
      if (d.amount > left) throw new AppError(422, codes.debitTooLarge, msg.debitTooLarge(Number(l.line_no), left));
      const taxCode = l.tax_code as TaxCode;
      // Crediting the rest of a line credits the rest of its VAT, so a fully credited line nets to nothing.
      const vat = d.amount === left ? BigInt(l.vat) - BigInt(l.debited_vat) : vatFor(d.amount, taxCode);
      return { line: l, net: d.amount, vat: vat < 0n ? 0n : vat, taxCode };
    });
    const net = lines.reduce((s, l) => s + l.net, 0n);
    const vat = lines.reduce((s, l) => s + l.vat, 0n);
    const open = BigInt(bill.open_amount);
    if (net + vat > open) throw new AppError(422, codes.debitTooLarge, msg.debitExceedsOpen(open));
    const number = await nextNumber(tx, 'DN', input.date);
    const stored = lines.map((l) => ({ billLineId: l.line.id, lineNo: Number(l.line.line_no), net: l.net.toString(), vat: l.vat.toString() }));
    const [note] = await rows<{ id: string }>(
      tx,
      sql`insert into supplier_debit_notes (number, bill_id, date, reason, supplier_reference, net, vat, total, lines, journal_reference, created_by)
          values (${number}, ${bill.id}, ${input.date}, ${input.reason}, ${input.supplierReference}, ${net}, ${vat}, ${net + vat}, ${JSON.stringify(stored)}::jsonb, '', ${userId}) returning id`,
    );
    const entry = await post(
      tx,
      debitNotePosting({
        id: note!.id,
        number,
        billNumber: bill.number,
        supplierName: bill.supplier_name,
        date: input.date,
        authorId: userId,
        costCenter: meta!.cost_center,
        property: meta!.property,
        lines: lines.map((l) => ({ description: l.line.description, expenseAccountCode: l.line.expense_account_code, taxCode: l.taxCode, net: l.net, vat: l.vat, costCenter: l.line.cost_center, property: l.line.property })),
      }),
    );
    await recordTaxLines(tx, {
      date: input.date,
      documentType: 'debit_note',
      documentId: note!.id,
      documentNumber: number,
      counterparty: bill.supplier_name,
      entryId: entry.id,
      lines: lines.flatMap((l) => taxLinesFor('purchases', { taxCode: l.taxCode, net: l.net, vat: l.vat, emirate: meta!.emirate as Emirate }, -1)),
    });
    await tx.execute(sql`update supplier_debit_notes set journal_reference = ${entry.reference} where id = ${note!.id}`);
    for (const l of lines) await tx.execute(sql`update supplier_bill_lines set debited = debited + ${l.net} where id = ${l.line.id}`);
    const openAfter = open - net - vat;
    await tx.execute(
      sql`update supplier_bills set debited = debited + ${net + vat}, open_amount = ${openAfter}, status = ${settledStatus(openAfter, BigInt(bill.paid))} where id = ${bill.id}`,
    );
    await recordAudit(tx, {
      actorId: userId,
      action: 'purchasing.debit_note.create',
      entityType: 'supplier_bill',
      entityId: bill.id,
      summary: `Debit note ${number} of ${formatAed(net + vat, { decimals: 'auto' })} on bill ${bill.number} (${bill.supplier_name} ${bill.supplier_bill_number}): ${input.reason}`,
      details: { debitNoteId: note!.id, journalReference: entry.reference },
    });
  });
  return getBill(db, billId);
}
