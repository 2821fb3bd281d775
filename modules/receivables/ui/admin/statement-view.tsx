/**
 * A customer's statement (?statement=<customerId>&from&to): opening balance, every invoice, credit note, payment
 * and exchange difference with the running balance, and the closing balance; downloadable as CSV.
 */
import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { formatDate } from '@site/components/admin/format';
import { ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { ButtonLink, Section } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { addDays, isIsoDate } from '@modules/platform/dates';
import type { StatementJson, StatementLineJson } from '../../contract';
import { aed, RECEIVABLES_PATH, statementUrl, useCustomerOptions } from './shared';

const KIND: Record<StatementLineJson['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note', payment: 'Payment', credit_applied: 'Credit applied', exchange_difference: 'Exchange difference' };

export function StatementView({ asOf }: { asOf: string }) {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const customers = useCustomerOptions();
  const customerId = params.get('statement') ?? '';
  const to = isIsoDate(params.get('to') ?? '') ? params.get('to')! : asOf;
  const from = isIsoDate(params.get('from') ?? '') ? params.get('from')! : addDays(to, -90);
  const set = (patch: Record<string, string>) => {
    for (const [k, v] of Object.entries(patch)) (v ? params.set(k, v) : params.delete(k));
    navigate(`${RECEIVABLES_PATH}?${params}`);
  };
  const url = customerId ? statementUrl(customerId, from, to) : '';
  const q = useQuery<StatementJson>({ queryKey: [url], enabled: !!customerId });
  const s = q.data;
  const th = 'px-3 py-2 text-left text-xs font-medium text-slate-600';
  return (
    <Section
      title="Customer statement"
      description="Everything a customer was invoiced, credited and paid over a period, with the balance after each. A negative balance is credit in the customer's favour."
      actions={customerId ? <ButtonLink href={`${url}&format=csv`} icon={Download}>Download CSV</ButtonLink> : undefined}
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <Select label="Customer" value={customerId} onChange={(v) => set({ statement: v })} options={[{ value: '', label: 'Choose a customer' }, ...(customers.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))]} />
        <Field label="From" type="date" value={from} onChange={(v) => isIsoDate(v) && set({ from: v })} />
        <Field label="To" type="date" value={to} onChange={(v) => isIsoDate(v) && set({ to: v })} />
      </div>
      {q.isError ? <ErrorNote title="Couldn't load the statement">{errorText(q.error, 'Request failed')}</ErrorNote> : null}
      {customerId && !s && !q.isError ? <p className="text-sm text-slate-500">Loading the statement…</p> : null}
      {!customerId ? <p className="text-sm text-slate-500">Choose a customer, or a name in the aging above.</p> : null}
      {s ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full min-w-[44rem] text-sm tabular-nums">
            <caption className="sr-only">Statement of {s.customer.name} from {s.from} to {s.to}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th className={th}>Date</th>
                <th className={th}>Type</th>
                <th className={th}>Reference</th>
                <th className={th}>Description</th>
                <th className={`${th} text-right`}>Debit</th>
                <th className={`${th} text-right`}>Credit</th>
                <th className={`${th} text-right`}>Balance</th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-t border-slate-100 bg-slate-50/50">
                <td className="px-3 py-2">{formatDate(s.from)}</td>
                <td className="px-3 py-2" colSpan={5}>
                  Opening balance
                </td>
                <td className="px-3 py-2 text-right font-medium">{aed(s.opening)}</td>
              </tr>
              {s.lines.map((l, i) => (
                <tr key={i} className="border-t border-slate-100">
                  <td className="px-3 py-2">{formatDate(l.date)}</td>
                  <td className="px-3 py-2">{KIND[l.kind]}</td>
                  <td className="px-3 py-2 font-mono text-xs">{l.reference}</td>
                  <td className="px-3 py-2">{l.description}</td>
                  <td className="px-3 py-2 text-right">{BigInt(l.debit) ? aed(l.debit) : ''}</td>
                  <td className="px-3 py-2 text-right">{BigInt(l.credit) ? aed(l.credit) : ''}</td>
                  <td className="px-3 py-2 text-right">{aed(l.balance)}</td>
                </tr>
              ))}
              <tr className="border-t-2 border-slate-200 bg-slate-50 font-semibold">
                <td className="px-3 py-2">{formatDate(s.to)}</td>
                <td className="px-3 py-2" colSpan={5}>
                  Closing balance
                </td>
                <td className="px-3 py-2 text-right">{aed(s.closing)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}
    </Section>
  );
}
