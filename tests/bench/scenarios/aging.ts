/**
 * (j) The receivables aging on PostgreSQL (tests/bench/aging.ts, its own database): the aging as at a date from the
 * invoices' open amounts, against the raw GROUP BY of the receivables account's journal lines by invoice, customer
 * and bucket, over about 1,000,000 lines. Flags pass through as --aging-invoices, --aging-customers, --aging-rounds.
 */
import { flags, scriptBench, type Scenario } from '../harness';

export const agingScenario: Scenario = {
  name: 'aging',
  needs: 'nothing',
  async run(ctx) {
    const pass = ['invoices', 'customers', 'rounds', 'chunk'].flatMap((k) => (flags.has(`aging-${k}`) ? [`--${k}=${flags.get(`aging-${k}`)}`] : []));
    await scriptBench(ctx, 'aging', 'tests/bench/aging.ts', pass);
  },
};
