/**
 * Adding or editing an employee: name, contact, department (a ledger cost center), contract, the monthly
 * salary parts in dirhams, bank details for the WPS file, identity documents and the employment dates.
 */
import { FormDialog } from '@site/components/admin/form-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Field, Select } from '@site/components/admin/ledger/parts';
import { api, errorText } from '@site/lib/api';
import { minorToInput } from '@modules/platform/money';
import { ibanSchema } from '@modules/banking/contract';
import { CONTRACT_TYPES, type EmployeeJson } from '../../contract';
import { EMPLOYEES, enc, filsFromText, refreshPayroll, useCostCenters } from './shared';

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'costCenter', 'jobTitle', 'contract', 'basic', 'housing', 'transport', 'other', 'iban', 'routingCode', 'emiratesId', 'labourCardNumber', 'wpsPersonId', 'joinedOn', 'leftOn'] as const;
type Key = (typeof TEXT_FIELDS)[number];
type Draft = Record<Key, string>;
const blank: Draft = Object.fromEntries(TEXT_FIELDS.map((k) => [k, k === 'contract' ? 'unlimited' : ''])) as Draft;
const money = (v: string) => minorToInput(BigInt(v));
const fromEmployee = (e: EmployeeJson): Draft => ({
  firstName: e.firstName,
  lastName: e.lastName,
  email: e.email ?? '',
  costCenter: e.costCenter ?? '',
  jobTitle: e.jobTitle,
  contract: e.contract,
  basic: money(e.basicSalary),
  housing: money(e.housingAllowance),
  transport: money(e.transportAllowance),
  other: money(e.otherAllowance),
  iban: e.iban,
  routingCode: e.routingCode ?? '',
  emiratesId: e.emiratesId ?? '',
  labourCardNumber: e.labourCardNumber ?? '',
  wpsPersonId: e.wpsPersonId ?? '',
  joinedOn: e.joinedOn,
  leftOn: e.leftOn ?? '',
});

export function checkEmployee(d: Draft): Partial<Record<Key, string>> {
  const e: Partial<Record<Key, string>> = {};
  if (!d.firstName.trim()) e.firstName = 'Enter the first name.';
  if (!d.lastName.trim()) e.lastName = 'Enter the last name.';
  if (d.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(d.email.trim())) e.email = 'Enter a valid email address, or leave it empty.';
  for (const k of ['basic', 'housing', 'transport', 'other'] as const) if (filsFromText(d[k]) === null) e[k] = 'Enter an amount in dirhams, for example 12,000.00.';
  if (!d.basic.trim()) e.basic = 'Enter the monthly basic salary.';
  if (!ibanSchema.safeParse(d.iban).success) e.iban = 'That IBAN is not valid (a UAE IBAN is AE and 21 digits).';
  if (d.routingCode.trim() && !/^\d{9}$/.test(d.routingCode.trim())) e.routingCode = 'The routing code has 9 digits.';
  if (d.wpsPersonId.trim() && !/^\d{14}$/.test(d.wpsPersonId.trim())) e.wpsPersonId = 'The WPS person id has 14 digits.';
  if (d.emiratesId.trim() && !/^784-\d{4}-\d{7}-\d$/.test(d.emiratesId.trim())) e.emiratesId = 'Enter the Emirates ID as 784-YYYY-NNNNNNN-N.';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d.joinedOn)) e.joinedOn = 'Enter the joining date.';
  if (d.leftOn && d.leftOn < d.joinedOn) e.leftOn = 'The leaving date cannot be before the joining date.';
  return e;
}

