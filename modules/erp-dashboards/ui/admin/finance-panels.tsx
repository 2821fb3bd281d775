/** Cash and runway, revenue by stream, and budget against actual. */
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Landmark, PiggyBank, Receipt, Target } from 'lucide-react';
import { Badge, ButtonLink, StatCard, StatGrid } from '@site/components/admin/ui';
import { formatHundredths, type BudgetDashboardJson, type CashDashboardJson, type RevenueDashboardJson } from '../../contract';
import { CHART_COLOURS, ChartFigure, DashboardState, Empty, FigureLink, FigureTable, aed, axisAed, dirhams, hasArrays, isObject, monthName, td, tdRight, useDashboard } from './parts';
import type { Range } from './period';

const HOLDER_LABEL = { operator: 'Operator', clients: 'Client money', properties: 'Property vehicles' } as const;

export function CashPanel({ range }: { range: Range }) {
  const query = useDashboard<CashDashboardJson>('cash', range, (d) => hasArrays(d, 'accounts', 'series', 'burn') && isObject((d as CashDashboardJson).runway3));
  return (
    <DashboardState query={query} what="cash and runway">
      {() => {
        const d = query.data!;
        const moved = d.accounts.some((a) => a.balance !== '0') || d.burn.some((b) => b.income !== '0' || b.expenses !== '0');
        if (!moved)
          return (
            <Empty icon={Landmark} title="No cash or spending in the books for this period">
              Post the bank accounts' opening balances in Journal entries, or choose a longer period; cash, burn and runway then appear here.
            </Empty>
          );
        const r3 = d.runway3;
        return (
          <>
            <StatGrid>
              <StatCard label="Operator cash" icon={Landmark} value={<FigureLink amount={d.operatorCash.amount} drill={d.operatorCash.drill} label="Operator cash" />} hint="The company's own bank and petty cash" />
              <StatCard label="Client money" icon={PiggyBank} value={<FigureLink amount={d.clientMoney.amount} drill={d.clientMoney.drill} label="Client money" />} hint="Held for investors, never the operator's to spend" />
              <StatCard label="Average monthly burn (3 months)" value={aed(r3.averageBurn)} hint={`Operator expenses less income over the last ${r3.months} whole month${r3.months === 1 ? '' : 's'}; 6-month average ${aed(d.runway6.averageBurn)}`} />
              <StatCard
                label="Runway"
                value={r3.runwayHundredths === null ? undefined : `${formatHundredths(r3.runwayHundredths)} months`}
                hint={r3.runwayHundredths === null ? r3.reason : `Operator cash ÷ the 3-month average burn; at the 6-month average: ${d.runway6.runwayHundredths === null ? 'not burning' : `${formatHundredths(d.runway6.runwayHundredths)} months`}`}
              />
            </StatGrid>
            <ChartFigure
              title="Cash at each month end (AED)"
              description="The operator's own cash beside the client money and the property vehicles' rent account."
              columns={[{ label: 'Month' }, { label: 'Operator' }, { label: 'Client money' }, { label: 'Property vehicles' }]}
              rows={d.series.map((s) => [monthName(s.month), aed(s.operator), aed(s.clients), aed(s.properties)])}
            >
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={d.series.map((s) => ({ month: monthName(s.month), operator: dirhams(s.operator), clients: dirhams(s.clients), properties: dirhams(s.properties) }))}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="month" fontSize={12} />
                  <YAxis tickFormatter={axisAed} fontSize={12} width={60} />
                  <Tooltip formatter={(v) => `AED ${Number(v).toLocaleString('en-US')}`} />
                  <Legend />
                  <Line type="monotone" dataKey="operator" name="Operator" stroke={CHART_COLOURS[0]} strokeWidth={2} />
                  <Line type="monotone" dataKey="clients" name="Client money" stroke={CHART_COLOURS[1]} strokeWidth={2} />
                  <Line type="monotone" dataKey="properties" name="Property vehicles" stroke={CHART_COLOURS[2]} strokeWidth={2} />
                </LineChart>
              </ResponsiveContainer>
            </ChartFigure>
            <FigureTable caption="Cash and bank accounts" columns={[{ label: 'Account' }, { label: 'Held for' }, { label: 'Balance (AED)', right: true }]}>
              {d.accounts.map((a) => (
                <tr key={a.accountCode}>
                  <td className={td}>
                    {a.accountCode} · {a.accountName}
                  </td>
                  <td className={td}>
                    <Badge tone={a.holder === 'operator' ? 'brand' : 'sand'}>{HOLDER_LABEL[a.holder]}</Badge>
                  </td>
                  <td className={tdRight}>
                    <FigureLink amount={a.balance} drill={a.drill} label={`${a.accountName} balance`} />
                  </td>
                </tr>
              ))}
            </FigureTable>
            <FigureTable caption="Operator income, expenses and net burn by month" columns={[{ label: 'Month' }, { label: 'Income (AED)', right: true }, { label: 'Expenses (AED)', right: true }, { label: 'Net burn (AED)', right: true }]}>
              {d.burn.map((b) => (
                <tr key={b.month}>
                  <th scope="row" className={`${td} font-normal`}>
                    {monthName(b.month)}
                  </th>
                  <td className={tdRight}>
                    <FigureLink amount={b.income} drill={b.drill.income} label={`Operator income, ${monthName(b.month)}`} />
                  </td>
                  <td className={tdRight}>
                    <FigureLink amount={b.expenses} drill={b.drill.expenses} label={`Operator expenses, ${monthName(b.month)}`} />
                  </td>
                  <td className={tdRight}>{aed(b.burn)}</td>
                </tr>
              ))}
            </FigureTable>
          </>
        );
      }}
    </DashboardState>
  );
}

