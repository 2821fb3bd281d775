/**
 * The wallet screen's dialogs: a manual adjustment (credit or debit, with a required reason that is
 * kept in the journal and the audit log), approving a withdrawal (the payout starts), rejecting one
 * (with a reason; the hold is released), and one investor's wallet with its recent movements.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import {
  type AdjustmentJson,
  type AdjustmentRequestJson,
  adjustmentInput,
  type AdminWalletDetail,
  type AdminWalletRow,
  type AdminWithdrawalJson,
  depositStatusLabels,
  formatIban,
  MAX_AMOUNT_FILS,
  rejectWithdrawalInput,
  walletMessages,
  walletTransactionKindLabels,
  withdrawalStatusLabels,
} from '@modules/wallet/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { readAmount, toFils } from '../ledger/money';
import { Amount, Busy, Dialog, ErrorNote, Eyebrow, Field } from '../ledger/parts';
import { Button, DataTable, DefinitionList, EmptyState, cx } from '../ui';
import { aed, KycBadge, refreshAdminMoney, when } from './shared';

export function ReasonField({
  value,
  onChange,
  error,
  label = 'Reason',
  hint = 'Kept with the journal entry and in the audit log. ',
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string | null;
  label?: string;
  /** Where the reason goes, shown under the field. */
  hint?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label} <span className="text-slate-400">(required)</span>
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={3}
        maxLength={500}
        aria-invalid={error ? true : undefined}
        aria-describedby={cx(error && errorId, hintId)}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500"
      />
      {error ? (
        <p id={errorId} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="mt-1 text-xs text-slate-500">
        {error ? '' : hint}
        {value.trim().length}/500 characters
      </p>
    </div>
  );
}

/** The first message of a zod failure, for showing beside the field. */
function firstIssue(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string): string | null {
  if (result.success) return null;
  return result.error?.issues.find((i) => i.path[0] === field)?.message ?? null;
}

