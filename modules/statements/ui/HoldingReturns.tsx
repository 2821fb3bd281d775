/**
 * The holding page's returns on one property, from GET /api/returns: what the investor put in and holds,
 * the rent paid to them, value change, total return and XIRR. Mounted by the holding page as
 * <HoldingReturns propertyId={id} />.
 */
import { Building2 } from 'lucide-react';
import { toFils } from '@modules/platform/money';
import { unitsToShareString } from '@modules/properties/contract';
import { EmptyState, Section } from '@site/components/app/ui';
import { useReturns } from './data';
import { FeesLine, LoadProblem, Tiles, TilesLoading, useReturnTiles } from './Figures';

export function HoldingReturns({ propertyId }: { propertyId: string }) {
  const q = useReturns();
  const tiles = useReturnTiles();
  const title = 'Your returns on this property';
  if (q.isPending) {
    return (
      <Section id={`holding-returns-${propertyId}`} title={title}>
        <TilesLoading label="Loading your returns on this property…" />
      </Section>
    );
  }
  if (q.isError) {
    return (
      <Section id={`holding-returns-${propertyId}`} title={title}>
        <LoadProblem title="We couldn't load your returns" error={q.error} retry={() => void q.refetch()} />
      </Section>
    );
  }
  const h = q.data.holdings.find((x) => x.property.id === propertyId);
  if (!h) {
    return (
      <Section id={`holding-returns-${propertyId}`} title={title}>
        <EmptyState icon={Building2} title="You have no shares in this property">
          Once you invest, the rent it pays you, the change in its value and your annual return appear here.
        </EmptyState>
      </Section>
    );
  }
  const description = h.held
    ? `You hold ${unitsToShareString(toFils(h.units))} shares of ${h.property.title}.`
    : `You sold all your shares of ${h.property.title}; these are the returns you made while you held them.`;
  return (
    <Section id={`holding-returns-${propertyId}`} title={title} description={description}>
      <Tiles tiles={tiles(h)} />
      <FeesLine r={h} />
    </Section>
  );
}
