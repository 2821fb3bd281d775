/**
 * (i) The VAT 201 on PostgreSQL (tests/bench/tax.ts, its own database): the return of a quarter read from the daily
 * tax totals and the ledger's balances, against the raw GROUP BY of the quarter's journal lines by box and month,
 * over 1,000,000 lines seeded set-based through the ledger's triggers. Flags pass through as --tax-lines,
 * --tax-rounds, --tax-chunk.
 */
import { flags, scriptBench, type Scenario } from '../harness';

export const taxScenario: Scenario = {
  name: 'tax',
  needs: 'nothing',
  async run(ctx) {
    const pass = ['lines', 'rounds', 'chunk'].flatMap((k) => (flags.has(`tax-${k}`) ? [`--${k}=${flags.get(`tax-${k}`)}`] : []));
    await scriptBench(ctx, 'tax', 'tests/bench/tax.ts', pass);
  },
};
