/**
 * /admin/sip-allocation: the operator's view of systematic investment plans. Stat cards, the upcoming
 * run previewed by the code that runs it (with "Run collections"), every run on the admin table (a run
 * opens with ?run=<id>), and which properties automated plans may buy. API: modules/sip/contract.ts.
 */
import { formatMoney } from '@modules/platform/contract';
import { ScreenIntro } from '@site/components/admin/ui';
import { usePublicSettings } from '@modules/settings/ui/use-public-settings';
import { PropertyEligibility } from './eligibility';
import { RunDetailDialog } from './run-outcome';
import { RunsList } from './runs-list';
import { SipStats, useSipStats } from './stats';
import { UpcomingRun } from './upcoming';

export default function SipAllocationScreen() {
  const stats = useSipStats();
  const settings = usePublicSettings();
  const minimum = settings.data ? ` (from ${formatMoney(BigInt(settings.data.sipMinimum), 'AED', { decimals: 0 })} each)` : '';
  return (
    <>
      <ScreenIntro
        description={`Monthly plans${minimum} are collected from investors' wallets on their day and invested in properties open for funding. Preview a run, run it for a date, and see what each run collected and bought.`}
      />
      <SipStats />
      <UpcomingRun nextRunDate={stats.data?.nextRunDate} />
      <RunsList />
      <PropertyEligibility />
      <RunDetailDialog />
    </>
  );
}
