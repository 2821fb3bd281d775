import { Flag } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { api, errorText } from '@site/lib/api';
import { REACTION_KINDS, reactionLabels, REASON_MAX, REASON_MIN, communityMessages as msg, type ReactionCountsJson, type ReactionKind } from '../contract';
import { useCommunityStatus } from './PostingGate';

/** Reactions (toggle, one per kind) and "Report" under one post. Counts come from the server-rendered page. */
export default function PostActions({ threadId, postId, authorId, counts }: { threadId: string; postId: string; authorId: string; counts: ReactionCountsJson }) {
  const gate = useCommunityStatus(threadId);
  const [mine, setMine] = useState<ReactionKind[]>([]);
  const [tally, setTally] = useState(counts);
  const [error, setError] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const [reported, setReported] = useState(false);
  const id = useId();
  useEffect(() => {
    if (gate.state === 'ready') setMine(gate.status.myReactions[postId] ?? []);
  }, [gate, postId]);
  const status = gate.state === 'ready' ? gate.status : null;

  const react = async (kind: ReactionKind) => {
    setError(null);
    try {
      const r = await api.post<{ kind: ReactionKind; reacted: boolean; count: number }>(`/api/community/posts/${postId}/reactions`, { kind });
      setTally((t) => ({ ...t, [kind]: r.count }));
      setMine((m) => (r.reacted ? [...m.filter((k) => k !== kind), kind] : m.filter((k) => k !== kind)));
    } catch (e) {
      setError(errorText(e, 'We could not save your reaction.'));
    }
  };
  const report = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim();
    if (reason.length < REASON_MIN) return setError(msg.reason);
    try {
      await api.post(`/api/community/posts/${postId}/reports`, { reason });
      setReported(true);
      setReporting(false);
      setError(null);
    } catch (err) {
      setError(errorText(err, 'We could not send your report.'));
    }
  };
  const canReact = Boolean(status?.canPost);
  return (
    <div className="mt-3">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Reactions">
        {REACTION_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            disabled={!canReact}
            aria-pressed={mine.includes(k)}
            title={canReact ? undefined : (status?.reason ?? 'Log in to react.')}
            onClick={() => void react(k)}
            className="rounded-full border border-slate-200 px-3 py-1 text-xs text-slate-600 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70 aria-pressed:border-brand-300 aria-pressed:bg-brand-50 aria-pressed:text-brand-900"
          >
            {reactionLabels[k]} <span className="tabular-nums">{tally[k]}</span>
          </button>
        ))}
        {status?.signedIn && status.userId !== authorId && !reported && (
          <button type="button" onClick={() => setReporting((r) => !r)} aria-expanded={reporting} aria-controls={`${id}-report`} className="ml-auto inline-flex items-center gap-1 text-xs text-slate-500 hover:text-red-700">
            <Flag size={14} aria-hidden="true" />
            Report
          </button>
        )}
        {reported && (
          <span role="status" className="ml-auto text-xs text-slate-500">
            Thank you, our moderators will take a look.
          </span>
        )}
      </div>
      {reporting && (
        <form id={`${id}-report`} onSubmit={report} className="mt-3 space-y-2 rounded-lg bg-slate-50 p-3" noValidate>
          <label className="block text-xs font-medium text-slate-700">
            What is wrong with this post?
            <textarea name="reason" rows={2} minLength={REASON_MIN} maxLength={REASON_MAX} required className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
          </label>
          <button type="submit" className="rounded-md bg-red-700 px-3 py-1.5 text-xs font-medium text-white hover:bg-red-800">
            Send report
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
