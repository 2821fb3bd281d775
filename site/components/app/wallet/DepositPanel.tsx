/**
 * Adding money: choose a payment method (each with its charge), type an amount in your currency, see
 * exactly what the charge and its VAT are and what reaches the wallet, confirm. The deposit starts
 * pending; the payment provider confirms it within seconds, and this panel polls it and says so
 * (aria-live) until it is received. The methods are the ones this server's payment provider takes
 * (GET /api/wallet/payment-methods); sandbox money is labelled as such; with no provider, nothing starts.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Banknote, CheckCircle2, CreditCard, Landmark, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatMoney } from '@modules/platform/contract';
import {
  bpsLabel,
  type DepositJson,
  depositStatusLabels,
  MAX_AMOUNT_FILS,
  MIN_DEPOSIT_FILS,
  type PaymentMethodJson,
  type PaymentMethodKey,
  type PaymentsConfigJson,
  quoteDeposit,
} from '@modules/wallet/contract';
import { api, errorText } from '@site/lib/api';
import { minimumLabel, readAmount } from '../money-input';
import { btn, card, useCurrency, useMoney } from '../ui';
import { fils, Problem, refreshMoney, Spinner, SummaryRow, TextField } from './shared';

const METHOD_ICONS = { 'uae-bank-transfer': Landmark, 'international-transfer': Banknote, 'debit-card': CreditCard, 'credit-card': CreditCard } as const;
/** How long the panel keeps asking the provider before saying the deposit will show up later. */
export const DEPOSIT_POLL_MS = 1000;
export const DEPOSIT_POLL_LIMIT_MS = 60_000;

