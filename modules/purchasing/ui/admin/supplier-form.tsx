/**
 * Adding or editing a supplier: contact, TRN, where it is, bank details (the IBAN checked as typed with the
 * banking contract's own check), payment terms, category and the expense account its bills post to.
 */
import { FormDialog } from '@site/components/admin/form-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Field, Select } from '@site/components/admin/ledger/parts';
import { api, errorText } from '@site/lib/api';
import { ibanSchema } from '@modules/banking/contract';
import { EMIRATES, emirateLabels, trnSchema, type Emirate } from '@modules/tax/contract';
import { DEFAULT_EXPENSE_ACCOUNT, SUPPLIER_CATEGORIES, supplierCategoryLabels, type SupplierCategory, type SupplierJson } from '../../contract';
import { enc, refreshPurchasing, SUPPLIERS, useExpenseAccounts } from './shared';

type Draft = { name: string; email: string; trn: string; address: string; country: string; emirate: Emirate | ''; bankName: string; iban: string; accountName: string; terms: string; category: SupplierCategory; account: string };
const blank: Draft = { name: '', email: '', trn: '', address: '', country: 'AE', emirate: 'dubai', bankName: '', iban: '', accountName: '', terms: '30', category: 'maintenance_contractor', account: '' };
const fromSupplier = (s: SupplierJson): Draft => ({
  name: s.name,
  email: s.email,
  trn: s.trn ?? '',
  address: s.address,
  country: s.country,
  emirate: s.emirate ?? '',
  bankName: s.bankName,
  iban: s.iban ?? '',
  accountName: s.accountName,
  terms: String(s.paymentTermsDays),
  category: s.category,
  account: s.expenseAccountCode,
});

export function checkSupplier(d: Draft): Partial<Record<keyof Draft, string>> {
  const e: Partial<Record<keyof Draft, string>> = {};
  if (!d.name.trim()) e.name = 'Enter the supplier’s name.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.email.trim())) e.email = 'Enter the e-mail address purchase orders are sent to, for example accounts@supplier.ae.';
  if (d.trn.trim() && !trnSchema.safeParse(d.trn).success) e.trn = 'A TRN is 15 digits, for example 100123456700003.';
  if (d.iban.trim() && !ibanSchema.safeParse(d.iban).success) e.iban = 'That IBAN is not valid. Check the country code, the two check digits and the account number (a UAE IBAN is AE and 21 digits).';
  if (!/^\d{1,3}$/.test(d.terms.trim()) || Number(d.terms) > 365) e.terms = 'Payment terms are a whole number of days from 0 to 365.';
  if (!/^[A-Za-z]{2}$/.test(d.country.trim())) e.country = 'The country is a two-letter code, for example AE.';
  return e;
}

export function SupplierForm({ supplier, open, onClose }: { supplier: SupplierJson | null; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const accounts = useExpenseAccounts();
  const [d, setD] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setD(supplier ? fromSupplier(supplier) : blank);
      setErrors({});
      setError(null);
    }
  }, [open, supplier]);
  const set = (patch: Partial<Draft>) => {
    setD((x) => ({ ...x, ...patch }));
    setErrors((x) => {
      const next = { ...x };
      for (const k of Object.keys(patch) as (keyof Draft)[]) delete next[k];
      return next;
    });
  };
  const save = useMutation({
    mutationFn: (body: object) => (supplier ? api.patch(`${SUPPLIERS}/${enc(supplier.id)}`, body) : api.post(SUPPLIERS, body)),
    onSuccess: () => {
      void refreshPurchasing(client);
      onClose();
    },
    onError: (e) => setError(errorText(e, 'The supplier was not saved.')),
  });
  const submit = () => {
    const found = checkSupplier(d);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate({
      name: d.name.trim(),
      email: d.email.trim(),
      trn: d.trn.trim() || null,
      address: d.address.trim(),
      country: d.country.trim().toUpperCase(),
      emirate: d.country.trim().toUpperCase() === 'AE' && d.emirate ? d.emirate : null,
      bankName: d.bankName.trim(),
      iban: d.iban.trim() || null,
      accountName: d.accountName.trim(),
      paymentTermsDays: Number(d.terms),
      category: d.category,
      expenseAccountCode: d.account || DEFAULT_EXPENSE_ACCOUNT[d.category],
    });
  };
  const ibanOk = d.iban.trim() && !errors.iban && ibanSchema.safeParse(d.iban).success;
  const options = (accounts.data?.items ?? []).filter((a) => !a.isGroup && !a.archived).map((a) => ({ value: a.code, label: `${a.code} · ${a.name}` }));
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      wide
      title={supplier ? `Edit ${supplier.name}` : 'Add a supplier'}
      description="Bills from this supplier post to its expense account unless an order line says otherwise; its IBAN is used for bank payment files."
      submitLabel="Save supplier"
      pending={save.isPending}
      icon={Save}
      onSubmit={submit}
      error={error}
      formClassName="grid gap-4 sm:grid-cols-2"
    >
      <Field label="Name" value={d.name} onChange={(name) => set({ name })} required maxLength={200} error={errors.name} />
      <Field label="E-mail for orders and remittances" value={d.email} onChange={(email) => set({ email })} required error={errors.email} />
      <Field label="TRN (optional)" value={d.trn} onChange={(trn) => set({ trn })} inputMode="numeric" maxLength={15} error={errors.trn} hint="15 digits, from the supplier’s tax invoice." />
      <Select label="Category" value={d.category} onChange={(c) => set({ category: c as SupplierCategory })} options={SUPPLIER_CATEGORIES.map((c) => ({ value: c, label: supplierCategoryLabels[c] }))} />
      <Field className="sm:col-span-2" label="Address" value={d.address} onChange={(address) => set({ address })} maxLength={500} />
      <Field label="Country" value={d.country} onChange={(country) => set({ country })} maxLength={2} error={errors.country} hint="AE for the UAE; another code for an overseas supplier (reverse charge)." />
      <Select label="Emirate" value={d.emirate} onChange={(e) => set({ emirate: e as Emirate | '' })} options={[{ value: '', label: 'Outside the UAE' }, ...EMIRATES.map((e) => ({ value: e, label: emirateLabels[e] }))]} />
      <Field label="Bank name" value={d.bankName} onChange={(bankName) => set({ bankName })} maxLength={120} />
      <Field label="IBAN" value={d.iban} onChange={(iban) => set({ iban })} maxLength={64} error={errors.iban} onBlur={() => setErrors((x) => ({ ...x, ...(checkSupplier(d).iban ? { iban: checkSupplier(d).iban } : {}) }))} hint={ibanOk ? 'IBAN checked: country, length and check digits are right.' : 'Checked as you leave the field.'} />
      <Field label="Account name" value={d.accountName} onChange={(accountName) => set({ accountName })} maxLength={140} hint="As the bank holds it; the payment file uses it." />
      <Field label="Payment terms (days)" value={d.terms} onChange={(terms) => set({ terms })} inputMode="numeric" error={errors.terms} />
      <Select
        className="sm:col-span-2"
        label="Expense account"
        value={d.account}
        onChange={(account) => set({ account })}
        options={[{ value: '', label: `Default for the category (${DEFAULT_EXPENSE_ACCOUNT[d.category]})` }, ...options]}
      />
    </FormDialog>
  );
}
