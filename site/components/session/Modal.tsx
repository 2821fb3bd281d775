/**
 * An accessible modal: role="dialog" + aria-modal, labelled by its title, focus kept inside (Tab
 * cycles, the rest of the page is inert), Escape and the close button close it, and focus returns
 * to the element that opened it. The toast region stays live so errors are still announced.
 */
import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useRef } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('inert') && el.getClientRects().length > 0);
}

/** Elements that must stay reachable while a modal is open: the modal's own root and any toast region. */
function keepsLive(el: Element, own: Element | null): boolean {
  if (own && (el === own || el.contains(own))) return true;
  if (el.matches('astro-island[component-url*="Toaster"]')) return true;
  return Boolean(el.querySelector('[role="region"][aria-label^="Notifications"]'));
}

type Props = {
  open: boolean;
  onClose: () => void;
  labelledBy: string;
  describedBy?: string;
  /** Where focus goes when the modal opens (defaults to the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus returns when it closes. */
  returnFocusTo?: HTMLElement | null;
  children: ReactNode;
  testId?: string;
};

export function Modal({ open, onClose, labelledBy, describedBy, initialFocus, returnFocusTo, children, testId }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const downOnBackdrop = useRef(false);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = returnFocusTo ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    const root = panel.current?.closest('[data-modal-root]') ?? panel.current;
    const inerted: HTMLElement[] = [];
    for (const child of Array.from(document.body.children)) {
      if (!(child instanceof HTMLElement) || keepsLive(child, root) || child.inert) continue;
      child.inert = true;
      inerted.push(child);
    }
    const html = document.documentElement;
    const previousOverflow = html.style.overflow;
    html.style.overflow = 'hidden';

    const target = initialFocus?.current ?? (panel.current ? focusables(panel.current)[0] : null) ?? panel.current;
    target?.focus();

    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeRef.current();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      for (const el of inerted) el.inert = false;
      html.style.overflow = previousOverflow;
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
    // Focus handling runs once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !panel.current) return;
    const items = focusables(panel.current);
    if (items.length === 0) {
      e.preventDefault();
      panel.current.focus();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || active === panel.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && active === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-[90]" data-modal-root>
      <div aria-hidden="true" className="fixed inset-0 bg-brand-950/55 backdrop-blur-[2px]" />
      <div
        className="fixed inset-0 flex items-start justify-center overflow-y-auto px-3 py-6 sm:items-center sm:px-6 sm:py-10"
        onPointerDown={(e) => {
          downOnBackdrop.current = e.target === e.currentTarget;
        }}
        onPointerUp={(e) => {
          if (downOnBackdrop.current && e.target === e.currentTarget) closeRef.current();
          downOnBackdrop.current = false;
        }}
      >
        <div
          ref={panel}
          role="dialog"
          aria-modal="true"
          aria-labelledby={labelledBy}
          aria-describedby={describedBy}
          tabIndex={-1}
          onKeyDown={onKeyDown}
          data-testid={testId}
          className="relative w-full max-w-md overflow-hidden rounded-2xl bg-white shadow-2xl ring-1 ring-brand-950/10 outline-none"
        >
          <div aria-hidden="true" className="h-1 bg-gradient-to-r from-brand-700 via-brand-500 to-sand-400" />
          <button
            type="button"
            onClick={() => closeRef.current()}
            aria-label="Close"
            className="absolute right-3 top-4 grid h-9 w-9 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-ink"
          >
            <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
          {children}
        </div>
      </div>
    </div>
  );
}
