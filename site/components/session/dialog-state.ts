/** Which auth dialog is open, and the page actions the dialogs take (replaceable in tests). */
import { atom } from 'nanostores';

export type AuthDialogKind = 'login' | 'signup';
export type DialogRequest = { kind: AuthDialogKind; opener: HTMLElement | null; seq: number } | null;

/** The open dialog (null when closed). `seq` changes with every opening, so per-opening checks rerun. */
export const $authDialog = atom<DialogRequest>(null);
let seq = 0;

export function openAuthDialog(kind: AuthDialogKind, opener: HTMLElement | null = null) {
  const current = $authDialog.get();
  // Switching between login and signup keeps the element that opened the first dialog.
  seq += 1;
  $authDialog.set({ kind, opener: current?.opener ?? opener, seq });
}

export function closeAuthDialog() {
  $authDialog.set(null);
}

/** Page navigation, in one place so tests can observe it. */
export const page = {
  assign: (url: string) => window.location.assign(url),
  reload: () => window.location.reload(),
  /** On /login or /signup, switching dialogs updates the address so a reload reopens the same one. */
  followDialog: (kind: AuthDialogKind) => {
    const p = window.location.pathname.toLowerCase().replace(/\/+$/, '');
    if (p === '/login' || p === '/signup') window.history.replaceState(window.history.state, '', `/${kind}${window.location.search}`);
  },
  /** /login and /signup show the home page with a dialog: once it closes, the address says /. */
  settleAddress: () => {
    const p = window.location.pathname.toLowerCase().replace(/\/+$/, '');
    if (p === '/login' || p === '/signup') window.history.replaceState(window.history.state, '', '/');
  },
};
