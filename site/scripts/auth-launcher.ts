/**
 * Opens the login and signup dialogs (spec §2). Vanilla and tiny: any click on
 * [data-open-dialog="login"|"signup"] opens that dialog instead of navigating, and a page that sets
 * data-open-dialog-on-load (the home page at /login and /signup) opens it at once. React and the
 * dialogs are fetched only then (warmed up on hover/focus of a trigger).
 */
import { dialogKind, postLoginDestination, readFirstPage, tabStorage } from '../lib/session-flow';
import { loadSession } from '../lib/stores/session';

type MountModule = typeof import('../components/session/mount');
let mount: Promise<MountModule> | null = null;
const loadMount = () => (mount ??= import('../components/session/mount'));

function open(kind: 'login' | 'signup', opener: HTMLElement | null) {
  opener?.setAttribute('aria-busy', 'true');
  loadMount()
    .then((m) => m.openDialog(kind, opener))
    .catch((err) => {
      console.error('The sign-in dialog could not load', err);
      mount = null;
      // Offline or a stale deploy: fall back to the link's own page.
      const href = opener instanceof HTMLAnchorElement ? opener.href : null;
      if (href && new URL(href).pathname !== location.pathname) location.assign(href);
    })
    .finally(() => opener?.removeAttribute('aria-busy'));
}

/** The mobile menu stays out of the way once a dialog opens from it. */
function closeMobileMenu(opener: Element) {
  const panel = opener.closest<HTMLElement>('#mobile-menu');
  if (!panel) return;
  panel.hidden = true;
  document.querySelector('[data-menu-button]')?.setAttribute('aria-expanded', 'false');
}

function onLoadRequest(): 'login' | 'signup' | null {
  return dialogKind(
    document.body.dataset.openDialogOnLoad ??
      document.documentElement.dataset.openDialogOnLoad ??
      document.querySelector('[data-open-dialog-on-load]')?.getAttribute('data-open-dialog-on-load'),
  );
}

let started = false;
export function startAuthLauncher() {
  if (started) return;
  started = true;

  document.addEventListener('click', (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const el = (e.target as Element | null)?.closest?.<HTMLElement>('[data-open-dialog]');
    const kind = dialogKind(el?.dataset.openDialog);
    if (!el || !kind) return;
    e.preventDefault();
    closeMobileMenu(el);
    open(kind, el);
  });

  const warm = (e: Event) => {
    if ((e.target as Element | null)?.closest?.('[data-open-dialog]')) void loadMount().catch(() => (mount = null));
  };
  document.addEventListener('pointerover', warm, { passive: true });
  document.addEventListener('focusin', warm);

  const kind = onLoadRequest();
  if (kind) {
    void loadMount().catch(() => (mount = null));
    void loadSession().then((state) => {
      // Already signed in: /login and /signup have nothing to offer, go where a login would.
      if (state.status === 'user') {
        location.replace(postLoginDestination(state.user.role, readFirstPage(tabStorage()), Boolean(state.user.mfaRequired && !state.user.mfaEnabled)));
        return;
      }
      if (state.status === 'mfa-pending') return; // the header sends them to the code screen
      open(kind, null);
    });
  }
}
