import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { AppError } from '@api/errors';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { lineFigures } from '@modules/receivables/contract';
import { describeEachDb } from '@tests/helpers/db';
import { q } from '@modules/wallet';
import { createProduct } from './catalogue';
import { createProductInput, deliveryInput, netOf, orderInput, quantityString, type LineTerms } from './contract';
import { deliverOrder } from './deliver-order';
import { invoiceLineFor, invoiceOrder } from './invoice-order';
import { progressStatus } from './order-status';
import { createOrder, getOrder } from './orders';

const min = (a: bigint, b: bigint) => (a < b ? a : b);

const line = fc
  .record({ quantity: fc.bigInt({ min: 1n, max: 50_000n }), unitPrice: fc.bigInt({ min: 0n, max: 10_000_000n }), discountShare: fc.bigInt({ min: 0n, max: 100n }) })
  .map(({ quantity, unitPrice, discountShare }): LineTerms => {
    const gross = netOf({ quantity, unitPrice, discount: 0n }, quantity);
    return { quantity, unitPrice, discount: (gross * discountShare) / 100n };
  });
/** Cut points of a line's quantity: the cumulative quantities after each partial delivery. */
const cuts = (total: bigint) => fc.array(fc.bigInt({ min: 1n, max: total }), { maxLength: 6 }).map((xs) => [...new Set([...xs, total])].sort((a, b) => (a < b ? -1 : 1)));

describe('invoice slices of an order line (pure)', () => {
  it('the receivables line for each slice has exactly the slice net, and the slices add up to the line', () => {
    fc.assert(
      fc.property(line.chain((l) => fc.tuple(fc.constant(l), cuts(l.quantity))), ([l, points]) => {
        let from = 0n;
        let sum = 0n;
        for (const to of points) {
          const inv = invoiceLineFor(l, from, to, { description: 'Slice', taxCode: 'standard' });
          const figures = lineFigures({ quantity: inv.quantity, unitPrice: inv.unitPrice, discount: inv.discount, taxCode: 'standard' }, 'AED', '1');
          if (inv.net >= 0n) expect(figures?.net).toBe(inv.net);
          sum += inv.net;
          from = to;
        }
        expect(sum).toBe(netOf(l, l.quantity));
      }),
      { numRuns: 500 },
    );
  });
});

describeEachDb('sales orders: random partial deliveries and invoices', (kind) => {
  let database: Database;
  let customerId: string;
  const products: string[] = [];

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    const [c] = await q<{ id: string }>(database.db, sql`insert into customers (name, email) values ('Random Owner LLC', 'random@owner.test') returning id`);
    customerId = c!.id;
    for (const code of ['SVC-A', 'SVC-B']) products.push((await createProduct(database.db, null, createProductInput.parse({ code, name: `Service ${code}`, kind: 'service', defaultPrice: 1 }))).id);
  }, 120_000);
  afterAll(() => database?.close());

  it('ordered ≥ delivered ≥ invoiced on every line after every step; the invoices add up to the delivered value', async () => {
    const step = fc.oneof(
      fc.record({ kind: fc.constant('deliver' as const), line: fc.integer({ min: 1, max: 2 }), quantity: fc.integer({ min: 1, max: 4_000 }) }),
      fc.record({ kind: fc.constant('invoice' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 0, max: 9_999 })),
        fc.array(step, { minLength: 1, maxLength: 8 }),
        async ([qa, qb, price, discount], steps) => {
          const db = database.db;
          const order = await createOrder(
            db,
            null,
            orderInput.parse({
              customerId,
              lines: [
                { productId: products[0], quantity: quantityString(BigInt(qa)), unitPrice: price },
                { productId: products[1], quantity: quantityString(BigInt(qb)), unitPrice: price + 7, discount: Number(min(BigInt(discount), (BigInt(qb) * BigInt(price + 7) * 9n) / 10_000n)) },
              ],
            }),
          );
          for (const s of steps) {
            try {
              if (s.kind === 'deliver') await deliverOrder(db, null, order.id, deliveryInput.parse({ lines: [{ lineNo: s.line, quantity: quantityString(BigInt(s.quantity)) }] }));
              else await invoiceOrder(db, null, order.id, {});
            } catch (e) {
              // Refusals are business rules (over-delivery, nothing to invoice, all delivered), never a broken invariant.
              expect(e).toBeInstanceOf(AppError);
              expect([409, 422]).toContain((e as AppError).status);
            }
            const now = await getOrder(db, order.id);
            for (const l of now.lines) {
              const [o, d, i] = [l.quantity, l.delivered, l.invoiced].map(Number);
              expect(o).toBeGreaterThanOrEqual(d!);
              expect(d).toBeGreaterThanOrEqual(i!);
            }
            expect(now.status).toBe(progressStatus(now.lines.map((l) => ({ quantity: BigInt(Math.round(Number(l.quantity) * 1000)), delivered: BigInt(Math.round(Number(l.delivered) * 1000)), invoiced: BigInt(Math.round(Number(l.invoiced) * 1000)) }))));
          }
          // Invoice everything delivered: then Σ invoice nets = delivered value, and each line's figures match.
          try {
            await invoiceOrder(db, null, order.id, {});
          } catch (e) {
            expect((e as AppError).code).toBe('sales_nothing_to_invoice');
          }
          const done = await getOrder(db, order.id);
          const invoiced = done.invoices.reduce((s, i) => s + BigInt(i.net), 0n);
          const delivered = done.lines.reduce((s, l) => s + BigInt(l.deliveredNet), 0n);
          expect(invoiced).toBe(delivered);
          const [posted] = await q<{ net: string }>(
            db,
            sql`select coalesce(sum(il.net), 0)::text as net from invoice_lines il join sales_order_invoices si on si.invoice_id = il.invoice_id where si.order_id = ${order.id}`,
          );
          expect(BigInt(posted!.net)).toBe(delivered);
        },
      ),
      { numRuns: kind === 'pglite' ? 12 : 8, seed: 15 },
    );
  }, 300_000);
});
