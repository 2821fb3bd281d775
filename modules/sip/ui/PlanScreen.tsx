/** The island of /sip/plan: the plan named by ?id= in the address. */
import { AppProviders } from '@site/components/react/AppProviders';
import { WithErrorFallback } from '@site/components/react/ErrorFallback';
import { PlanPage } from './PlanPage';

export default function PlanScreen() {
  const id = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('id');
  return (
    <AppProviders>
      <WithErrorFallback component="SIP plan">
        <PlanPage id={id} />
      </WithErrorFallback>
    </AppProviders>
  );
}
