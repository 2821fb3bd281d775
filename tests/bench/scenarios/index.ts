/**
 * The registered benchmarks, in the order they run and print. A new benchmark is one file in this
 * folder exporting a Scenario (see ../harness.ts) and one line here.
 */
import type { Scenario } from '../harness';
import { apiScenario } from './api';
import { authScenario } from './auth';
import { jsScenario } from './js';
import { ledgerScenario } from './ledger';
import { propertiesScenario } from './properties';
import { purchasesScenario } from './purchases';
import { sipScenario } from './sip';
import { distributionsScenario } from './distributions';
import { exchangeScenario } from './exchange';
import { taxScenario } from './tax';
import { agingScenario } from './aging';
import { payrollScenario } from './payroll';
import { inventoryScenario } from './inventory';

export const scenarios: Scenario[] = [
  jsScenario,
  apiScenario,
  authScenario,
  ledgerScenario,
  purchasesScenario,
  sipScenario,
  distributionsScenario,
  exchangeScenario,
  taxScenario,
  agingScenario,
  payrollScenario,
  inventoryScenario,
  propertiesScenario,
];
