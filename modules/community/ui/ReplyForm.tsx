import { useId, useState, type FormEvent } from 'react';
import { api, errorText } from '@site/lib/api';
import { BODY_MAX, BODY_MIN, communityMessages as msg } from '../contract';
import { PostingBlocked, useCommunityStatus } from './PostingGate';

/** The reply box under a thread (not rendered for a locked thread). After posting, the page reloads at its new reply. */
export default function ReplyForm({ threadId, lastPage }: { threadId: string; lastPage: string }) {
  const gate = useCommunityStatus(threadId);
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  if (gate.state === 'loading') return <p className="text-sm text-slate-500" role="status">Checking whether you can reply…</p>;
  if (gate.state === 'error') return <p className="text-sm text-red-700" role="alert">{gate.message}</p>;
  if (!gate.status.canPost) return <PostingBlocked status={gate.status} />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (body.trim().length < BODY_MIN) return setError(msg.body);
    setBusy(true);
    setError(null);
    try {
      const created = await api.post<{ id: string }>(`/api/community/threads/${threadId}/replies`, { body });
      // The last page of replies, with the new one in view (a new query string makes it a real navigation).
      const url = new URL(lastPage, window.location.href);
      url.searchParams.set('posted', created.id.slice(0, 8));
      url.hash = `post-${created.id}`;
      window.location.assign(url.toString());
    } catch (err) {
      setError(errorText(err, 'We could not post your reply. Please try again.'));
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-700">
        Your reply
      </label>
      <textarea
        id={`${id}-body`}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        rows={5}
        maxLength={BODY_MAX}
        aria-describedby={`${id}-md`}
        className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
      />
      <p id={`${id}-md`} className="text-xs text-slate-500">
        Markdown works. Share experience, not financial advice.
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy} className="rounded-md bg-brand-800 px-4 py-2.5 text-sm font-medium text-white hover:bg-brand-900 disabled:bg-slate-300">
        {busy ? 'Posting…' : 'Post reply'}
      </button>
    </form>
  );
}
