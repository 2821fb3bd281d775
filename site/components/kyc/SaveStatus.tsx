/** What "save as you go" is doing right now, announced politely to screen readers. */
export type SaveState = { state: 'idle' | 'saving' | 'saved' | 'error' | 'local'; at?: number; message?: string };

export function SaveStatus({ status, onRetry, idleText }: { status: SaveState; onRetry?: () => void; idleText?: string }) {
  const time = status.at ? new Date(status.at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' }) : '';
  return (
    <p className="flex min-h-6 items-center gap-2 text-sm" data-testid="save-status" data-state={status.state}>
      <span aria-live="polite" aria-atomic="true" className="inline-flex items-center gap-1.5">
        {status.state === 'saving' && (
          <>
            <span aria-hidden="true" className="h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700" />
            <span className="text-slate-600">Saving…</span>
          </>
        )}
        {status.state === 'saved' && (
          <>
            <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" aria-hidden="true" className="text-brand-700">
              <path d="M20 6 9 17l-5-5" />
            </svg>
            <span className="text-brand-800">Saved{time ? ` at ${time}` : ''}</span>
          </>
        )}
        {status.state === 'local' && <span className="text-slate-600">{status.message ?? 'Kept in this tab until it’s complete'}</span>}
        {status.state === 'error' && <span className="text-red-700">{status.message ?? 'Not saved. Check your connection.'}</span>}
        {status.state === 'idle' && idleText && <span className="text-slate-500">{idleText}</span>}
      </span>
      {status.state === 'error' && onRetry && (
        <button type="button" onClick={onRetry} className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900">
          Try again
        </button>
      )}
    </p>
  );
}
