/**
 * (d) The ledger on PostgreSQL (tests/bench/ledger.ts, its own database): posting 100,000 entries of 2–4 lines
 * through the posting API against a raw batched INSERT of the same lines; with 1,000,000 posted lines, the
 * trial balance and the balance sheet against a raw GROUP BY over the lines. Flags pass through as
 * --ledger-entries, --ledger-lines, --ledger-batch, --ledger-rounds.
 */
import { flags, scriptBench, type Scenario } from '../harness';

export const ledgerScenario: Scenario = {
  name: 'ledger',
  needs: 'nothing',
  async run(ctx) {
    const pass = ['entries', 'lines', 'batch', 'rounds'].flatMap((k) => (flags.has(`ledger-${k}`) ? [`--${k}=${flags.get(`ledger-${k}`)}`] : []));
    await scriptBench(ctx, 'ledger', 'tests/bench/ledger.ts', pass);
  },
};
