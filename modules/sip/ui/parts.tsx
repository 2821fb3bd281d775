/** Small pieces the SIP screens share: the collection calendar, status badges, returns figures. */
import { formatDate, shortMonth } from '@modules/platform/dates';
import { toFils } from '@modules/platform/money';
import { useMoney } from '@site/components/app/ui';
import { sipInstalmentStatusLabels, sipPlanStatusLabels, type SipInstalmentStatus, type SipPlanStatus, type SipReturnsJson } from '../contract';
import { xirrLabel } from './format';

/** The next collection dates as a row of calendar leaves (month over day), read as a list. */
export function CollectionCalendar({ dates, amount, emptyText = 'No collection is scheduled.' }: { dates: string[]; amount?: string; emptyText?: string }) {
  if (dates.length === 0) return <p className="mt-2 text-sm text-slate-600">{emptyText}</p>;
  return (
    <ol className="mt-2 flex flex-wrap gap-2" aria-label="Next collection dates">
      {dates.map((d, i) => (
        <li key={d} className={`w-[4.5rem] overflow-hidden rounded-lg border text-center ${i === 0 ? 'border-brand-300' : 'border-slate-200'}`}>
          <span className="sr-only">{formatDate(d)}</span>
          <span aria-hidden="true" className={`block py-0.5 text-[11px] font-semibold uppercase tracking-wide ${i === 0 ? 'bg-brand-800 text-white' : 'bg-slate-100 text-slate-600'}`}>
            {shortMonth(d)} {d.slice(0, 4)}
          </span>
          <span aria-hidden="true" className="block py-1 font-display text-xl tabular-nums text-ink">
            {Number(d.slice(8, 10))}
          </span>
        </li>
      ))}
      {amount ? <li className="self-center text-xs text-slate-500">{amount} each</li> : null}
    </ol>
  );
}

const PLAN_TONE: Record<SipPlanStatus, string> = {
  active: 'bg-brand-50 text-brand-800 ring-brand-200',
  paused: 'bg-sand-50 text-sand-800 ring-sand-200',
  cancelled: 'bg-slate-100 text-slate-600 ring-slate-200',
};
const INSTALMENT_TONE: Record<SipInstalmentStatus, string> = {
  collected: 'bg-brand-50 text-brand-800 ring-brand-200',
  skipped: 'bg-slate-100 text-slate-700 ring-slate-200',
  retrying: 'bg-sand-50 text-sand-800 ring-sand-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

export function PlanStatusBadge({ status }: { status: SipPlanStatus }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${PLAN_TONE[status]}`}>{sipPlanStatusLabels[status]}</span>;
}

export function InstalmentStatusBadge({ status }: { status: SipInstalmentStatus }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${INSTALMENT_TONE[status]}`}>{sipInstalmentStatusLabels[status]}</span>;
}

/** A signed amount: "+AED 12.00" / "−AED 3.00". */
export function useSignedMoney() {
  const money = useMoney();
  return (value: string) => {
    const f = toFils(value);
    return f === 0n ? money(0n) : f > 0n ? `+${money(f)}` : `−${money(-f)}`;
  };
}

/** Returns as XIRR with income and value change apart. */
export function ReturnsFigures({ returns, withXirr = true }: { returns: SipReturnsJson; withXirr?: boolean }) {
  const money = useMoney();
  const signed = useSignedMoney();
  const all = [
    { label: 'Return (XIRR)', value: xirrLabel(returns.xirrBps), note: returns.xirrBps === null ? 'Shown after a few months of collections.' : 'Annualised, income and value change together.' },
    { label: 'Invested', value: money(toFils(returns.invested)), note: `Worth ${money(toFils(returns.currentValue))} now` },
    { label: 'Income received', value: signed(returns.income), note: returns.incomeXirrBps === null ? 'Rent paid out to you' : `Rent paid out: ${xirrLabel(returns.incomeXirrBps)}` },
    { label: 'Value change', value: signed(returns.valueChange), note: 'At the latest valuations' },
  ];
  const items = withXirr ? all : all.slice(1);
  return (
    <dl className={`grid grid-cols-1 gap-3 sm:grid-cols-2 ${withXirr ? 'lg:grid-cols-4' : 'lg:grid-cols-3'}`}>
      {items.map((i) => (
        <div key={i.label} className="rounded-lg bg-slate-50 p-4">
          <dt className="text-xs font-medium text-slate-500">{i.label}</dt>
          <dd className="mt-1 font-display text-lg tabular-nums text-ink">{i.value}</dd>
          <dd className="mt-0.5 text-xs text-slate-500">{i.note}</dd>
        </div>
      ))}
    </dl>
  );
}
