/**
 * /admin/fees: the platform fee. Stat cards and fees by month, "Run fees" up to a date with a preview made by
 * the code that charges, every run on the admin table (a run opens with ?run=<id>, each charge with its
 * calculation), and what investors owe. API: modules/fees/contract.ts.
 */
import { ScreenIntro } from '@site/components/admin/ui';
import { Receivables } from './receivables';
import { RunDetailDialog } from './run-detail';
import { RunFees } from './run-fees';
import { RunsList } from './runs-list';
import { FeeStats, FeesByMonth, useFeeStats } from './stats';

export default function FeesAdminScreen() {
  const stats = useFeeStats();
  return (
    <>
      <ScreenIntro description="Investors pay 0.5% a year of their holdings' latest valuation, accrued day by day and charged monthly from their wallets, plus 5% VAT. What a wallet cannot cover stays owed and is collected first at the next run. Every charge keeps its calculation." />
      <FeeStats />
      <FeesByMonth />
      <RunFees defaultThrough={stats.data?.dueThrough} />
      <RunsList />
      <Receivables />
      <RunDetailDialog />
    </>
  );
}
