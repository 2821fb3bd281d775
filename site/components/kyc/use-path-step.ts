import { useCallback, useEffect, useState } from 'react';
import { PRODUCT_NAME } from '@modules/platform/contract';

/**
 * A multi-step island that moves between its prerendered step pages without a reload:
 * history.pushState on the way forward, popstate for Back/Forward, the page scrolled to the top
 * and focus moved to the new heading (§2: every route change scrolls to the top).
 */
export function usePathStep<S extends string>(initial: S, fromPath: (pathname: string) => S | null, titleOf: (step: S) => string) {
  const [step, setStep] = useState<S>(initial);

  useEffect(() => {
    const onPop = () => {
      const next = fromPath(window.location.pathname);
      if (next) setStep(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [fromPath]);

  useEffect(() => {
    const title = titleOf(step);
    document.title = title.includes(PRODUCT_NAME) ? title : `${title} · ${PRODUCT_NAME}`;
  }, [step, titleOf]);

  const go = useCallback((next: S, path: string) => {
    if (window.location.pathname !== path) window.history.pushState({ step: next }, '', path);
    setStep(next);
    window.scrollTo(0, 0);
    // After React has rendered the new step, move focus to its heading so screen readers announce it.
    window.requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-step-heading]')?.focus({ preventScroll: true }));
  }, []);

  return [step, go] as const;
}

/** True for a plain left click: modified clicks (new tab, new window) keep the browser's behaviour. */
export function isPlainClick(e: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean }) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.defaultPrevented;
}
