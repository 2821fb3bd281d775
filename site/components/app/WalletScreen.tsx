import { useQuery } from '@tanstack/react-query';
import { ArrowDownToLine, ArrowUpFromLine, Banknote, CreditCard, Landmark, RefreshCw, ShieldAlert, Wallet as WalletIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { CurrentUser } from '@modules/auth/contract';
import { isKycVerified } from '@modules/auth/contract';
import { FeePanel } from '@modules/fees/ui/FeePanel';
import { usePublicSettings } from '@modules/settings/ui/use-public-settings';
import { bpsLabel, MIN_WITHDRAWAL_FILS, PAYMENT_METHODS, type WalletSummary } from '@modules/wallet/contract';
import { IncomePanel } from '@modules/statements/ui/IncomePanel';
import { errorText } from '@site/lib/api';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { btn, ForViewer, Money, Screen, Section, SignedOutCard, useCurrency, useMoney, useViewer } from './ui';
import { DepositPanel } from './wallet/DepositPanel';
import { Statements, WalletHistory, Withdrawals } from './wallet/History';
import { fils, Skeleton, WALLET_URL } from './wallet/shared';
import { WithdrawPanel } from './wallet/WithdrawPanel';
import { isStaffRole } from '@modules/auth/permissions-contract';

export { HISTORY_COLUMNS } from './wallet/History';

const METHOD_ICONS = { 'uae-bank-transfer': Landmark, 'international-transfer': Banknote, 'debit-card': CreditCard, 'credit-card': CreditCard } as const;

export function PaymentMethods() {
  const settings = usePublicSettings();
  const range = settings.data?.transactionChargeRange;
  const rates = settings.data?.transactionChargeBps;
  return (
    <Section
      id="methods-title"
      title="Payment methods"
      description={`Transaction charges ${range ? `range from ${bpsLabel(range.min)} to ${bpsLabel(range.max)}` : 'vary'}, depending on how you pay, plus 5% VAT on the charge. The exact charge is shown before you confirm.`}
    >
      <ul className="divide-y divide-slate-100">
        {PAYMENT_METHODS.map((m) => {
          const Icon = METHOD_ICONS[m.key] ?? Banknote;
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
                <span className="block font-display text-lg tabular-nums text-ink">{rates?.[m.key] !== undefined ? bpsLabel(rates[m.key]!) : '…'}</span>
                <span className="block text-xs text-slate-500">charge</span>
              </p>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}

type Panel = 'deposit' | 'withdraw' | null;

function BalanceCard({ summary, verified, onOpen }: { summary: ReturnType<typeof useWallet>; verified: boolean; onOpen: (p: Exclude<Panel, null>) => void }) {
  const currency = useCurrency();
  const money = useMoney();
  const depositNote = useId();
  const withdrawNote = useId();
  const data = summary.data;
  const available = fils(data?.available);
  const held = fils(data?.held);
  const pendingDeposits = fils(data?.pendingDeposits);
  const canWithdraw = available >= MIN_WITHDRAWAL_FILS;
  return (
    <section aria-labelledby="balance-title" className="overflow-hidden rounded-xl bg-gradient-to-br from-brand-950 to-brand-800 p-6 text-white shadow-sm">
      <h2 id="balance-title" className="text-sm font-medium text-brand-100">
        Available balance
      </h2>
      {summary.isPending ? (
        <p className="mt-2 font-display text-4xl tabular-nums tracking-tight" aria-busy="true">
          <span className="sr-only">Loading your balance…</span>
          <Skeleton className="h-10 w-44 bg-white/15" />
        </p>
      ) : summary.isError ? (
        <div role="alert" className="mt-2 text-sm text-brand-50">
          <p>We couldn't load your balance. {errorText(summary.error, '')}</p>
          <button type="button" onClick={() => void summary.refetch()} className="mt-3 inline-flex items-center gap-2 rounded-md bg-white/10 px-3 py-1.5 text-sm hover:bg-white/20">
            <RefreshCw size={14} aria-hidden="true" />
            Try again
          </button>
        </div>
      ) : (
        <p className="mt-2 font-display text-4xl tabular-nums tracking-tight">
          <Money fils={available} />
        </p>
      )}
      <p className="mt-1 text-xs text-brand-200">Held in AED{currency === 'AED' ? '' : `, shown in ${currency}`}.</p>
      {data && (held > 0n || pendingDeposits > 0n) ? (
        <dl className="mt-4 space-y-1 border-t border-white/15 pt-3 text-xs text-brand-100">
          <div className="flex justify-between gap-3">
            <dt>In your wallet</dt>
            <dd className="tabular-nums text-white">{money(fils(data.balance))}</dd>
          </div>
          {held > 0n ? (
            <div className="flex justify-between gap-3">
              <dt>Held for withdrawals</dt>
              <dd className="tabular-nums text-white">{money(held)}</dd>
            </div>
          ) : null}
          {pendingDeposits > 0n ? (
            <div className="flex justify-between gap-3">
              <dt>Deposits on the way</dt>
              <dd className="tabular-nums text-white">{money(pendingDeposits)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <div className="mt-6 grid grid-cols-2 gap-3">
        <button
          type="button"
          disabled={!verified || !data}
          aria-describedby={depositNote}
          onClick={() => onOpen('deposit')}
          className="inline-flex items-center justify-center gap-2 rounded-md bg-white px-4 py-2.5 text-sm font-medium text-brand-900 hover:bg-brand-50 disabled:cursor-not-allowed disabled:bg-white/20 disabled:text-white/70"
        >
          <ArrowDownToLine size={16} aria-hidden="true" />
          Deposit
        </button>
        <button
          type="button"
          disabled={!canWithdraw}
          aria-describedby={withdrawNote}
          onClick={() => onOpen('withdraw')}
          className="inline-flex items-center justify-center gap-2 rounded-md border border-white/30 px-4 py-2.5 text-sm font-medium text-white hover:bg-white/10 disabled:cursor-not-allowed disabled:text-white/60"
        >
          <ArrowUpFromLine size={16} aria-hidden="true" />
          Withdraw
        </button>
      </div>
      <div className="mt-4 space-y-2 text-xs leading-relaxed text-brand-100">
        <p id={depositNote}>
          {verified ? 'Add money by bank transfer or card. The transaction charge depends on the method you choose.' : 'Deposits open once your identity is verified.'}
        </p>
        <p id={withdrawNote}>
          {available <= 0n ? 'There is nothing to withdraw yet.' : canWithdraw ? 'Withdrawals go to a bank account in your name.' : `Withdrawals start from ${money(MIN_WITHDRAWAL_FILS)}.`}
        </p>
      </div>
    </section>
  );
}

/** The panel the address asks for: ?action=deposit or ?action=withdraw. */
export function initialPanel(search = typeof window === 'undefined' ? '' : window.location.search): Panel {
  const action = new URLSearchParams(search).get('action');
  return action === 'deposit' || action === 'withdraw' ? action : null;
}

function useWallet() {
  return useQuery<WalletSummary>({ queryKey: [WALLET_URL] });
}

export function WalletForUser({ user }: { user: CurrentUser }) {
  const verified = isKycVerified(user.kycStatus);
  const summary = useWallet();
  // /wallet?action=deposit (the checkout's "add money" link) opens the deposit form at once.
  const [panel, setPanel] = useState<Panel>(() => initialPanel());

  return (
    <Screen eyebrow="Wallet" title="Your wallet" description="Fund your wallet, invest from it, and receive your rental income into it.">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="space-y-6 lg:col-span-1">
          <BalanceCard summary={summary} verified={verified} onOpen={setPanel} />
          {!verified && (
            <section aria-labelledby="wallet-kyc-title" className="rounded-xl border border-sand-200 bg-sand-50 p-5">
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
          <Statements />
        </div>

        <div className="space-y-6 lg:col-span-2">
          {panel === 'deposit' && verified ? <DepositPanel onClose={() => setPanel(null)} /> : null}
          {panel === 'withdraw' && verified ? (
            <WithdrawPanel
              availableFils={fils(summary.data?.available)}
              payeeName={summary.data?.payeeName ?? [user.firstName, user.lastName].filter(Boolean).join(' ')}
              onClose={() => setPanel(null)}
            />
          ) : null}
          <Withdrawals />
          {verified ? <FeePanel onDeposit={() => setPanel('deposit')} /> : null}
          <WalletHistory />
          {isStaffRole(user.role) ? null : <IncomePanel />}
          <PaymentMethods />
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
