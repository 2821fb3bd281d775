import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '@db/client';
import { moneyTestDatabase } from '@modules/investing/test-helpers';
import { addDays } from '@modules/platform/dates';
import { describeEachDb } from '@tests/helpers/db';
import { q } from '@modules/wallet';
import { createLocationInput, createMoveInput, type ValuationMethod } from './contract';
import { createItem } from './items';
import { createLocation, seedMainStore } from './locations';
import { recordMove } from './record-move';
import { debitBalance } from './test-helpers';
import { valuationAsOf } from './valuation';

const START = '2025-02-01';
const STORES = ['WH-AQ', 'WH-AQ-A1', 'WH-AQ-B1'];

/** Half-even division written out again, independently of modules/platform/money. */
function halfEven(n: bigint, d: bigint): bigint {
  const q0 = n / d;
  const r = n % d;
  const twice = 2n * (r < 0n ? -r : r);
  if (twice < d || (twice === d && q0 % 2n === 0n)) return q0;
  return n < 0n ? q0 - 1n : q0 + 1n;
}

/** The independent model: per item, a FIFO queue or a running average, and quantities per location. */
type Model = { method: ValuationMethod; layers: { qty: bigint; value: bigint }[]; qty: bigint; value: bigint; at: Map<string, bigint> };
function take(m: Model, qty: bigint): bigint {
  if (m.method === 'average') {
    const cost = qty === m.qty ? m.value : halfEven(m.value * qty, m.qty);
    m.qty -= qty;
    m.value -= cost;
    return cost;
  }
  let left = qty;
  let cost = 0n;
  while (left > 0n) {
    const l = m.layers[0]!;
    const t = left < l.qty ? left : l.qty;
    const v = t === l.qty ? l.value : halfEven(l.value * t, l.qty);
    l.qty -= t;
    l.value -= v;
    if (l.qty === 0n) m.layers.shift();
    cost += v;
    left -= t;
  }
  m.qty -= qty;
  m.value -= cost;
  return cost;
}
function add(m: Model, qty: bigint, unitCost: bigint) {
  const value = halfEven(qty * unitCost, 1000n);
  m.layers.push({ qty, value });
  m.qty += qty;
  m.value += value;
}

const op = fc.record({
  kind: fc.constantFrom('receipt', 'receipt', 'issue', 'job', 'transfer', 'found', 'lost'),
  item: fc.integer({ min: 0, max: 2 }),
  qty: fc.oneof(fc.integer({ min: 1, max: 12 }).map((n) => BigInt(n) * 1000n), fc.bigInt({ min: 1n, max: 9_999n })),
  cost: fc.bigInt({ min: 0n, max: 2_500_000n }),
  from: fc.integer({ min: 0, max: 2 }),
  to: fc.integer({ min: 0, max: 2 }),
});

describeEachDb('inventory valuation (property)', (kind) => {
  let database: Database;
  let userId: string;
  let property: string;
  let run = 0;

  beforeAll(async () => {
    database = await moneyTestDatabase(kind);
    await seedMainStore(database.db);
    const [u] = await q<{ id: string }>(database.db, sql`select id from users where email = 'admin@manzil.ae'`);
    userId = u!.id;
    const [p] = await q<{ reference: string }>(database.db, sql`select reference from properties order by reference limit 1`);
    property = p!.reference;
    await createLocation(database.db, userId, createLocationInput.parse({ code: 'JOB-P', name: 'Property test job', kind: 'maintenance_job', property }));
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('after any sequence of moves, each item is valued as a plain FIFO queue or running average says, and the total is the 1810 balance at every date', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        run++;
        const methods: ValuationMethod[] = ['fifo', 'average', run % 2 ? 'fifo' : 'average'];
        const items = [];
        for (const [i, method] of methods.entries()) items.push((await createItem(database.db, userId, { name: `Item ${run}-${i}`, sku: `P${run}-${i}`, valuationMethod: method, category: 'spare_part', unit: 'each', reorderLevel: 0n, reorderQuantity: 0n })).id);
        const models: Model[] = methods.map((method) => ({ method, layers: [], qty: 0n, value: 0n, at: new Map() }));
        const dates: string[] = [];
        for (const [n, o] of ops.entries()) {
          const m = models[o.item]!;
          const date = addDays(START, run * 20 + n);
          dates.push(date);
          const from = STORES[o.from]!;
          const onHand = m.at.get(from) ?? 0n;
          const base = { itemId: items[o.item], date };
          if (o.kind === 'receipt' || (o.kind === 'found' && m.qty > 0n)) {
            const to = STORES[o.to]!;
            const cost = o.kind === 'receipt' ? o.cost : halfEven(m.value * 1000n, m.qty);
            await recordMove(database.db, userId, createMoveInput.parse({ ...base, type: o.kind === 'receipt' ? 'receipt' : 'adjustment', quantity: String(Number(o.qty) / 1000), unitCost: o.kind === 'receipt' ? String(o.cost) : undefined, to }));
            add(m, o.qty, cost);
            m.at.set(to, (m.at.get(to) ?? 0n) + o.qty);
            continue;
          }
          if (o.kind === 'found') continue;
          const to = o.kind === 'issue' ? property : o.kind === 'job' ? 'JOB-P' : o.kind === 'transfer' ? STORES[o.to]! : null;
          if (to === from) continue;
          const input = o.kind === 'lost' ? { ...base, type: 'adjustment', quantity: `-${Number(o.qty) / 1000}`, from } : { ...base, type: o.kind === 'transfer' ? 'transfer' : 'issue', quantity: String(Number(o.qty) / 1000), from, to };
          const attempt = recordMove(database.db, userId, createMoveInput.parse(input));
          if (onHand < o.qty) {
            await expect(attempt).rejects.toMatchObject({ status: 422 });
            continue;
          }
          await attempt;
          m.at.set(from, onHand - o.qty);
          if (o.kind === 'transfer') m.at.set(to!, (m.at.get(to!) ?? 0n) + o.qty);
          else take(m, o.qty);
        }
        const valuation = await valuationAsOf(database.db, addDays(START, 10_000));
        for (const [i, id] of items.entries()) {
          const v = valuation.items.find((x) => x.itemId === id);
          expect([BigInt(Math.round(Number(v?.quantity ?? '0') * 1000)), BigInt(v?.value ?? '0')]).toEqual([models[i]!.qty, models[i]!.value]);
        }
        for (const date of [dates[0]!, dates[Math.floor(dates.length / 2)]!, addDays(START, 10_000)]) {
          expect(BigInt((await valuationAsOf(database.db, date)).total)).toBe(await debitBalance(database.db, '1810', date));
        }
      }),
      { numRuns: kind === 'pglite' ? 60 : 20 },
    );
  });
});
