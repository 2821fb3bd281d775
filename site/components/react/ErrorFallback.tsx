import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';

type Props = { component?: string; children: ReactNode };

/** §2: 'Something went wrong', naming the failed component, with 'Try Again' (resets) and 'Go Home' (to /). */
export function ErrorFallbackView({ error, resetErrorBoundary, component }: FallbackProps & { component?: string }) {
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div role="alert" className="mx-auto my-12 max-w-lg rounded-2xl border border-red-200 bg-red-50/60 p-8 text-center">
      <div aria-hidden="true" className="mx-auto mb-4 grid h-12 w-12 place-items-center rounded-full bg-red-100 text-red-700">
        <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
        </svg>
      </div>
      <h2 className="text-xl font-semibold text-ink">Something went wrong</h2>
      <p className="mt-2 text-sm text-slate-600">
        {component ? `The ${component} could not be displayed.` : 'This part of the page could not be displayed.'}
        {detail ? <span className="mt-1 block text-xs text-slate-500">{detail}</span> : null}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button
          type="button"
          onClick={resetErrorBoundary}
          className="rounded-md bg-brand-800 px-4 py-2 text-sm font-medium text-white hover:bg-brand-900"
        >
          Try Again
        </button>
        <a href="/" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
          Go Home
        </a>
      </div>
    </div>
  );
}

declare global {
  // Lets the end-to-end tests make a named component fail to render, to prove the fallback works.
  var __MANZIL_FAIL_COMPONENT__: string | undefined;
}

function FailureProbe({ component }: { component?: string }) {
  // The flag stays set until 'Try Again' resets the boundary (React retries a failed render once).
  if (component && globalThis.__MANZIL_FAIL_COMPONENT__ === component) throw new Error(`${component} failed to render`);
  return null;
}

export function WithErrorFallback({ component, children }: Props) {
  return (
    <ErrorBoundary
      fallbackRender={(p) => <ErrorFallbackView {...p} component={component} />}
      onReset={() => {
        if (globalThis.__MANZIL_FAIL_COMPONENT__ === component) globalThis.__MANZIL_FAIL_COMPONENT__ = undefined;
      }}
    >
      <FailureProbe component={component} />
      {children}
    </ErrorBoundary>
  );
}