const change = (now: string, before: string) => {
  const a = BigInt(now);
  const b = BigInt(before);
  if (b === 0n) return a === 0n ? '—' : 'new';
  const tenths = ((a - b) * 1000n) / (b < 0n ? -b : b);
  return `${tenths >= 0n ? '+' : '−'}${(tenths < 0n ? -tenths : tenths) / 10n}.${(tenths < 0n ? -tenths : tenths) % 10n}%`;
};

export function RevenuePanel({ range }: { range: Range }) {
  const query = useDashboard<RevenueDashboardJson>('revenue', range, (d) => hasArrays(d, 'streams', 'months') && isObject((d as RevenueDashboardJson).total));
  return (
    <DashboardState query={query} what="revenue by stream">
      {() => {
        const d = query.data!;
        if (d.total.amount === '0' && d.total.previous === '0')
          return (
            <Empty icon={Receipt} title="No income in the books for this period">
              Income appears here as fees are charged, invoices are issued and rent is collected; choose a longer period to see earlier months.
            </Empty>
          );
        const top = [...d.streams].sort((a, b) => (BigInt(b.total) > BigInt(a.total) ? 1 : -1)).slice(0, 3);
        return (
          <>
            <StatGrid>
              <StatCard label="Total income" icon={Receipt} value={<FigureLink amount={d.total.amount} drill={d.total.drill} label="Total income" />} hint={`Previous period ${aed(d.total.previous)} (${change(d.total.amount, d.total.previous)})`} />
              {top.map((s) => (
                <StatCard key={s.key} label={s.label} value={<FigureLink amount={s.total} drill={s.drill} label={s.label} />} hint={`Accounts ${s.accounts.join(', ') || 'none'} · previous ${aed(s.previous)}`} />
              ))}
            </StatGrid>
            <ChartFigure
              title="Income by stream and month (AED)"
              columns={[{ label: 'Month' }, ...d.streams.map((s) => ({ label: s.label }))]}
              rows={d.months.map((m) => [monthName(m.month), ...d.streams.map((s) => aed(m.amounts[s.key] ?? '0'))])}
            >
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={d.months.map((m) => ({ month: monthName(m.month), ...Object.fromEntries(d.streams.map((s) => [s.key, dirhams(m.amounts[s.key] ?? '0')])) }))}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="month" fontSize={12} />
                  <YAxis tickFormatter={axisAed} fontSize={12} width={60} />
                  <Tooltip formatter={(v) => `AED ${Number(v).toLocaleString('en-US')}`} />
                  <Legend />
                  {d.streams.map((s, i) => (
                    <Bar key={s.key} dataKey={s.key} name={s.label} stackId="income" fill={CHART_COLOURS[i % CHART_COLOURS.length]} />
                  ))}
                </BarChart>
              </ResponsiveContainer>
            </ChartFigure>
            <FigureTable caption="Income streams against the previous period" columns={[{ label: 'Stream' }, { label: 'Accounts' }, { label: 'This period (AED)', right: true }, { label: 'Previous period (AED)', right: true }, { label: 'Change', right: true }]}>
              {d.streams.map((s) => (
                <tr key={s.key}>
                  <th scope="row" className={`${td} font-normal`}>
                    {s.label}
                  </th>
                  <td className={td}>{s.accounts.join(', ') || '—'}</td>
                  <td className={tdRight}>
                    <FigureLink amount={s.total} drill={s.drill} label={`${s.label}, this period`} />
                  </td>
                  <td className={tdRight}>
                    <FigureLink amount={s.previous} drill={s.previousDrill} label={`${s.label}, previous period`} />
                  </td>
                  <td className={tdRight}>{change(s.total, s.previous)}</td>
                </tr>
              ))}
            </FigureTable>
          </>
        );
      }}
    </DashboardState>
  );
}

