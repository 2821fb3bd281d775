/**
 * The new-invoice form (?new=1) and the same form on a draft (?edit=<id>): customer, dates (the due date
 * follows the customer's terms), currency and rate (the platform's rate of the day unless typed), reference,
 * lines with live totals and VAT. Saves a draft (POST /api/admin/invoices or PUT /:id), then opens it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { addDays, todayInDubai } from '@modules/platform/dates';
import { defaultRate, INVOICE_CURRENCIES, type InvoiceCurrency, type InvoiceDetailJson, type InvoiceJson } from '../../contract';
import { emptyLine, lineDraftOf, LinesEditor, linesInput, type LineDraft } from './line-editor';
import { INVOICES, invoiceUrl, invoicingHref, refreshReceivables, useCustomerOptions } from './shared';

type Form = { customerId: string; date: string; dueDate: string; currency: InvoiceCurrency; rate: string; reference: string; notes: string; lines: LineDraft[] };

const blank = (): Form => ({ customerId: '', date: todayInDubai(), dueDate: addDays(todayInDubai(), 30), currency: 'AED', rate: '', reference: '', notes: '', lines: [emptyLine()] });
const fromDraft = (d: InvoiceDetailJson): Form => ({
  customerId: d.customerId,
  date: d.date,
  dueDate: d.dueDate,
  currency: d.currency,
  rate: d.currency === 'AED' ? '' : d.rate,
  reference: d.reference,
  notes: d.notes,
  lines: d.lines.map((l) => lineDraftOf(l)),
});

export function InvoiceFormDialog() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const editId = params.get('edit');
  const open = params.get('new') === '1' || !!editId;
  const draft = useQuery<InvoiceDetailJson>({ queryKey: [invoiceUrl(editId ?? '')], enabled: !!editId });
  const close = () => {
    params.delete('new');
    params.delete('edit');
    const s = params.toString();
    navigate(`/admin/invoicing${s ? `?${s}` : ''}`);
  };
  return (
    <Dialog open={open} onClose={close} title={editId ? `Edit the draft invoice` : 'New invoice'} description="A draft can be changed or deleted until it is issued; issuing numbers it and posts it." wide="xl">
      {editId && !draft.data ? draft.isError ? <ErrorNote>{errorText(draft.error, 'The draft could not be loaded.')}</ErrorNote> : <p className="text-sm text-slate-500">Loading the draft…</p> : null}
      {open && (!editId || draft.data) ? <InvoiceForm key={editId ?? 'new'} initial={draft.data ? fromDraft(draft.data) : blank()} editId={editId} onDone={(id) => navigate(invoicingHref({ invoice: id }))} onCancel={close} /> : null}
    </Dialog>
  );
}

function InvoiceForm({ initial, editId, onDone, onCancel }: { initial: Form; editId: string | null; onDone: (id: string) => void; onCancel: () => void }) {
  const client = useQueryClient();
  const customers = useCustomerOptions();
  const [f, setF] = useState<Form>(initial);
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<Form>) => setF((x) => ({ ...x, ...patch }));
  const customer = customers.data?.items.find((c) => c.id === f.customerId);
  // A new invoice takes the customer's currency and terms when the customer is chosen.
  useEffect(() => {
    if (!customer || editId) return;
    setF((x) => ({ ...x, currency: customer.currency, dueDate: addDays(x.date, customer.paymentTermsDays) }));
  }, [customer, editId]);
  const rate = f.currency === 'AED' ? '1' : f.rate.trim() || defaultRate(f.currency);
  const lines = linesInput(f.lines, f.currency, rate);
  const problems = [!f.customerId && 'Choose the customer.', f.dueDate < f.date && 'The due date cannot be before the invoice date.', !lines && 'Check the lines marked below.'].filter(Boolean) as string[];
  const save = useMutation({
    mutationFn: () => {
      const body = { customerId: f.customerId, date: f.date, dueDate: f.dueDate, currency: f.currency, ...(f.currency !== 'AED' && f.rate.trim() ? { rate: f.rate.trim() } : {}), reference: f.reference, notes: f.notes, lines };
      return editId ? api.put<InvoiceJson>(invoiceUrl(editId), body) : api.post<InvoiceJson>(INVOICES, body);
    },
    onSuccess: async (inv) => {
      await refreshReceivables(client);
      onDone(inv.id);
    },
  });
  const submit = () => {
    setTried(true);
    if (problems.length === 0) save.mutate();
  };
  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Select
          label="Customer"
          value={f.customerId}
          onChange={(v) => set({ customerId: v })}
          options={[{ value: '', label: customers.isLoading ? 'Loading customers…' : 'Choose a customer' }, ...(customers.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))]}
          error={tried && !f.customerId ? 'Choose the customer.' : null}
          hint={customer ? `${customer.trn ? `TRN ${customer.trn}, ` : 'No TRN, '}pays within ${customer.paymentTermsDays} days` : undefined}
        />
        <Field label="Invoice date" type="date" value={f.date} onChange={(v) => set({ date: v, dueDate: customer ? addDays(v, customer.paymentTermsDays) : f.dueDate })} required />
        <Field label="Due date" type="date" value={f.dueDate} onChange={(v) => set({ dueDate: v })} error={tried && f.dueDate < f.date ? 'The due date cannot be before the invoice date.' : null} required />
        <Select label="Currency" value={f.currency} onChange={(v) => set({ currency: v as InvoiceCurrency, rate: '' })} options={INVOICE_CURRENCIES.map((c) => ({ value: c, label: c }))} />
        {f.currency !== 'AED' ? (
          <Field label={`Rate (AED per 1 ${f.currency})`} value={f.rate} onChange={(v) => set({ rate: v })} inputMode="decimal" placeholder={defaultRate(f.currency)} hint="Leave empty for the platform's rate of the day." />
        ) : (
          <div />
        )}
        <Field label="Customer reference (PO number)" value={f.reference} onChange={(v) => set({ reference: v })} maxLength={100} />
      </div>
      <LinesEditor lines={f.lines} onChange={(lines) => set({ lines })} currency={f.currency} rate={rate} showErrors={tried} />
      <Field label="Notes printed on the invoice" value={f.notes} onChange={(v) => set({ notes: v })} maxLength={1000} />
      {tried && problems.length ? <ErrorNote title="The draft was not saved">{problems.join(' ')}</ErrorNote> : null}
      {save.isError ? <ErrorNote title="The draft was not saved">{errorText(save.error, 'The invoice could not be saved.')}</ErrorNote> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="primary" type="submit" icon={Save} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : editId ? 'Save the draft' : 'Save as draft'}
        </Button>
      </div>
    </form>
  );
}
