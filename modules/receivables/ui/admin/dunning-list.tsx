/**
 * Payment reminders due (GET /api/admin/receivables/dunning): level 1 at 7 days past due, 2 at 21, 3 at 45; each
 * level is emailed once. "Send reminders" queues them all (POST /dunning/send).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { Link } from 'wouter';
import { formatDate } from '@site/components/admin/format';
import { ErrorNote } from '@site/components/admin/ledger/parts';
import { Button, EmptyState, Section } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import type { DunningItemJson, DunningJson } from '../../contract';
import { invoiceHref, money, plural, RECEIVABLES, refreshReceivables } from './shared';

const LEVEL = ['', 'First reminder', 'Second reminder', 'Final reminder'];

export function DunningList() {
  const client = useQueryClient();
  const q = useQuery<DunningJson>({ queryKey: [`${RECEIVABLES}/dunning`] });
  const send = useMutation({ mutationFn: () => api.post<{ sent: DunningItemJson[] }>(`${RECEIVABLES}/dunning/send`, {}), onSuccess: () => refreshReceivables(client) });
  const items = q.data?.items ?? [];
  const th = 'px-3 py-2 text-left text-xs font-medium text-slate-600';
  return (
    <Section
      title="Payment reminders"
      description="Overdue invoices whose next reminder is due: the first at 7 days past due, the second at 21 and the final one at 45. Each is emailed once."
      actions={
        <Button variant="primary" icon={BellRing} onClick={() => send.mutate()} disabled={send.isPending || items.length === 0}>
          {send.isPending ? 'Sending…' : items.length ? `Send ${plural(items.length, 'reminder', 'reminders')}` : 'Send reminders'}
        </Button>
      }
    >
      {q.isError ? <ErrorNote title="Couldn't load the reminders">{errorText(q.error, 'Request failed')}</ErrorNote> : null}
      {send.isError ? <ErrorNote title="No reminder was sent">{errorText(send.error, 'Request failed')}</ErrorNote> : null}
      {send.data ? <p role="status" className="mb-3 text-sm text-slate-700">{send.data.sent.length ? `Queued ${plural(send.data.sent.length, 'reminder', 'reminders')}.` : 'Nothing was due.'}</p> : null}
      {q.data && items.length === 0 ? <EmptyState icon={BellRing} title="No reminders due">Every overdue invoice has had the reminder its age calls for.</EmptyState> : null}
      {items.length ? (
        <div className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Payment reminders due</caption>
            <thead className="bg-slate-50">
              <tr>
                <th className={th}>Invoice</th>
                <th className={th}>Customer</th>
                <th className={th}>Due</th>
                <th className={`${th} text-right`}>Open</th>
                <th className={th}>Reminder due</th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.invoiceId} className="border-t border-slate-100">
                  <td className="px-3 py-2">
                    <Link href={invoiceHref(i.invoiceId)} className="font-mono text-xs text-brand-800 hover:underline">
                      {i.number}
                    </Link>
                  </td>
                  <td className="px-3 py-2">
                    {i.customerName}
                    <span className="block text-xs text-slate-500">{i.email}</span>
                  </td>
                  <td className="px-3 py-2">
                    {formatDate(i.dueDate)}
                    <span className="block text-xs text-slate-500">{i.daysPastDue} days ago</span>
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(i.openAmount, i.currency)}</td>
                  <td className="px-3 py-2">
                    {LEVEL[i.levelDue]}
                    {i.lastLevel ? <span className="block text-xs text-slate-500">{LEVEL[i.lastLevel]} already sent</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Section>
  );
}
