/**
 * (h) Rental distributions and platform fee runs on PostgreSQL (tests/bench/distributions.ts, its own database):
 * createRun + payRun of one month's rent to 20,000 holders of one property in holders per second, and one
 * platform fee run over 10,000 investors in investors per second, each against a raw-SQL batch doing the same
 * writes. Flags pass through as --dist-holders, --dist-investors, --dist-chunk, --dist-pool.
 */
import { flags, scriptBench, type Scenario } from '../harness';

export const distributionsScenario: Scenario = {
  name: 'distributions',
  needs: 'nothing',
  async run(ctx) {
    const pass = ['holders', 'investors', 'chunk', 'pool'].flatMap((k) => (flags.has(`dist-${k}`) ? [`--${k}=${flags.get(`dist-${k}`)}`] : []));
    await scriptBench(ctx, 'distributions', 'tests/bench/distributions.ts', pass);
  },
};
