/**
 * Loaded on demand by the home page's chat button (site/scripts/chat-launcher.ts), so React and the chat
 * ship only when someone opens it. Mounts the panel with the page's providers and, if the page has none, a toaster.
 */
import { createRoot } from 'react-dom/client';
import { AppProviders } from '@site/components/react/AppProviders';
import Toaster from '@site/components/react/Toaster';
import { ChatPanel } from './ChatPanel';

export type MountedChatPanel = { unmount: () => void };

export function mountChatPanel(container: HTMLElement, { onClose }: { onClose: () => void }): MountedChatPanel {
  const root = createRoot(container);
  // Radix's toast region: present when the page already renders a Toaster island.
  const pageHasToaster = !!document.querySelector('[role="region"][aria-label^="Notifications"]');
  root.render(
    <AppProviders>
      <ChatPanel onClose={onClose} />
      {pageHasToaster ? null : <Toaster />}
    </AppProviders>,
  );
  return { unmount: () => root.unmount() };
}
