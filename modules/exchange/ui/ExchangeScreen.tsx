/** The island of /exchange: the property named by ?property= in the address is the one shown first. */
import { AppProviders } from '@site/components/react/AppProviders';
import { WithErrorFallback } from '@site/components/react/ErrorFallback';
import { ExchangePage } from './ExchangePage';

export default function ExchangeScreen() {
  const property = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('property');
  return (
    <AppProviders>
      <WithErrorFallback component="Exchange">
        <ExchangePage initialProperty={property} />
      </WithErrorFallback>
    </AppProviders>
  );
}
