/**
 * (g) SIP collections on PostgreSQL (tests/bench/sip.ts, its own database): one monthly run of 100,000 active plans
 * over 50 properties in plans per second, against a raw-SQL batch doing the same debits and inserts. Flags pass
 * through as --sip-plans, --sip-properties, --sip-chunk, --sip-pool.
 */
import { flags, scriptBench, type Scenario } from '../harness';

export const sipScenario: Scenario = {
  name: 'sip',
  needs: 'nothing',
  async run(ctx) {
    const pass = ['plans', 'properties', 'chunk', 'pool'].flatMap((k) => (flags.has(`sip-${k}`) ? [`--${k}=${flags.get(`sip-${k}`)}`] : []));
    await scriptBench(ctx, 'sip', 'tests/bench/sip.ts', pass);
  },
};
