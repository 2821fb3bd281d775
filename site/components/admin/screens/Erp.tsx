/**
 * The accounting home (/admin/erp): today's key figures from the ledger summary, income against
 * expenses for the last six months, the latest journal entries, and the way into every module.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import {
  Banknote, BookOpen, Calculator, ChartColumn, FileText, Gauge, HandCoins, Landmark, ListTree, NotebookPen, Package, Percent, Plus, Receipt, ShoppingCart, Target, Users, Wallet,
} from 'lucide-react';
import { Link } from 'wouter';
import { errorText } from '@site/lib/api';
import { Badge, ButtonLink, Card, LinkCards, ScreenIntro, Section, StatCard, StatGrid } from '../ui';
import { formatDate, lastMonths, monthEnd, todayInDubai } from '../ledger/dates';
import { entryHref, ledgerUrl } from '../ledger/endpoints';
import { IncomeChart, type MonthFigures } from '../ledger/IncomeChart';
import { formatAed, toFils } from '../ledger/money';
import { Amount } from '../ledger/parts';
import type { JournalEntrySummary, LedgerSummaryJson, Paged, ProfitAndLossJson } from '../ledger/types';

const SUMMARY_URL = ledgerUrl('/summary');

export default function Erp() {
  const summary = useQuery<LedgerSummaryJson>({ queryKey: [SUMMARY_URL] });
  const s = summary.data;
  const today = s?.asOf ?? todayInDubai();
  const months = lastMonths(6, today);
  // One P&L per month; each reads precomputed balances, so six are cheap.
  const monthly = useQueries({
    queries: months.map((m) => {
      const end = monthEnd(m);
      return { queryKey: [ledgerUrl('/profit-and-loss', { from: m, to: end > today ? today : end })] };
    }),
  });
  const figures: MonthFigures[] = months.map((m, i) => {
    const pl = monthly[i]?.data as ProfitAndLossJson | undefined;
    return { month: m, income: toFils(pl?.income.total), expenses: toFils(pl?.expenses.total) };
  });
  const chartLoading = monthly.some((q) => q.isPending);
  const chartError = monthly.find((q) => q.isError)?.error;
  const latest = useQuery<Paged<JournalEntrySummary>>({ queryKey: [ledgerUrl('/journal-entries', { limit: 6, offset: 0, sort: '-date' })] });

  const fig = (v: string | undefined) => (v === undefined ? undefined : formatAed(v));
  const hint = (text: string) => (summary.isError ? "Couldn't load the ledger summary." : summary.isPending ? 'Loading…' : text);

  return (
    <>
      <ScreenIntro
        description="Manzil’s books at a glance. Every module posts to one double-entry ledger in AED, so these figures, the statements and the tax returns always agree."
        actions={
          <>
            <ButtonLink href="/admin/financial-reports" icon={FileText}>
              Financial reports
            </ButtonLink>
            <ButtonLink href="/admin/journal-entries?new=1" variant="primary" icon={Plus}>
              New journal entry
            </ButtonLink>
          </>
        }
      />

      {summary.isError ? (
        <div role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          Couldn’t load the key figures: {errorText(summary.error, 'Request failed')}{' '}
          <button type="button" onClick={() => void summary.refetch()} className="font-medium underline underline-offset-2">
            Try again
          </button>
        </div>
      ) : null}

      <section aria-label={`Key figures at ${formatDate(today)}`}>
        <StatGrid>
          <StatCard label="Cash at bank and in hand" icon={Landmark} value={fig(s?.cash)} hint={hint(`Operating, client money and clearing accounts at ${formatDate(today)}.`)} />
          <StatCard label="Client money held" icon={Users} value={fig(s?.clientMoney)} hint={hint('Owed to investors: their wallet balances, held in the segregated account.')} />
          <StatCard
            label="Income this month"
            icon={HandCoins}
            value={fig(s?.incomeMonthToDate)}
            hint={hint(s ? `${formatAed(s.incomeYearToDate)} so far this year.` : '')}
          />
          <StatCard
            label="Expenses this month"
            icon={Wallet}
            value={fig(s?.expensesMonthToDate)}
            hint={hint(s ? `${formatAed(s.expensesYearToDate)} so far this year.` : '')}
          />
        </StatGrid>
      </section>

      <div className="mt-6 grid gap-4 xl:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <Card className="p-5">
          {chartError ? (
            <p role="alert" className="text-sm text-red-800">
              Couldn’t load the monthly figures: {errorText(chartError, 'Request failed')}
            </p>
          ) : (
            <IncomeChart months={figures} loading={chartLoading} />
          )}
        </Card>
        <Card className="flex flex-col p-5">
          <h2 className="text-sm font-semibold text-ink">Year to date</h2>
          <dl className="mt-3 divide-y divide-slate-100 text-sm">
            {[
              ['Income', s?.incomeYearToDate],
              ['Expenses', s?.expensesYearToDate],
              ['Net income', s?.netIncomeYearToDate],
            ].map(([label, v]) => (
              <div key={label} className="flex items-baseline justify-between gap-4 py-2.5">
                <dt className={label === 'Net income' ? 'font-semibold text-ink' : 'text-slate-600'}>{label} (AED)</dt>
                <dd className={label === 'Net income' ? 'text-lg font-semibold text-ink' : 'text-slate-800'}>{v === undefined ? '—' : <Amount value={v} />}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-auto flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-600">
            <span>{s ? `${s.postedEntries.toLocaleString('en-US')} posted ${s.postedEntries === 1 ? 'entry' : 'entries'}` : ' '}</span>
            {s && s.draftEntries > 0 ? (
              <Link href="/admin/journal-entries?status=draft" className="font-medium text-brand-800 underline-offset-2 hover:underline">
                {s.draftEntries.toLocaleString('en-US')} {s.draftEntries === 1 ? 'draft waits' : 'drafts wait'} to be posted
              </Link>
            ) : null}
          </div>
        </Card>
      </div>

      <Section
        title="Latest journal entries"
        actions={
          <ButtonLink href="/admin/journal-entries" icon={NotebookPen}>
            All entries
          </ButtonLink>
        }
      >
        <Card className="overflow-hidden">
          {latest.isError ? (
            <p role="alert" className="px-5 py-4 text-sm text-red-800">
              Couldn’t load the latest entries: {errorText(latest.error, 'Request failed')}
            </p>
          ) : latest.isPending ? (
            <p className="px-5 py-4 text-sm text-slate-500">Loading the latest entries…</p>
          ) : latest.data.items.length === 0 ? (
            <p className="px-5 py-6 text-sm text-slate-600">
              Nothing has been booked yet. Entries appear here as deposits, investments and fees are posted, or when you{' '}
              <Link href="/admin/journal-entries?new=1" className="font-medium text-brand-800 underline underline-offset-2">
                record one by hand
              </Link>
              .
            </p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {latest.data.items.map((e) => (
                <li key={e.id}>
                  <Link href={entryHref(e.id)} className="flex items-center gap-4 px-5 py-3 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500">
                    <span className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-center sm:gap-4">
                      <span className="shrink-0 font-mono text-xs text-sand-700 sm:w-24">
                        {e.number}
                        <span className="ml-2 font-sans text-slate-500 sm:hidden">{formatDate(e.date)}</span>
                      </span>
                      <span className="hidden w-28 shrink-0 text-slate-500 sm:block">{formatDate(e.date)}</span>
                      <span className="min-w-0 truncate text-slate-800">{e.memo || 'No memo'}</span>
                    </span>
                    {e.status === 'draft' ? <Badge tone="warning">Draft</Badge> : e.kind === 'reversal' ? <Badge tone="sand">Reversal</Badge> : null}
                    <Amount value={e.totals.debit} className="shrink-0 text-right text-slate-800 sm:w-28" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </Section>

      <Section title="Accounting">
        <LinkCards
          items={[
            { href: '/admin/journal-entries', title: 'Journal entries', description: 'Record, post and reverse bookings; see where each came from.', icon: NotebookPen },
            { href: '/admin/erp/accounting-ledger', title: 'General ledger', description: 'Every posted line by account, with opening and running balances.', icon: BookOpen },
            { href: '/admin/chart-of-accounts', title: 'Chart of accounts', description: 'The accounts every journal line posts to, as a tree.', icon: ListTree },
            { href: '/admin/financial-reports', title: 'Financial reports', description: 'Trial balance, profit and loss, balance sheet and cash flow.', icon: FileText },
            { href: '/admin/financial', title: 'Financial management', description: 'Ledger, receivables, payables, banking and statements in one place.', icon: Landmark },
          ]}
        />
      </Section>
      <Section title="Planning and control">
        <LinkCards
          items={[
            { href: '/admin/cost-centers', title: 'Cost centers', description: 'Track spending by property, team or project.', icon: Target },
            { href: '/admin/cost-center-reports', title: 'Cost center reports', description: 'Actuals by cost center and account, down to the lines.', icon: ChartColumn },
            { href: '/admin/budget-management', title: 'Budgets', description: 'Monthly budgets per account and cost center, against actuals.', icon: Calculator },
            { href: '/admin/erp-dashboards', title: 'ERP dashboards', description: 'Figures and charts drawn from the ledger.', icon: Gauge },
          ]}
        />
      </Section>
      <Section title="Operations">
        <LinkCards
          items={[
            { href: '/admin/invoicing', title: 'Invoicing', description: 'Issue invoices and follow them to payment.', icon: Receipt },
            { href: '/admin/purchase', title: 'Purchasing', description: 'Purchase requests, orders and suppliers.', icon: ShoppingCart },
            { href: '/admin/inventory', title: 'Inventory', description: 'Furniture, fittings and spares held for properties.', icon: Package },
            { href: '/admin/sales', title: 'Sales', description: 'Sales orders and property disposals.', icon: HandCoins },
            { href: '/admin/tax', title: 'Tax (VAT)', description: 'VAT periods, returns and payments.', icon: Percent },
            { href: '/admin/payroll', title: 'Payroll', description: 'Team records and monthly pay runs.', icon: Banknote },
          ]}
        />
      </Section>
    </>
  );
}
