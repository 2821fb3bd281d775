import { ArrowDownToLine, ArrowUpFromLine, Banknote, CreditCard, Landmark, Receipt, ShieldAlert, Wallet as WalletIcon } from 'lucide-react';
import { useId } from 'react';
import type { CurrentUser } from '../../../modules/auth/contract';
import { isKycVerified } from '../../../modules/auth/contract';
import { TRANSACTION_CHARGE_BPS } from '../../../modules/platform/contract';
import { toast } from '../../lib/stores/toast';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { bpsLabel, PAYMENT_METHODS } from './limits';
import { btn, card, EmptyState, ForViewer, Money, Screen, Section, SignedOutCard, useCurrency, useViewer } from './ui';

const METHOD_ICONS = { 'uae-bank-transfer': Landmark, 'international-transfer': Banknote, 'debit-card': CreditCard, 'credit-card': CreditCard } as const;

export const HISTORY_COLUMNS = ['Date', 'Description', 'Type', 'Amount', 'Status'] as const;

export function PaymentMethods() {
  return (
    <Section
      id="methods-title"
      title="Payment methods"
      description={`Transaction charges range from ${bpsLabel(TRANSACTION_CHARGE_BPS.min)} to ${bpsLabel(TRANSACTION_CHARGE_BPS.max)}, depending on how you pay. The exact charge is shown before you confirm.`}
    >
      <ul className="divide-y divide-slate-100">
        {PAYMENT_METHODS.map((m) => {
          const Icon = METHOD_ICONS[m.key as keyof typeof METHOD_ICONS] ?? Banknote;
          return (
            <li key={m.key} className="flex items-start gap-4 py-4 first:pt-0 last:pb-0">
              <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-lg bg-slate-50 text-slate-600 ring-1 ring-slate-200">
                <Icon size={18} strokeWidth={1.7} />
              </span>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-ink">{m.name}</p>
                <p className="mt-0.5 text-sm text-slate-500">{m.detail}</p>
              </div>
              <p className="shrink-0 text-right">
                <span className="block font-display text-lg tabular-nums text-ink">{bpsLabel(m.chargeBps)}</span>
                <span className="block text-xs text-slate-500">charge</span>
              </p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

export function WalletHistory() {
  return (
    <Section id="history-title" title="Transaction history">
      <div className="-mx-5 overflow-x-auto sm:-mx-6">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Wallet transactions, newest first</caption>
          <thead>
            <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
              {HISTORY_COLUMNS.map((c) => (
                <th key={c} scope="col" className={`px-5 py-2 font-medium sm:px-6 ${c === 'Amount' ? 'text-right' : ''}`}>
                  {c}
                </th>
              ))}
            </tr>
          </thead>
        </table>
      </div>
      <EmptyState icon={Receipt} title="No transactions yet">
        Deposits, investments, rental income and withdrawals will appear here, newest first.
      </EmptyState>
    </Section>
  );
}

export function WalletForUser({ user, balanceFils = 0n }: { user: CurrentUser; balanceFils?: bigint }) {
  const verified = isKycVerified(user.kycStatus);
  const currency = useCurrency();
  const depositNote = useId();
  const withdrawNote = useId();

  return (
    <Screen eyebrow="Wallet" title="Your wallet" description="Fund your wallet, invest from it, and receive your rental income into it.">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="space-y-6 lg:col-span-1">
          <section aria-labelledby="balance-title" className="overflow-hidden rounded-xl bg-gradient-to-br from-brand-950 to-brand-800 p-6 text-white shadow-sm">
            <h2 id="balance-title" className="text-sm font-medium text-brand-100">
              Available balance
            </h2>
            <p className="mt-2 font-display text-4xl tabular-nums tracking-tight">
              <Money fils={balanceFils} />
            </p>
            <p className="mt-1 text-xs text-brand-200">
              Held in AED{currency === 'AED' ? '' : `, shown in ${currency}`}.
            </p>
            <div className="mt-6 grid grid-cols-2 gap-3">
              <button
                type="button"
                disabled={!verified}
                aria-describedby={depositNote}
                onClick={() =>
                  toast({
                    title: 'Deposits are not open on your account yet',
                    description: 'Nothing has been charged. We will email you as soon as you can fund your wallet.',
                  })
                }
                className="inline-flex items-center justify-center gap-2 rounded-md bg-white px-4 py-2.5 text-sm font-medium text-brand-900 hover:bg-brand-50 disabled:cursor-not-allowed disabled:bg-white/20 disabled:text-white/70"
              >
                <ArrowDownToLine size={16} aria-hidden="true" />
                Deposit
              </button>
              <button
                type="button"
                disabled={balanceFils <= 0n}
                aria-describedby={withdrawNote}
                className="inline-flex items-center justify-center gap-2 rounded-md border border-white/30 px-4 py-2.5 text-sm font-medium text-white hover:bg-white/10 disabled:cursor-not-allowed disabled:text-white/60"
              >
                <ArrowUpFromLine size={16} aria-hidden="true" />
                Withdraw
              </button>
            </div>
            <div className="mt-4 space-y-2 text-xs leading-relaxed text-brand-100">
              <p id={depositNote}>
                {verified
                  ? 'Add money by bank transfer or card. The transaction charge depends on the method you choose.'
                  : 'Deposits open once your identity is verified.'}
              </p>
              <p id={withdrawNote}>{balanceFils <= 0n ? 'There is nothing to withdraw yet.' : 'Withdrawals go to a bank account in your name.'}</p>
            </div>
          </section>

          {!verified && (
            <section aria-labelledby="wallet-kyc-title" className={`rounded-xl border border-sand-200 bg-sand-50 p-5`}>
              <div className="flex items-start gap-3">
                <ShieldAlert size={20} className="mt-0.5 shrink-0 text-sand-700" aria-hidden="true" />
                <div>
                  <h2 id="wallet-kyc-title" className="text-sm font-semibold text-ink">
                    Verify your identity to add money
                  </h2>
                  <p className="mt-1 text-sm text-slate-600">
                    We confirm who you are before any money moves. It takes 5-10 minutes; deposits open as soon as you're approved.
                  </p>
                  <a href="/kyc" className={`${btn.primary} mt-3`}>
                    Verify now
                  </a>
                </div>
              </div>
            </section>
          )}
        </div>

        <div className="space-y-6 lg:col-span-2">
          <PaymentMethods />
          <WalletHistory />
        </div>
      </div>
    </Screen>
  );
}

export function Wallet() {
  const viewer = useViewer();
  return (
    <ForViewer
      viewer={viewer}
      visitor={() => (
        <SignedOutCard
          icon={WalletIcon}
          title="Your Manzil wallet"
          points={[
            'Your available balance, in AED or the currency you choose',
            'Deposits by bank transfer or card, with the charge shown before you pay',
            'Withdrawals to a bank account in your name',
            'A full history of deposits, investments, rental income and withdrawals',
          ]}
        >
          Your wallet holds the money you invest with and the rent your properties pay you. Log in to see it, or create an account to get started.
        </SignedOutCard>
      )}
      user={(u) => <WalletForUser user={u} />}
    />
  );
}

export default function WalletIsland() {
  return (
    <AppProviders>
      <WithErrorFallback component="Wallet">
        <Wallet />
      </WithErrorFallback>
    </AppProviders>
  );
}
