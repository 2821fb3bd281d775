/**
 * Every plan of one run: investor, outcome, amounts, why it failed and what it bought per property.
 * The run's items all come with the run, so the search and the status filter work in the browser.
 */
import { ListChecks } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Amount } from '@site/components/admin/ledger/parts';
import { StatusCell } from '@site/components/admin/table';
import { DataTable, EmptyState, SearchField, SelectField, Toolbar } from '@site/components/admin/ui';
import { SIP_INSTALMENT_STATUSES, type SipRunResultJson } from '../../contract';
import { PlanDrill } from './plan-drill';
import { count, shares, statusLabel, statusTone } from './shared';

type Item = SipRunResultJson['items'][number];

const columns = [
  { key: 'investor', label: 'Investor', className: 'min-w-40' },
  { key: 'status', label: 'Status' },
  { key: 'amount', label: 'Amount (AED)', align: 'right' as const },
  { key: 'invested', label: 'Invested (AED)', align: 'right' as const },
  { key: 'unspent', label: 'Unspent (AED)', align: 'right' as const },
  { key: 'investments', label: 'Investments, or why not', className: 'min-w-60' },
];

export function RunItems({ run }: { run: SipRunResultJson }) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const titles = useMemo(() => new Map(run.properties.map((p) => [p.propertyId, `${p.title} (${p.reference})`])), [run.properties]);
  const shown = useMemo(() => {
    const q = text.trim().toLowerCase();
    return run.items.filter(
      (i) =>
        (!status || i.status === status) &&
        (!q || i.investor.toLowerCase().includes(q) || i.planReference.toLowerCase().includes(q) || (i.failureReason ?? '').toLowerCase().includes(q) || i.investments.some((v) => (titles.get(v.propertyId) ?? '').toLowerCase().includes(q))),
    );
  }, [run.items, text, status, titles]);
  const filtered = Boolean(text.trim() || status);

  return (
    <div className="overflow-hidden rounded-xl border border-slate-200">
      <Toolbar label="Search and filter the plans of this run">
        <SearchField label="Search plans" value={text} onChange={setText} placeholder="Investor, property or reason" />
        <SelectField
          label="Outcome"
          value={status}
          onChange={setStatus}
          options={[{ value: '', label: 'Any outcome' }, ...SIP_INSTALMENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))]}
        />
      </Toolbar>
      <p role="status" aria-live="polite" className="px-4 pt-3 text-xs text-slate-500">
        {filtered ? `${count(shown.length)} of ${count(run.items.length)} plans match.` : `${count(run.items.length)} ${run.items.length === 1 ? 'plan' : 'plans'} in this run.`}
      </p>
      <DataTable
        caption={`Plans of run ${run.reference}`}
        columns={columns}
        minWidth={860}
        empty={
          filtered ? (
            <EmptyState title="No plans match">Try other words, or choose another outcome.</EmptyState>
          ) : (
            <EmptyState icon={ListChecks} title="No plans in this run">
              Nothing was due on this date, or every plan due had already been collected for its month.
            </EmptyState>
          )
        }
      >
        {shown.map((i) => (
          <ItemRow key={i.planId} item={i} titles={titles} />
        ))}
      </DataTable>
    </div>
  );
}

function ItemRow({ item: i, titles }: { item: Item; titles: Map<string, string> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
    <tr className="align-top">
      <td className="px-4 py-3">
        <span className="block font-medium text-ink">{i.investor}</span>
        <button type="button" className="font-mono text-xs text-brand-800 underline-offset-2 hover:underline" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {i.planReference} {open ? '▴' : '▾'}
          <span className="sr-only"> {open ? 'hide' : 'show'} the plan's history</span>
        </button>
      </td>
      <td className="px-4 py-3">
        <StatusCell value={i.status} label={statusLabel(i.status)} tone={statusTone[i.status]} />
      </td>
      <td className="px-4 py-3 text-right">
        <Amount value={i.amount} className="font-medium text-ink" />
      </td>
      <td className="px-4 py-3 text-right">
        <Amount value={i.invested} blankZero />
      </td>
      <td className="px-4 py-3 text-right">
        <Amount value={i.unspent} blankZero />
      </td>
      <td className="px-4 py-3">
        {i.investments.length ? (
          <ul className="space-y-0.5 text-xs text-slate-600">
            {i.investments.map((v) => (
              <li key={v.propertyId}>
                <span className="text-ink">{titles.get(v.propertyId) ?? v.propertyId}</span>: <Amount value={v.amount} /> for {shares(v.units)} shares
              </li>
            ))}
          </ul>
        ) : i.failureReason ? null : (
          <span className="text-xs text-slate-400">Nothing bought</span>
        )}
        {i.failureReason ? (
          <p className="mt-1 text-xs text-red-800">
            <span className="font-medium">Failure reason:</span> {i.failureReason}
          </p>
        ) : null}
      </td>
    </tr>
    {open ? (
      <tr>
        <td colSpan={columns.length} className="px-4 pb-3">
          <PlanDrill planId={i.planId} />
        </td>
      </tr>
    ) : null}
    </>
  );
}
