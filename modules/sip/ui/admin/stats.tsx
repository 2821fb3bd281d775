/** The four stat cards of /admin/sip-allocation, from GET /api/admin/sip/stats. */
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Building2, Users, Wallet } from 'lucide-react';
import { aed } from '@site/components/admin/money/shared';
import { formatDate } from '@site/components/admin/format';
import { ErrorNote } from '@site/components/admin/ledger/parts';
import { StatCard, StatGrid } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import type { SipStatsJson } from '../../contract';
import { STATS_URL, count } from './shared';

export function useSipStats() {
  return useQuery<SipStatsJson>({ queryKey: [STATS_URL] });
}

export function SipStats() {
  const stats = useSipStats();
  const s = stats.data;
  const next = s?.nextRunDate ? formatDate(s.nextRunDate) : null;
  return (
    <>
      {stats.isError ? (
        <div className="mt-6">
          <ErrorNote title="Couldn't load the SIP figures">{errorText(stats.error, 'Request failed')}</ErrorNote>
        </div>
      ) : null}
      <StatGrid>
        <StatCard icon={Users} label="Active plans" value={s ? count(s.activePlans) : undefined} hint="Plans that collect every month; paused and cancelled plans are left out." />
        <StatCard
          icon={CalendarClock}
          label="Due this month"
          value={s ? aed(s.dueThisMonth) : undefined}
          hint={s ? (next ? `Still to collect this month, step-ups included. Next run: ${next}.` : 'Still to collect this month. No run is due in the next two months.') : 'Still to collect this month.'}
        />
        <StatCard icon={Building2} label="Properties eligible" value={s ? count(s.propertiesEligible) : undefined} hint="Open for funding with shares left, and not paused for automated plans." />
        <StatCard
          icon={Wallet}
          label="Unallocated"
          value={s ? aed(s.unallocated) : undefined}
          hint={next ? `What the run on ${next} could not place in a property; it stays in investors' wallets.` : 'What a run could not place in a property; it stays in wallets.'}
        />
      </StatGrid>
    </>
  );
}
