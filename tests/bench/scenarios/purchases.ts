/**
 * (f) Purchases on PostgreSQL (tests/bench/purchases.ts, its own database): POST /api/investments per second
 * with 50 concurrent buyers (spread over 10 properties, and all on one), against the bare atomic core of a
 * purchase in raw SQL. Flags pass through as --purchases-buyers, --purchases-duration, --purchases-rounds.
 */
import { flags, scriptBench, type Scenario } from '../harness';

export const purchasesScenario: Scenario = {
  name: 'purchases',
  needs: 'nothing',
  async run(ctx) {
    const pass = ['buyers', 'duration', 'rounds', 'properties', 'pool'].flatMap((k) => (flags.has(`purchases-${k}`) ? [`--${k}=${flags.get(`purchases-${k}`)}`] : []));
    await scriptBench(ctx, 'purchases', 'tests/bench/purchases.ts', pass);
  },
};
