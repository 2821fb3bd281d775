/**
 * Adding a customer (?customer=new, POST /api/admin/customers) or changing one (?customer=<id>, PATCH): name,
 * email, kind, TRN, address, payment terms, credit limit and currency. Checked with the contract's own schema.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { minorToInput, parseFils } from '@modules/platform/money';
import { EMIRATES, emirateLabels } from '@modules/tax/contract';
import { CUSTOMER_KINDS, customerInput, customerKindLabels, INVOICE_CURRENCIES, type CustomerJson } from '../../contract';
import { CUSTOMERS, customerUrl, refreshReceivables } from './shared';

type Form = { name: string; email: string; kind: string; trn: string; line1: string; city: string; emirate: string; country: string; terms: string; limit: string; currency: string };

const blank: Form = { name: '', email: '', kind: 'service_client', trn: '', line1: '', city: '', emirate: '', country: 'AE', terms: '30', limit: '', currency: 'AED' };
const fromCustomer = (c: CustomerJson): Form => ({
  name: c.name,
  email: c.email,
  kind: c.kind,
  trn: c.trn ?? '',
  line1: c.address.line1,
  city: c.address.city,
  emirate: c.address.emirate ?? '',
  country: c.address.country,
  terms: String(c.paymentTermsDays),
  limit: c.creditLimit ? minorToInput(BigInt(c.creditLimit)) : '',
  currency: c.currency,
});

export function CustomerFormDialog() {
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const which = params.get('customer');
  const existing = useQuery<CustomerJson>({ queryKey: [customerUrl(which ?? '')], enabled: !!which && which !== 'new' });
  const close = () => {
    params.delete('customer');
    const s = params.toString();
    navigate(`/admin/invoicing${s ? `?${s}` : ''}`);
  };
  const ready = which === 'new' || !!existing.data;
  return (
    <Dialog open={!!which} onClose={close} title={which === 'new' ? 'New customer' : (existing.data?.name ?? 'Customer')} description="Who Manzil invoices: the details printed on their tax invoices and the terms they pay on." wide>
      {existing.isError ? <ErrorNote>{errorText(existing.error, 'The customer could not be loaded.')}</ErrorNote> : null}
      {which && ready ? <CustomerForm key={which} id={which === 'new' ? null : which} initial={existing.data ? fromCustomer(existing.data) : blank} onDone={close} /> : null}
    </Dialog>
  );
}

function CustomerForm({ id, initial, onDone }: { id: string | null; initial: Form; onDone: () => void }) {
  const client = useQueryClient();
  const [f, setF] = useState(initial);
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<Form>) => setF((x) => ({ ...x, ...patch }));
  const limit = f.limit.trim() ? parseFils(f.limit) : null;
  const body = {
    name: f.name,
    email: f.email,
    kind: f.kind,
    trn: f.trn.trim() || null,
    address: { line1: f.line1, city: f.city, emirate: f.emirate || null, country: f.country },
    paymentTermsDays: /^\d{1,3}$/.test(f.terms.trim()) ? Number(f.terms.trim()) : -1,
    creditLimit: f.limit.trim() ? (limit === null ? 'x' : limit.toString()) : null,
    currency: f.currency,
  };
  const parsed = customerInput.safeParse(body);
  const fieldError = (path: string) => (tried && !parsed.success ? (parsed.error.issues.find((i) => i.path.join('.') === path)?.message ?? null) : null);
  const save = useMutation({
    mutationFn: () => (id ? api.patch(customerUrl(id), body) : api.post(CUSTOMERS, body)),
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
        if (parsed.success) save.mutate();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" value={f.name} onChange={(v) => set({ name: v })} error={fieldError('name')} required />
        <Field label="Email for invoices" value={f.email} onChange={(v) => set({ email: v })} error={fieldError('email')} required />
        <Select label="Kind" value={f.kind} onChange={(v) => set({ kind: v })} options={CUSTOMER_KINDS.map((k) => ({ value: k, label: customerKindLabels[k] }))} />
        <Field label="TRN (if VAT registered)" value={f.trn} onChange={(v) => set({ trn: v })} inputMode="numeric" maxLength={15} error={fieldError('trn')} hint="15 digits, printed on their tax invoices." />
        <Field label="Address" value={f.line1} onChange={(v) => set({ line1: v })} className="sm:col-span-2" />
        <Field label="City" value={f.city} onChange={(v) => set({ city: v })} />
        <Select label="Emirate" value={f.emirate} onChange={(v) => set({ emirate: v })} options={[{ value: '', label: 'Outside the UAE' }, ...EMIRATES.map((e) => ({ value: e, label: emirateLabels[e] }))]} />
        <Field label="Country (2 letters)" value={f.country} onChange={(v) => set({ country: v.toUpperCase() })} maxLength={2} error={fieldError('address.country')} />
        <Field label="Payment terms (days)" value={f.terms} onChange={(v) => set({ terms: v })} inputMode="numeric" error={fieldError('paymentTermsDays')} />
        <Field label="Credit limit (AED)" value={f.limit} onChange={(v) => set({ limit: v })} inputMode="decimal" error={fieldError('creditLimit')} hint="Leave empty for no limit. Issuing past it needs an override." />
        <Select label="Invoice currency" value={f.currency} onChange={(v) => set({ currency: v })} options={INVOICE_CURRENCIES.map((c) => ({ value: c, label: c }))} />
      </div>
      {save.isError ? <ErrorNote title="Not saved">{errorText(save.error, 'Request failed')}</ErrorNote> : null}
      <div className="flex justify-end">
        <Button variant="primary" type="submit" icon={Save} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : id ? 'Save changes' : 'Add customer'}
        </Button>
      </div>
    </form>
  );
}