export function AdjustDialog({ wallet, onClose }: { wallet: AdminWalletRow | null; onClose: () => void }) {
  const client = useQueryClient();
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [text, setText] = useState('');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    setDirection('credit');
    setText('');
    setReason('');
    setSubmitted(false);
  }, [wallet?.userId]);

  const parsed = readAmount(text);
  const amountError = !parsed.ok ? parsed.error : parsed.fils === 0n ? 'Enter the amount to adjust by.' : parsed.fils > MAX_AMOUNT_FILS ? walletMessages.amountTooLarge('The adjustment') : null;
  const signed = parsed.ok ? (direction === 'debit' ? -parsed.fils : parsed.fils) : 0n;
  const check = adjustmentInput.safeParse({ amount: signed.toString(), reason });
  const reasonError = firstIssue(check, 'reason');
  const available = toFils(wallet?.available);
  const after = toFils(wallet?.balance) + signed;
  const tooMuch = direction === 'debit' && parsed.ok && parsed.fils > available;

  const save = useMutation({
    mutationFn: () => api.post<AdjustmentJson | AdjustmentRequestJson>(`/api/admin/wallets/${wallet!.userId}/adjustments`, { amount: signed.toString(), reason: reason.trim() }),
    onSuccess: (adj) => {
      toast(
        'status' in adj
          ? { title: 'Sent for a second approval', description: `${aed(adj.amount)} for ${wallet?.name} is above the four-eyes threshold: another administrator must approve it.`, variant: 'success' }
          : { title: 'Adjustment recorded', description: `${aed(adj.amount)} for ${wallet?.name}. Journal entry ${adj.journalReference}; new balance ${aed(adj.balanceAfter)}.`, variant: 'success' },
      );
      void refreshAdminMoney(client);
      onClose();
    },
  });

  const submit = () => {
    setSubmitted(true);
    if (amountError || reasonError || tooMuch || !check.success) return;
    save.mutate();
  };

  return (
    <Dialog
      open={wallet !== null}
      onClose={() => !save.isPending && onClose()}
      title="Adjust wallet"
      description={
        wallet ? (
          <>
            {wallet.name} ({wallet.unicode}) · balance {aed(wallet.balance)}, available {aed(wallet.available)}. Adjustments are posted to the ledger against the investor's client-money account and recorded in the audit log.
          </>
        ) : null
      }
      footer={
        <>
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button variant="primary" onClick={submit} disabled={save.isPending}>
            {save.isPending ? 'Recording…' : direction === 'credit' ? 'Credit the wallet' : 'Debit the wallet'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset>
          <legend className="mb-1 text-xs font-medium text-slate-600">Direction</legend>
          <div className="flex gap-2">
            {(['credit', 'debit'] as const).map((d) => (
              <label key={d} className={cx('flex flex-1 cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm', direction === d ? 'border-brand-500 bg-brand-50' : 'border-slate-300')}>
                <input type="radio" name="adjust-direction" value={d} checked={direction === d} onChange={() => setDirection(d)} className="accent-brand-700" />
                {d === 'credit' ? 'Credit (add money)' : 'Debit (take money)'}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label="Amount (AED)"
          value={text}
          onChange={setText}
          inputMode="decimal"
          required
          placeholder="0.00"
          error={submitted ? (amountError ?? (tooMuch ? walletMessages.adjustmentWouldGoNegative(available) : null)) : null}
        />
        <ReasonField value={reason} onChange={setReason} error={submitted ? reasonError : null} />
        {parsed.ok && parsed.fils > 0n ? (
          <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600" aria-live="polite">
            Balance after: <strong className="tabular-nums text-ink">{aed(after)}</strong>
          </p>
        ) : null}
        {save.isError ? <ErrorNote title="Not recorded">{errorText(save.error, 'The adjustment could not be recorded.')}</ErrorNote> : null}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}

export function ApproveDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawalJson | null; onClose: () => void }) {
  const client = useQueryClient();
  const approve = useMutation({
    mutationFn: () => api.post<AdminWithdrawalJson>(`/api/admin/wallets/withdrawals/${withdrawal!.id}/approve`),
    onSuccess: (w) => {
      toast({ title: 'Withdrawal approved', description: `${aed(w.amount)} to ${w.name}: ${withdrawalStatusLabels[w.status] ?? w.status}.`, variant: 'success' });
      void refreshAdminMoney(client);
      onClose();
    },
  });
  useEffect(() => approve.reset(), [withdrawal?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Dialog
      open={withdrawal !== null}
      onClose={() => !approve.isPending && onClose()}
      title="Approve withdrawal"
      description={
        withdrawal?.status === 'pending' && withdrawal.needsSecondApproval
          ? 'This withdrawal is above the four-eyes threshold: yours is the first approval. Another administrator must approve it before it is paid.'
          : withdrawal?.status === 'awaiting_second_approval'
            ? `Second approval (first by ${withdrawal.firstApprovedByEmail ?? 'another administrator'}). The payout starts now: the held amount leaves the investor's wallet and is paid to the bank account below.`
            : "The payout starts now: the held amount leaves the investor's wallet and is paid to the bank account below."
      }
      footer={
        <>
          <Button onClick={onClose} disabled={approve.isPending}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => approve.mutate()} disabled={approve.isPending}>
            {approve.isPending
              ? 'Approving…'
              : withdrawal?.status === 'pending' && withdrawal.needsSecondApproval
                ? 'Approve (first of two)'
                : `Approve and pay ${withdrawal ? aed(withdrawal.amount) : ''}`}
          </Button>
        </>
      }
    >
      {withdrawal ? (
        <div className="space-y-4">
          <div className="overflow-hidden rounded-lg border border-slate-200">
            <DefinitionList
              items={[
                { term: 'Investor', detail: `${withdrawal.name} (${withdrawal.unicode})` },
                { term: 'Amount', detail: <strong className="tabular-nums">{aed(withdrawal.amount)}</strong> },
                { term: 'Pay to', detail: <span className="font-mono text-xs">{formatIban(withdrawal.iban)}</span> },
                { term: 'Account holder', detail: withdrawal.accountName },
                { term: 'Wallet balance', detail: <span className="tabular-nums">{aed(withdrawal.walletBalance)}</span> },
                { term: 'Requested', detail: when(withdrawal.createdAt) },
              ]}
            />
          </div>
          {approve.isError ? <ErrorNote title="Not approved">{errorText(approve.error, 'The withdrawal could not be approved.')}</ErrorNote> : null}
        </div>
      ) : null}
    </Dialog>
  );
}

export function RejectDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawalJson | null; onClose: () => void }) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    setReason('');
    setSubmitted(false);
  }, [withdrawal?.id]);
  const check = rejectWithdrawalInput.safeParse({ reason });
  const reasonError = firstIssue(check, 'reason');
  const reject = useMutation({
    mutationFn: () => api.post<AdminWithdrawalJson>(`/api/admin/wallets/withdrawals/${withdrawal!.id}/reject`, { reason: reason.trim() }),
    onSuccess: (w) => {
      toast({ title: 'Withdrawal rejected', description: `${aed(w.amount)} is available in ${w.name}'s wallet again.`, variant: 'success' });
      void refreshAdminMoney(client);
      onClose();
    },
  });
  return (
    <Dialog
      open={withdrawal !== null}
      onClose={() => !reject.isPending && onClose()}
      title="Reject withdrawal"
      description={withdrawal ? `${aed(withdrawal.amount)} requested by ${withdrawal.name}. The hold is released and the investor sees your reason.` : null}
      footer={
        <>
          <Button onClick={onClose} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              setSubmitted(true);
              if (check.success) reject.mutate();
            }}
            disabled={reject.isPending}
          >
            {reject.isPending ? 'Rejecting…' : 'Reject withdrawal'}
          </Button>
        </>
      }
    >
      <div className="space-y-4">
        <ReasonField value={reason} onChange={setReason} error={submitted ? reasonError : null} label="Reason for the investor" />
        {reject.isError ? <ErrorNote title="Not rejected">{errorText(reject.error, 'The withdrawal could not be rejected.')}</ErrorNote> : null}
      </div>
    </Dialog>
  );
}

