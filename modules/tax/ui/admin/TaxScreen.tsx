/**
 * /admin/tax: VAT. The registration, the return periods (chart and table), the selected period's VAT 201
 * (?period=, by default the latest return waiting to be filed, else the current period) with filing, payment
 * and downloads, and a box's drill-down (?box=). API: ../../return-contract.ts (/api/admin/tax).
 */
import { useQuery } from '@tanstack/react-query';
import { Settings2 } from 'lucide-react';
import { useSearch } from 'wouter';
import { ButtonLink, ScreenIntro } from '@site/components/admin/ui';
import type { ListResult } from '@modules/platform/list';
import type { VatPeriodJson } from '../../return-contract';
import { BoxDialog } from './box-dialog';
import { PeriodsSection } from './periods';
import { RegistrationCard } from './registration-card';
import { ReturnView } from './return-view';
import { ALL_PERIODS_URL, MANAGEMENT_PATH } from './shared';

function useSelectedPeriod(): string | null {
  const chosen = new URLSearchParams(useSearch()).get('period');
  const all = useQuery<ListResult<VatPeriodJson>>({ queryKey: [ALL_PERIODS_URL] });
  if (chosen) return chosen;
  const items = all.data?.items ?? [];
  return [...items].reverse().find((p) => p.status === 'ready')?.period ?? items.at(-1)?.period ?? null;
}

export default function TaxScreen() {
  const period = useSelectedPeriod();
  return (
    <>
      <ScreenIntro
        description="VAT on what Manzil charges and pays: the registration, each return period, the VAT 201 as it will be filed with the Federal Tax Authority, and what is due and when."
        actions={
          <ButtonLink href={MANAGEMENT_PATH} variant="primary" icon={Settings2}>
            Tax management
          </ButtonLink>
        }
      />
      <RegistrationCard />
      <PeriodsSection />
      {period ? <ReturnView key={period} period={period} /> : null}
      <BoxDialog />
    </>
  );
}
