/**
 * /admin/erp-dashboards: the operator's ready-made dashboards over the one ledger — cash and runway, revenue by
 * stream, assets under management, receivables and payables, payroll cost, budget against actual — for a period,
 * each figure a link to the ledger lines it adds up; below them, the dashboards the team built in the builder.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { LayoutTemplate } from 'lucide-react';
import { todayInDubai } from '@modules/platform/dates';
import { Field } from '@site/components/admin/ledger/parts';
import { ButtonLink, Card, ScreenIntro, SelectField, cx } from '@site/components/admin/ui';
import type { DashboardKey } from '../../contract';
import { BudgetPanel, CashPanel, RevenuePanel } from './finance-panels';
import { AumPanel, PayrollPanel, ReceivablesPayablesPanel } from './operations-panels';
import { PERIODS, periodRange, rangeProblem, type PeriodKey, type Range } from './period';
import { TeamDashboards } from './TeamDashboards';

const TABS: { key: DashboardKey; title: string; Panel: (p: { range: Range }) => React.JSX.Element }[] = [
  { key: 'cash', title: 'Cash and runway', Panel: CashPanel },
  { key: 'revenue', title: 'Revenue by stream', Panel: RevenuePanel },
  { key: 'aum', title: 'Assets under management', Panel: AumPanel },
  { key: 'receivables-payables', title: 'Receivables and payables', Panel: ReceivablesPayablesPanel },
  { key: 'payroll', title: 'Payroll cost', Panel: PayrollPanel },
  { key: 'budget', title: 'Budget against actual', Panel: BudgetPanel },
];

export default function ErpDashboardsScreen() {
  const today = todayInDubai();
  const [tab, setTab] = useState<DashboardKey>('cash');
  const [period, setPeriod] = useState<PeriodKey>('last-12-months');
  const [custom, setCustom] = useState<Range>(() => periodRange('last-12-months', today));
  const id = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const problem = period === 'custom' ? rangeProblem(custom) : null;
  const range = period === 'custom' ? custom : periodRange(period, today);
  const active = TABS.find((t) => t.key === tab)!;

  const onTabKey = (e: KeyboardEvent, index: number) => {
    const next = e.key === 'ArrowRight' ? index + 1 : e.key === 'ArrowLeft' ? index - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? TABS.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const i = (next + TABS.length) % TABS.length;
    setTab(TABS[i].key);
    tabRefs.current[i]?.focus();
  };

  return (
    <>
      <ScreenIntro
        description="Ready-made dashboards read straight from the ledger and the operational records: cash and runway, income by stream, assets under management, what is owed either way, payroll and the budget. Every amount opens the ledger lines behind it."
        actions={
          <ButtonLink href="/admin/dashboard/builder" variant="primary" icon={LayoutTemplate}>
            Dashboard builder
          </ButtonLink>
        }
      />
      <Card className="mt-6 p-4">
        <div role="group" aria-label="Dashboard period" className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <SelectField label="Period" value={period} onChange={(v) => setPeriod(v as PeriodKey)} options={PERIODS.map((p) => ({ value: p.key, label: p.label }))} className="sm:w-56" />
          {period === 'custom' ? (
            <>
              <Field label="From" type="date" value={custom.from} onChange={(from) => setCustom((r) => ({ ...r, from }))} className="sm:w-44" error={problem} />
              <Field label="To" type="date" value={custom.to} onChange={(to) => setCustom((r) => ({ ...r, to }))} className="sm:w-44" />
            </>
          ) : (
            <p className="text-sm text-slate-600" aria-live="polite">
              {range.from} to {range.to}
            </p>
          )}
        </div>
      </Card>
      <div role="tablist" aria-label="Dashboards" className="mt-6 flex flex-wrap gap-1 border-b border-slate-200">
        {TABS.map((t, i) => (
          <button
            key={t.key}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={t.key === tab}
            aria-controls={`${id}-panel`}
            tabIndex={t.key === tab ? 0 : -1}
            onClick={() => setTab(t.key)}
            onKeyDown={(e) => onTabKey(e, i)}
            className={cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              t.key === tab ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:text-ink',
            )}
          >
            {t.title}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`} tabIndex={0} className="focus-visible:outline-2 focus-visible:outline-brand-500">
        {problem ? (
          <p role="alert" className="mt-6 text-sm text-red-700">
            {problem}
          </p>
        ) : (
          <active.Panel key={`${tab}-${range.from}-${range.to}`} range={range} />
        )}
      </div>
      <TeamDashboards />
    </>
  );
}
