/**
 * /sip-setup: the investor's plans (when there are any) over the form that starts a new one. A visitor
 * sees the form and the illustration, and is asked to sign up before anything is previewed or saved.
 */
import { MIN_INVESTMENT_FILS } from '@modules/platform/contract';
import { MyPlans } from '@modules/sip/ui/MyPlans';
import { SipSetupForm } from '@modules/sip/ui/SetupForm';
import { LoadingContent } from '../react/LoadingContent';
import { AppProviders } from '../react/AppProviders';
import { WithErrorFallback } from '../react/ErrorFallback';
import { Screen, useMoney, useViewer, ViewerError } from './ui';

export function SipSetup({ today, navigate }: { today?: string; navigate?: (url: string) => void }) {
  const money = useMoney();
  const viewer = useViewer();
  return (
    <Screen
      eyebrow="Systematic investment plan"
      title="Invest a little every month"
      description={
        <>
          A SIP invests a fixed amount in UAE property on the same day each month, from {money(MIN_INVESTMENT_FILS)}. Regular investing smooths out the timing of when
          you buy, and small amounts add up.
        </>
      }
    >
      {viewer.state === 'loading' ? (
        <LoadingContent />
      ) : viewer.state === 'error' ? (
        <ViewerError message={viewer.message} retry={viewer.retry} />
      ) : (
        <div className="space-y-6">
          {viewer.state === 'user' ? <MyPlans /> : null}
          <SipSetupForm user={viewer.state === 'user' ? viewer.user : null} today={today} navigate={navigate} />
        </div>
      )}
    </Screen>
  );
}

export default function SipSetupIsland() {
  return (
    <AppProviders>
      <WithErrorFallback component="SIP planner">
        <SipSetup />
      </WithErrorFallback>
    </AppProviders>
  );
}
