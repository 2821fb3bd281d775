/** The two dialogs of a statement line: post the missing entry (account, memo, cost center), and ignore it (a reason). */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dialog, ErrorNote, Field, Select } from '@site/components/admin/ledger/parts';
import { Button } from '@site/components/admin/ui';
import { errorText } from '@site/lib/api';
import { formatAed } from '@modules/platform/money';
import type { AccountJson } from '@modules/ledger/contract';
import { statementMessages, type StatementLineJson } from '../../contract';
import { COST_CENTER_OPTIONS_URL, LEDGER_OPTIONS_URL } from './shared';

type Pending = { isPending: boolean; error: unknown };

export function CreateEntryDialog({
  line,
  bankLedgerCode,
  onClose,
  onSubmit,
  state,
}: {
  line: StatementLineJson | null;
  bankLedgerCode: string;
  onClose: () => void;
  onSubmit: (body: { accountCode: string; memo: string; costCenter: string | null }) => void;
  state: Pending;
}) {
  const open = !!line;
  const accounts = useQuery<{ items: AccountJson[] }>({ queryKey: [LEDGER_OPTIONS_URL], enabled: open });
  const centers = useQuery<{ items: { code: string; name: string }[] }>({ queryKey: [COST_CENTER_OPTIONS_URL], enabled: open });
  const moneyIn = line ? BigInt(line.amount) > 0n : false;
  const [accountCode, setAccountCode] = useState('');
  const [memo, setMemo] = useState('');
  const [costCenter, setCostCenter] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!line) return;
    setAccountCode(moneyIn ? '4910' : '6700');
    setMemo(line.description.slice(0, 300));
    setCostCenter('');
    setError(null);
  }, [line, moneyIn]);
  const options = (accounts.data?.items ?? []).filter((a) => !a.isGroup && !a.archived && a.code !== bankLedgerCode);
  const submit = () => {
    if (!accountCode) return setError(statementMessages.accountCode);
    if (!memo.trim()) return setError(statementMessages.memo);
    onSubmit({ accountCode, memo: memo.trim(), costCenter: costCenter || null });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Post the missing entry"
      description={line ? `${line.date}, ${formatAed(line.amount)}: ${moneyIn ? 'debit' : 'credit'} the bank account ${bankLedgerCode} and ${moneyIn ? 'credit' : 'debit'} the account you choose.` : null}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} disabled={state.isPending}>
            {state.isPending ? 'Posting…' : 'Post and match'}
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
        <Select label="Account" value={accountCode} onChange={setAccountCode} options={options.map((a) => ({ value: a.code, label: `${a.code} ${a.name}` }))} />
        <Field label="Memo" value={memo} onChange={setMemo} maxLength={300} required />
        <Select label="Cost center" value={costCenter} onChange={setCostCenter} options={[{ value: '', label: 'None' }, ...(centers.data?.items ?? []).map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }))]} />
        {error ? <ErrorNote>{error}</ErrorNote> : null}
        {state.error ? <ErrorNote title="The entry was not posted">{errorText(state.error, 'Please try again.')}</ErrorNote> : null}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}

export function IgnoreDialog({ line, onClose, onSubmit, state }: { line: StatementLineJson | null; onClose: () => void; onSubmit: (reason: string) => void; state: Pending }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReason('');
    setError(null);
  }, [line]);
  const submit = () => (reason.trim() ? onSubmit(reason.trim()) : setError(statementMessages.reason));
  return (
    <Dialog
      open={!!line}
      onClose={onClose}
      title="Ignore this statement line"
      description={line ? `${line.date}, ${formatAed(line.amount)}, ${line.description}. It stays in the explanation of the difference.` : null}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={submit} disabled={state.isPending}>
            {state.isPending ? 'Saving…' : 'Ignore line'}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label="Reason" value={reason} onChange={setReason} maxLength={300} required error={error} placeholder="Duplicate shown by the bank" autoFocus />
        {state.error ? <ErrorNote title="The line was not ignored">{errorText(state.error, 'Please try again.')}</ErrorNote> : null}
      </form>
    </Dialog>
  );
}
