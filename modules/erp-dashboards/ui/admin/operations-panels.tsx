/** Assets under management, receivables and payables, and payroll cost. */
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Building2, HandCoins, Users } from 'lucide-react';
import { Link } from 'wouter';
import { StatCard, StatGrid } from '@site/components/admin/ui';
import { ledgerHref, type AgingBucketsJson, type AumDashboardJson, type PartyJson, type PayrollDashboardJson, type ReceivablesPayablesJson } from '../../contract';
import { CHART_COLOURS, ChartFigure, DashboardState, Empty, FigureLink, FigureTable, aed, axisAed, dirhams, hasArrays, isObject, monthName, td, tdRight, useDashboard } from './parts';
import type { Range } from './period';

const bps = (part: string, whole: string) => {
  const w = BigInt(whole);
  if (w === 0n) return '—';
  const h = (BigInt(part) * 10_000n) / w;
  return `${h / 100n}.${(h % 100n).toString().padStart(2, '0')}%`;
};

export function AumPanel({ range }: { range: Range }) {
  const query = useDashboard<AumDashboardJson>('aum', range, (d) => hasArrays(d, 'properties', 'series') && isObject((d as AumDashboardJson).clientMoney));
  return (
    <DashboardState query={query} what="assets under management">
      {() => {
        const d = query.data!;
        if (d.properties.length === 0 && d.series.every((s) => s.value === '0'))
          return (
            <Empty icon={Building2} title="No investor holdings in this period">
              Holdings appear once investors buy shares of a published property; publish one in Properties, or choose a later period.
            </Empty>
          );
        return (
          <>
            <StatGrid>
              <StatCard label="Assets under management" icon={Building2} value={aed(d.value)} hint={`Investor holdings at their valuations on ${d.asOf}`} />
              <StatCard label="Investors holding" icon={Users} value={d.investors.toLocaleString('en-US')} />
              <StatCard label="Properties held" value={d.properties.length.toLocaleString('en-US')} />
              <StatCard label="Investors' cash on the platform" value={<FigureLink amount={d.clientMoney.amount} drill={d.clientMoney.drill} label="Investor client money" />} hint="Client money owed to investors (account 2100)" />
            </StatGrid>
            <ChartFigure
              title="Assets under management at each month end (AED)"
              columns={[{ label: 'Month' }, { label: 'Value' }, { label: 'Investors holding' }]}
              rows={d.series.map((s) => [monthName(s.month), aed(s.value), String(s.investors)])}
            >
              <ResponsiveContainer width="100%" height="100%">
                <AreaChart data={d.series.map((s) => ({ month: monthName(s.month), value: dirhams(s.value) }))}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="month" fontSize={12} />
                  <YAxis tickFormatter={axisAed} fontSize={12} width={60} />
                  <Tooltip formatter={(v) => `AED ${Number(v).toLocaleString('en-US')}`} />
                  <Area type="monotone" dataKey="value" name="Value" stroke={CHART_COLOURS[0]} fill={CHART_COLOURS[0]} fillOpacity={0.15} />
                </AreaChart>
              </ResponsiveContainer>
            </ChartFigure>
            <FigureTable caption="Holdings by property" columns={[{ label: 'Property' }, { label: 'Investors', right: true }, { label: 'Share of units held', right: true }, { label: 'Value (AED)', right: true }, { label: 'Ledger' }]}>
              {d.properties.map((p) => (
                <tr key={p.propertyId}>
                  <th scope="row" className={`${td} font-normal`}>
                    {p.title} <span className="text-slate-500">({p.reference})</span>
                  </th>
                  <td className={tdRight}>{p.investors}</td>
                  <td className={tdRight}>{bps(p.units, p.totalUnits)}</td>
                  <td className={tdRight}>{aed(p.value)}</td>
                  <td className={td}>
                    <Link className="text-brand-800 underline underline-offset-4" href={ledgerHref(p.drill)}>
                      Property lines<span className="sr-only"> of {p.title}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </FigureTable>
          </>
        );
      }}
    </DashboardState>
  );
}

const BUCKETS: { key: keyof AgingBucketsJson; label: string }[] = [
  { key: 'current', label: 'Not yet due' },
  { key: 'd1_30', label: '1–30 days' },
  { key: 'd31_60', label: '31–60 days' },
  { key: 'd61_90', label: '61–90 days' },
  { key: 'd90_plus', label: 'Over 90 days' },
];

function TopList({ caption, parties }: { caption: string; parties: PartyJson[] }) {
  return (
    <FigureTable caption={caption} columns={[{ label: 'Name' }, { label: 'Open (AED)', right: true }, { label: 'Overdue (AED)', right: true }]} empty="Nothing open.">
      {parties.map((p) => (
        <tr key={p.id}>
          <th scope="row" className={`${td} font-normal`}>
            {p.name}
          </th>
          <td className={tdRight}>{aed(p.total)}</td>
          <td className={tdRight}>{aed(p.overdue)}</td>
        </tr>
      ))}
    </FigureTable>
  );
}

export function ReceivablesPayablesPanel({ range }: { range: Range }) {
  const query = useDashboard<ReceivablesPayablesJson>('receivables-payables', range, (d) => isObject(d) && isObject(d.receivables) && isObject(d.payables) && hasArrays(d.receivables, 'top') && hasArrays(d.payables, 'top'));
  return (
    <DashboardState query={query} what="receivables and payables">
      {() => {
        const d = query.data!;
        const r = d.receivables;
        const p = d.payables;
        if (r.buckets.total === '0' && p.buckets.total === '0' && r.ledger.amount === '0' && p.ledger.amount === '0')
          return (
            <Empty icon={HandCoins} title={`Nothing owed either way on ${d.asOf}`}>
              Issue invoices in Receivables and record supplier bills in Purchasing; what stays unpaid is aged here.
            </Empty>
          );
        return (
          <>
            <StatGrid>
              <StatCard label="Owed to us (trade receivables)" icon={HandCoins} value={<FigureLink amount={r.ledger.amount} drill={r.ledger.drill} label="Trade receivables" />} hint={`Aged total ${aed(r.buckets.total)} on ${d.asOf}`} />
              <StatCard label="We owe (trade payables)" value={<FigureLink amount={p.ledger.amount} drill={p.ledger.drill} label="Trade payables" />} hint={`Aged total ${aed(p.buckets.total)} on ${d.asOf}`} />
              <StatCard label="Days sales outstanding" value={r.dsoDays === null ? undefined : `${r.dsoDays} days`} hint={r.dsoDays === null ? 'Nothing was invoiced in the period.' : `On ${aed(r.sales.amount)} invoiced in the period`} />
              <StatCard label="Days payables outstanding" value={p.dpoDays === null ? undefined : `${p.dpoDays} days`} hint={p.dpoDays === null ? 'No supplier bills in the period.' : `On ${aed(p.purchases.amount)} billed in the period`} />
            </StatGrid>
            <ChartFigure
              title={`Aging on ${d.asOf} (AED)`}
              columns={[{ label: 'Bucket' }, { label: 'Receivables' }, { label: 'Payables' }]}
              rows={BUCKETS.map((b) => [b.label, aed(r.buckets[b.key]), aed(p.buckets[b.key])])}
            >
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={BUCKETS.map((b) => ({ bucket: b.label, receivables: dirhams(r.buckets[b.key]), payables: dirhams(p.buckets[b.key]) }))}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="bucket" fontSize={12} />
                  <YAxis tickFormatter={axisAed} fontSize={12} width={60} />
                  <Tooltip formatter={(v) => `AED ${Number(v).toLocaleString('en-US')}`} />
                  <Legend />
                  <Bar dataKey="receivables" name="Receivables" fill={CHART_COLOURS[0]} />
                  <Bar dataKey="payables" name="Payables" fill={CHART_COLOURS[1]} />
                </BarChart>
              </ResponsiveContainer>
            </ChartFigure>
            <div className="grid gap-x-6 lg:grid-cols-2">
              <TopList caption="Top 5 debtors" parties={r.top} />
              <TopList caption="Top 5 creditors" parties={p.top} />
            </div>
          </>
        );
      }}
    </DashboardState>
  );
}

export function PayrollPanel({ range }: { range: Range }) {
  const query = useDashboard<PayrollDashboardJson>('payroll', range, (d) => hasArrays(d, 'byAccount', 'byCostCenter', 'months') && isObject((d as PayrollDashboardJson).headcount));
  return (
    <DashboardState query={query} what="payroll cost">
      {() => {
        const d = query.data!;
        if (d.total.amount === '0' && d.headcount.active === 0)
          return (
            <Empty icon={Users} title="No payroll in this period">
              Add employees and approve a monthly run in Payroll; its journal posts the cost here by cost center.
            </Empty>
          );
        const centers = d.byCostCenter.map((c) => ({ key: c.costCenter ?? 'none', label: c.name }));
        const perHead = d.headcount.active > 0 && d.period.months.length > 0 ? BigInt(d.total.amount) / BigInt(d.headcount.active * d.period.months.length) : null;
        return (
          <>
            <StatGrid>
              <StatCard label="Payroll cost" icon={Users} value={<FigureLink amount={d.total.amount} drill={d.total.drill} label="Payroll cost" />} hint="Salaries, allowances, gratuity and pension (6100)" />
              <StatCard label="Headcount" value={d.headcount.active.toLocaleString('en-US')} hint={`Employed on ${d.period.to}`} />
              <StatCard label="Cost per head per month" value={perHead === null ? undefined : aed(perHead)} hint={perHead === null ? 'No one is employed at the end of the period.' : 'Payroll cost ÷ today’s headcount ÷ months'} />
              <StatCard label="Largest cost center" value={d.byCostCenter[0] ? <FigureLink amount={d.byCostCenter[0].amount} drill={d.byCostCenter[0].drill} label={`Payroll cost of ${d.byCostCenter[0].name}`} /> : undefined} hint={d.byCostCenter[0]?.name ?? 'No payroll posted'} />
            </StatGrid>
            <ChartFigure
              title="Payroll cost by month and cost center (AED)"
              columns={[{ label: 'Month' }, ...centers.map((c) => ({ label: c.label })), { label: 'Headcount' }]}
              rows={d.months.map((m, i) => [monthName(m.month), ...centers.map((c) => aed(m.byCostCenter[c.key] ?? '0')), String(d.headcount.months[i]?.count ?? '')])}
            >
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={d.months.map((m) => ({ month: monthName(m.month), ...Object.fromEntries(centers.map((c) => [c.key, dirhams(m.byCostCenter[c.key] ?? '0')])) }))}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="month" fontSize={12} />
                  <YAxis tickFormatter={axisAed} fontSize={12} width={60} />
                  <Tooltip formatter={(v) => `AED ${Number(v).toLocaleString('en-US')}`} />
                  <Legend />
                  {centers.map((c, i) => (
                    <Bar key={c.key} dataKey={c.key} name={c.label} stackId="payroll" fill={CHART_COLOURS[i % CHART_COLOURS.length]} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </ChartFigure>
            <div className="grid gap-x-6 lg:grid-cols-2">
              <FigureTable caption="By cost center" columns={[{ label: 'Cost center' }, { label: 'Headcount', right: true }, { label: 'Cost (AED)', right: true }]} empty="No payroll posted in the period.">
                {d.byCostCenter.map((c) => (
                  <tr key={c.costCenter ?? 'none'}>
                    <th scope="row" className={`${td} font-normal`}>
                      {c.costCenter ? `${c.costCenter} · ${c.name}` : c.name}
                    </th>
                    <td className={tdRight}>{d.headcount.byCostCenter.find((h) => h.costCenter === c.costCenter)?.count ?? 0}</td>
                    <td className={tdRight}>
                      <FigureLink amount={c.amount} drill={c.drill} label={`Payroll cost of ${c.name}`} />
                    </td>
                  </tr>
                ))}
              </FigureTable>
              <FigureTable caption="By account" columns={[{ label: 'Account' }, { label: 'Cost (AED)', right: true }]}>
                {d.byAccount.map((a) => (
                  <tr key={a.accountCode}>
                    <th scope="row" className={`${td} font-normal`}>
                      {a.accountCode} · {a.accountName}
                    </th>
                    <td className={tdRight}>
                      <FigureLink amount={a.amount} drill={a.drill} label={a.accountName} />
                    </td>
                  </tr>
                ))}
              </FigureTable>
            </div>
          </>
        );
      }}
    </DashboardState>
  );
}
