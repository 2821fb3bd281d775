/**
 * Beside the investment-mode switch: what the mode does. A disclosure button opens a small panel (Escape
 * or a click elsewhere closes it); the text is read with the button's expanded state.
 */
import { Info } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

export const MODE_HELP =
  'Your investment mode is the starting choice for new plans: automated (Manzil picks properties open for funding that fit your profile) or manual (you pick the properties and the split). Switching it does not change your existing plans: each keeps its own mode. To change how a plan invests, edit that plan and choose its split.';

export function ModeHelp() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onDown = (e: PointerEvent) => box.current && !box.current.contains(e.target as Node) && setOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open]);
  return (
    <span ref={box} className="relative inline-flex">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <Info size={16} aria-hidden="true" />
        What does the mode change?
      </button>
      <span
        id={id}
        role="note"
        hidden={!open}
        className="absolute right-0 top-full z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-4 text-left text-sm leading-relaxed text-slate-700 shadow-lg"
      >
        {MODE_HELP}{' '}
        <a href="/sip-setup" className="font-medium text-brand-700 hover:underline">
          Your plans
        </a>
      </span>
    </span>
  );
}
