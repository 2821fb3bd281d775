import { atom } from 'nanostores';
import { TOAST } from '@modules/platform/contract';

/** Toasts (§9): one at a time, 5000 ms by default, removed 1,000,000 ms after dismissal. */
export type ToastVariant = 'default' | 'success' | 'destructive' | 'warning';
export type ToastItem = {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
};
export type ToastInput = { title: string; description?: string; variant?: ToastVariant; duration?: number };

export const $toasts = atom<ToastItem[]>([]);
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      $toasts.set($toasts.get().filter((t) => t.id !== id));
    }, TOAST.removeDelay),
  );
}

export function dismissToast(id?: string) {
  $toasts.set($toasts.get().map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of $toasts.get()) if (id === undefined || t.id === id) scheduleRemoval(t.id);
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST.defaultDuration,
    open: true,
  };
  // One at a time: the newest replaces whatever is showing.
  $toasts.set([item, ...$toasts.get()].slice(0, TOAST.limit));
  return { id, dismiss: () => dismissToast(id) };
}
