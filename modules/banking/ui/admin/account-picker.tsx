/**
 * The bank account being reconciled (?account=<id>, so a view can be bookmarked) and the form to add one: name,
 * IBAN and the cash-and-bank ledger account it posts to (from the chart's options).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Landmark, Plus } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import type { AccountJson } from '@modules/ledger/contract';
import { bankingMessages, createBankAccountInput, type BankAccountJson } from '../../contract';
import { BANK_ACCOUNTS, LEDGER_OPTIONS_URL, refreshBanking } from './shared';

export const useBankAccounts = () => useQuery<{ items: BankAccountJson[] }>({ queryKey: [BANK_ACCOUNTS] });

/** The chosen account: ?account=<id>, else the first one. */
export function useChosenAccount(): { account: BankAccountJson | undefined; accounts: BankAccountJson[]; choose: (id: string) => void; loading: boolean; error: unknown; retry: () => void } {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const query = useBankAccounts();
  const accounts = query.data?.items ?? [];
  const wanted = new URLSearchParams(search).get('account');
  const account = accounts.find((a) => a.id === wanted) ?? accounts[0];
  const choose = (id: string) => {
    const params = new URLSearchParams(search);
    params.set('account', id);
    navigate(`${location}?${params}`);
  };
  return { account, accounts, choose, loading: query.isLoading, error: query.error, retry: () => void query.refetch() };
}

export function AccountPicker({ accounts, account, choose }: { accounts: BankAccountJson[]; account: BankAccountJson | undefined; choose: (id: string) => void }) {
  const [adding, setAdding] = useState(false);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      {accounts.length ? (
        <Select
          label="Bank account"
          value={account?.id ?? ''}
          onChange={choose}
          options={accounts.map((a) => ({ value: a.id, label: `${a.name} · ${a.iban} · ${a.ledgerAccountCode}` }))}
          className="sm:w-[28rem]"
        />
      ) : null}
      <Button icon={Plus} onClick={() => setAdding(true)}>
        Add bank account
      </Button>
      <AddAccountDialog open={adding} onClose={() => setAdding(false)} onAdded={choose} />
    </div>
  );
}

function AddAccountDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (id: string) => void }) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [iban, setIban] = useState('');
  const [ledger, setLedger] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const options = useQuery<{ items: AccountJson[] }>({ queryKey: [`${LEDGER_OPTIONS_URL}?type=asset`], enabled: open });
  const bankLedgers = (options.data?.items ?? []).filter((a) => a.parent === '1100' && !a.isGroup && !a.archived);
  const create = useMutation({
    mutationFn: (body: { name: string; iban: string; ledgerAccountCode: string }) => api.post<BankAccountJson>(BANK_ACCOUNTS, body),
    onSuccess: async (created) => {
      await refreshBanking(client);
      onAdded(created.id);
      setName('');
      setIban('');
      onClose();
    },
  });
  const submit = () => {
    const parsed = createBankAccountInput.safeParse({ name, iban, ledgerAccountCode: ledger || bankLedgers[0]?.code || '' });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    create.mutate({ name: parsed.data.name, iban: parsed.data.iban, ledgerAccountCode: parsed.data.ledgerAccountCode });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add a bank account"
      description="Statements imported into it are reconciled against the ledger account it posts to."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" icon={Landmark} onClick={submit} disabled={create.isPending}>
            {create.isPending ? 'Adding…' : 'Add bank account'}
          </Button>
        </>
      }
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label="Name" value={name} onChange={setName} required placeholder="Emirates NBD operating" error={errors.name} maxLength={120} />
        <Field label="IBAN" value={iban} onChange={setIban} required placeholder="AE07 0331 2345 6789 0123 456" error={errors.iban} maxLength={64} hint="A UAE IBAN is AE followed by 21 digits." />
        <Select
          label="Ledger account"
          value={ledger || bankLedgers[0]?.code || ''}
          onChange={setLedger}
          options={bankLedgers.map((a) => ({ value: a.code, label: `${a.code} ${a.name}` }))}
          error={errors.ledgerAccountCode ?? (options.isSuccess && !bankLedgers.length ? bankingMessages.ledgerAccountCode : null)}
          hint="The cash and bank account (under 1100) its money is booked in."
        />
        {create.error ? <ErrorNote title="The bank account was not added">{errorText(create.error, 'Please try again.')}</ErrorNote> : null}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