const movementColumns = [
  { key: 'date', label: 'Date' },
  { key: 'description', label: 'Description' },
  { key: 'type', label: 'Type' },
  { key: 'amount', label: 'Amount (AED)', align: 'right' as const },
  { key: 'balance', label: 'Balance (AED)', align: 'right' as const },
  { key: 'journal', label: 'Journal' },
];

export function WalletDetailDialog({ userId, onClose, onAdjust }: { userId: string | null; onClose: () => void; onAdjust: (w: AdminWalletRow) => void }) {
  const q = useQuery<AdminWalletDetail>({ queryKey: [`/api/admin/wallets/${userId ?? ''}`], enabled: userId !== null });
  const d = q.data;
  return (
    <Dialog
      open={userId !== null}
      onClose={onClose}
      wide="xl"
      title={d ? `${d.wallet.name}'s wallet` : 'Wallet'}
      description={d ? `${d.wallet.email} · ${d.wallet.unicode}` : undefined}
      footer={
        <>
          <Button onClick={onClose}>Close</Button>
          {d ? (
            <Button variant="primary" onClick={() => onAdjust(d.wallet)}>
              Adjust wallet
            </Button>
          ) : null}
        </>
      }
    >
      {q.isPending ? (
        <Busy>Loading the wallet…</Busy>
      ) : q.isError || !d ? (
        <ErrorNote title="Couldn't load the wallet">{errorText(q.error, 'Please try again.')}</ErrorNote>
      ) : (
        <div className="space-y-6">
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            {[
              ['Balance', d.wallet.balance],
              ['Held', d.wallet.held],
              ['Available', d.wallet.available],
            ].map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
                <dd className="mt-1 text-lg font-semibold tabular-nums text-ink">{aed(value)}</dd>
              </div>
            ))}
            <div>
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">Verification</dt>
              <dd className="mt-1">
                <KycBadge status={d.wallet.kycStatus} />
              </dd>
            </div>
          </dl>
          <section aria-label="Recent movements">
            <Eyebrow>Recent movements</Eyebrow>
            <div className="mt-2 overflow-hidden rounded-lg border border-slate-200">
              <DataTable caption="Recent wallet movements" columns={movementColumns} minWidth={760} empty={<EmptyState title="No movements yet" />}>
                {d.transactions.map((t) => (
                  <tr key={t.id}>
                    <td className="whitespace-nowrap px-4 py-2.5 text-slate-600">{when(t.createdAt)}</td>
                    <td className="px-4 py-2.5 text-ink">{t.description}</td>
                    <td className="px-4 py-2.5 text-slate-600">{walletTransactionKindLabels[t.kind] ?? t.kind}</td>
                    <td className="px-4 py-2.5 text-right">
                      <Amount value={t.amount} />
                    </td>
                    <td className="px-4 py-2.5 text-right">
                      <Amount value={t.balanceAfter} />
                    </td>
                    <td className="px-4 py-2.5 font-mono text-xs text-slate-500">{t.journalReference ?? '—'}</td>
                  </tr>
                ))}
              </DataTable>
            </div>
          </section>
          {d.adjustments.length > 0 ? (
            <section aria-label="Manual adjustments">
              <Eyebrow>Manual adjustments</Eyebrow>
              <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
                {d.adjustments.map((a) => (
                  <li key={a.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2.5">
                    <span className="min-w-0 text-ink">{a.reason}</span>
                    <span className="text-xs text-slate-500">
                      <Amount value={a.amount} className="mr-2 text-sm text-ink" />
                      {when(a.createdAt)} · {a.journalReference}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {d.deposits.length > 0 ? (
            <section aria-label="Deposits">
              <Eyebrow>Deposits</Eyebrow>
              <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
                {d.deposits.slice(0, 10).map((dep) => (
                  <li key={dep.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2.5">
                    <span className="text-ink">
                      {aed(dep.amount)} by {dep.methodName} <span className="text-slate-500">(net {aed(dep.net)})</span>
                    </span>
                    <span className="text-xs text-slate-500">
                      {depositStatusLabels[dep.status] ?? dep.status} · {when(dep.createdAt)} · <span className="font-mono">{dep.providerRef}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}
