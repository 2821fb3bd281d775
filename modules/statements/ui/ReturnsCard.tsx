/**
 * The dashboard's "Returns" card, from GET /api/returns: income return, value change and total return (each
 * as an amount and a percent of what was invested) and the portfolio's annual return (XIRR), each with a
 * sentence saying what it is. Before the first investment, an invitation instead.
 */
import { ArrowRight, TrendingUp } from 'lucide-react';
import { toFils } from '@modules/platform/money';
import { btn, EmptyState, Section } from '@site/components/app/ui';
import { useReturns } from './data';
import { FeesLine, LoadProblem, Tiles, TilesLoading, useReturnTiles } from './Figures';

export function ReturnsCard() {
  const q = useReturns();
  const tiles = useReturnTiles();
  const title = 'Returns';
  if (q.isPending) {
    return (
      <Section id="returns-title" title={title}>
        <TilesLoading label="Loading your returns…" />
      </Section>
    );
  }
  if (q.isError) {
    return (
      <Section id="returns-title" title={title}>
        <LoadProblem title="We couldn't load your returns" error={q.error} retry={() => void q.refetch()} />
      </Section>
    );
  }
  const r = q.data.portfolio;
  if (toFils(r.invested) === 0n && q.data.holdings.length === 0) {
    return (
      <Section id="returns-title" title={title}>
        <EmptyState
          icon={TrendingUp}
          title="Your returns start with your first investment"
          actions={
            <a href="/properties" className={btn.primary}>
              Browse properties <ArrowRight size={16} aria-hidden="true" />
            </a>
          }
        >
          Once you own shares, this card shows the rent paid to you, how the value of your properties has changed, and your annual return.
        </EmptyState>
      </Section>
    );
  }
  return (
    <Section id="returns-title" title={title} description="Rent and price apart, as a share of what you invested, and your annual return over the real dates of your payments.">
      <Tiles tiles={tiles(r)} />
      <FeesLine r={r} />
    </Section>
  );
}
