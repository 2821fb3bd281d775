/**
 * The wallet's history (newest first, with the balance after each movement), the withdrawals the
 * investor has asked for (cancellable while they wait), and statements for any period as CSV or PDF.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight, FileDown, FileSpreadsheet, Receipt } from 'lucide-react';
import { useState } from 'react';
import {
  type TransactionsPage,
  WALLET_TRANSACTION_KINDS,
  type WalletTransactionKind,
  walletTransactionKindLabels,
  type WithdrawalJson,
  withdrawalStatusLabels,
} from '@modules/wallet/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { btn, EmptyState, Section, useMoney } from '../ui';
import { fils, formatDate, formatDateTime, inputClass, Problem, refreshMoney, Skeleton, TextField, todayInDubai, transactionsUrl, WITHDRAWALS_URL } from './shared';

export const HISTORY_COLUMNS = ['Date', 'Description', 'Type', 'Amount', 'Balance'] as const;
export const HISTORY_PAGE = 20;

/** A signed amount: + in brand green, − in ink, the sign spelled out for screen readers. */
export function SignedMoney({ value }: { value: bigint }) {
  const money = useMoney();
  const abs = value < 0n ? -value : value;
  return (
    <span className={`whitespace-nowrap tabular-nums ${value > 0n ? 'text-brand-700' : 'text-ink'}`}>
      <span aria-hidden="true">{value > 0n ? '+' : value < 0n ? '−' : ''}</span>
      <span className="sr-only">{value > 0n ? 'in ' : value < 0n ? 'out ' : ''}</span>
      {money(abs)}
    </span>
  );
}

