/**
 * (h) Exchange orders on PostgreSQL (tests/bench/exchange.ts, its own database): POST /api/exchange/orders per second
 * on one hot property with 50 concurrent traders, against the matching core alone (the same placement, matching
 * and settlement without HTTP). Flags pass through as --exchange-traders, --exchange-duration, --exchange-rounds.
 */
import { flags, scriptBench, type Scenario } from '../harness';

export const exchangeScenario: Scenario = {
  name: 'exchange',
  needs: 'nothing',
  async run(ctx) {
    const pass = ['traders', 'duration', 'rounds', 'pool'].flatMap((k) => (flags.has(`exchange-${k}`) ? [`--${k}=${flags.get(`exchange-${k}`)}`] : []));
    await scriptBench(ctx, 'exchange', 'tests/bench/exchange.ts', pass);
  },
};
