/**
 * Loaded on demand by site/scripts/auth-launcher.ts the first time a dialog opens: React, the
 * dialogs and (when the page has none) a toaster. Nothing here ships with the page itself.
 */
import { createRoot } from 'react-dom/client';
import { AppProviders } from '../react/AppProviders';
import Toaster from '../react/Toaster';
import { AuthDialogs } from './AuthDialogs';
import { type AuthDialogKind, openAuthDialog } from './dialog-state';

let mounted = false;

/** Pages built on AppLayout already render a Toaster island; a second one would show every toast twice. */
function pageHasToaster(): boolean {
  return Boolean(
    document.querySelector('astro-island[component-url*="Toaster"]') ?? document.querySelector('[role="region"][aria-label^="Notifications"]'),
  );
}

export function openDialog(kind: AuthDialogKind, opener: HTMLElement | null = null) {
  if (!mounted) {
    mounted = true;
    const host = document.createElement('div');
    host.id = 'auth-dialogs';
    document.body.append(host);
    const withToaster = !pageHasToaster();
    createRoot(host).render(
      <AppProviders>
        <AuthDialogs />
        {withToaster && <Toaster />}
      </AppProviders>,
    );
  }
  openAuthDialog(kind, opener);
}
