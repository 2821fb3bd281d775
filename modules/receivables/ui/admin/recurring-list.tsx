/**
 * Recurring invoices: the templates (GET /api/admin/recurring-invoices) with pause and resume, "Issue due
 * invoices now" (POST /run: once per template and month, whatever how often it is pressed) and a new template
 * (customer, lines, day of the month, start and end).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Pause, Play, Plus, Repeat } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminTable, col, StatusCell, type FilterDef } from '@site/components/admin/table';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { todayInDubai } from '@modules/platform/dates';
import { defaultRate, type RecurringJson, type RecurringRunJson } from '../../contract';
import { emptyLine, LinesEditor, linesInput, type LineDraft } from './line-editor';
import { money, plural, RECURRING, refreshReceivables, useCustomerOptions } from './shared';

type Row = RecurringJson;
const FILTERS: FilterDef[] = [{ type: 'select', key: 'active', label: 'State', all: 'Active and paused', options: [{ value: 'true', label: 'Active' }, { value: 'false', label: 'Paused' }] }];

export function RecurringList() {
  const client = useQueryClient();
  const [creating, setCreating] = useState(false);
  const toggle = useMutation({
    mutationFn: (r: Row) => api.post(`${RECURRING}/${r.id}/${r.active ? 'pause' : 'resume'}`),
    onSuccess: () => refreshReceivables(client),
  });
  const run = useMutation({ mutationFn: () => api.post<RecurringRunJson>(`${RECURRING}/run`, {}), onSuccess: () => refreshReceivables(client) });
  const columns = useMemo(
    () => [
      col.custom<Row>('name', 'Template', (r) => (
        <>
          <span className="block font-medium text-ink">{r.name}</span>
          <span className="block text-xs text-slate-500">{r.customerName}</span>
        </>
      ), { sort: 'name', className: 'min-w-56' }),
      col.text<Row>('total', 'Each month', (r) => money(r.total, r.currency), { align: 'right' }),
      col.text<Row>('day', 'Day', (r) => `Day ${r.dayOfMonth}`),
      col.text<Row>('period', 'From – to', (r) => `${r.startDate} – ${r.endDate ?? 'no end'}`),
      col.date<Row>('nextRun', 'Next invoice', (r) => r.nextRun, { sort: 'nextRun' }),
      col.custom<Row>('state', 'State', (r) => <StatusCell value={r.active ? 'active' : 'paused'} label={r.active ? 'Active' : 'Paused'} tone={r.active ? 'success' : 'neutral'} />),
      col.custom<Row>('actions', 'Actions', (r) => (
        <Button icon={r.active ? Pause : Play} onClick={() => toggle.mutate(r)} disabled={toggle.isPending}>
          {r.active ? 'Pause' : 'Resume'}
          <span className="sr-only"> {r.name}</span>
        </Button>
      )),
    ],
    [toggle],
  );
  return (
    <section aria-label="Recurring invoices" className="mt-6 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">Each active template issues one invoice on its day of every month. Rent lines on a property post to rental income (4200) on that property, so they show in its P&amp;L.</p>
        <div className="flex gap-2">
          <Button icon={CalendarClock} onClick={() => run.mutate()} disabled={run.isPending}>
            {run.isPending ? 'Issuing…' : 'Issue due invoices now'}
          </Button>
          <Button variant="primary" icon={Plus} onClick={() => setCreating(true)}>
            New template
          </Button>
        </div>
      </div>
      {run.data ? (
        <p role="status" className="text-sm text-slate-700">
          {run.data.created.length ? `Issued ${plural(run.data.created.length, 'invoice', 'invoices')}: ${run.data.created.map((c) => c.number).join(', ')}.` : 'Nothing was due.'}
          {run.data.skipped.length ? ` Not issued: ${run.data.skipped.map((s) => s.reason).join(' ')}` : ''}
        </p>
      ) : null}
      {run.isError || toggle.isError ? <ErrorNote>{errorText(run.error ?? toggle.error, 'Request failed')}</ErrorNote> : null}
      <AdminTable<Row>
        endpoint={RECURRING}
        caption="Recurring invoices"
        columns={columns}
        rowKey={(r) => r.id}
        noun={['template', 'templates']}
        search={{ placeholder: 'Template or customer' }}
        filters={FILTERS}
        defaultSort="nextRun"
        urlPrefix="r."
        exportable={false}
        minWidth={960}
        empty={{ icon: Repeat, title: 'No recurring invoices', body: 'Set up monthly rent or a retainer once with "New template"; each month it issues itself.' }}
      />
      <Dialog open={creating} onClose={() => setCreating(false)} title="New recurring invoice" description="One invoice on this day of every month, from the start date to the end date (or until paused)." wide="xl">
        {creating ? <RecurringForm onDone={() => setCreating(false)} /> : null}
      </Dialog>
    </section>
  );
}

function RecurringForm({ onDone }: { onDone: () => void }) {
  const client = useQueryClient();
  const customers = useCustomerOptions();
  const [name, setName] = useState('');
  const [customerId, setCustomerId] = useState('');
  const [day, setDay] = useState('1');
  const [startDate, setStart] = useState(todayInDubai());
  const [endDate, setEnd] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([{ ...emptyLine(), description: 'Rent', taxCode: 'exempt', incomeAccount: '4200' }]);
  const [tried, setTried] = useState(false);
  const customer = customers.data?.items.find((c) => c.id === customerId);
  const currency = customer?.currency ?? 'AED';
  const rate = currency === 'AED' ? '1' : defaultRate(currency);
  const input = linesInput(lines, currency, rate);
  const dayOk = /^\d{1,2}$/.test(day) && Number(day) >= 1 && Number(day) <= 28;
  const problems = [!name.trim() && 'Name the template.', !customerId && 'Choose the customer.', !dayOk && 'The day is from 1 to 28.', !input && 'Check the lines.'].filter(Boolean) as string[];
  const save = useMutation({
    mutationFn: () => api.post(RECURRING, { name: name.trim(), customerId, currency, dayOfMonth: Number(day), startDate, endDate: endDate || null, lines: input }),
    onSuccess: async () => {
      await refreshReceivables(client);
      onDone();
    },
  });
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (!problems.length) save.mutate();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Name" value={name} onChange={setName} placeholder="Monthly rent, Marina Gate 1406" required />
        <Select label="Customer" value={customerId} onChange={setCustomerId} options={[{ value: '', label: 'Choose a customer' }, ...(customers.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))]} />
        <Field label="Day of the month (1–28)" value={day} onChange={setDay} inputMode="numeric" />
        <Field label="Start" type="date" value={startDate} onChange={setStart} />
        <Field label="End (optional)" type="date" value={endDate} onChange={setEnd} />
      </div>
      <LinesEditor lines={lines} onChange={setLines} currency={currency} rate={rate} showErrors={tried} />
      {tried && problems.length ? <ErrorNote title="Not saved">{problems.join(' ')}</ErrorNote> : null}
      {save.isError ? <ErrorNote title="Not saved">{errorText(save.error, 'Request failed')}</ErrorNote> : null}
      <div className="flex justify-end">
        <Button variant="primary" type="submit" icon={Repeat} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save template'}
        </Button>
      </div>
    </form>
  );
}
