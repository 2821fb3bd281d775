/**
 * Payroll on PostgreSQL (tests/bench/payroll.ts, its own database): createRun + approveRun of a month for 5,000
 * employees through the services, in employees per second, against a raw-SQL batch doing the same writes (run,
 * lines, one journal entry through the ledger's triggers). Flags pass through as --payroll-employees, --payroll-rounds.
 */
import { flags, scriptBench, type Scenario } from '../harness';

export const payrollScenario: Scenario = {
  name: 'payroll',
  needs: 'nothing',
  async run(ctx) {
    const pass = ['employees', 'rounds'].flatMap((k) => (flags.has(`payroll-${k}`) ? [`--${k}=${flags.get(`payroll-${k}`)}`] : []));
    await scriptBench(ctx, 'payroll', 'tests/bench/payroll.ts', pass);
  },
};
