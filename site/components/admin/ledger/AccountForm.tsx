/** The create / edit account dialog of the chart of accounts. */
import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_TYPES, BALANCE_SHEET_TYPES, CASH_FLOW_CLASSES, createAccountInput, updateAccountInput, type AccountType } from '@modules/ledger/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { Button, cx } from '../ui';
import { ledgerUrl, refreshLedger } from './endpoints';
import { Dialog, ErrorNote, Field, Select } from './parts';
import type { AccountJson } from './types';
import { typeSingular, cashFlowLabels, type Editing } from './account-labels';

type FormValues = { code: string; name: string; type: AccountType; parent: string; isGroup: boolean; cashFlow: string; description: string };

/** Create or edit an account, checked against the ledger contract's own rules before it is sent. */
export function AccountDialog({ editing, accounts, onClose, onSaved }: { editing: Editing | null; accounts: AccountJson[]; onClose: () => void; onSaved: (a: AccountJson) => void }) {
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={editing?.mode === 'edit' ? `Edit ${editing.account.code} ${editing.account.name}` : editing?.parent ? `New account under ${editing.parent.code} ${editing.parent.name}` : 'New account'}
      description={editing?.mode === 'edit' ? 'The code, type and kind are fixed once an account exists; journal lines refer to them.' : 'Choose the code carefully: it can’t be changed once lines post to the account.'}
    >
      {editing ? <AccountForm key={editing.mode === 'edit' ? editing.account.code : `new-${editing.parent?.code ?? ''}`} editing={editing} accounts={accounts} onCancel={onClose} onSaved={onSaved} /> : null}
    </Dialog>
  );
}

