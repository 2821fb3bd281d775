/**
 * /exchange: the market list, the chosen property's book, chart and recent trades, the order ticket with
 * its live quote, and the investor's own holdings, open orders and trades. A visitor sees what the
 * exchange is and how to sign in (every exchange answer needs a session).
 */
import { useState } from 'react';
import { isKycVerified } from '@modules/auth/contract';
import { LoadingContent } from '@site/components/react/LoadingContent';
import { Screen, useViewer, ViewerError } from '@site/components/app/ui';
import { useMarkets } from './data';
import { Holdings } from './Holdings';
import { MarketList } from './MarketList';
import { MyOrders } from './MyOrders';
import { MyTrades } from './MyTrades';
import { OrderTicket, type TicketPrefill } from './OrderTicket';
import { PropertyMarket } from './PropertyMarket';
import { VisitorIntro } from './VisitorIntro';

/** Keeps the chosen property in the address, so a reload or a shared link opens the same book. */
function remember(propertyId: string) {
  if (typeof window === 'undefined') return;
  const url = new URL(window.location.href);
  url.searchParams.set('property', propertyId);
  window.history.replaceState(window.history.state, '', url);
}

function Market({ initialProperty, kycApproved }: { initialProperty: string | null; kycApproved: boolean }) {
  const markets = useMarkets();
  const [chosen, setChosen] = useState<string | null>(initialProperty);
  const [prefill, setPrefill] = useState<TicketPrefill | null>(null);
  const items = markets.data?.items ?? [];
  // Until one is chosen, the first property open for trading is shown.
  const selectedId = chosen && (markets.isPending || items.some((m) => m.propertyId === chosen)) ? chosen : (items[0]?.propertyId ?? null);
  const market = items.find((m) => m.propertyId === selectedId) ?? null;
  const select = (id: string) => {
    setChosen(id);
    remember(id);
  };
  const prefillTicket = (p: Omit<TicketPrefill, 'seq'>) => {
    select(p.propertyId);
    setPrefill({ ...p, seq: (prefill?.seq ?? 0) + 1 });
    if (typeof document !== 'undefined') document.getElementById('order-ticket')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="space-y-6 lg:col-span-2">
          <MarketList query={markets} selectedId={selectedId} onSelect={select} />
          {market ? <PropertyMarket market={market} onPickPrice={(side, price) => prefillTicket({ propertyId: market.propertyId, side, price })} /> : null}
        </div>
        <div className="lg:sticky lg:top-6 lg:self-start">
          <OrderTicket market={market} prefill={prefill} kycApproved={kycApproved} />
        </div>
      </div>
      <Holdings markets={items} onSell={(propertyId, units) => prefillTicket({ propertyId, side: 'sell', units })} />
      <MyOrders />
      <MyTrades />
    </div>
  );
}

export function ExchangePage({ initialProperty = null }: { initialProperty?: string | null }) {
  const viewer = useViewer();
  if (viewer.state === 'loading') return <LoadingContent />;
  if (viewer.state === 'error') return <ViewerError message={viewer.message} retry={viewer.retry} />;
  if (viewer.state === 'visitor') return <VisitorIntro />;
  return (
    <Screen
      eyebrow="Exchange"
      title="Buy and sell property shares"
      description="A market open every day: trade shares of funded properties with other investors at the price you choose, or sell to the liquidity pool for an instant exit. Every fee is shown before you confirm."
    >
      <Market initialProperty={initialProperty} kycApproved={isKycVerified(viewer.user.kycStatus)} />
    </Screen>
  );
}
