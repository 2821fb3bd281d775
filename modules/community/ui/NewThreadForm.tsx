import { PenSquare } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { api, errorText } from '@site/lib/api';
import { BODY_MAX, COMMUNITY_CATEGORIES, communityMessages as msg, TITLE_MAX, TITLE_MIN, type CategorySlug } from '../contract';
import { PostingBlocked, useCommunityStatus } from './PostingGate';

const input = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200';

/** "Start a discussion": the island on the list pages. Verified investors get the form; others see why not. */
export default function NewThreadForm({ category }: { category?: CategorySlug | null }) {
  const gate = useCommunityStatus();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  if (gate.state === 'loading') return <p className="text-sm text-slate-500" role="status">Checking whether you can post…</p>;
  if (gate.state === 'error') return <p className="text-sm text-red-700" role="alert">{gate.message}</p>;
  if (!gate.status.canPost) return <PostingBlocked status={gate.status} />;
  if (!open)
    return (
      <button type="button" className="inline-flex items-center gap-2 rounded-md bg-brand-800 px-4 py-2.5 text-sm font-medium text-white hover:bg-brand-900" onClick={() => setOpen(true)}>
        <PenSquare size={16} aria-hidden="true" />
        Start a discussion
      </button>
    );

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = { category: String(form.get('category')), title: String(form.get('title') ?? ''), body: String(form.get('body') ?? ''), property: String(form.get('property') ?? '') || null };
    if (body.title.trim().length < TITLE_MIN) return setError(msg.title);
    setBusy(true);
    setError(null);
    try {
      const created = await api.post<{ id: string }>('/api/community/threads', body);
      window.location.assign(`/community/thread/${created.id}`);
    } catch (err) {
      setError(errorText(err, 'We could not post your discussion. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-labelledby={`${id}-h`} className="space-y-4" noValidate>
      <h3 id={`${id}-h`} className="text-base font-semibold text-ink">
        Start a discussion
      </h3>
      <label className="block text-sm font-medium text-slate-700">
        Category
        <select name="category" defaultValue={category ?? 'general'} className={input}>
          {COMMUNITY_CATEGORIES.map((c) => (
            <option key={c.slug} value={c.slug}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className="block text-sm font-medium text-slate-700">
        Title
        <input name="title" required minLength={TITLE_MIN} maxLength={TITLE_MAX} className={input} />
      </label>
      <div>
        <label htmlFor={`${id}-body`} className="block text-sm font-medium text-slate-700">
          Your question or experience
        </label>
        <textarea id={`${id}-body`} name="body" required rows={6} maxLength={BODY_MAX} className={input} aria-describedby={`${id}-md`} />
        <p id={`${id}-md`} className="mt-1 text-xs text-slate-500">
          Markdown works: **bold**, lists, links and tables. HTML is shown as text.
        </p>
      </div>
      <div>
        <label htmlFor={`${id}-prop`} className="block text-sm font-medium text-slate-700">
          About a property (optional)
        </label>
        <input id={`${id}-prop`} name="property" maxLength={100} placeholder="e.g. MZ-DXB-003" className={input} aria-describedby={`${id}-prop-hint`} />
        <p id={`${id}-prop-hint`} className="mt-1 text-xs text-slate-500">
          The property reference from its page. Holders of that property get a badge in the discussion.
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={busy} className="rounded-md bg-brand-800 px-4 py-2.5 text-sm font-medium text-white hover:bg-brand-900 disabled:bg-slate-300">
          {busy ? 'Posting…' : 'Post discussion'}
        </button>
        <button type="button" onClick={() => setOpen(false)} className="rounded-md border border-slate-300 px-4 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
          Cancel
        </button>
      </div>
    </form>
  );
}
