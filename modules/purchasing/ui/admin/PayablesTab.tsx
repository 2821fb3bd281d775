/**
 * Payables (/admin/financial/payables, mounted in the financial screen): bills held by the three-way match
 * for review, every bill with pay-one and pay-as-a-batch (and the bank file), the payables aging chart and
 * table, and the cash needed by week.
 */
import { HeldReview } from './held-review';
import { BillsList } from './bills-list';
import { AgingReport, CashRequirements } from './payables-reports';

export function PayablesTab() {
  return (
    <>
      <HeldReview />
      <BillsList />
      <AgingReport />
      <CashRequirements />
    </>
  );
}

export default PayablesTab;
