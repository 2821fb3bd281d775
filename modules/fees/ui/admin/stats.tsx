/** The stat cards of /admin/fees and the fees by month (GET /api/admin/fees/platform/stats). */
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, HandCoins, Percent, TriangleAlert } from 'lucide-react';
import { StackedBars } from '@site/components/charts/StackedBars';
import { aed } from '@site/components/admin/money/shared';
import { formatDate } from '@site/components/admin/format';
import { ErrorNote } from '@site/components/admin/ledger/parts';
import { Card, StatCard, StatGrid } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { monthYear } from '@modules/platform/dates';
import type { FeeStatsJson } from '../../contract';
import { STATS_URL, count, fils } from './shared';

export function useFeeStats() {
  return useQuery<FeeStatsJson>({ queryKey: [STATS_URL] });
}

const SERIES = [
  { key: 'fee', label: 'Platform fee', colour: 'bg-brand-700', spoken: 'fee' },
  { key: 'vat', label: 'VAT', colour: 'bg-sand-400', spoken: 'VAT' },
] as const;

export function FeeStats() {
  const stats = useFeeStats();
  const s = stats.data;
  const owing = s?.investorsOwing ?? 0;
  return (
    <>
      {stats.isError ? (
        <div className="mt-6">
          <ErrorNote title="Couldn't load the fee figures">{errorText(stats.error, 'Request failed')}</ErrorNote>
        </div>
      ) : null}
      <StatGrid>
        <StatCard icon={CalendarClock} label="Accrued, not yet charged" value={s?.accruedUncharged !== undefined ? aed(s.accruedUncharged) : undefined} hint={s?.today ? `Every investor's fee up to today, ${formatDate(s.today)}, before VAT.` : "Every investor's fee up to today, before VAT."} />
        <StatCard icon={HandCoins} label="Charged this year" value={s?.chargedThisYear !== undefined ? aed(s.chargedThisYear) : undefined} hint={s?.vatThisYear !== undefined ? `Plus ${aed(s.vatThisYear)} VAT, by the last day of each charge.` : 'Fees charged this calendar year.'} />
        <StatCard
          icon={TriangleAlert}
          label="Owed by investors"
          value={s?.outstanding !== undefined ? aed(s.outstanding) : undefined}
          hint={s ? (owing ? `${count(owing)} ${owing === 1 ? 'investor' : 'investors'} whose wallet could not cover a charge; collected first at the next run.` : 'Every charge has been paid in full.') : 'What wallets could not cover.'}
        />
        <StatCard
          icon={Percent}
          label="Last run"
          value={s?.lastRun ? s.lastRun.number : s ? 'None yet' : undefined}
          hint={s?.lastRun ? `Up to ${formatDate(s.lastRun.through)}.${s.dueThrough ? ` Due next: up to ${formatDate(s.dueThrough)}.` : ''}` : s?.dueThrough ? `Due: up to ${formatDate(s.dueThrough)}.` : 'Runs charge every investor up to a date.'}
        />
      </StatGrid>
    </>
  );
}

/** Fees (and their VAT) by the month of each charge's last day, the last 12 months. */
export function FeesByMonth() {
  const stats = useFeeStats();
  const months = Array.isArray(stats.data?.byMonth) ? stats.data.byMonth : [];
  const rows = months
    .filter((m) => fils(m.fee) > 0n || fils(m.vat) > 0n)
    .map((m) => ({ key: m.month, label: monthYear(`${m.month}-01`), values: { fee: m.fee, vat: m.vat }, note: fils(m.outstanding) > 0n ? `${aed(m.outstanding)} still owed` : undefined }));
  return (
    <Card className="mt-6 min-w-0 p-5">
      {stats.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Loading the fees by month…
        </p>
      ) : (
        <StackedBars caption="Platform fees by month" series={SERIES} rows={rows} empty="No platform fee has been charged in the last 12 months." />
      )}
    </Card>
  );
}
