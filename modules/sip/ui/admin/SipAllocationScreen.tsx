/**
 * /admin/sip-allocation: the operator's view of systematic investment plans. Stat cards, the upcoming
 * run previewed by the code that runs it (with "Run collections"), every run on the admin table (a run
 * opens with ?run=<id>), and which properties automated plans may buy. API: modules/sip/contract.ts.
 */
import { formatMoney } from '@modules/platform/contract';
import { ScreenIntro } from '@site/components/admin/ui';
import { SIP_MIN_FILS } from '../../contract';
import { PropertyEligibility } from './eligibility';
import { RunDetailDialog } from './run-outcome';
import { RunsList } from './runs-list';
import { SipStats, useSipStats } from './stats';
import { UpcomingRun } from './upcoming';

export default function SipAllocationScreen() {
  const stats = useSipStats();
  const minimum = formatMoney(SIP_MIN_FILS, 'AED', { decimals: 0 });
  return (
    <>
      <ScreenIntro
        description={`Monthly plans (from ${minimum} each) are collected from investors' wallets on their day and invested in properties open for funding. Preview a run, run it for a date, and see what each run collected and bought.`}
      />
      <SipStats />
      <UpcomingRun nextRunDate={stats.data?.nextRunDate} />
      <RunsList />
      <PropertyEligibility />
      <RunDetailDialog />
    </>
  );
}
