/**
 * The inventory valuation on PostgreSQL (tests/bench/inventory.ts, its own database): the valuation as at a date
 * from the running balance per item minus the later moves, against the raw aggregate of every stock move up to the
 * date, over 1,000,000 moves. Flags pass through as --inventory-moves, --inventory-items, --inventory-rounds.
 */
import { flags, scriptBench, type Scenario } from '../harness';

export const inventoryScenario: Scenario = {
  name: 'inventory',
  needs: 'nothing',
  async run(ctx) {
    const pass = ['moves', 'items', 'rounds', 'chunk'].flatMap((k) => (flags.has(`inventory-${k}`) ? [`--${k}=${flags.get(`inventory-${k}`)}`] : []));
    await scriptBench(ctx, 'inventory', 'tests/bench/inventory.ts', pass);
  },
};
