/**
 * Taking money out: an amount (in your currency, at most what is available) and the IBAN of a bank
 * account in your name, checked as you type it (country length and mod-97 check digits, the contract's
 * own check). Payouts go only to an account in the investor's verified name, so the account holder is
 * shown, read-only, from the verified identity. The request is pending, with the amount held, until an
 * admin approves it (two admins above the four-eyes threshold).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { formatMoney } from '@modules/platform/contract';
import { checkIban, formatIban, MIN_WITHDRAWAL_FILS, type WithdrawalJson } from '@modules/wallet/contract';
import { api, errorText } from '@site/lib/api';
import { filsToDisplay, minimumLabel, minorToInput, readAmount } from '../money-input';
import { btn, card, useCurrency, useMoney } from '../ui';
import { fils, Problem, refreshMoney, TextField } from './shared';

export function WithdrawPanel({ availableFils, payeeName, onClose }: { availableFils: bigint; payeeName: string; onClose: () => void }) {
  const currency = useCurrency();
  const money = useMoney();
  const client = useQueryClient();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [text, setText] = useState('');
  /** "Everything": the exact available fils, so rounding through the display currency can't ask for a fil too many. */
  const [exact, setExact] = useState<bigint | null>(null);
  const [iban, setIban] = useState('');
  const [showAmountError, setShowAmountError] = useState(false);
  const [showIbanError, setShowIbanError] = useState(false);

  useEffect(() => heading.current?.focus(), []);

  const read = exact !== null ? ({ ok: true, minor: filsToDisplay(exact, currency), fils: exact } as const) : readAmount(text, currency, {
    minFils: MIN_WITHDRAWAL_FILS,
    maxFils: availableFils,
    what: 'how much to withdraw',
    maxReason: `You have ${money(availableFils)} available to withdraw. Enter a smaller amount.`,
  });
  const ibanCheck = checkIban(iban);

  const create = useMutation({
    mutationFn: (body: { amount: string; iban: string }) => api.post<WithdrawalJson>('/api/wallet/withdrawals', body),
    onSuccess: () => void refreshMoney(client),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setShowAmountError(true);
    setShowIbanError(true);
    if (!read.ok || !ibanCheck.ok) return;
    create.mutate({ amount: read.fils.toString(), iban: ibanCheck.iban });
  };

  const done = create.data;
  return (
    <section aria-labelledby={headingId} className={`${card} border-brand-200 ring-1 ring-brand-100`}>
      <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div>
          <h2 id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold text-ink focus:outline-none">
            Withdraw to your bank
          </h2>
          <p className="mt-1 text-sm text-slate-500">Paid to a bank account in your name once our team approves it, usually within one working day.</p>
        </div>
        <button type="button" onClick={onClose} className="-mr-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-ink" aria-label="Close withdraw">
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      <div className="p-5 sm:p-6">
        <div role="status" aria-live="polite">
          {done ? (
            <div className="flex gap-3">
              <CheckCircle2 size={22} className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
              <div>
                <p className="font-semibold text-ink">Withdrawal requested: {money(fils(done.amount))}</p>
                <p className="mt-1 text-sm text-slate-600">
                  To {done.accountName}, {done.ibanMasked}. It is awaiting approval; the amount is held in your wallet until it is paid. You can cancel it
                  while it waits.
                </p>
                <button type="button" className={`${btn.secondary} mt-4`} onClick={onClose}>
                  Done
                </button>
              </div>
            </div>
          ) : null}
        </div>
        {done ? null : (
          <form onSubmit={submit} noValidate className="space-y-5">
            <div>
              <TextField
                label={`Amount (${currency})`}
                value={text}
                onChange={(v) => {
                  setExact(null);
                  setText(v);
                }}
                onBlur={() => text.trim() !== '' && setShowAmountError(true)}
                inputMode="decimal"
                placeholder="0.00"
                error={showAmountError && !read.ok ? read.error : null}
                hint={`${money(availableFils)} available. ${minimumLabel(currency, MIN_WITHDRAWAL_FILS)}.${currency === 'AED' ? '' : ' Paid in AED.'}`}
              />
              {availableFils >= MIN_WITHDRAWAL_FILS ? (
                <button
                  type="button"
                  className={`${btn.quiet} mt-2`}
                  onClick={() => {
                    setExact(availableFils);
                    setText(minorToInput(filsToDisplay(availableFils, currency)));
                  }}
                >
                  Withdraw everything available
                </button>
              ) : null}
            </div>
            <TextField
              label="IBAN"
              value={iban}
              onChange={setIban}
              onBlur={() => iban.trim() !== '' && setShowIbanError(true)}
              placeholder="AE07 0331 2345 6789 0123 456"
              autoComplete="off"
              error={showIbanError && !ibanCheck.ok ? ibanCheck.message : null}
              hint={ibanCheck.ok ? `Checked: ${formatIban(ibanCheck.iban)}` : 'The account must be in your own name. UAE IBANs have 23 characters.'}
            />
            <TextField
              label="Account holder"
              value={payeeName}
              onChange={() => {}}
              readOnly
              hint="Your verified name. We pay only into an account in this name; a bank account in another name will be returned."
            />
            {read.ok ? (
              <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
                You will receive <strong className="font-semibold text-ink">{formatMoney(read.fils, 'AED')}</strong>
                {currency === 'AED' ? '' : ` (${money(read.fils)})`}. There is no charge for withdrawals; your bank may charge to receive it.
              </p>
            ) : null}
            {create.isError ? <Problem title="The withdrawal was not requested">{errorText(create.error, 'Please try again.')}</Problem> : null}
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={btn.primary} disabled={create.isPending}>
                {create.isPending ? 'Requesting…' : 'Request withdrawal'}
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
