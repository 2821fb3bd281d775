/**
 * The tax settings form (PUT /api/admin/tax/settings): TRN (15 digits, checked as typed), legal name, address,
 * filing frequency, first period start and the default emirate. Validated with the contract's schema, so the
 * messages are the server's own.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button, Card, Section } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { EMIRATES, emirateLabels, taxSettingsInput, type TaxSettingsInput, type TaxSettingsJson } from '../../contract';
import { SETTINGS_URL, refreshTax } from './shared';

type Draft = Record<keyof TaxSettingsInput, string>;
const fromSettings = (s: TaxSettingsJson): Draft => ({
  trn: s.trn,
  legalName: s.legalName,
  address: s.address,
  filingFrequency: s.filingFrequency,
  firstPeriodStart: s.firstPeriodStart,
  defaultEmirate: s.defaultEmirate,
});

function errorsOf(draft: Draft): Partial<Record<keyof Draft, string>> {
  const r = taxSettingsInput.safeParse(draft);
  if (r.success) return {};
  const out: Partial<Record<keyof Draft, string>> = {};
  for (const issue of r.error.issues) {
    const k = issue.path[0] as keyof Draft;
    out[k] ??= issue.message;
  }
  return out;
}

function SettingsFields({ initial, registered }: { initial: Draft; registered: boolean }) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(initial);
  const [shown, setShown] = useState<Partial<Record<keyof Draft, boolean>>>({});
  const errors = errorsOf(draft);
  const set = (k: keyof Draft) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));
  const show = (k: keyof Draft) => (shown[k] ? (errors[k] ?? null) : null);
  const save = useMutation({
    mutationFn: () => api.put<TaxSettingsJson>(SETTINGS_URL, taxSettingsInput.parse(draft)),
    onSuccess: async () => {
      toast({ title: 'Tax settings saved', variant: 'success' });
      await refreshTax(client);
    },
  });
  const submit = () => {
    setShown({ trn: true, legalName: true, address: true, filingFrequency: true, firstPeriodStart: true, defaultEmirate: true });
    if (Object.keys(errors).length === 0) save.mutate();
  };
  return (
    <form
      noValidate
      aria-label="Tax settings"
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field
        label="Tax registration number (TRN)"
        value={draft.trn}
        onChange={(v) => set('trn')(v.replace(/\s+/g, ''))}
        onBlur={() => setShown((s) => ({ ...s, trn: true }))}
        error={show('trn')}
        inputMode="numeric"
        maxLength={15}
        required
        hint="15 digits, as on the FTA's registration certificate."
      />
      <Field label="Legal name" value={draft.legalName} onChange={set('legalName')} onBlur={() => setShown((s) => ({ ...s, legalName: true }))} error={show('legalName')} maxLength={200} required />
      <Field label="Registered address" value={draft.address} onChange={set('address')} onBlur={() => setShown((s) => ({ ...s, address: true }))} error={show('address')} maxLength={500} className="sm:col-span-2" />
      <Select
        label="Filing frequency"
        value={draft.filingFrequency}
        onChange={set('filingFrequency')}
        options={[
          { value: 'quarterly', label: 'Quarterly' },
          { value: 'monthly', label: 'Monthly' },
        ]}
        hint="Changes are refused once a return has been filed."
      />
      <Field
        label="First period starts"
        type="date"
        value={draft.firstPeriodStart}
        onChange={set('firstPeriodStart')}
        onBlur={() => setShown((s) => ({ ...s, firstPeriodStart: true }))}
        error={show('firstPeriodStart')}
        hint="The first day of a month; quarterly periods run three months from it (the FTA may stagger them)."
      />
      <Select
        label="Default emirate"
        value={draft.defaultEmirate}
        onChange={set('defaultEmirate')}
        options={EMIRATES.map((e) => ({ value: e, label: emirateLabels[e] }))}
        hint="Where platform charges to investors are reported (box 1 of that emirate)."
      />
      <div className="flex items-end justify-end sm:col-span-2">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : registered ? 'Save settings' : 'Record the registration'}
        </Button>
      </div>
      {save.isError ? (
        <div className="sm:col-span-2">
          <ErrorNote title="The settings were not saved">{errorText(save.error, 'Try again in a moment.')}</ErrorNote>
        </div>
      ) : null}
    </form>
  );
}

export function SettingsForm() {
  const q = useQuery<TaxSettingsJson>({ queryKey: [SETTINGS_URL] });
  return (
    <Section
      title="VAT registration"
      description={q.data && !q.data.registered ? 'Not yet registered: the values below are the defaults. Save them to record the registration.' : 'The registration printed on tax invoices and returns.'}
    >
      <Card className="p-5">
        {q.isPending ? (
          <p role="status" className="text-sm text-slate-500">
            Loading the settings…
          </p>
        ) : q.isError || !q.data ? (
          <ErrorNote title="The settings could not be loaded">{errorText(q.error, 'Try again in a moment.')}</ErrorNote>
        ) : (
          <SettingsFields key={q.data.updatedAt ?? 'defaults'} initial={fromSettings(q.data)} registered={q.data.registered} />
        )}
      </Card>
    </Section>
  );
}