export function WalletHistory() {
  const money = useMoney();
  const [offset, setOffset] = useState(0);
  const [kind, setKind] = useState<WalletTransactionKind | ''>('');
  const q = useQuery<TransactionsPage>({ queryKey: [transactionsUrl({ limit: HISTORY_PAGE, offset, kind: kind || undefined })], placeholderData: keepPreviousData });
  const items = q.data?.items ?? [];
  const total = q.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE));
  const page = Math.floor(offset / HISTORY_PAGE) + 1;

  return (
    <Section
      id="history-title"
      title="Transaction history"
      description="Every movement in and out of your wallet, newest first, with your balance after each."
      action={
        <div className="w-44">
          <label htmlFor="history-kind" className="sr-only">
            Show
          </label>
          <select
            id="history-kind"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as WalletTransactionKind | '');
              setOffset(0);
            }}
            className={`${inputClass} py-2`}
          >
            <option value="">All movements</option>
            {WALLET_TRANSACTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {walletTransactionKindLabels[k]}
              </option>
            ))}
          </select>
        </div>
      }
    >
      <div className="relative -mx-5 overflow-x-auto sm:-mx-6">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Wallet transactions, newest first</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              {HISTORY_COLUMNS.map((c) => (
                <th key={c} scope="col" className={`px-5 py-2 font-medium sm:px-6 ${c === 'Amount' || c === 'Balance' ? 'text-right' : ''} ${c === 'Description' ? 'w-1/2' : ''}`}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          {q.isPending ? (
            <tbody aria-hidden="true">
              {[0, 1, 2].map((i) => (
                <tr key={i} className="border-b border-slate-100">
                  {HISTORY_COLUMNS.map((c) => (
                    <td key={c} className="px-5 py-3 sm:px-6">
                      <Skeleton className="h-3 w-20" />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ) : items.length > 0 ? (
            <tbody>
              {items.map((t) => (
                <tr key={t.id} className="border-b border-slate-100 last:border-0">
                  <td className="whitespace-nowrap px-5 py-3 text-slate-600 sm:px-6">
                    <time dateTime={t.createdAt} title={formatDateTime(t.createdAt)}>
                      {formatDate(t.createdAt)}
                    </time>
                  </td>
                  <td className="min-w-[18rem] px-5 py-3 text-ink sm:px-6">{t.description}</td>
                  <td className="whitespace-nowrap px-5 py-3 text-slate-600 sm:px-6">{walletTransactionKindLabels[t.kind] ?? t.kind}</td>
                  <td className="px-5 py-3 text-right sm:px-6">
                    <SignedMoney value={fils(t.amount)} />
                  </td>
                  <td className="whitespace-nowrap px-5 py-3 text-right tabular-nums text-slate-700 sm:px-6">{money(fils(t.balanceAfter))}</td>
                </tr>
              ))}
            </tbody>
          ) : null}
        </table>
      </div>
      {q.isPending ? <p className="sr-only" role="status">Loading your transactions…</p> : null}
      {q.isError ? (
        <div className="mt-4">
          <Problem
            title="We couldn't load your transactions"
            action={
              <button type="button" className={btn.secondary} onClick={() => void q.refetch()}>
                Try again
              </button>
            }
          >
            {errorText(q.error, 'Please try again.')}
          </Problem>
        </div>
      ) : !q.isPending && items.length === 0 ? (
        <EmptyState icon={Receipt} title={kind ? `No ${walletTransactionKindLabels[kind].toLowerCase()} movements` : 'No transactions yet'}>
          {kind ? 'Choose "All movements" to see everything else.' : 'Deposits, investments, refunds and withdrawals will appear here, newest first.'}
        </EmptyState>
      ) : null}
      {total > HISTORY_PAGE ? (
        <nav aria-label="Transaction pages" className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600">
          <p aria-live="polite">
            Page {page} of {pages} · {total.toLocaleString('en-US')} movements
          </p>
          <div className="flex gap-2">
            <button type="button" className={btn.secondary} onClick={() => setOffset(Math.max(0, offset - HISTORY_PAGE))} disabled={offset === 0 || q.isFetching}>
              <ChevronLeft size={16} aria-hidden="true" />
              Newer
            </button>
            <button type="button" className={btn.secondary} onClick={() => setOffset(offset + HISTORY_PAGE)} disabled={offset + HISTORY_PAGE >= total || q.isFetching}>
              Older
              <ChevronRight size={16} aria-hidden="true" />
            </button>
          </div>
        </nav>
      ) : null}
    </Section>
  );
}

const WITHDRAWAL_TONE: Record<string, string> = {
  pending: 'bg-sand-50 text-sand-700 ring-sand-200',
  processing: 'bg-sand-50 text-sand-700 ring-sand-200',
  paid: 'bg-brand-50 text-brand-800 ring-brand-200',
  rejected: 'bg-red-50 text-red-700 ring-red-200',
  cancelled: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/** The investor's withdrawals, shown only once there is one. Pending ones can be cancelled. */
export function Withdrawals() {
  const money = useMoney();
  const client = useQueryClient();
  const q = useQuery<{ items: WithdrawalJson[] }>({ queryKey: [WITHDRAWALS_URL] });
  const cancel = useMutation({
    mutationFn: (id: string) => api.post<WithdrawalJson>(`/api/wallet/withdrawals/${id}/cancel`),
    onSuccess: (w) => {
      toast({ title: 'Withdrawal cancelled', description: `${money(fils(w.amount))} is available in your wallet again.`, variant: 'success' });
      void refreshMoney(client);
    },
    onError: (err) => toast({ title: 'Could not cancel', description: errorText(err, 'Please try again.'), variant: 'destructive' }),
  });
  const items = q.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Section id="withdrawals-title" title="Withdrawals" description="Requests to pay money out to your bank. Pending ones are held in your wallet until approved.">
      <ul className="divide-y divide-slate-100">
        {items.slice(0, 10).map((w) => (
          <li key={w.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
            <div className="min-w-0">
              <p className="text-sm font-medium text-ink">
                {money(fils(w.amount))} to {w.ibanMasked}
              </p>
              <p className="mt-0.5 text-xs text-slate-500">
                Requested {formatDateTime(w.createdAt)}
                {w.reason ? ` · ${w.reason}` : ''}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${WITHDRAWAL_TONE[w.status] ?? WITHDRAWAL_TONE.cancelled}`}>
                {withdrawalStatusLabels[w.status] ?? w.status}
              </span>
              {w.status === 'pending' ? (
                <button
                  type="button"
                  className={btn.quiet}
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(w.id)}
                  aria-label={`Cancel the withdrawal of ${money(fils(w.amount))}`}
                >
                  Cancel
                </button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** The first day of the month a date (YYYY-MM-DD) falls in. */
export const monthStart = (day: string) => `${day.slice(0, 8)}01`;

export function Statements() {
  const today = todayInDubai();
  const [from, setFrom] = useState(monthStart(today));
  const [to, setTo] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const url = (format: 'csv' | 'pdf') => `/api/wallet/statement?${new URLSearchParams({ from, to, format })}`;
  return (
    <Section id="statements-title" title="Statements" description="Your opening balance, every movement and your closing balance for a period, to keep or send to your accountant.">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField type="date" label="From" value={from} onChange={setFrom} />
        <TextField type="date" label="To" value={to} onChange={setTo} error={valid ? null : 'The start date must be on or before the end date.'} />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        {valid ? (
          <>
            <a href={url('csv')} download className={btn.secondary}>
              <FileSpreadsheet size={16} aria-hidden="true" />
              Download CSV
            </a>
            <a href={url('pdf')} download className={btn.secondary}>
              <FileDown size={16} aria-hidden="true" />
              Download PDF
            </a>
          </>
        ) : (
          <p className="text-sm text-slate-500">Choose a valid period to download a statement.</p>
        )}
      </div>
    </Section>
  );
}
