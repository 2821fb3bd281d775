/** The one dialog every moderation action goes through: what will happen, and the reason the audit log keeps. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dialog, ErrorNote } from '@site/components/admin/ledger/parts';
import { invalidateAdminList } from '@site/components/admin/table';
import { Button } from '@site/components/admin/ui';
import { api, errorText } from '@site/lib/api';
import { communityMessages as msg, REASON_MAX, REASON_MIN } from '../../contract';

export type ModerationAction = { title: string; description: string; url: string; confirm: string };

export const ADMIN_BASE = '/api/admin/community';
export const LISTS = [`${ADMIN_BASE}/reports`, `${ADMIN_BASE}/posts`, `${ADMIN_BASE}/bans`] as const;

export function ReasonDialog({ action, onClose }: { action: ModerationAction | null; onClose: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    setReason('');
    setTouched(false);
  }, [action]);
  const run = useMutation({
    mutationFn: () => api.post(action!.url, { reason: reason.trim() }),
    onSuccess: async () => {
      await Promise.all(LISTS.map((l) => invalidateAdminList(client, l)));
      onClose();
    },
  });
  const invalid = reason.trim().length < REASON_MIN || reason.trim().length > REASON_MAX;
  return (
    <Dialog
      open={action !== null}
      onClose={() => (run.reset(), onClose())}
      title={action?.title ?? ''}
      description={action?.description}
      footer={
        <>
          <Button onClick={() => (run.reset(), onClose())}>Cancel</Button>
          <Button variant="primary" disabled={run.isPending} onClick={() => (setTouched(true), !invalid && run.mutate())}>
            {run.isPending ? 'Saving…' : (action?.confirm ?? 'Confirm')}
          </Button>
        </>
      }
    >
      <label className="block text-sm font-medium text-slate-700">
        Reason (kept in the audit log)
        <textarea
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          rows={3}
          maxLength={REASON_MAX}
          aria-invalid={touched && invalid}
          aria-describedby="community-reason-hint"
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </label>
      <p id="community-reason-hint" className={touched && invalid ? 'mt-1 text-sm text-red-700' : 'mt-1 text-xs text-slate-500'}>
        {msg.reason}
      </p>
      {run.isError && (
        <div className="mt-3">
          <ErrorNote>{errorText(run.error, 'The action could not be saved.')}</ErrorNote>
        </div>
      )}
    </Dialog>
  );
}
