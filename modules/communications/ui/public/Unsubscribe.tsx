/**
 * /unsubscribe?token=…: the page an announcement email's link opens. It shows whose address the link is for and,
 * on confirmation, turns off announcement emails for that person (no sign-in: the token is signed).
 */
import { useEffect, useState } from 'react';
import { api, errorText } from '@site/lib/api';

type Status = { email: string; subscribed: boolean };
type State = { kind: 'loading' } | { kind: 'ready'; status: Status } | { kind: 'done'; status: Status } | { kind: 'error'; message: string };

const ENDPOINT = '/api/communications/unsubscribe';

export default function Unsubscribe() {
  const [token] = useState(() => (typeof window === 'undefined' ? '' : (new URLSearchParams(window.location.search).get('token') ?? '')));
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!token) return setState({ kind: 'error', message: 'This link has no token. Use the unsubscribe link from the email exactly as it was sent.' });
    api
      .get<Status>(`${ENDPOINT}?token=${encodeURIComponent(token)}`)
      .then((status) => setState(status.subscribed ? { kind: 'ready', status } : { kind: 'done', status }))
      .catch((err: unknown) => setState({ kind: 'error', message: errorText(err, 'This unsubscribe link could not be checked. Please try again.') }));
  }, [token]);
  const confirm = async () => {
    setBusy(true);
    try {
      setState({ kind: 'done', status: await api.post<Status>(ENDPOINT, { token }) });
    } catch (err) {
      setState({ kind: 'error', message: errorText(err, 'You could not be unsubscribed. Please try again.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="unsubscribe-title" className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
      <h1 id="unsubscribe-title" className="text-2xl font-semibold text-ink" style={{ fontFamily: 'var(--font-display)' }}>
        Announcement emails
      </h1>
      <div role="status" aria-live="polite" className="mt-4 text-[15px] leading-relaxed text-slate-700">
        {state.kind === 'loading' ? (
          <p>Checking your link…</p>
        ) : state.kind === 'error' ? (
          <p className="text-red-800">{state.message}</p>
        ) : state.kind === 'ready' ? (
          <>
            <p>
              Stop announcement emails from Manzil to <strong>{state.status.email}</strong>? Emails about your account, deposits, investments and security still arrive, and announcements stay in your notifications in the app.
            </p>
            <button
              type="button"
              onClick={confirm}
              disabled={busy}
              className="mt-6 inline-flex items-center rounded-lg bg-brand-800 px-4 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-brand-900 disabled:opacity-60"
            >
              {busy ? 'Unsubscribing…' : 'Unsubscribe from announcements'}
            </button>
          </>
        ) : (
          <p>
            Done: <strong>{state.status.email}</strong> no longer receives announcement emails. You can turn them back on any time in your{' '}
            <a className="text-brand-800 underline" href="/notifications">
              notification preferences
            </a>
            .
          </p>
        )}
      </div>
    </section>
  );
}
