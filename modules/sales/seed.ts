/**
 * Demo sales, written through the real services so orders, stock, invoices and the ledger agree: a price list,
 * four services and two stock items, quotations in every status, and four orders — one confirmed, one partially
 * delivered, one delivered and not invoiced, one invoiced. Idempotent: nothing is added once the first product exists.
 * Needs the receivables customers and the inventory items (run after seedReceivables and seedInventory).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@db/client';
import { addDays, todayInDubai, yearStart } from '@modules/platform/dates';
import { createPriceList, createProduct } from './catalogue';
import { createPriceListInput, createProductInput, deliveryInput, orderInput, quotationInput } from './contract';
import { deliverOrder } from './deliver-order';
import { invoiceOrder } from './invoice-order';
import { acceptQuotation, createOrder } from './orders';
import { createQuotation, decideQuotation } from './quotations';
import { sendQuotation } from './send-quotation';
import { rows } from './shared';

const DEMO_ADMIN_EMAIL = 'admin@manzil.ae';

export async function seedSales(db: Db, opts: { today?: string } = {}): Promise<{ seeded: boolean }> {
  const [exists] = await rows<{ id: string }>(db, sql`select id from sales_products where code = 'SVC-PM'`);
  if (exists) return { seeded: false };
  const customers = await rows<{ id: string }>(db, sql`select id from customers order by (kind = 'service_client') desc, created_at limit 3`);
  const items = await rows<{ id: string; sku: string }>(db, sql`select id, sku from inventory_items where sku in ('FUR-SOFA-3S', 'APP-WM-8KG')`);
  if (customers.length === 0) return { seeded: false };
  const [admin] = await rows<{ id: string }>(db, sql`select id from users where lower(email) = ${DEMO_ADMIN_EMAIL}`);
  const me = admin?.id ?? null;
  const today = opts.today ?? todayInDubai();
  const ago = (n: number) => addDays(today, -n);
  const customer = (i: number) => customers[i % customers.length]!.id;

  const product = async (p: Record<string, unknown>) => (await createProduct(db, me, createProductInput.parse(p))).id;
  const pm = await product({ code: 'SVC-PM', name: 'Property management for third-party owners', kind: 'service', unit: 'month', defaultPrice: 350_000 });
  const furnish = await product({ code: 'SVC-FURNISH', name: 'Furnishing package: design, delivery and installation', kind: 'service', unit: 'package', defaultPrice: 1_250_000 });
  const shortLet = await product({ code: 'SVC-SHORTLET', name: 'Short-let management: listing, guests and turnovers', kind: 'service', unit: 'month', defaultPrice: 420_000 });
  const cleaning = await product({ code: 'SVC-CLEAN', name: 'Turnover cleaning visit', kind: 'service', unit: 'visit', defaultPrice: 45_000 });
  const stock: Record<string, string> = {};
  for (const it of items) {
    const sofa = it.sku === 'FUR-SOFA-3S';
    stock[it.sku] = await product({
      code: sofa ? 'STK-SOFA-3S' : 'STK-WM-8KG',
      name: sofa ? 'Three-seat sofa, grey fabric (supplied)' : 'Washing machine 8 kg (supplied and fitted)',
      kind: 'stock',
      unit: 'each',
      defaultPrice: sofa ? 690_000 : 249_000,
      itemId: it.id,
    });
  }
  const list = await createPriceList(
    db,
    me,
    createPriceListInput.parse({
      name: `Standard prices ${today.slice(0, 4)}`,
      validFrom: yearStart(ago(120)),
      prices: [
        { productId: pm, unitPrice: 325_000 },
        { productId: furnish, unitPrice: 1_190_000 },
        { productId: shortLet, unitPrice: 399_000 },
        { productId: cleaning, unitPrice: 42_000 },
        ...Object.values(stock).map((id, i) => ({ productId: id, unitPrice: i === 0 ? 675_000 : 239_000 })),
      ],
    }),
  );
  const sofa = stock['FUR-SOFA-3S'];
  const washer = stock['APP-WM-8KG'];
  const quote = (i: number, date: string, validFor: number, lines: Record<string, unknown>[], notes = '') =>
    createQuotation(db, me, quotationInput.parse({ customerId: customer(i), priceListId: list.id, date, validUntil: addDays(date, validFor), notes, lines }));

  // Open quotations: one draft, one sent.
  await quote(0, ago(2), 30, [{ productId: shortLet, quantity: 6 }, { productId: cleaning, quantity: 12 }], 'Six months of short-let management with a cleaning visit per stay.');
  const sent = await quote(1, ago(9), 30, [{ productId: pm, quantity: 12, discount: 195_000 }]);
  await sendQuotation(db, me, sent.id);
  // Decided without an order: declined, expired.
  const declined = await quote(2, ago(50), 30, [{ productId: furnish, quantity: 1 }]);
  await decideQuotation(db, me, declined.id, 'declined', ago(40));
  const expired = await quote(0, ago(75), 21, [{ productId: pm, quantity: 6 }]);
  await decideQuotation(db, me, expired.id, 'expired', ago(50));

  // Accepted quotations become orders in four states.
  const order = async (i: number, quotedAgo: number, acceptedAgo: number, lines: Record<string, unknown>[]) => {
    const q = await quote(i, ago(quotedAgo), 45, lines);
    return acceptQuotation(db, me, q.id, ago(acceptedAgo));
  };
  await order(1, 12, 6, [{ productId: furnish, quantity: 1 }, { productId: cleaning, quantity: 2 }]);
  const partLines = [{ productId: shortLet, quantity: 3 }, ...(sofa ? [{ productId: sofa, quantity: 2 }] : [])];
  const partial = await order(2, 30, 24, partLines);
  await deliverOrder(db, me, partial.id, deliveryInput.parse({ date: ago(20), from: 'WH-AQ-A1', lines: [{ lineNo: 1, quantity: 1 }, ...(sofa ? [{ lineNo: 2, quantity: 1 }] : [])] }));
  const delivered = await order(0, 40, 33, [{ productId: pm, quantity: 1 }, ...(washer ? [{ productId: washer, quantity: 1 }] : [])]);
  await deliverOrder(db, me, delivered.id, deliveryInput.parse({ date: ago(10), from: 'WH-AQ-A1' }));
  const invoiced = await order(1, 60, 55, [{ productId: furnish, quantity: 1 }, { productId: cleaning, quantity: 4, discount: 8_000 }]);
  await deliverOrder(db, me, invoiced.id, deliveryInput.parse({ date: ago(45), lines: [{ lineNo: 1, quantity: 1 }, { lineNo: 2, quantity: 2 }] }));
  await deliverOrder(db, me, invoiced.id, deliveryInput.parse({ date: ago(30) }));
  await invoiceOrder(db, me, invoiced.id, { date: ago(3) });
  // One order entered directly (no quotation), confirmed and not yet delivered.
  await createOrder(db, me, orderInput.parse({ customerId: customer(2), priceListId: list.id, date: ago(1), lines: [{ productId: cleaning, quantity: 3 }] }));
  return { seeded: true };
}
