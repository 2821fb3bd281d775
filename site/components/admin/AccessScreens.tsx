/**
 * What someone who may not use the back office sees: visitors, non-admin accounts, a staff account that must
 * set up two-factor verification first, and a failed access check.
 */
import { KeyRound, LockKeyhole, ShieldAlert, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { AdminLogo } from './AdminLogo';

function AccessCard({ icon, title, children, actions }: { icon: ReactNode; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-sand-50/60">
      <header className="px-6 py-5">
        <AdminLogo asLink={false} />
      </header>
      <main id="admin-main" className="flex flex-1 items-center justify-center px-4 pb-24">
        <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
          <div className="mx-auto mb-5 grid h-12 w-12 place-items-center rounded-full bg-brand-50 text-brand-700 ring-1 ring-brand-100" aria-hidden="true">
            {icon}
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-ink" style={{ fontFamily: 'var(--font-display)' }}>
            {title}
          </h1>
          <div className="mt-3 text-[15px] leading-relaxed text-slate-600">{children}</div>
          <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>
        </div>
      </main>
    </div>
  );
}

const primary = 'rounded-lg bg-brand-800 px-4 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-brand-900';
const secondary = 'rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50';

export function SignInRequired() {
  return (
    <AccessCard
      icon={<LockKeyhole className="h-5 w-5" />}
      title="Sign in required"
      actions={
        <>
          <a href="/login" className={primary}>
            Sign in
          </a>
          <a href="/" className={secondary}>
            Go to the Manzil site
          </a>
        </>
      }
    >
      <p>The back office is for the Manzil operations team. Sign in with your admin account to continue.</p>
    </AccessCard>
  );
}

export function AdminsOnly({ name }: { name?: string }) {
  return (
    <AccessCard
      icon={<ShieldAlert className="h-5 w-5" />}
      title="Admins only"
      actions={
        <a href="/dashboard" className={primary}>
          Go to your dashboard
        </a>
      }
    >
      <p>
        {name ? `You're signed in as ${name}, ` : "You're signed in "}
        with an investor account. The back office is limited to Manzil administrators. Your holdings, wallet and SIP are on
        your dashboard.
      </p>
    </AccessCard>
  );
}

export function MfaSetupRequired({ name }: { name?: string }) {
  return (
    <AccessCard
      icon={<KeyRound className="h-5 w-5" />}
      title="Set up two-factor verification"
      actions={
        <a href="/account/security" className={primary}>
          Set up two-factor verification
        </a>
      }
    >
      <p>
        {name ? `Welcome, ${name}. ` : ''}
        Staff accounts must confirm each sign-in with a second step. Set up an authenticator app or email codes, then come back:
        the back office opens as soon as it is on.
      </p>
    </AccessCard>
  );
}

export function AccessCheckFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <AccessCard
      icon={<TriangleAlert className="h-5 w-5" />}
      title="We couldn't check your access"
      actions={
        <>
          <button type="button" onClick={onRetry} className={primary}>
            Try again
          </button>
          <a href="/" className={secondary}>
            Go Home
          </a>
        </>
      }
    >
      <p>{message}</p>
    </AccessCard>
  );
}
