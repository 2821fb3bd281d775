/** One run: totals by department with the variance against last month, the lines, items while draft, and the actions. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download, FileText, Mail, Wallet, X } from 'lucide-react';
import { useState } from 'react';
import { Busy, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Badge, Button, Section } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { todayInDubai } from '@modules/platform/dates';
import type { PayrollRunDetailJson } from '../../contract';
import { ItemsEditor } from './items-editor';
import { RUNS, aed, enc, refreshPayroll, runLabels, runTone, useBankAccounts } from './shared';

const signed = (v: string | null) => (v === null ? '—' : BigInt(v) > 0n ? `+${aed(v)}` : aed(v));

function Actions({ run }: { run: PayrollRunDetailJson }) {
  const client = useQueryClient();
  const banks = useBankAccounts();
  const [date, setDate] = useState(todayInDubai());
  const [bankId, setBankId] = useState('');
  const [note, setNote] = useState<{ error: boolean; text: string } | null>(null);
  const act = useMutation({
    mutationFn: ({ path, body }: { path: string; body?: object }) => api.post<{ queued?: number; skipped?: string[] }>(`${RUNS}/${enc(run.id)}/${path}`, body),
    onSuccess: (r, v) => {
      void refreshPayroll(client);
      setNote(v.path === 'payslips/send' ? { error: false, text: `${r.queued} payslips queued for email${r.skipped?.length ? `; no email address for ${r.skipped.join(', ')}` : ''}.` } : null);
    },
    onError: (e) => setNote({ error: true, text: errorText(e, 'That did not work.') }),
  });
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-end gap-3">
        {run.status === 'draft' ? (
          <Button variant="primary" icon={CheckCircle2} onClick={() => act.mutate({ path: 'approve' })} disabled={act.isPending}>
            Approve and post
          </Button>
        ) : null}
        {run.status === 'approved' ? (
          <>
            <Field label="Payment date" type="date" value={date} onChange={setDate} />
            <Select label="From bank account" value={bankId} onChange={setBankId} options={[{ value: '', label: 'Choose…' }, ...(banks.data?.items ?? []).map((b) => ({ value: b.id, label: b.name }))]} />
            <Button variant="primary" icon={Wallet} onClick={() => (bankId ? act.mutate({ path: 'pay', body: { date, bankAccountId: bankId } }) : setNote({ error: true, text: 'Choose the bank account salaries are paid from.' }))} disabled={act.isPending}>
              Record payment
            </Button>
          </>
        ) : null}
        {run.status !== 'draft' ? (
          <>
            <a className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium" href={`${RUNS}/${enc(run.id)}/wps`}>
              <Download className="h-4 w-4" aria-hidden="true" /> Download WPS file
            </a>
            <Button icon={Mail} onClick={() => act.mutate({ path: 'payslips/send' })} disabled={act.isPending}>
              Email payslips
            </Button>
          </>
        ) : null}
      </div>
      {run.status === 'draft' && run.needsSecondAdmin ? <p className="text-sm text-slate-600">Above the four-eyes threshold: an administrator other than the one who prepared it must approve it.</p> : null}
      {note ? note.error ? <ErrorNote title="Not done">{note.text}</ErrorNote> : <p role="status" className="text-sm text-slate-700">{note.text}</p> : null}
    </div>
  );
}

export function RunDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const run = useQuery<PayrollRunDetailJson>({ queryKey: [`${RUNS}/${enc(id)}`] });
  if (run.isPending) return <Busy>Loading the run…</Busy>;
  if (run.isError) return <ErrorNote title="Run not loaded">{errorText(run.error, 'The payroll run could not be loaded.')}</ErrorNote>;
  const r = run.data;
  return (
    <Section
      title={`Payroll ${r.period}`}
      description={`${r.employees} employees · gross ${aed(r.gross)} · deductions ${aed(r.deductions)} · net ${aed(r.net)} · gratuity accrual ${aed(r.gratuityAccrual)}${r.journalReference ? ` · journal ${r.journalReference}` : ''}`}
      actions={
        <>
          <Badge tone={runTone[r.status]}>{runLabels[r.status]}</Badge>
          <Button icon={X} onClick={onClose}>
            Close
          </Button>
        </>
      }
    >
      <div className="grid gap-6">
        <Actions run={r} />
        <table className="w-full text-sm">
          <caption className="text-left font-semibold text-ink">By department{r.previous ? `, against ${r.previous.period}` : ''}</caption>
          <thead>
            <tr className="text-left text-slate-500">
              <th scope="col">Department</th>
              <th scope="col" className="text-right">Gross</th>
              <th scope="col" className="text-right">Net</th>
              <th scope="col" className="text-right">Last month gross</th>
              <th scope="col" className="text-right">Change</th>
            </tr>
          </thead>
          <tbody>
            {r.byCostCenter.map((c) => (
              <tr key={c.costCenter ?? 'none'}>
                <th scope="row" className="text-left font-medium">{c.costCenter ?? 'No department'}</th>
                <td className="text-right tabular-nums">{aed(c.gross)}</td>
                <td className="text-right tabular-nums">{aed(c.net)}</td>
                <td className="text-right tabular-nums">{c.previousGross === null ? '—' : aed(c.previousGross)}</td>
                <td className="text-right tabular-nums">{signed(c.variance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {r.status === 'draft' ? <ItemsEditor run={r} /> : null}
        <div className="overflow-x-auto">
          <table className="w-full min-w-[900px] text-sm">
            <caption className="text-left font-semibold text-ink">Employees in this run</caption>
            <thead>
              <tr className="text-left text-slate-500">
                <th scope="col">Employee</th>
                <th scope="col">Days paid</th>
                <th scope="col" className="text-right">Basic</th>
                <th scope="col" className="text-right">Allowances</th>
                <th scope="col" className="text-right">Overtime and bonus</th>
                <th scope="col" className="text-right">Deductions</th>
                <th scope="col" className="text-right">Gratuity paid</th>
                <th scope="col" className="text-right">Net pay</th>
                <th scope="col">Payslip</th>
              </tr>
            </thead>
            <tbody>
              {r.lines.map((l) => (
                <tr key={l.employeeId} className="border-t border-slate-100">
                  <th scope="row" className="text-left font-medium">
                    {l.name}
                    <span className="block text-xs font-normal text-slate-500">{l.costCenter ?? 'No department'}{l.unpaidLeaveDays ? ` · ${l.unpaidLeaveDays} days unpaid leave` : ''}</span>
                  </th>
                  <td>{l.daysPaid}</td>
                  <td className="text-right tabular-nums">{aed(l.basic)}</td>
                  <td className="text-right tabular-nums">{aed(l.allowances)}</td>
                  <td className="text-right tabular-nums">{aed(BigInt(l.overtime) + BigInt(l.bonus))}</td>
                  <td className="text-right tabular-nums">{aed(l.deductions)}</td>
                  <td className="text-right tabular-nums">{aed(l.gratuityPayout)}</td>
                  <td className="text-right font-semibold tabular-nums">{aed(l.net)}</td>
                  <td>
                    <a className="inline-flex items-center gap-1 text-brand-700 underline" href={`${RUNS}/${enc(r.id)}/payslips/${enc(l.employeeId)}.pdf`} target="_blank" rel="noreferrer">
                      <FileText className="h-4 w-4" aria-hidden="true" /> PDF<span className="sr-only"> payslip of {l.name}</span>
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Section>
  );
}
