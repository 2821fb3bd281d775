import { useStore } from '@nanostores/react';
import * as ToastPrimitive from '@radix-ui/react-toast';
import { TOAST } from '@modules/platform/contract';
import { $toasts, dismissToast, type ToastVariant } from '@site/lib/stores/toast';

const variantClass: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-ink',
  success: 'border-brand-200 bg-brand-50 text-brand-950',
  warning: 'border-amber-300 bg-amber-50 text-amber-950',
  destructive: 'border-red-600 bg-red-600 text-white',
};

/** Radix toasts: swipe right past 50 px to dismiss, F8 jumps to the notifications region (§9). */
export default function Toaster() {
  const toasts = useStore($toasts);
  return (
    <ToastPrimitive.Provider swipeDirection="right" swipeThreshold={TOAST.swipeThreshold} duration={TOAST.defaultDuration}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          data-testid="toast"
          className={`group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-xl border p-4 pr-9 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=closed]:opacity-0 ${variantClass[t.variant]}`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:opacity-100"
          >
            <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        hotkey={[...TOAST.hotkey]}
        label="Notifications ({hotkey})"
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:max-w-[420px] outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