export function DepositPanel({ onClose }: { onClose: () => void }) {
  const currency = useCurrency();
  const money = useMoney();
  const client = useQueryClient();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const config = useQuery<{ items: PaymentMethodJson[]; payments: PaymentsConfigJson }>({ queryKey: ['/api/wallet/payment-methods'], retry: false });
  // The methods on offer and their charges in force come from the server (settings), never a copy here.
  const offered = config.data?.items ?? [];
  const rates = Object.fromEntries(offered.map((m) => [m.key, m.chargeBps]));
  const unavailable = config.data?.payments.mode === 'none';
  const [chosen, setMethod] = useState<PaymentMethodKey>('uae-bank-transfer');
  const method = offered.some((m) => m.key === chosen) ? chosen : (offered[0]?.key ?? chosen);
  const [text, setText] = useState('');
  const [showError, setShowError] = useState(false);
  const [deposit, setDeposit] = useState<{ id: string; startedAt: number } | null>(null);

  useEffect(() => heading.current?.focus(), []);

  const read = readAmount(text, currency, { minFils: MIN_DEPOSIT_FILS, maxFils: MAX_AMOUNT_FILS, what: 'how much to deposit' });
  const quote = read.ok && rates[method] !== undefined ? quoteDeposit(read.fils, method, rates) : null;
  const aedNote = (f: bigint) => (currency === 'AED' ? undefined : formatMoney(f, 'AED'));

  const create = useMutation({
    mutationFn: (body: { amount: string; method: PaymentMethodKey }) => api.post<DepositJson>('/api/wallet/deposits', body),
    onSuccess: (d) => {
      client.setQueryData([`/api/wallet/deposits/${d.id}`], d);
      setDeposit({ id: d.id, startedAt: Date.now() });
      void refreshMoney(client);
    },
  });

  const status = useQuery<DepositJson>({
    queryKey: [`/api/wallet/deposits/${deposit?.id ?? ''}`],
    enabled: deposit !== null,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && deposit && Date.now() - deposit.startedAt < DEPOSIT_POLL_LIMIT_MS ? DEPOSIT_POLL_MS : false),
  });
  const current = status.data;
  const settled = current?.status === 'confirmed' || current?.status === 'failed';
  useEffect(() => {
    if (settled) void refreshMoney(client);
  }, [settled, client]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShowError(true);
    if (!read.ok) return;
    create.mutate({ amount: read.fils.toString(), method });
  };

  const gaveUp = current?.status === 'pending' && deposit !== null && !status.isFetching && Date.now() - deposit.startedAt >= DEPOSIT_POLL_LIMIT_MS;

  return (
    <section aria-labelledby={headingId} className={`${card} border-brand-200 ring-1 ring-brand-100`}>
      <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div>
          <h2 id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold text-ink focus:outline-none">
            Add money
          </h2>
          <p className="mt-1 text-sm text-slate-500">The charge depends on how you pay, and is shown before you confirm.</p>
        </div>
        <button type="button" onClick={onClose} className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-ink" aria-label="Close add money">
          <X size={18} aria-hidden="true" />
        </button>
      </div>

      <div className="p-5 sm:p-6">
        {deposit ? (
          <div role="status" aria-live="polite" className="space-y-4">
            {!current || current.status === 'pending' ? (
              <>
                <Spinner label={gaveUp ? 'Still waiting for the payment provider' : `Waiting for ${current?.methodName ?? 'the payment provider'} to confirm your payment…`} />
                {current ? (
                  <p className="text-sm text-slate-600">
                    Status: <strong className="font-semibold text-ink">{depositStatusLabels.pending}</strong>. {money(fils(current.net))} will be added to your wallet when
                    it is confirmed{gaveUp ? '. It is taking longer than usual; it will appear in your history as soon as it arrives.' : '.'}
                  </p>
                ) : null}
              </>
            ) : current.status === 'confirmed' ? (
              <div className="flex gap-3">
                <CheckCircle2 size={22} className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <p className="font-semibold text-ink">
                    {depositStatusLabels.confirmed}: {money(fils(current.net))} added to your wallet
                  </p>
                  <p className="mt-1 text-sm text-slate-600">
                    You paid {money(fils(current.amount))} by {current.methodName}; the charge was {money(fils(current.charge) + fils(current.vat))} including VAT. Reference{' '}
                    <span className="font-mono text-xs">{current.providerRef}</span>.
                  </p>
                  <div className="mt-4 flex flex-wrap gap-3">
                    <a href="/properties" className={btn.primary}>
                      Invest it
                      <ArrowRight size={16} aria-hidden="true" />
                    </a>
                    <button
                      type="button"
                      className={btn.secondary}
                      onClick={() => {
                        setDeposit(null);
                        setText('');
                        setShowError(false);
                        create.reset();
                      }}
                    >
                      Add more money
                    </button>
                  </div>
                </div>
              </div>
            ) : (
              <Problem title="The payment failed">
                Nothing was added to your wallet. {current.methodName} did not confirm the payment of {money(fils(current.amount))}; try again or choose another method.
              </Problem>
            )}
            {status.isError ? <Problem>{errorText(status.error, 'We could not check the deposit just now.')}</Problem> : null}
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="space-y-5">
            {config.data?.payments.label ? <p className="rounded-lg bg-sand-50 px-4 py-2 text-sm text-slate-700">{config.data.payments.label}</p> : null}
            {unavailable ? <Problem title="Deposits are unavailable">Payments are not set up on this server yet. Please try again later or contact support.</Problem> : null}
            <fieldset>
              <legend className="text-sm font-medium text-ink">Payment method</legend>
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {offered.map((m) => {
                  const Icon = METHOD_ICONS[m.key];
                  const checked = m.key === method;
                  return (
                    <label
                      key={m.key}
                      className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300 ${checked ? 'border-brand-500 bg-brand-50/60' : 'border-slate-200 hover:border-slate-300'}`}
                    >
                      <input type="radio" name="deposit-method" value={m.key} checked={checked} onChange={() => setMethod(m.key)} className="mt-1 accent-brand-700" />
                      <span className="min-w-0 flex-1">
                        <span className="flex items-center justify-between gap-2">
                          <span className="flex items-center gap-2 font-medium text-ink">
                            <Icon size={16} aria-hidden="true" className="text-slate-500" />
                            {m.name}
                          </span>
                          <span className="tabular-nums text-slate-700">{bpsLabel(m.chargeBps)} charge</span>
                        </span>
                        <span className="mt-0.5 block text-xs text-slate-500">{m.detail}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>

            <TextField
              label={`Amount to pay (${currency})`}
              value={text}
              onChange={setText}
              onBlur={() => text.trim() !== '' && setShowError(true)}
              inputMode="decimal"
              placeholder="0.00"
              error={showError && !read.ok ? read.error : null}
              hint={`${minimumLabel(currency, MIN_DEPOSIT_FILS)}. Your wallet is held in AED; amounts are converted at the platform's rate.`}
            />

            <div aria-live="polite">
              {quote ? (
                <dl className="rounded-lg bg-slate-50 px-4 py-2 text-sm">
                  <SummaryRow label="You pay" note={aedNote(fils(quote.amount))}>
                    {money(fils(quote.amount))}
                  </SummaryRow>
                  <SummaryRow label={`Transaction charge (${quote.methodName}, ${bpsLabel(quote.chargeBps)})`} note={aedNote(fils(quote.charge))}>
                    − {money(fils(quote.charge))}
                  </SummaryRow>
                  <SummaryRow label="VAT on the charge (5%)" note={aedNote(fils(quote.vat))}>
                    − {money(fils(quote.vat))}
                  </SummaryRow>
                  <SummaryRow label="Added to your wallet" strong note={aedNote(fils(quote.net))}>
                    {money(fils(quote.net))}
                  </SummaryRow>
                </dl>
              ) : null}
            </div>

            {create.isError ? <Problem title="The deposit was not started">{errorText(create.error, 'Please try again.')}</Problem> : null}

            <div className="flex flex-wrap gap-3">
              <button type="submit" className={btn.primary} disabled={create.isPending || unavailable}>
                {create.isPending ? 'Starting…' : quote ? `Confirm and pay ${money(fils(quote.amount))}` : 'Confirm deposit'}
              </button>
              <button type="button" className={btn.secondary} onClick={onClose}>
                Cancel
              </button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
