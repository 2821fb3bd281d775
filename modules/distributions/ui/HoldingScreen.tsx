/** The island of /portfolio/holding: the holding named by ?property= in the address. */
import type { ReactNode } from 'react';
import { AppProviders } from '@site/components/react/AppProviders';
import { WithErrorFallback } from '@site/components/react/ErrorFallback';
import { HoldingPage } from './HoldingPage';

export default function HoldingScreen({ children }: { children?: ReactNode }) {
  const id = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('property');
  return (
    <AppProviders>
      <WithErrorFallback component="holding">
        <HoldingPage propertyId={id}>{children}</HoldingPage>
      </WithErrorFallback>
    </AppProviders>
  );
}
