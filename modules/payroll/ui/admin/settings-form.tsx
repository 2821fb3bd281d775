/** The employer's WPS data: MOHRE establishment id, the employer bank's routing code, the paying account, the days basis. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Busy, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button, Section } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import type { PayrollSettingsJson } from '../../contract';
import { SETTINGS, refreshPayroll, useBankAccounts } from './shared';

type Draft = { employerId: string; routingCode: string; bankAccountId: string; basis: string };

export function SettingsForm() {
  const client = useQueryClient();
  const settings = useQuery<PayrollSettingsJson>({ queryKey: [SETTINGS] });
  const banks = useBankAccounts();
  const [d, setD] = useState<Draft>({ employerId: '', routingCode: '', bankAccountId: '', basis: '30' });
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) setD({ employerId: settings.data.employerId, routingCode: settings.data.routingCode, bankAccountId: settings.data.bankAccountId ?? '', basis: String(settings.data.workingDaysBasis) });
  }, [settings.data]);
  const save = useMutation({
    mutationFn: (body: object) => api.put(SETTINGS, body),
    onSuccess: () => {
      setMessage('Settings saved.');
      void refreshPayroll(client);
    },
    onError: (e) => setMessage(errorText(e, 'The settings were not saved.')),
  });
  const submit = () => {
    const e: Partial<Record<keyof Draft, string>> = {};
    if (d.employerId && !/^\d{13}$/.test(d.employerId)) e.employerId = 'The establishment id has 13 digits.';
    if (d.routingCode && !/^\d{9}$/.test(d.routingCode)) e.routingCode = 'The routing code has 9 digits.';
    if (!/^\d{2}$/.test(d.basis) || Number(d.basis) < 20 || Number(d.basis) > 31) e.basis = 'Between 20 and 31 days.';
    setErrors(e);
    setMessage(null);
    if (Object.keys(e).length) return;
    save.mutate({ employerId: d.employerId, routingCode: d.routingCode, bankAccountId: d.bankAccountId || null, workingDaysBasis: Number(d.basis) });
  };
  if (settings.isPending) return <Busy>Loading the payroll settings…</Busy>;
  if (settings.isError) return <ErrorNote title="Settings not loaded">{errorText(settings.error, 'The payroll settings could not be loaded.')}</ErrorNote>;
  return (
    <Section title="Employer WPS settings" description="Printed on the SCR record of every salary file the bank uploads to the Wage Protection System.">
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label="MOHRE establishment id" value={d.employerId} onChange={(employerId) => setD({ ...d, employerId })} inputMode="numeric" maxLength={13} error={errors.employerId} hint="13 digits." />
        <Field label="Employer bank routing code" value={d.routingCode} onChange={(routingCode) => setD({ ...d, routingCode })} inputMode="numeric" maxLength={9} error={errors.routingCode} hint="9 digits, from the bank that uploads the file." />
        <Select label="Salaries are paid from" value={d.bankAccountId} onChange={(bankAccountId) => setD({ ...d, bankAccountId })} options={[{ value: '', label: 'Choose a bank account' }, ...(banks.data?.items ?? []).map((b) => ({ value: b.id, label: `${b.name} · ${b.iban}` }))]} />
        <Field label="Working days basis" value={d.basis} onChange={(basis) => setD({ ...d, basis })} inputMode="numeric" maxLength={2} error={errors.basis} hint="A day's pay for unpaid leave and overtime is the monthly amount divided by this." />
        <div className="flex items-center gap-3 sm:col-span-2">
          <Button variant="primary" type="submit" icon={Save} disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </Button>
          {message ? (
            <p role={save.isError ? 'alert' : 'status'} className="text-sm text-slate-600">
              {message}
            </p>
          ) : null}
        </div>
      </form>
    </Section>
  );
}