export function EmployeeForm({ employee, open, onClose }: { employee: EmployeeJson | null; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const centers = useCostCenters();
  const [d, setD] = useState<Draft>(blank);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (open) {
      setD(employee ? fromEmployee(employee) : blank);
      setErrors({});
      setError(null);
    }
  }, [open, employee]);
  const set = (k: Key) => (v: string) => {
    setD((x) => ({ ...x, [k]: v }));
    setErrors((x) => ({ ...x, [k]: undefined }));
  };
  const save = useMutation({
    mutationFn: (body: object) => (employee ? api.patch(`${EMPLOYEES}/${enc(employee.id)}`, body) : api.post(EMPLOYEES, body)),
    onSuccess: () => {
      void refreshPayroll(client);
      onClose();
    },
    onError: (e) => setError(errorText(e, 'The employee was not saved.')),
  });
  const submit = () => {
    const found = checkEmployee(d);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    const opt = (v: string) => v.trim() || null;
    save.mutate({
      firstName: d.firstName.trim(),
      lastName: d.lastName.trim(),
      email: opt(d.email),
      costCenter: opt(d.costCenter),
      jobTitle: d.jobTitle.trim(),
      contract: d.contract,
      basicSalary: filsFromText(d.basic),
      housingAllowance: filsFromText(d.housing),
      transportAllowance: filsFromText(d.transport),
      otherAllowance: filsFromText(d.other),
      iban: d.iban.trim(),
      routingCode: opt(d.routingCode),
      emiratesId: opt(d.emiratesId),
      labourCardNumber: opt(d.labourCardNumber),
      wpsPersonId: opt(d.wpsPersonId),
      joinedOn: d.joinedOn,
      leftOn: opt(d.leftOn),
    });
  };
  const centerOptions = (centers.data?.items ?? []).filter((c) => !c.archived).map((c) => ({ value: c.code, label: `${c.code} · ${c.name}` }));
  const f = (k: Key, label: string, extra: Partial<Parameters<typeof Field>[0]> = {}) => <Field label={label} value={d[k]} onChange={set(k)} error={errors[k]} {...extra} />;
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      wide
      title={employee ? `Edit ${employee.name}` : 'Add an employee'}
      description="Amounts are monthly, in dirhams. The WPS person id, routing code and IBAN are needed before salaries can be paid through the Wage Protection System."
      submitLabel="Save employee"
      pending={save.isPending}
      icon={Save}
      onSubmit={submit}
      error={error}
      formClassName="grid gap-4 sm:grid-cols-2"
    >
      {f('firstName', 'First name', { required: true, maxLength: 80 })}
      {f('lastName', 'Last name', { required: true, maxLength: 80 })}
      {f('email', 'Email (for payslips)')}
      {f('jobTitle', 'Job title', { maxLength: 120 })}
      <Select label="Department (cost center)" value={d.costCenter} onChange={set('costCenter')} options={[{ value: '', label: 'No cost center' }, ...centerOptions]} />
      <Select label="Contract" value={d.contract} onChange={set('contract')} options={CONTRACT_TYPES.map((c) => ({ value: c, label: c === 'limited' ? 'Limited (fixed term)' : 'Unlimited' }))} />
      {f('basic', 'Basic salary (AED a month)', { required: true, inputMode: 'decimal' })}
      {f('housing', 'Housing allowance (AED)', { inputMode: 'decimal' })}
      {f('transport', 'Transport allowance (AED)', { inputMode: 'decimal' })}
      {f('other', 'Other allowance (AED)', { inputMode: 'decimal' })}
      {f('iban', 'IBAN', { required: true, maxLength: 64 })}
      {f('routingCode', 'Bank routing code', { inputMode: 'numeric', maxLength: 9, hint: "9 digits, from the employee's bank." })}
      {f('wpsPersonId', 'WPS person id', { inputMode: 'numeric', maxLength: 14, hint: '14 digits, on the MOHRE labour contract.' })}
      {f('emiratesId', 'Emirates ID', { placeholder: '784-1990-1234567-1' })}
      {f('labourCardNumber', 'Labour card number', { maxLength: 20 })}
      {f('joinedOn', 'Joined on', { type: 'date', required: true })}
      {f('leftOn', 'Left on (last working day)', { type: 'date' })}
    </FormDialog>
  );
}
