import type { ReactNode } from 'react';

type Props = { title: string; children: ReactNode; headingLevel?: 'h2' | 'h3' };

/** What a visitor sees in place of a screen that needs an account: why, and the two ways in. */
export function SignedOutCard({ title, children, headingLevel = 'h2' }: Props) {
  const Heading = headingLevel;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" data-testid="signed-out-card">
      <div aria-hidden="true" className="grid h-11 w-11 place-items-center rounded-full bg-sand-100 text-sand-700">
        <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
          <rect x="4" y="11" width="16" height="10" rx="2" />
          <path d="M8 11V7a4 4 0 1 1 8 0v4" />
        </svg>
      </div>
      <Heading className="mt-4 text-xl font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        {title}
      </Heading>
      <div className="mt-2 text-[15px] leading-relaxed text-slate-600">{children}</div>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <a
          href="/login"
          className="inline-flex items-center justify-center rounded-lg bg-brand-800 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-900"
        >
          Log in
        </a>
        <a
          href="/signup"
          className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          Create account
        </a>
      </div>
    </div>
  );
}