function AccountForm({ editing, accounts, onCancel, onSaved }: { editing: Editing; accounts: AccountJson[]; onCancel: () => void; onSaved: (a: AccountJson) => void }) {
  const client = useQueryClient();
  const current = editing.mode === 'edit' ? editing.account : null;
  const [v, setV] = useState<FormValues>(() =>
    current
      ? { code: current.code, name: current.name, type: current.type, parent: current.parent ?? '', isGroup: current.isGroup, cashFlow: current.cashFlow ?? '', description: current.description }
      : { code: '', name: '', type: editing.mode === 'create' && editing.parent ? editing.parent.type : 'asset', parent: editing.mode === 'create' && editing.parent ? editing.parent.code : '', isGroup: false, cashFlow: '', description: '' },
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<FormValues>) => setV((x) => ({ ...x, ...patch }));

  // A parent must be an active group of the same type, and (when editing) not the account or one beneath it.
  const below = useMemo(() => {
    if (!current) return new Set<string>();
    const out = new Set([current.code]);
    let grew = true;
    while (grew) {
      grew = false;
      for (const a of accounts) {
        if (a.parent && out.has(a.parent) && !out.has(a.code)) {
          out.add(a.code);
          grew = true;
        }
      }
    }
    return out;
  }, [accounts, current]);
  const parents = accounts.filter((a) => a.isGroup && a.type === v.type && (!a.archived || a.code === v.parent) && !below.has(a.code));
  const balanceSheet = BALANCE_SHEET_TYPES.includes(v.type);

  const payload = current
    ? { name: v.name, parent: v.parent || null, description: v.description, ...(balanceSheet && v.cashFlow ? { cashFlow: v.cashFlow } : {}) }
    : { code: v.code, name: v.name, type: v.type, parent: v.parent || null, isGroup: v.isGroup, cashFlow: balanceSheet && v.cashFlow ? v.cashFlow : null, description: v.description };
  const parsed = current ? updateAccountInput.safeParse(payload) : createAccountInput.safeParse(payload);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  const show = (k: string) => (submitted ? errors[k] : undefined);

  async function submit() {
    setSubmitted(true);
    setServerError(null);
    if (!parsed.success || saving) return;
    setSaving(true);
    try {
      const saved = current
        ? await api.patch<AccountJson>(ledgerUrl(`/accounts/${encodeURIComponent(current.code)}`), parsed.data)
        : await api.post<AccountJson>(ledgerUrl('/accounts'), parsed.data);
      await refreshLedger(client);
      toast({ title: current ? `${saved.code} updated` : `${saved.code} ${saved.name} created`, description: current ? undefined : saved.isGroup ? 'Add posting accounts under it.' : 'Journal lines can post to it now.', variant: 'success' });
      onSaved(saved);
    } catch (err) {
      setServerError(errorText(err, 'The account could not be saved.'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      className="grid gap-4 sm:grid-cols-2"
    >
      {current ? null : (
        <>
          <Field label="Code" value={v.code} onChange={(code) => set({ code })} required error={show('code')} hint="Digits, letters, dots or dashes, e.g. 6230." maxLength={32} autoFocus />
          <Select
            label="Type"
            value={v.type}
            onChange={(t) => set({ type: t as AccountType, parent: '' })}
            options={ACCOUNT_TYPES.map((t) => ({ value: t, label: typeSingular[t] }))}
            error={show('type')}
          />
        </>
      )}
      <Field label="Name" value={v.name} onChange={(name) => set({ name })} required error={show('name')} maxLength={120} className="sm:col-span-2" autoFocus={!!current} />
      <Select
        label="Parent group"
        value={v.parent}
        onChange={(parent) => set({ parent })}
        options={[{ value: '', label: 'None (a top-level account)' }, ...parents.map((p) => ({ value: p.code, label: `${p.code} · ${p.name}` }))]}
        error={show('parent')}
        hint={parents.length ? `Groups of type ${typeSingular[v.type].toLowerCase()} only.` : `There is no ${typeSingular[v.type].toLowerCase()} group yet.`}
        className="sm:col-span-2"
      />
      {current ? (
        <div className="text-sm text-slate-600 sm:col-span-2">
          <span className="font-medium text-slate-700">{typeSingular[current.type]}</span> · {current.isGroup ? 'group account (a heading; takes no lines)' : 'posting account (takes journal lines)'}
        </div>
      ) : (
        <fieldset className="sm:col-span-2">
          <legend className="mb-1 text-xs font-medium text-slate-600">Kind</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {[
              { value: false, title: 'Posting account', text: 'Takes journal lines.' },
              { value: true, title: 'Group', text: 'A heading that totals its sub-accounts.' },
            ].map((k) => (
              <label key={k.title} className={cx('flex cursor-pointer gap-3 rounded-lg border p-3 text-sm', v.isGroup === k.value ? 'border-brand-400 bg-brand-50/60' : 'border-slate-200')}>
                <input type="radio" name="kind" checked={v.isGroup === k.value} onChange={() => set({ isGroup: k.value })} className="mt-0.5 h-4 w-4 text-brand-700" />
                <span>
                  <span className="block font-medium text-ink">{k.title}</span>
                  <span className="block text-xs text-slate-500">{k.text}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {balanceSheet ? (
        <Select
          label="Cash-flow statement"
          value={v.cashFlow}
          onChange={(cashFlow) => set({ cashFlow })}
          options={[{ value: '', label: current ? 'Keep as it is' : 'Same as its parent group' }, ...CASH_FLOW_CLASSES.map((c) => ({ value: c, label: cashFlowLabels[c] }))]}
          error={show('cashFlow')}
          hint="Where changes in this account appear in the cash-flow statement."
          className="sm:col-span-2"
        />
      ) : null}
      <div className="sm:col-span-2">
        <label htmlFor="account-description" className="mb-1 block text-xs font-medium text-slate-600">
          Description
        </label>
        <textarea
          id="account-description"
          value={v.description}
          onChange={(e) => set({ description: e.target.value })}
          maxLength={1000}
          rows={2}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          placeholder="What belongs in this account (optional)"
        />
        {show('description') ? <p className="mt-1 text-xs text-red-700">{show('description')}</p> : null}
      </div>
      {serverError ? (
        <div className="sm:col-span-2">
          <ErrorNote>{serverError}</ErrorNote>
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} stretch>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={saving} stretch>
          {saving ? 'Saving…' : current ? 'Save changes' : 'Create account'}
        </Button>
      </div>
    </form>
  );
}
