// The home page's chat button. The panel (React + the chat engine) is imported only on demand:
// warmed on hover or focus, mounted on click. It closes when the visitor navigates away from /.
import { PRODUCT_NAME } from '@modules/platform/contract';

type Mounted = { unmount: () => void };

const launcher = document.querySelector<HTMLElement>('[data-chat-launcher]');
const button = document.querySelector<HTMLButtonElement>('[data-chat-launcher-button]');
const root = document.querySelector<HTMLElement>('[data-chat-panel-root]');

if (launcher && button && root) {
  let panel: Mounted | null = null;
  let loading: Promise<typeof import('@modules/chat/ui/mount-panel')> | null = null;
  const load = () => (loading ??= import('@modules/chat/ui/mount-panel'));

  const close = () => {
    if (!panel) return;
    panel.unmount();
    panel = null;
    launcher.hidden = false;
    button.setAttribute('aria-expanded', 'false');
    button.focus();
  };

  const open = async () => {
    if (panel) return;
    button.setAttribute('aria-busy', 'true');
    try {
      const { mountChatPanel } = await load();
      if (panel) return;
      panel = mountChatPanel(root, { onClose: close });
      button.setAttribute('aria-expanded', 'true');
      button.setAttribute('aria-label', `Open ${PRODUCT_NAME} AI chat`);
      button.querySelector('[data-chat-launcher-badge]')?.remove();
      launcher.hidden = true;
    } catch {
      loading = null; // a failed chunk load (offline): let the next click try again
    } finally {
      button.removeAttribute('aria-busy');
    }
  };

  button.addEventListener('pointerenter', () => void load(), { once: true });
  button.addEventListener('focus', () => void load(), { once: true });
  button.addEventListener('click', () => void open());

  // The panel exists only on /: leaving the page (or a client-side route change) closes it.
  const leaving = () => {
    if (location.pathname !== '/') close();
  };
  window.addEventListener('popstate', leaving);
  window.addEventListener('pagehide', close);
  document.addEventListener('astro:before-swap', close);
}
