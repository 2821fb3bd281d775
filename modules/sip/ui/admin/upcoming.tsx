/**
 * The upcoming run (GET /api/admin/sip/upcoming?date=), previewed by the code that runs it: how many
 * plans, the amount due, how it would be allocated across properties, which properties fill up and
 * which plans are expected to fail for funds. "Run collections" runs the date shown.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { aed } from '@site/components/admin/money/shared';
import { formatDate } from '@site/components/admin/format';
import { Amount, ErrorNote, inputClass } from '@site/components/admin/ledger/parts';
import { Button, Card, DataTable, EmptyState, Section, cx } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { todayInDubai } from '@modules/platform/dates';
import type { SipUpcomingJson } from '../../contract';
import { AllocationChart } from './allocation-chart';
import { RunCollections } from './run-collections';
import { count, plural, upcomingUrl } from './shared';

function DatePicker({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        Run date
      </label>
      <input id={id} type="date" value={value} onChange={(e) => e.target.value && onChange(e.target.value)} className={cx(inputClass, 'tabular-nums sm:w-44')} />
    </div>
  );
}

function Figures({ u }: { u: SipUpcomingJson }) {
  const items = [
    { label: 'Plans due', value: count(u.plans) },
    { label: 'Amount due', value: aed(u.amountDue) },
    { label: 'Expected to fail', value: count(u.expectedToFail.length) },
    { label: 'Left unallocated', value: aed(u.unallocated) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-xl border border-slate-200 bg-slate-200 lg:grid-cols-4">
      {items.map((i) => (
        <div key={i.label} className="bg-white px-4 py-3">
          <dt className="text-xs font-medium text-slate-500">{i.label}</dt>
          <dd className="mt-0.5 text-lg font-semibold tabular-nums text-ink">{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ExpectedToFail({ u }: { u: SipUpcomingJson }) {
  return (
    <Card className="min-w-0 overflow-hidden">
      <h3 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-ink">Plans expected to fail</h3>
      <DataTable
        caption={`Plans expected to fail on ${formatDate(u.date)}`}
        columns={[
          { key: 'investor', label: 'Investor' },
          { key: 'amount', label: 'Amount (AED)', align: 'right' },
          { key: 'available', label: 'Available (AED)', align: 'right' },
          { key: 'reason', label: 'Reason', className: 'min-w-72' },
        ]}
        minWidth={720}
        empty={
          <EmptyState icon={CircleCheck} title="No plan is expected to fail">
            Every plan due on this date has the funds in its wallet and a property to buy.
          </EmptyState>
        }
      >
        {u.expectedToFail.map((f) => (
          <tr key={f.planId} className="align-top">
            <td className="px-4 py-3 font-medium text-ink">{f.investor}</td>
            <td className="px-4 py-3 text-right">
              <Amount value={f.amount} />
            </td>
            <td className="px-4 py-3 text-right">
              <Amount value={f.available} />
            </td>
            <td className="px-4 py-3 text-slate-600">{f.reason}</td>
          </tr>
        ))}
      </DataTable>
    </Card>
  );
}

export function UpcomingRun({ nextRunDate }: { nextRunDate: string | null | undefined }) {
  // Until a date is picked, the server previews its own next run (or today).
  const [chosen, setChosen] = useState<string | null>(null);
  const upcoming = useQuery<SipUpcomingJson>({ queryKey: [upcomingUrl(chosen)], placeholderData: keepPreviousData });
  const u = upcoming.data;
  const date = chosen ?? u?.date ?? nextRunDate ?? todayInDubai();
  const future = date > todayInDubai();
  const full = u?.properties.filter((p) => p.fillsUp) ?? [];

  return (
    <Section
      title="Upcoming run"
      description={u ? `Previewed by the code that runs collections, for ${formatDate(u.date)}${nextRunDate && u.date === nextRunDate ? ' (the next run)' : ''}.` : 'Previewed by the code that runs collections.'}
      actions={
        <div className="flex flex-wrap items-end gap-2">
          <DatePicker value={date} onChange={setChosen} />
          {chosen && nextRunDate && chosen !== nextRunDate ? <Button onClick={() => setChosen(null)}>Next run</Button> : null}
          <RunCollections preview={u && !upcoming.isPlaceholderData ? u : undefined} />
        </div>
      }
    >
      <div aria-busy={upcoming.isFetching || undefined} className="space-y-4">
        {upcoming.isError ? (
          <ErrorNote title="Couldn't preview this run">{errorText(upcoming.error, 'Request failed')}</ErrorNote>
        ) : !u ? (
          <p role="status" className="text-sm text-slate-500">
            Loading the preview…
          </p>
        ) : (
          <>
            {future ? <p className="text-sm text-amber-800">This date is in the future: the preview uses today's wallets and availability, and a run for it can only be made on the day.</p> : null}
            <Figures u={u} />
            {u.plans === 0 ? (
              <p className="text-sm text-slate-600">No plans are due on {formatDate(u.date)}. Pick another date to preview it.</p>
            ) : (
              <div className="space-y-4">
                <Card className="min-w-0 p-5">
                  {u.properties.length ? (
                    <AllocationChart caption={`How ${formatDate(u.date)} would be allocated`} bars={u.properties} loading={upcoming.isFetching} />
                  ) : (
                    <p className="text-sm text-slate-600">Nothing would be bought: no plan due on this date can be collected.</p>
                  )}
                  <p className="mt-3 text-sm text-slate-600">
                    {full.length
                      ? `Fills up: ${full.map((p) => `${p.title} (${p.reference})`).join(', ')}. What they cannot take spills to the next eligible property.`
                      : 'No property fills up on this run.'}{' '}
                    Across {plural(u.properties.length, 'property', 'properties')}.
                  </p>
                </Card>
                <ExpectedToFail u={u} />
              </div>
            )}
          </>
        )}
      </div>
    </Section>
  );
}
