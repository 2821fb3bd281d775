import { useQuery } from '@tanstack/react-query';
import { Building2, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import type { CurrentUser } from '@modules/auth/contract';
import type { InvestmentJson } from '@modules/investing/contract';
import { MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { ApiError, errorText } from '@site/lib/api';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { type CheckoutParams, readCheckoutParams } from './checkout/model';
import { CheckoutOrder } from './checkout/Order';
import { Receipt } from './checkout/Receipt';
import { btn, card, EmptyState, ForViewer, Screen, SignedOutCard, useMoney, useViewer } from './ui';
import { Problem, Spinner } from './wallet/shared';

export function CheckoutEmpty() {
  const money = useMoney();
  return (
    <Screen eyebrow="Checkout" title="Checkout">
      <section aria-labelledby="checkout-empty" className={card}>
        <h2 id="checkout-empty" className="sr-only">
          Your order
        </h2>
        <EmptyState
          icon={ShoppingBag}
          title="Nothing to check out yet — choose a property to invest in"
          actions={
            <a href="/properties" className={btn.primary}>
              <Building2 size={16} aria-hidden="true" />
              Browse properties
            </a>
          }
        >
          Pick a property, choose how much to invest (from {money(MIN_INVESTMENT_FILS)}), and you'll confirm the shares, fees and total here before
          anything is paid from your wallet.
        </EmptyState>
      </section>
    </Screen>
  );
}

/** A receipt opened from its address (/checkout?receipt={id}), e.g. after a reload. */
function StoredReceipt({ investmentId }: { investmentId: string }) {
  const q = useQuery<InvestmentJson>({ queryKey: [`/api/investments/${encodeURIComponent(investmentId)}`] });
  if (q.isPending) return <Spinner label="Loading your receipt…" />;
  if (q.isError || !q.data) {
    const notFound = q.error instanceof ApiError && q.error.status === 404;
    return (
      <Problem
        title={notFound ? "We couldn't find that receipt" : "We couldn't load the receipt"}
        action={
          <a href="/dashboard" className={btn.secondary}>
            Go to your dashboard
          </a>
        }
      >
        {notFound ? 'Your investments are all listed on your dashboard.' : errorText(q.error, 'Please try again.')}
      </Problem>
    );
  }
  return <Receipt investment={q.data} />;
}

export function CheckoutForUser({ user, params }: { user: CurrentUser; params: CheckoutParams }) {
  const [bought, setBought] = useState<InvestmentJson | null>(null);
  if (params.kind === 'empty' && !bought) return <CheckoutEmpty />;
  const showingReceipt = bought !== null || params.kind === 'receipt';
  return (
    <Screen
      eyebrow="Checkout"
      title={showingReceipt ? 'Your receipt' : 'Confirm your investment'}
      description={showingReceipt ? undefined : 'Check the shares, fees and total. Nothing is paid until you confirm.'}
    >
      {bought ? (
        <Receipt investment={bought} justBought />
      ) : params.kind === 'receipt' ? (
        <StoredReceipt investmentId={params.investmentId} />
      ) : params.kind === 'order' ? (
        <CheckoutOrder user={user} propertyId={params.propertyId} amountFils={params.amountFils} onInvested={setBought} />
      ) : null}
    </Screen>
  );
}

export function Checkout({ search = typeof window === 'undefined' ? '' : window.location.search }: { search?: string }) {
  const viewer = useViewer();
  const [params] = useState(() => readCheckoutParams(search));
  return (
    <ForViewer
      viewer={viewer}
      visitor={() => (
        <SignedOutCard
          icon={ShoppingBag}
          title="Checkout"
          points={[
            'Review the property, number of shares and price per share',
            'See every fee and the total before you confirm',
            'Pay from your wallet balance',
          ]}
        >
          This is where you confirm an investment. Log in to continue, or create an account to start investing.
        </SignedOutCard>
      )}
      user={(u) => <CheckoutForUser user={u} params={params} />}
    />
  );
}

export default function CheckoutIsland() {
  return (
    <AppProviders>
      <WithErrorFallback component="Checkout">
        <Checkout />
      </WithErrorFallback>
    </AppProviders>
  );
}