export function BudgetPanel({ range }: { range: Range }) {
  const query = useDashboard<BudgetDashboardJson>('budget', range, (d) => hasArrays(d, 'rows', 'months', 'budgets') && isObject((d as BudgetDashboardJson).totals));
  return (
    <DashboardState query={query} what="budget against actual">
      {() => {
        const d = query.data!;
        if (d.budgets.length === 0)
          return (
            <Empty
              icon={Target}
              title="No budget covers this period"
              action={
                <ButtonLink href="/admin/budget-management" variant="primary">
                  Open budgets
                </ButtonLink>
              }
            >
              Create the year's budget in Budgets (or copy last year's), then its lines appear here beside the ledger's actuals.
            </Empty>
          );
        const t = d.totals;
        return (
          <>
            <StatGrid>
              <StatCard label="Income: actual against budget" value={aed(t.income.actual)} hint={`Budget ${aed(t.income.budget)} · variance ${aed(t.income.variance)}${t.income.variancePercent ? ` (${t.income.variancePercent}%)` : ''}`} />
              <StatCard label="Expenses: actual against budget" value={aed(t.expense.actual)} hint={`Budget ${aed(t.expense.budget)} · variance ${aed(t.expense.variance)}${t.expense.variancePercent ? ` (${t.expense.variancePercent}%)` : ''}`} />
              <StatCard label="Net result" value={aed(t.net.actual)} hint={`Budget ${aed(t.net.budget)} · ${t.net.favourable ? 'better' : 'worse'} than planned`} />
              <StatCard label="Budgets used" value={d.budgets.map((b) => b.name).join(', ')} />
            </StatGrid>
            <ChartFigure
              title="Expenses by month: budget and actual (AED)"
              description="Actual bars are green when spending stayed within the month's budget, red when it went over."
              columns={[{ label: 'Month' }, { label: 'Budget' }, { label: 'Actual' }, { label: 'Variance' }]}
              rows={d.months.map((m) => [monthName(m.month), aed(m.expense.budget), aed(m.expense.actual), aed(m.expense.variance)])}
            >
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={d.months.map((m) => ({ month: monthName(m.month), budget: dirhams(m.expense.budget), actual: dirhams(m.expense.actual), over: BigInt(m.expense.variance) > 0n }))}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="month" fontSize={12} />
                  <YAxis tickFormatter={axisAed} fontSize={12} width={60} />
                  <Tooltip formatter={(v) => `AED ${Number(v).toLocaleString('en-US')}`} />
                  <Legend />
                  <Bar dataKey="budget" name="Budget" fill="#cbd5e1" />
                  <Bar dataKey="actual" name="Actual">
                    {d.months.map((m) => (
                      <Cell key={m.month} fill={BigInt(m.expense.variance) > 0n ? '#ef4444' : '#10b981'} />
                    ))}
                  </Bar>
                </BarChart>
              </ResponsiveContainer>
            </ChartFigure>
            <FigureTable caption="Budget against actual by account" columns={[{ label: 'Account' }, { label: 'Budget (AED)', right: true }, { label: 'Actual (AED)', right: true }, { label: 'Variance (AED)', right: true }, { label: 'Variance %', right: true }]} empty="Nothing budgeted or posted to income and expense accounts in this period.">
              {d.rows.map((r) => (
                <tr key={r.accountCode}>
                  <th scope="row" className={`${td} font-normal`}>
                    {r.accountCode} · {r.accountName}
                  </th>
                  <td className={tdRight}>{aed(r.budget)}</td>
                  <td className={tdRight}>
                    <FigureLink amount={r.actual} drill={r.drill} label={`${r.accountName} actual`} />
                  </td>
                  <td className={`${tdRight} ${r.favourable === null ? '' : r.favourable ? 'text-emerald-700' : 'text-red-700'}`}>
                    {aed(r.variance)}
                    <span className="sr-only">{r.favourable === null ? '' : r.favourable ? ' (favourable)' : ' (unfavourable)'}</span>
                  </td>
                  <td className={tdRight}>{r.variancePercent === null ? '—' : `${r.variancePercent}%`}</td>
                </tr>
              ))}
            </FigureTable>
          </>
        );
      }}
    </DashboardState>
  );
}
