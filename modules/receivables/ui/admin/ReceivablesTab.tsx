/**
 * /admin/financial/receivables: what customers owe as at a date (?asOf=), aged by days past due — a stacked bar
 * per customer and the same figures as a table, each amount a link to the invoices behind it — then a
 * customer's statement and the payment reminders that are due. API: GET /api/admin/receivables/aging,
 * /api/admin/customers/:id/statement, /api/admin/receivables/dunning.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearch } from 'wouter';
import { StackedBars } from '@site/components/charts/StackedBars';
import { ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { Card, EmptyState, Section } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { todayInDubai, isIsoDate } from '@modules/platform/dates';
import { AGING_BUCKETS, type AgingBucket, type AgingJson, type AgingRowJson } from '../../contract';
import { DunningList } from './dunning-list';
import { agingUrl, aed, bucketLabels, invoicingHref, RECEIVABLES_PATH } from './shared';
import { StatementView } from './statement-view';

const KEY: Record<AgingBucket, keyof AgingRowJson> = { current: 'current', '1-30': 'd1_30', '31-60': 'd31_60', '61-90': 'd61_90', '90+': 'd90_plus' };
const COLOURS: Record<AgingBucket, string> = { current: 'bg-brand-300', '1-30': 'bg-sand-300', '31-60': 'bg-amber-400', '61-90': 'bg-orange-500', '90+': 'bg-red-600' };
const SERIES = AGING_BUCKETS.map((b) => ({ key: b, label: bucketLabels[b], colour: COLOURS[b] }));

function AgingTable({ aging }: { aging: AgingJson }) {
  const th = 'px-3 py-2 text-right text-xs font-medium text-slate-600';
  const cell = (row: AgingRowJson | null, b: AgingBucket) => {
    const v = row ? (row[KEY[b]] as string) : (aging.totals[KEY[b] as keyof AgingJson['totals']] as string);
    if (!row || BigInt(v) === 0n) return <span className={BigInt(v) === 0n ? 'text-slate-400' : 'font-semibold'}>{aed(v)}</span>;
    return (
      <Link href={invoicingHref({ customerId: row.customerId, bucket: b, asOf: aging.asOf })} className="text-brand-800 hover:underline">
        {aed(v)}
        <span className="sr-only"> of {row.name}, {bucketLabels[b]}: open the invoices</span>
      </Link>
    );
  };
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full min-w-[48rem] text-sm tabular-nums">
        <caption className="sr-only">Receivables aging as at {aging.asOf}, by customer</caption>
        <thead className="bg-slate-50">
          <tr>
            <th className="px-3 py-2 text-left text-xs font-medium text-slate-600">Customer</th>
            {AGING_BUCKETS.map((b) => (
              <th key={b} className={th}>
                {bucketLabels[b]}
              </th>
            ))}
            <th className={th}>Total</th>
          </tr>
        </thead>
        <tbody>
          {aging.customers.map((r) => (
            <tr key={r.customerId} className="border-t border-slate-100">
              <td className="px-3 py-2">
                <Link href={`${RECEIVABLES_PATH}?asOf=${aging.asOf}&statement=${r.customerId}`} className="text-ink hover:underline">
                  {r.name}
                  <span className="sr-only">: statement</span>
                </Link>
              </td>
              {AGING_BUCKETS.map((b) => (
                <td key={b} className="px-3 py-2 text-right">
                  {cell(r, b)}
                </td>
              ))}
              <td className="px-3 py-2 text-right font-medium">{aed(r.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-200 bg-slate-50 font-semibold">
          <tr>
            <td className="px-3 py-2">Total (equals trade receivables, 1330)</td>
            {AGING_BUCKETS.map((b) => (
              <td key={b} className="px-3 py-2 text-right">
                {cell(null, b)}
              </td>
            ))}
            <td className="px-3 py-2 text-right">{aed(aging.totals.total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export default function ReceivablesTab() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const raw = params.get('asOf') ?? '';
  const asOf = isIsoDate(raw) ? raw : todayInDubai();
  const q = useQuery<AgingJson>({ queryKey: [agingUrl(asOf)] });
  const setAsOf = (v: string) => {
    if (!isIsoDate(v)) return;
    params.set('asOf', v);
    navigate(`${RECEIVABLES_PATH}?${params}`);
  };
  const aging = q.data;
  return (
    <div className="space-y-8">
      <Section
        title="Receivables aging"
        description="What each customer owes on issued invoices, by how long it has been past due, as at the date chosen. Payments and credit notes dated later do not count. Unallocated customer credit is shown apart."
        actions={<Field label="As at" type="date" value={asOf} onChange={setAsOf} className="w-44" />}
      >
        {q.isError ? <ErrorNote title="Couldn't load the aging">{errorText(q.error, 'Request failed')}</ErrorNote> : null}
        {!aging && !q.isError ? <p className="text-sm text-slate-500">Loading the aging…</p> : null}
        {aging && aging.customers.length === 0 ? (
          <EmptyState title="Nothing owed at this date">No issued invoice was open on {asOf}. Issued invoices appear here until they are paid or credited.</EmptyState>
        ) : null}
        {aging && aging.customers.length ? (
          <div className="space-y-5">
            <Card className="min-w-0 p-5">
              <StackedBars
                caption={`Open receivables by customer and days past due, as at ${asOf}`}
                series={SERIES}
                rows={aging.customers.map((r) => ({ key: r.customerId, label: r.name, values: Object.fromEntries(AGING_BUCKETS.map((b) => [b, r[KEY[b]] as string])) as Record<AgingBucket, string>, total: r.total }))}
              />
            </Card>
            <AgingTable aging={aging} />
            <p className="text-sm text-slate-600">Customer credit not yet allocated to an invoice (2340): {aed(aging.credits)}.</p>
          </div>
        ) : null}
      </Section>
      <StatementView asOf={asOf} />
      <DunningList />
    </div>
  );
}
