/**
 * Posting a stored bill (matched at once, or held and then approved): its journal entry and tax lines in the
 * caller's transaction, the order lines' billed quantities and 2330 cleared, and the bill opened for payment.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { post } from '@modules/ledger';
import { recordTaxLines, taxLinesFor, type Emirate, type TaxCode } from '@modules/tax';
import { refreshOrderStatus } from './orders';
import { billPosting } from './postings';
import { lineNet, rows } from './shared';

type BillRow = {
  id: string;
  number: string;
  supplier_bill_number: string;
  supplier_name: string;
  order_id: string | null;
  bill_date: string;
  total: string;
  cost_center: string | null;
  property: string | null;
  emirate: string;
};
type LineRow = {
  id: string;
  order_line_id: string | null;
  description: string;
  quantity: string;
  net: string;
  vat: string;
  tax_code: string;
  expense_account_code: string;
  cost_center: string | null;
  property: string | null;
};
type OrderLineRow = { id: string; unit_price: string; received: string; received_value: string; billed: string; cleared_value: string };

export async function postBill(tx: Db, billId: string, userId: string): Promise<{ reference: string }> {
  const [bill] = await rows<BillRow>(
    tx,
    sql`select b.id, b.number, b.supplier_bill_number, s.name as supplier_name, b.order_id, b.bill_date::text as bill_date, b.total::text, b.cost_center, b.property, b.emirate
          from supplier_bills b join suppliers s on s.id = b.supplier_id where b.id = ${billId}`,
  );
  const lines = await rows<LineRow>(
    tx,
    sql`select id, order_line_id, description, quantity::text, net::text, vat::text, tax_code, expense_account_code, cost_center, property
          from supplier_bill_lines where bill_id = ${billId} order by line_no`,
  );
  const orderLines = new Map<string, OrderLineRow>();
  if (bill!.order_id) {
    const locked = await rows<OrderLineRow>(
      tx,
      sql`select id, unit_price::text, received::text, received_value::text, billed::text, cleared_value::text from purchase_order_lines where order_id = ${bill!.order_id} order by line_no for update`,
    );
    for (const l of locked) orderLines.set(l.id, l);
  }
  const postingLines = [];
  for (const l of lines) {
    let cleared: bigint | null = null;
    const ol = l.order_line_id ? orderLines.get(l.order_line_id) : undefined;
    if (ol) {
      const quantity = BigInt(l.quantity);
      const billedAfter = BigInt(ol.billed) + quantity;
      // Billing the last of what was received clears exactly what the receipts credited to 2330.
      const exact = BigInt(ol.received_value) - BigInt(ol.cleared_value);
      cleared = billedAfter === BigInt(ol.received) ? exact : lineNet(quantity, BigInt(ol.unit_price));
      if (cleared < 0n) cleared = 0n;
      ol.billed = billedAfter.toString();
      ol.cleared_value = (BigInt(ol.cleared_value) + cleared).toString();
      await tx.execute(sql`update purchase_order_lines set billed = billed + ${quantity}, cleared_value = cleared_value + ${cleared} where id = ${ol.id}`);
      await tx.execute(sql`update supplier_bill_lines set cleared_value = ${cleared} where id = ${l.id}`);
    }
    postingLines.push({
      description: l.description,
      expenseAccountCode: l.expense_account_code,
      taxCode: l.tax_code as TaxCode,
      net: BigInt(l.net),
      vat: BigInt(l.vat),
      cleared,
      costCenter: l.cost_center,
      property: l.property,
    });
  }
  const entry = await post(
    tx,
    billPosting({
      id: bill!.id,
      number: bill!.number,
      supplierBillNumber: bill!.supplier_bill_number,
      supplierName: bill!.supplier_name,
      date: bill!.bill_date,
      authorId: userId,
      costCenter: bill!.cost_center,
      property: bill!.property,
      lines: postingLines,
    }),
  );
  await recordTaxLines(tx, {
    date: bill!.bill_date,
    documentType: 'bill',
    documentId: bill!.id,
    documentNumber: bill!.number,
    counterparty: bill!.supplier_name,
    entryId: entry.id,
    lines: postingLines.flatMap((l) => taxLinesFor('purchases', { taxCode: l.taxCode, net: l.net, vat: l.vat, emirate: bill!.emirate as Emirate })),
  });
  await tx.execute(
    sql`update supplier_bills set status = 'posted', open_amount = total - paid - debited, journal_reference = ${entry.reference}, posted_at = now() where id = ${bill!.id}`,
  );
  if (bill!.order_id) await refreshOrderStatus(tx, bill!.order_id);
  return { reference: entry.reference };
}
