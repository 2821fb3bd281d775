/** One-off items on a draft run: overtime hours, a bonus, a deduction or unpaid leave days for one employee. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { ITEM_KINDS, itemKindLabels, type ItemKind, type PayrollRunDetailJson } from '../../contract';
import { RUNS, aed, enc, filsFromText, refreshPayroll } from './shared';

/** The typed amount as the API's quantity: fils, hundredths of an hour, or days. */
export function itemQuantity(kind: ItemKind, text: string): string | null {
  const t = text.trim();
  if (kind === 'unpaid_leave') return /^\d{1,2}$/.test(t) && Number(t) > 0 ? t : null;
  if (kind === 'overtime') {
    const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(t);
    const hundredths = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : 0;
    return hundredths > 0 ? String(hundredths) : null;
  }
  const fils = filsFromText(t);
  return fils && fils !== '0' ? fils : null;
}

const describe = (kind: ItemKind, quantity: string) => (kind === 'overtime' ? `${Number(quantity) / 100} hours` : kind === 'unpaid_leave' ? `${quantity} days` : aed(quantity));

export function ItemsEditor({ run }: { run: PayrollRunDetailJson }) {
  const client = useQueryClient();
  const [employeeId, setEmployeeId] = useState('');
  const [kind, setKind] = useState<ItemKind>('overtime');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onDone = () => {
    setError(null);
    void refreshPayroll(client);
  };
  const add = useMutation({ mutationFn: (body: object) => api.post(`${RUNS}/${enc(run.id)}/items`, body), onSuccess: () => (setAmount(''), setDescription(''), onDone()), onError: (e) => setError(errorText(e, 'The item was not added.')) });
  const remove = useMutation({ mutationFn: (itemId: string) => api.delete(`${RUNS}/${enc(run.id)}/items/${enc(itemId)}`), onSuccess: onDone, onError: (e) => setError(errorText(e, 'The item was not removed.')) });
  const names = new Map(run.lines.map((l) => [l.employeeId, l.name]));
  const submit = () => {
    const quantity = itemQuantity(kind, amount);
    if (!employeeId) return setError('Choose the employee.');
    if (!quantity) return setError(kind === 'overtime' ? 'Enter the hours, for example 7.5.' : kind === 'unpaid_leave' ? 'Enter the number of days.' : 'Enter the amount in dirhams.');
    add.mutate({ employeeId, kind, quantity, description: description.trim() });
  };
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold text-ink">One-off items this month</h3>
      {run.items.length === 0 ? (
        <p className="text-sm text-slate-600">No overtime, bonuses, deductions or unpaid leave this month.</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {run.items.map((i) => (
            <li key={i.id} className="flex items-center justify-between gap-3 py-1.5">
              <span>
                {names.get(i.employeeId) ?? 'Employee'}: {itemKindLabels[i.kind].replace(/ \(.*\)$/, '')} {describe(i.kind, i.quantity)}
                {i.description ? ` · ${i.description}` : ''}
              </span>
              <Button icon={Trash2} onClick={() => remove.mutate(i.id)} disabled={remove.isPending}>
                Remove<span className="sr-only"> this item</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="grid gap-3 sm:grid-cols-5 sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Select label="Employee" value={employeeId} onChange={setEmployeeId} options={[{ value: '', label: 'Choose…' }, ...run.lines.map((l) => ({ value: l.employeeId, label: l.name }))]} />
        <Select label="Item" value={kind} onChange={(k) => setKind(k as ItemKind)} options={ITEM_KINDS.map((k) => ({ value: k, label: itemKindLabels[k] }))} />
        <Field label={kind === 'overtime' ? 'Hours' : kind === 'unpaid_leave' ? 'Days' : 'Amount (AED)'} value={amount} onChange={setAmount} inputMode="decimal" />
        <Field label="Note" value={description} onChange={setDescription} maxLength={120} />
        <Button variant="primary" type="submit" icon={Plus} disabled={add.isPending}>
          Add item
        </Button>
      </form>
      {error ? <ErrorNote title="Not saved">{error}</ErrorNote> : null}
    </div>
  );
}
