/** 'Loading content...' — visible only after 300 ms of waiting (CSS delay), so fast loads never flash it. */
export function LoadingContent({ label = 'Loading content...' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="delayed-spinner flex min-h-[40vh] flex-col items-center justify-center gap-3 text-slate-500">
      <svg className="h-8 w-8 animate-spin text-brand-600" viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-20" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span className="text-sm">{label}</span>
    </div>
  );
}
