/**
 * The receipt of a purchase: reference, property, shares (4 decimals), every amount and the date,
 * with Cancel while the 48-hour window is open (a full refund to the wallet) and Print.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, CheckCircle2, Printer, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { CANCELLATION_WINDOW_HOURS, type InvestmentJson } from '@modules/investing/contract';
import { formatMoney } from '@modules/platform/contract';
import { unitsToShareString } from '@modules/properties/contract';
import { api, errorText } from '@site/lib/api';
import { toast } from '@site/lib/stores/toast';
import { btn, card, useCurrency, useMoney } from '../ui';
import { fils, formatDateTime, Problem, refreshMoney, SummaryRow } from '../wallet/shared';
import { timeLeft } from './model';

export function Receipt({ investment, justBought = false }: { investment: InvestmentJson; justBought?: boolean }) {
  const money = useMoney();
  const currency = useCurrency();
  const client = useQueryClient();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [inv, setInv] = useState(investment);
  useEffect(() => setInv(investment), [investment]);
  useEffect(() => {
    if (justBought) heading.current?.focus();
  }, [justBought]);

  const cancel = useMutation({
    mutationFn: () => api.post<InvestmentJson>(`/api/investments/${inv.id}/cancel`),
    onSuccess: (updated) => {
      setInv(updated);
      setConfirming(false);
      client.setQueryData([`/api/investments/${updated.id}`], updated);
      void refreshMoney(client);
      toast({ title: 'Investment cancelled', description: `${money(fils(updated.refund ?? updated.total))} is back in your wallet.`, variant: 'success' });
      heading.current?.focus();
    },
  });

  const cancelled = inv.status === 'cancelled';
  const left = inv.cancellable ? timeLeft(inv.cancellableUntil) : null;
  const aed = (v: string) => (currency === 'AED' ? undefined : formatMoney(fils(v), 'AED'));
  const shares = unitsToShareString(fils(inv.units), { trim: false });
  const feeTotal = fils(inv.fee);

  return (
    <section aria-labelledby={headingId} className={`${card} overflow-hidden`}>
      <div className={`flex items-start gap-4 px-5 py-5 sm:px-7 ${cancelled ? 'bg-slate-50' : 'bg-brand-50/70'}`}>
        {cancelled ? (
          <Undo2 size={26} className="mt-0.5 shrink-0 text-slate-500" aria-hidden="true" />
        ) : (
          <CheckCircle2 size={26} className="mt-0.5 shrink-0 text-brand-700" aria-hidden="true" />
        )}
        <div className="min-w-0" role="status" aria-live="polite">
          <h2 id={headingId} ref={heading} tabIndex={-1} className="font-display text-2xl text-ink focus:outline-none">
            {cancelled ? 'Investment cancelled' : 'Investment confirmed'}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {cancelled
              ? `${money(fils(inv.refund ?? inv.total))} was refunded in full to your wallet${inv.cancelledAt ? ` on ${formatDateTime(inv.cancelledAt)}` : ''}.`
              : `You now own ${shares} shares of ${inv.property.title}. Keep this receipt for your records.`}
          </p>
        </div>
      </div>

      <div className="grid gap-6 px-5 py-6 sm:px-7 md:grid-cols-2">
        <dl className="text-sm">
          <SummaryRow label="Receipt">
            <span className="font-mono text-ink">{inv.receiptNumber}</span>
          </SummaryRow>
          <SummaryRow label="Property">
            <a href={`/property/${inv.property.slug || inv.property.id}`} className="font-medium text-brand-800 hover:underline">
              {inv.property.title}
            </a>
            <span className="block text-xs text-slate-500">
              {inv.property.reference} · {inv.property.community}, {inv.property.city}
            </span>
          </SummaryRow>
          <SummaryRow label="Shares">
            <span className="font-medium text-ink">{shares}</span>
          </SummaryRow>
          <SummaryRow label="Price per share" note={aed(inv.sharePrice)}>
            {money(fils(inv.sharePrice))}
          </SummaryRow>
          <SummaryRow label="Date">{formatDateTime(inv.createdAt)}</SummaryRow>
          <SummaryRow label="Status">{cancelled ? 'Cancelled, refunded' : 'Active'}</SummaryRow>
        </dl>
        <dl className="text-sm">
          <SummaryRow label="Cost of the shares" note={aed(inv.principal)}>
            {money(fils(inv.principal))}
          </SummaryRow>
          {feeTotal > 0n ? (
            <>
              <SummaryRow label="Fees" note={aed(inv.fee)}>
                {money(feeTotal)}
              </SummaryRow>
              <SummaryRow label="VAT on fees (5%)" note={aed(inv.vat)}>
                {money(fils(inv.vat))}
              </SummaryRow>
            </>
          ) : (
            <SummaryRow label="Fees">None</SummaryRow>
          )}
          <SummaryRow label="Paid from your wallet" strong note={aed(inv.total)}>
            {money(fils(inv.total))}
          </SummaryRow>
          {!cancelled ? (
            <SummaryRow label="Wallet balance after">
              <span className="text-slate-600">{money(fils(inv.walletBalanceAfter))}</span>
            </SummaryRow>
          ) : null}
        </dl>
      </div>

      <div className="flex flex-col gap-4 border-t border-slate-100 px-5 py-5 sm:px-7 print:hidden">
        {!cancelled && inv.cancellable ? (
          <p className="text-sm text-slate-600">
            Changed your mind? You can cancel within {CANCELLATION_WINDOW_HOURS} hours of investing for a full refund to your wallet
            {left ? ` (${left} left, until ${formatDateTime(inv.cancellableUntil)})` : ''}.
          </p>
        ) : null}
        {confirming ? (
          <div role="group" aria-label="Confirm cancellation" className="rounded-lg border border-sand-200 bg-sand-50 p-4">
            <p className="text-sm font-medium text-ink">Cancel this investment and refund {money(fils(inv.total))} to your wallet?</p>
            <div className="mt-3 flex flex-wrap gap-3">
              <button type="button" className={btn.primary} onClick={() => cancel.mutate()} disabled={cancel.isPending} autoFocus>
                {cancel.isPending ? 'Cancelling…' : 'Yes, cancel and refund'}
              </button>
              <button type="button" className={btn.secondary} onClick={() => setConfirming(false)} disabled={cancel.isPending}>
                Keep my investment
              </button>
            </div>
          </div>
        ) : null}
        {cancel.isError ? <Problem title="The investment was not cancelled">{errorText(cancel.error, 'Please try again.')}</Problem> : null}
        <div className="flex flex-wrap gap-3">
          <a href="/dashboard" className={btn.primary}>
            Go to your dashboard
            <ArrowRight size={16} aria-hidden="true" />
          </a>
          <button type="button" className={btn.secondary} onClick={() => window.print()}>
            <Printer size={16} aria-hidden="true" />
            Print receipt
          </button>
          {!cancelled && inv.cancellable && !confirming ? (
            <button type="button" className={btn.secondary} onClick={() => setConfirming(true)}>
              <Undo2 size={16} aria-hidden="true" />
              Cancel investment
            </button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
