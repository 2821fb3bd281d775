/**
 * /portfolio/holding?property=<id>: one of the investor's holdings. Their shares, what they are worth at
 * the latest valuation and what they cost (GET /api/portfolio), a slot for returns (`children`, rendered
 * only when given), their distributions from the property (GET /api/distributions?propertyId=) and the
 * property's P&L from its books (PnlSection). A visitor is asked to sign in.
 */
import { ArrowLeft, Building2, CircleHelp, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { HoldingJson } from '@modules/investing/contract';
import { formatDate } from '@modules/platform/dates';
import { bpsToPercent } from '@modules/properties/contract';
import { btn, card, EmptyState, Screen, Section, SignedOutCard, useMoney, useViewer, ViewerError } from '@site/components/app/ui';
import { SignedMoney } from '@site/components/app/wallet/History';
import { Problem, Skeleton } from '@site/components/app/wallet/shared';
import { LoadingContent } from '@site/components/react/LoadingContent';
import { errorText } from '@site/lib/api';
import { usePnl, usePortfolio } from './data';
import { fils, shares } from './format';
import { MyDistributions } from './MyDistributions';
import { PnlSection } from './PnlSection';

const signedPercent = (bps: number) => (bps === 0 ? '0%' : `${bps > 0 ? '+' : '−'}${bpsToPercent(Math.abs(bps))}%`);

function HoldingFigures({ h }: { h: HoldingJson }) {
  const money = useMoney();
  const reserved = fils(h.reservedUnits);
  const items: { label: string; value: ReactNode; note: string }[] = [
    {
      label: 'Your shares',
      value: shares(h.units),
      note: `${h.ownershipBps === 0 && fils(h.units) > 0n ? 'Under 0.01%' : `${bpsToPercent(h.ownershipBps)}%`} of the property${reserved > 0n ? ` · ${shares(h.reservedUnits)} in open sell orders` : ''}`,
    },
    { label: 'Value', value: money(fils(h.currentValue)), note: h.valuedOn ? `At the valuation of ${formatDate(h.valuedOn)}: ${money(fils(h.currentSharePrice))} a share` : `At the latest valuation: ${money(fils(h.currentSharePrice))} a share` },
    { label: 'Cost', value: money(fils(h.cost)), note: 'What your shares cost, before fees' },
    { label: 'Change in value', value: <SignedMoney value={fils(h.gain)} />, note: `${signedPercent(h.gainBps)} on what you paid, before income` },
  ];
  return (
    <section aria-labelledby="holding-figures-title">
      <h2 id="holding-figures-title" className="sr-only">
        Your holding
      </h2>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {items.map((i) => (
          <div key={i.label} className={`${card} p-5`}>
            <dt className="text-sm font-medium text-slate-500">{i.label}</dt>
            <dd className="mt-2 font-display text-2xl tabular-nums tracking-tight text-ink">{i.value}</dd>
            <dd className="mt-1 text-xs text-slate-500">{i.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function HoldingView({ propertyId, children }: { propertyId: string; children?: ReactNode }) {
  const portfolio = usePortfolio();
  const pnl = usePnl(propertyId);
  const holding = portfolio.data?.holdings.find((h) => h.property.id === propertyId || h.property.slug === propertyId) ?? null;
  const title = holding?.property.title ?? pnl.data?.title;
  const id = holding?.property.id ?? propertyId;
  const place = holding ? `${holding.property.community}, ${holding.property.city}` : pnl.data?.reference;
  return (
    <Screen
      eyebrow="Your holding"
      title={title ?? (portfolio.isPending || pnl.isPending ? 'Your holding' : 'Property')}
      description={place}
      actions={
        <>
          <a href="/dashboard" className={btn.quiet}>
            <ArrowLeft size={16} aria-hidden="true" /> Dashboard
          </a>
          <a href={`/property/${encodeURIComponent(holding?.property.slug || id)}`} className={btn.quiet}>
            <Building2 size={16} aria-hidden="true" /> Property page
          </a>
        </>
      }
    >
      <div className="space-y-6">
        {portfolio.isPending ? (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-28 w-full" />
            ))}
          </div>
        ) : portfolio.isError ? (
          <Problem
            title="We couldn't load your holding"
            action={
              <button type="button" className={btn.secondary} onClick={() => void portfolio.refetch()}>
                <RefreshCw size={16} aria-hidden="true" /> Try again
              </button>
            }
          >
            {errorText(portfolio.error, 'Please try again.')}
          </Problem>
        ) : holding ? (
          <HoldingFigures h={holding} />
        ) : (
          <p role="status" className="rounded-lg border border-sand-200 bg-sand-50 p-4 text-sm text-slate-700">
            You don't hold shares of this property now. Any distributions you received from it, and its books, are below.
          </p>
        )}
        {children ? <div data-slot="holding-returns">{children}</div> : null}
        <Section id="holding-distributions-title" title="Your distributions" description="What this property has paid you from its rent, month by month.">
          <MyDistributions propertyId={id} propertyTitle={title} />
        </Section>
        <Section id="holding-pnl-title" title="Income and costs" description="The property's rent, costs, reserve and distributions by month, in AED, from its books.">
          <PnlSection propertyId={id} />
        </Section>
      </div>
    </Screen>
  );
}

/**
 * The holding page for whoever is looking: a visitor is asked to sign in. `children` is the returns
 * area (rendered between the figures and the distributions, and nothing at all when none is given).
 */
export function HoldingPage({ propertyId, children }: { propertyId: string | null; children?: ReactNode }) {
  const viewer = useViewer();
  if (viewer.state === 'loading') return <LoadingContent />;
  if (viewer.state === 'error') return <ViewerError message={viewer.message} retry={viewer.retry} />;
  if (viewer.state === 'visitor')
    return (
      <SignedOutCard icon={Building2} title="Your holding" points={['Your shares, their value at the latest valuation and what they cost', 'Every distribution the property has paid you', "The property's income and costs, month by month, from its books"]}>
        Log in to see this holding.
      </SignedOutCard>
    );
  if (!propertyId)
    return (
      <Screen title="Holding not found">
        <EmptyState
          icon={CircleHelp}
          title="We could not find that holding"
          actions={
            <a href="/dashboard" className={btn.primary}>
              See my properties
            </a>
          }
        >
          The link may be incomplete. Your holdings are listed on your dashboard.
        </EmptyState>
      </Screen>
    );
  return <HoldingView propertyId={propertyId}>{children}</HoldingView>;
}
