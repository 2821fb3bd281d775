/** Confirms deleting an account from the chart of accounts. */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { apiRequest, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { Button } from '../ui';
import { ledgerUrl, refreshLedger } from './endpoints';
import { Dialog, ErrorNote } from './parts';
import type { AccountJson } from './types';

export function DeleteDialog({ account, onClose }: { account: AccountJson | null; onClose: () => void }) {
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setError(null);
    onClose();
  };
  async function confirm() {
    if (!account) return;
    setBusy(true);
    setError(null);
    try {
      // An empty JSON body: the API's body parser refuses a DELETE without a Content-Type (see the report).
      const res = await apiRequest<{ message?: string }>('DELETE', ledgerUrl(`/accounts/${encodeURIComponent(account.code)}`), {});
      await refreshLedger(client);
      toast({ title: `${account.code} deleted`, description: res?.message, variant: 'success' });
      close();
    } catch (err) {
      setError(errorText(err, 'The account could not be deleted.'));
    } finally {
      setBusy(false);
    }
  }
  let body: ReactNode = null;
  if (account) body = error ? <ErrorNote title="Not deleted">{error}</ErrorNote> : null;
  return (
    <Dialog
      open={account !== null}
      onClose={close}
      title={account ? `Delete ${account.code} ${account.name}?` : 'Delete account'}
      description="Only an account that has never taken a journal line can be deleted. If it has any history, archive it instead: it stays in every report but takes no new lines."
      footer={
        <>
          <Button variant="ghost" onClick={close} stretch>
            Keep the account
          </Button>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={busy}
            className="inline-flex w-full items-center justify-center gap-2 rounded-lg bg-red-700 px-3.5 py-2 text-sm font-medium text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:opacity-50 sm:w-auto"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            {busy ? 'Deleting…' : 'Delete account'}
          </button>
        </>
      }
    >
      {body}
    </Dialog>
  );
}
