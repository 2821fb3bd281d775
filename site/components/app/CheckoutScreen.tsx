import { Building2, ShoppingBag } from 'lucide-react';
import { MIN_INVESTMENT_FILS } from '../../../modules/platform/contract';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { btn, card, EmptyState, ForViewer, Screen, SignedOutCard, useMoney, useViewer } from './ui';

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

export function Checkout() {
  const viewer = useViewer();
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
      user={() => <CheckoutEmpty />}
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
