/**
 * Fee income from the exchange by kind (GET /api/admin/exchange/fees): early exit fees, performance
 * fees and the VAT collected on them, in all and month by month (a chart with a table fallback).
 */
import { useQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { aed } from '@site/components/admin/money/shared';
import { ErrorNote } from '@site/components/admin/ledger/parts';
import { Button, Card, EmptyState, Section, StatCard } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { EARLY_EXIT_YEARS } from '@modules/platform/contract';
import { usePublicSettings } from '@modules/settings/ui/use-public-settings';
import { bpsLabel } from '@modules/wallet/contract';
import type { FeeIncomeJson } from '../../admin-contract';
import { FeeChart } from './fee-chart';
import { FEES_URL } from './shared';

export function FeeIncome() {
  const fees = useQuery<FeeIncomeJson>({ queryKey: [FEES_URL] });
  const f = fees.data;
  const rates = usePublicSettings().data;
  const months = Array.isArray(f?.byMonth) ? f.byMonth : [];
  return (
    <Section title="Fee income" description="What the exchange earns the operator: fees deducted from sellers' proceeds in trades, pool sales and property exits, and the VAT on them.">
      {fees.isError ? (
        <div className="space-y-3">
          <ErrorNote title="Couldn't load the fee income">{errorText(fees.error, 'Request failed')}</ErrorNote>
          <Button onClick={() => void fees.refetch()}>Try again</Button>
        </div>
      ) : (
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard label="Early exit fees" value={f?.earlyExit !== undefined ? aed(f.earlyExit) : undefined} hint={`${rates ? bpsLabel(rates.earlyExitFeeBps) : 'A share'} of the proceeds on shares held less than ${EARLY_EXIT_YEARS} years${rates ? ', at the rate in force' : ''}.`} />
            <StatCard label="Performance fees" value={f?.performance !== undefined ? aed(f.performance) : undefined} hint={`${rates ? bpsLabel(rates.performanceFeeBps) : "A share"} of the profit on the shares sold; nothing on a loss.`} />
            <StatCard label="VAT on fees" value={f?.vat !== undefined ? aed(f.vat) : undefined} hint="5% on every fee, owed to the tax authority." />
          </div>
          <Card className="min-w-0 p-5">
            {!f ? (
              <p role="status" className="text-sm text-slate-500">
                Loading the fee income…
              </p>
            ) : months.length ? (
              <FeeChart months={months} caption="Fee income by month" />
            ) : (
              <EmptyState icon={Receipt} title="No fee income yet">
                Fees are charged when an investor sells, to another investor or to the pool, and when a property is sold. Each month's income by kind shows here.
              </EmptyState>
            )}
          </Card>
        </div>
      )}
    </Section>
  );
}
