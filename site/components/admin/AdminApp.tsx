/**
 * The admin back office: one client-routed React app (wouter) mounted on every prerendered /admin
 * path. The location is normalised (lower case, no trailing slash) before matching, each route
 * change scrolls to the top and restarts the 3 s progress bar, and access is checked against
 * GET /api/auth/me (the server enforces roles, and staff MFA, on every admin call regardless).
 */
import { useEffect } from 'react';
import { Router, useLocation, type BaseLocationHook } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { errorText } from '@site/lib/api';
import { useCurrentUser } from '@site/lib/stores/auth';
import { AppProviders } from '../react/AppProviders';
import { LoadingContent } from '../react/LoadingContent';
import Toaster from '../react/Toaster';
import { mustSetUpMfa } from '@modules/auth/contract';
import { AccessCheckFailed, AdminsOnly, MfaSetupRequired, SignInRequired } from './AccessScreens';
import { AdminShell } from './AdminShell';
import { documentTitle, normalizeAdminPath, resolveAdminRoute } from './routing';
import { isStaffRole } from '@modules/auth/permissions-contract';

/** The browser location with the path normalised, so '/ADMIN/Users/' matches '/admin/users'. */
export const useAdminLocation: BaseLocationHook = (options?: { ssrPath?: string }) => {
  const [path, navigate] = useBrowserLocation(options);
  return [normalizeAdminPath(path), navigate];
};

function AdminRoot() {
  const [location] = useLocation();
  const route = resolveAdminRoute(location);
  const me = useCurrentUser();

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    document.title = documentTitle(route);
  }, [location]); // eslint-disable-line react-hooks/exhaustive-deps -- route derives from location

  let body;
  if (me.isPending) body = <LoadingContent />;
  else if (me.isError) body = <AccessCheckFailed message={errorText(me.error, 'Failed to get user data')} onRetry={() => void me.refetch()} />;
  else if (!me.data) body = <SignInRequired />;
  else if (!isStaffRole(me.data.role)) body = <AdminsOnly name={me.data.firstName} />;
  // The server answers 403 mfa_setup_required to every admin call until this staff account has MFA.
  else if (mustSetUpMfa(me.data)) body = <MfaSetupRequired name={me.data.firstName} />;
  else body = <AdminShell route={route} user={me.data} />;

  return (
    <>
      {/* Re-mounted on every route change, which restarts its 3 s CSS animation. */}
      <div key={location} className="progress-bar" aria-hidden="true" />
      {body}
    </>
  );
}

export default function AdminApp() {
  return (
    <AppProviders>
      <Router hook={useAdminLocation}>
        <AdminRoot />
      </Router>
      <Toaster />
    </AppProviders>
  );
}
