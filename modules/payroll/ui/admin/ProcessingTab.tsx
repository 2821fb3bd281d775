/**
 * /admin/payroll/processing (mounted in the financial screen): the runs with their status, a new run for a
 * month, and a run's detail with its one-off items, approval, payment, the WPS file and the payslips.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, Eye, Wallet } from 'lucide-react';
import { useMemo, useState } from 'react';
import { ErrorNote, Field } from '@site/components/admin/ledger/parts';
import { AdminTable, col, type FilterDef } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { monthStart, todayInDubai } from '@modules/platform/dates';
import { PAYROLL_STATUSES, type PayrollRunDetailJson, type PayrollRunJson } from '../../contract';
import { RunDetail } from './run-detail';
import { RUNS, refreshPayroll, runLabels, runTone } from './shared';

type Row = PayrollRunJson;

function NewRun({ onCreated }: { onCreated: (id: string) => void }) {
  const client = useQueryClient();
  const [period, setPeriod] = useState(monthStart(todayInDubai()).slice(0, 7));
  const [error, setError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => api.post<PayrollRunDetailJson>(RUNS, { period }),
    onSuccess: (run) => {
      setError(null);
      void refreshPayroll(client);
      onCreated(run.id);
    },
    onError: (e) => setError(errorText(e, 'The run was not prepared.')),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period)) return setError('Choose the month to pay.');
        create.mutate();
      }}
    >
      <Field label="Month to pay (YYYY-MM)" value={period} onChange={setPeriod} placeholder="2026-03" maxLength={7} />
      <Button variant="primary" type="submit" icon={CalendarPlus} disabled={create.isPending}>
        {create.isPending ? 'Preparing…' : 'Prepare payroll'}
      </Button>
      {error ? <ErrorNote title="Not prepared">{error}</ErrorNote> : null}
    </form>
  );
}

export default function ProcessingTab() {
  const [selected, setSelected] = useState<string | null>(null);
  const filters = useMemo<FilterDef[]>(() => [{ type: 'select', key: 'status', label: 'Status', all: 'Any status', options: PAYROLL_STATUSES.map((s) => ({ value: s, label: runLabels[s] })) }], []);
  const columns = useMemo(
    () => [
      col.text<Row>('period', 'Month', (r) => r.period, { sort: 'period' }),
      col.status<Row>('status', 'Status', (r) => r.status, { labels: runLabels, tones: runTone, sort: 'status' }),
      col.text<Row>('employees', 'Employees', (r) => r.employees, { align: 'right' }),
      col.money<Row>('gross', 'Gross (AED)', (r) => r.gross, { align: 'right' }),
      col.money<Row>('deductions', 'Deductions (AED)', (r) => r.deductions, { align: 'right' }),
      col.money<Row>('net', 'Net pay (AED)', (r) => r.net, { align: 'right', strong: true, sort: 'net' }),
      col.text<Row>('journal', 'Journal entry', (r) => r.journalReference, { mono: true }),
      col.date<Row>('paidOn', 'Paid on', (r) => r.paidOn),
      col.custom<Row>('open', 'Open', (r) => (
        <Button icon={Eye} onClick={() => setSelected(r.id)}>
          Open<span className="sr-only"> the payroll for {r.period}</span>
        </Button>
      )),
    ],
    [],
  );
  return (
    <div className="grid gap-6">
      <NewRun onCreated={setSelected} />
      {selected ? <RunDetail id={selected} onClose={() => setSelected(null)} /> : null}
      <AdminTable<Row>
        endpoint={RUNS}
        caption="Payroll runs"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['run', 'runs']}
        search={{ placeholder: 'Month, status or journal entry' }}
        filters={filters}
        defaultSort="-period"
        urlPrefix="runs."
        minWidth={900}
        empty={{ icon: Wallet, title: 'No payroll runs yet', body: 'Prepare the payroll for a month: every employee employed in it gets a line, pro rata for joiners and leavers.' }}
      />
    </div>
  );
}
