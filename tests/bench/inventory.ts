/**
 * The inventory valuation on PostgreSQL (`bun tests/bench/inventory.ts`, or `npm run bench -- --only=inventory`), side by side in one run.
 *
 *   Seeding (set-based SQL): ITEMS items and MOVES stock moves over 2024–2025 in date order, two receipts into
 *   the main store for every issue to a maintenance job, each with its signed store effect (store_qty,
 *   store_value), and the running balance per item (inventory_item_costs) as recordMove leaves it: the sum of
 *   those effects.
 *   (a) valuationAsOf at AS_OF (one row per item from the running balances, minus the moves dated after AS_OF
 *       read through the date index), warm, median of ROUNDS runs,
 *   against (b) the raw aggregate one would write without running balances: every move up to AS_OF, summed per
 *       item. Interleaved rounds. Target: (a) ≤ 25 % of (b). It checks both agree per item to the fil.
 *
 * Env: BENCH_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test). Flags:
 * --moves=1000000 --items=2000 --rounds=7 --chunk=200000. Not a timed test: nothing fails on a slow figure.
 */
import { migrateDatabase } from '@db/client';
import { valuationAsOf } from '@modules/inventory';
import { ownDatabase, percent, sideBySide } from './own-database';

const flags = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const num = (k: string, d: number) => (flags.has(k) ? Number(flags.get(k)) : d);
const MOVES = num('moves', 1_000_000);
const ITEMS = num('items', 2_000);
const ROUNDS = num('rounds', 7);
const CHUNK = num('chunk', 200_000);
const AS_OF = '2025-12-15';
const log = (m: string) => console.log(`[inventory-bench] ${m}`);

const { database, raw, drop } = await ownDatabase('manzil_inventory_bench');

/* Move g (1…MOVES): item 1 + g % ITEMS, dated in order over 730 days from 2024-01-01; g % 3 = 0 an issue of 1 unit, else a receipt of 2. */
const ITEM = `md5('inv-item-' || (1 + g % ${ITEMS}))::uuid`;
const DAY = `(date '2024-01-01' + ((g - 1) * 730 / ${MOVES})::int)`;
const COST = `(1000 + (g * 7919) % 50000)::bigint`;
const ISSUE = `(g % 3 = 0)`;
const QTY = `case when ${ISSUE} then -1000 else 2000 end`;
const VALUE = `case when ${ISSUE} then -${COST} else 2 * ${COST} end`;

try {
  await migrateDatabase(database);
  await raw`insert into inventory_locations (id, code, name, kind) values (md5('inv-wh')::uuid, 'WH-AQ', 'Main store, Al Quoz', 'warehouse'), (md5('inv-job')::uuid, 'JOB-1', 'Maintenance job', 'maintenance_job')`;
  await raw.unsafe(`insert into inventory_items (id, sku, name, category, valuation_method)
                    select md5('inv-item-' || i)::uuid, 'SKU-' || i, 'Item ' || i, (array['furniture','appliance','fit_out_material','spare_part'])[1 + i % 4], case when i % 2 = 0 then 'fifo' else 'average' end
                      from generate_series(1, ${ITEMS}) i`);

  const seedStart = performance.now();
  for (let from = 1; from <= MOVES; from += CHUNK) {
    const to = Math.min(MOVES, from + CHUNK - 1);
    await raw.unsafe(`insert into stock_moves (seq, item_id, type, date, quantity, unit_cost, value, from_location_id, to_location_id, store_qty, store_value)
                      select g, ${ITEM}, case when ${ISSUE} then 'issue' else 'receipt' end, ${DAY}, abs(${QTY}), ${COST}, abs(${VALUE}),
                             case when ${ISSUE} then md5('inv-wh')::uuid end, case when ${ISSUE} then md5('inv-job')::uuid else md5('inv-wh')::uuid end, ${QTY}, ${VALUE}
                        from generate_series(${from}::bigint, ${to}::bigint) g`);
    log(`${to.toLocaleString('en-US')} moves`);
  }
  await raw`select setval(pg_get_serial_sequence('stock_moves', 'seq'), (select max(seq) from stock_moves))`;
  // The running balance per item, as recordMove keeps it in each move's transaction.
  await raw`insert into inventory_item_costs (item_id, quantity, value) select item_id, sum(store_qty), sum(store_value) from stock_moves group by item_id`;
  const seedSec = (performance.now() - seedStart) / 1000;
  await raw`vacuum analyze`;
  const [{ n: moves }] = await raw<{ n: string }[]>`select count(*)::text as n from stock_moves`;
  const [{ n: later }] = await raw<{ n: string }[]>`select count(*)::text as n from stock_moves where date > ${AS_OF}`;
  log(`seeded ${Number(moves).toLocaleString('en-US')} moves in ${seedSec.toFixed(1)} s (${Number(later).toLocaleString('en-US')} after ${AS_OF})`);

  const aggregate = () =>
    raw.unsafe<{ item_id: string; q: string; v: string }[]>(
      `select item_id, sum(store_qty)::text as q, sum(store_value)::text as v from stock_moves where date <= '${AS_OF}' group by item_id`,
    );
  const ours = () => valuationAsOf(database.db, AS_OF);

  const { raw: mRaw, ours: mOurs } = await sideBySide(ROUNDS, aggregate, ours);

  const rawRows = await aggregate();
  const report = await ours();
  const rawBy = new Map(rawRows.filter((r) => r.q !== '0' || r.v !== '0').map((r) => [r.item_id, r.v]));
  const same = report.items.length === rawBy.size && report.items.every((i) => rawBy.get(i.itemId) === i.value);
  const rawTotal = rawRows.reduce((s, r) => s + BigInt(r.v), 0n);
  const agree = same && BigInt(report.total) === rawTotal;
  if (!agree) console.error(`[inventory-bench] valuation ${report.total} (per item ${same ? 'same' : 'DIFFERENT'}) against the raw aggregate ${rawTotal}`);

  const ratio = mOurs / mRaw;
  console.log('');
  console.log(`with ${Number(moves).toLocaleString('en-US')} stock moves, ${ITEMS.toLocaleString('en-US')} items (seeded in ${seedSec.toFixed(1)} s):`);
  console.log(`raw aggregate of the moves   ${mRaw.toFixed(1)} ms`);
  console.log(`valuation at ${AS_OF}       ${mOurs.toFixed(1)} ms → ${percent(ratio)} of raw (target ≤ 25 %); ${agree ? 'agrees with the raw aggregate' : 'DISAGREES'}`);
  const verdict = (ratio <= 0.25 ? 'ok (target ≤ 25 %)' : 'MISSED (target ≤ 25 %)') + (agree ? '' : '; DISAGREES with the moves');
  console.log(
    `BENCH_ROWS ${JSON.stringify({
      rows: [{ name: `Stock valuation @ ${(Number(moves) / 1e6).toFixed(1)}M moves`, measured: `${mOurs.toFixed(1)} ms`, against: `aggregate ${mRaw.toFixed(0)} ms`, ratio: percent(ratio), verdict }],
      inventory: { moves: Number(moves), items: ITEMS, movesAfterAsOf: Number(later), seedSeconds: seedSec, aggregateMs: mRaw, valuationMs: mOurs, total: report.total, agree },
    })}`,
  );
} finally {
  await drop();
}
