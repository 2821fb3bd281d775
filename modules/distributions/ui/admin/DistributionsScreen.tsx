/**
 * /admin/distributions: rental distributions. What was paid and what waits, what the books say is
 * payable (each with "Prepare distribution"), what was paid per month, every distribution on the admin
 * table, the create flow (?prepare=<propertyId>&month=) and a distribution's detail (?run=<id>) with
 * Approve, Pay and Cancel. API: ../../contract.ts (/api/admin/distributions).
 */
import { HandCoins } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button, ScreenIntro } from '@site/components/admin/ui';
import { CreateDistributionDialog } from './create-flow';
import { RunDetailDialog } from './run-detail';
import { RunsList } from './runs-list';
import { DISTRIBUTIONS_PATH } from './shared';
import { PaidByMonth, PayableList, SummaryCards } from './summary';

export default function DistributionsScreen() {
  const [, navigate] = useLocation();
  return (
    <>
      <ScreenIntro
        description="Each month's distributable income (rent − costs − reserve, from the property's books) is paid to the holders at the record date, in proportion to their shares and exact to the fil. Prepare a draft from the preview, have it approved when it is above the threshold, and pay it to wallets."
        actions={
          <Button variant="primary" icon={HandCoins} onClick={() => navigate(`${DISTRIBUTIONS_PATH}?prepare=`)}>
            Prepare distribution
          </Button>
        }
      />
      <SummaryCards />
      <PayableList />
      <PaidByMonth />
      <RunsList />
      <CreateDistributionDialog />
      <RunDetailDialog />
    </>
  );
}
