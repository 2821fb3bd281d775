/** The island of /portfolio/holding: the holding named by ?property= in the address (distributions' HoldingPage) with its returns (statements' HoldingReturns). */
import { AppProviders } from '@site/components/react/AppProviders';
import { WithErrorFallback } from '@site/components/react/ErrorFallback';
import { HoldingReturns } from '@modules/statements/ui/HoldingReturns';
import { HoldingPage } from '@modules/distributions/ui/HoldingPage';

export default function HoldingScreen() {
  const id = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('property');
  return (
    <AppProviders>
      <WithErrorFallback component="holding">
        <HoldingPage propertyId={id}>{id ? <HoldingReturns propertyId={id} /> : null}</HoldingPage>
      </WithErrorFallback>
    </AppProviders>
  );
}
