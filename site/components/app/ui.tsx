/**
 * The building blocks every investor screen shares: the page frame, cards, empty states, the
 * signed-out card, money in the visitor's currency, and the signed-in/visitor switch.
 */
import { useStore } from '@nanostores/react';
import { LogIn, type LucideIcon, RefreshCw, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import type { CurrentUser } from '@modules/auth/contract';
import { convertMinor, type CurrencyCode, formatMoney } from '@modules/platform/contract';
import { ratesNote } from '@modules/settings/contract';
import { errorText } from '@site/lib/api';
import { useCurrentUser } from '@site/lib/stores/auth';
import { $currency, $ratesAsOf } from '@site/lib/stores/currency';
import { LoadingContent } from '../react/LoadingContent';

export const btn = {
  primary:
    'inline-flex items-center justify-center gap-2 rounded-md bg-brand-800 px-4 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-brand-900 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600 disabled:shadow-none',
  secondary:
    'inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-400',
  quiet: 'inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline',
} as const;

export const card = 'rounded-xl border border-slate-200 bg-white';

/** The chosen display currency (a nanostore shared with the header's currency select). */
export function useCurrency(): CurrencyCode {
  return useStore($currency);
}

/** Formats an AED amount (fils) in the chosen currency. */
export function useMoney() {
  const currency = useCurrency();
  // Re-render when the server's display-currency rates arrive.
  useStore($ratesAsOf);
  return (fils: bigint, decimals: 0 | 2 = 2) => formatMoney(convertMinor(fils, 'AED', currency), currency, { decimals });
}

/** An AED amount (fils), shown in the chosen currency. */
export function Money({ fils, decimals = 2, className }: { fils: bigint; decimals?: 0 | 2; className?: string }) {
  const money = useMoney();
  return <span className={className}>{money(fils, decimals)}</span>;
}

export type Viewer =
  | { state: 'loading' }
  | { state: 'error'; message: string; retry: () => void }
  | { state: 'visitor' }
  | { state: 'user'; user: CurrentUser };

/** Who is looking: a visitor (no session, or the auth API not there yet), a signed-in user, or still checking. */
export function useViewer(): Viewer {
  const q = useCurrentUser();
  if (q.isPending) return { state: 'loading' };
  if (q.isError) return { state: 'error', message: errorText(q.error, 'Failed to get user data'), retry: () => void q.refetch() };
  return q.data ? { state: 'user', user: q.data } : { state: 'visitor' };
}

/** The page frame: a centred column with the screen's heading. */
export function Screen({
  eyebrow,
  title,
  description,
  actions,
  children,
  labelledBy = 'screen-title',
}: {
  eyebrow?: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  labelledBy?: string;
}) {
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-8 sm:px-6 sm:pt-10 lg:px-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          {eyebrow && <p className="text-xs font-semibold uppercase tracking-[0.18em] text-sand-600">{eyebrow}</p>}
          <h1 id={labelledBy} className="mt-2 font-display text-3xl leading-tight tracking-tight text-ink sm:text-4xl">
            {title}
          </h1>
          {description && <p className="mt-3 text-base leading-relaxed text-slate-600">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </header>
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** A titled card section; the heading level keeps the page outline in order (h1 → h2). */
export function Section({
  title,
  id,
  description,
  action,
  children,
  className = '',
}: {
  title: string;
  id: string;
  description?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`${card} ${className}`}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div>
          <h2 id={id} className="text-base font-semibold text-ink">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
        </div>
        {action}
      </div>
      <div className="p-5 sm:p-6">{children}</div>
    </section>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  children,
  actions,
  headingLevel = 3,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col items-center px-4 py-10 text-center">
      <span aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-full bg-sand-50 text-sand-600 ring-1 ring-sand-200">
        <Icon size={22} strokeWidth={1.6} />
      </span>
      <Heading className="mt-4 font-display text-xl text-ink">{title}</Heading>
      {children && <div className="mt-2 max-w-md text-sm leading-relaxed text-slate-600">{children}</div>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}

/** What a visitor sees on a private screen: what the screen is for, and the way in. */
export function SignedOutCard({
  icon: Icon,
  title,
  children,
  points,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  points?: string[];
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 pb-16 pt-10 sm:px-6 sm:pt-16 lg:px-8">
      <section aria-labelledby="signed-out-title" className={`${card} overflow-hidden`}>
        <div className="bg-gradient-to-br from-brand-950 to-brand-800 px-6 py-8 text-white sm:px-10">
          <span aria-hidden="true" className="grid h-12 w-12 place-items-center rounded-full bg-white/10 text-sand-200 ring-1 ring-white/20">
            <Icon size={22} strokeWidth={1.6} />
          </span>
          <h1 id="signed-out-title" className="mt-5 font-display text-3xl leading-tight tracking-tight">
            {title}
          </h1>
          <div className="mt-3 max-w-xl text-base leading-relaxed text-brand-100">{children}</div>
        </div>
        <div className="px-6 py-7 sm:px-10">
          {points && points.length > 0 && (
            <>
              <h2 className="text-sm font-semibold text-ink">Once you're signed in</h2>
              <ul className="mt-3 space-y-2 text-sm text-slate-600">
                {points.map((p) => (
                  <li key={p} className="flex gap-3">
                    <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rounded-full bg-sand-400" />
                    {p}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className="mt-6 text-sm text-slate-600">You're not signed in.</p>
          <div className="mt-3 flex flex-col gap-3 sm:flex-row">
            <a href="/login" className={btn.primary}>
              <LogIn size={16} aria-hidden="true" />
              Log in
            </a>
            <a href="/signup" className={btn.secondary}>
              <UserPlus size={16} aria-hidden="true" />
              Create account
            </a>
          </div>
        </div>
      </section>
    </div>
  );
}

/** The session check itself failed (not a 401): say so and offer a retry. */
export function ViewerError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-16 text-center">
      <div role="alert" className={`${card} p-8`}>
        <h1 className="font-display text-2xl text-ink">We couldn't check your sign-in</h1>
        <p className="mt-2 text-sm text-slate-600">{message}</p>
        <button type="button" onClick={retry} className={`${btn.primary} mt-6`}>
          <RefreshCw size={16} aria-hidden="true" />
          Try again
        </button>
      </div>
    </div>
  );
}

/** Renders the right thing for each viewer state; `user` renders the signed-in screen. */
export function ForViewer({
  viewer,
  visitor,
  user,
}: {
  viewer: Viewer;
  visitor: () => ReactNode;
  user: (u: CurrentUser) => ReactNode;
}) {
  if (viewer.state === 'loading') return <LoadingContent />;
  if (viewer.state === 'error') return <ViewerError message={viewer.message} retry={viewer.retry} />;
  if (viewer.state === 'visitor') return <>{visitor()}</>;
  return <>{user(viewer.user)}</>;
}

/** "Rates as of <date>" beside amounts converted from AED (nothing while AED is chosen or before the server's rates arrive). */
export function RatesNote({ className = 'text-xs text-slate-500' }: { className?: string }) {
  const currency = useCurrency();
  const asOf = useStore($ratesAsOf);
  if (currency === 'AED' || asOf === undefined) return null;
  return <span className={className}>{ratesNote(asOf)}</span>;
}
